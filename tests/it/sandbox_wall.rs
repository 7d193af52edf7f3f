//! What a sandboxed module may touch, end to end on the built binary: it
//! reads the Python runtime and its own copy of its folder, writes only
//! that copy, and reaches no descriptor hog inherited, no socket, and no
//! file outside (hog's key included, whatever its folder is called and by
//! whichever path). Where the kernel has no Landlock, hog says so and a
//! contest runs no Python entry unless the user accepts the weaker wall.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::time::Duration;

use crate::common::write_all;
use crate::common::{hog, hog_without_landlock};

/// A module that tries `attempt` (Python statements that `return` what
/// they got, or raise OSError where they are refused) as it is imported,
/// and fails, with `LEAKED` and what it got, where the attempt succeeds.
fn trying(attempt: &str) -> String {
    let body: String = attempt.lines().map(|l| format!("    {l}\n")).collect();
    format!(
        "import os, socket\n\
         def attempt():\n{body}\
         try:\n    got = attempt()\nexcept OSError:\n    got = None\n\
         if got is not None:\n    raise SystemExit('LEAKED ' + repr(got)[:200])\n\n\
         def final_strategy(score, opponent_score):\n    return 4\n"
    )
}

/// `hog grade m/hog.py --goal 5` in `dir` (a module [`trying`] `attempt`),
/// with hog's folder under `dir/home`: it must succeed, and nothing leak.
fn graded_without_leak(dir: &Path, attempt: &str) {
    write_all(dir, &[("m/hog.py", trying(attempt))]);
    no_leak(graded(dir, &dir.join("home")));
}

/// `hog grade m/hog.py --goal 5` in `dir`, with `HOME` `dir/home` and
/// `XDG_CACHE_HOME` `cache`.
fn graded(dir: &Path, cache: &Path) -> std::process::Output {
    hog()
        .current_dir(dir)
        .env("HOME", dir.join("home"))
        .env("XDG_CACHE_HOME", cache)
        .args(["grade", "m/hog.py", "--goal", "5"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap()
}

/// Checks that a grade succeeded, and that its module found nothing.
fn no_leak(output: std::process::Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("LEAKED"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

#[test]
fn a_module_reads_no_descriptor_that_hog_inherited() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_all(
        d,
        &[
            ("secret.txt", "the grader's secret".into()),
            ("m/hog.py", trying("return os.read(7, 100)")),
        ],
    );
    // As a CI runner or make's jobserver hands hog an open descriptor.
    let output = std::process::Command::new("sh")
        .current_dir(d)
        .env("HOG", assert_cmd::cargo::cargo_bin("hog"))
        .env("HOME", d.join("home"))
        .args([
            "-c",
            "exec 7<secret.txt; exec \"$HOG\" grade m/hog.py --goal 5",
        ])
        .output()
        .unwrap();
    no_leak(output);
}

#[test]
fn a_module_connects_to_no_unix_socket() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = d.join("agent.sock");
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    let attempt =
        format!("s = socket.socket(socket.AF_UNIX)\ns.connect({path:?})\nreturn 'connected'");
    graded_without_leak(d, &attempt);
    listener.set_nonblocking(true).unwrap();
    let waiting = listener.accept();
    assert!(
        waiting
            .as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::WouldBlock),
        "a connection came: {waiting:?}"
    );
}

#[test]
fn a_module_writes_nothing_outside_its_own_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Beside the module's original folder, and into the folder itself.
    let beside = d.join("beside.txt");
    let inside = d.join("m/note.txt");
    let attempt = format!(
        "for path in [{beside:?}, {inside:?}]:\n    \
             try:\n        open(path, 'w').write('x')\n        return path\n    \
             except OSError:\n        pass"
    );
    graded_without_leak(d, &attempt);
    assert!(!beside.exists() && !inside.exists());
}

/// A private 32-byte file, as hog's key is kept.
fn private_key(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, [7u8; 32]).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

#[test]
fn a_module_cannot_read_a_key_under_a_relative_cache_folder() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // XDG_CACHE_HOME=cache, relative: the specification says to ignore it.
    let key = d.join("cache/hog/key");
    private_key(&key);
    write_all(
        d,
        &[(
            "m/hog.py",
            trying(&format!("return open({key:?}, 'rb').read()")),
        )],
    );
    no_leak(graded(d, Path::new("cache")));
}

#[test]
fn a_module_cannot_read_the_key_by_a_second_path() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let key = d.join("home/hog/key");
    private_key(&key);
    std::fs::create_dir(d.join("bound")).unwrap();
    std::os::unix::fs::symlink(d.join("home"), d.join("alias")).unwrap();
    // The key's folder by other names: a link to it, a bind mount of it
    // (made below where the system lets a user make one), and the root of
    // every process /proc shows (hog's among them, outside any mount
    // namespace the sandbox makes).
    let attempt = format!(
        "key = {key:?}\n\
         paths = [key, {alias:?}, {bound:?}, '/proc/self/root' + key]\n\
         paths += ['/proc/' + p + '/root' + key for p in os.listdir('/proc') if p.isdigit()]\n\
         for path in paths:\n    \
             try:\n        return path + ': ' + open(path, 'rb').read().hex()\n    \
             except OSError:\n        pass",
        alias = d.join("alias/hog/key"),
        bound = d.join("bound/hog/key"),
    );
    write_all(d, &[("m/hog.py", trying(&attempt))]);
    let bind = "mount --bind home bound && exec \"$HOG\" grade m/hog.py --goal 5";
    let in_namespace = std::process::Command::new("unshare")
        .args(["-Urm", "true"])
        .status()
        .is_ok_and(|s| s.success());
    let mut command = std::process::Command::new(if in_namespace { "unshare" } else { "sh" });
    if in_namespace {
        command.args(["-Urm", "sh", "-c", bind]);
    } else {
        command.args(["-c", "exec \"$HOG\" grade m/hog.py --goal 5"]);
    }
    let output = command
        .current_dir(d)
        .env("HOG", assert_cmd::cargo::cargo_bin("hog"))
        .env("HOME", d.join("home"))
        .env("XDG_CACHE_HOME", d.join("home"))
        .output()
        .unwrap();
    no_leak(output);
}

#[test]
fn without_landlock_hog_says_so_once_and_a_contest_runs_no_python_unless_told() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_all(d, &[("m/hog.py", trying("return None"))]);
    let run = |args: &[&str]| {
        let output = hog_without_landlock()
            .current_dir(d)
            .env("HOME", d.join("home"))
            .env("XDG_CACHE_HOME", d.join("home"))
            .args(args)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        (output.status.code(), stderr)
    };
    // A grade runs behind the weaker wall, and says so in one line.
    let (status, stderr) = run(&["grade", "m/hog.py", "--goal", "5"]);
    assert_eq!(status, Some(0), "{stderr}");
    let notes: Vec<&str> = stderr.lines().filter(|l| l.contains("Landlock")).collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(notes[0].starts_with("note: "), "{stderr}");
    // A contest refuses before any entry runs, in one line.
    let contest = ["contest", "m/hog.py", "always_roll(4)", "--goal", "5"];
    let (status, stderr) = run(&[&contest[..], &["--no-cache"]].concat());
    assert_eq!(status, Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("--weaker-sandbox"),
        "{stderr}"
    );
    // Accepted by name, it runs, and says which wall it ran behind.
    let (status, stderr) = run(&[&contest[..], &["--no-cache", "--weaker-sandbox"]].concat());
    assert_eq!(status, Some(0), "{stderr}");
    assert_eq!(
        stderr.lines().filter(|l| l.contains("Landlock")).count(),
        1,
        "{stderr}"
    );
    // With Landlock the same contest runs without the option, and no note.
    let output = hog()
        .current_dir(d)
        .env("HOME", d.join("home"))
        .env("XDG_CACHE_HOME", d.join("home"))
        .args(contest)
        .arg("--no-cache")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("Landlock"), "{stderr}");
}
