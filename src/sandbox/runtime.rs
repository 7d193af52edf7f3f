//! The Python runtime a sandboxed program may read and execute, and
//! nothing more: the wall ([`super::wall`]) lets it read these and its own
//! folder.
//!
//! The interpreter is the one that `python3`, the first on hog's `PATH`,
//! runs: hog asks it once (`python3 -I -c ...`, a fixed question, with the
//! sandbox's own environment) for `sys.executable` and its prefixes, and
//! then runs that interpreter directly, not a launcher in front of it
//! (pyenv's shims are shell scripts that would need all of `~/.pyenv`).
//! What the runtime reads:
//!
//! * the system's folders of programs and libraries: `/usr`, `/lib`,
//!   `/lib32`, `/lib64`, `/libx32`, `/bin` (those that exist), and of
//!   `/etc` only the dynamic linker's cache and Debian's configuration of
//!   its Python (`/etc/python3`, `/etc/python3.X`, where its
//!   `sitecustomize.py` lives);
//! * the interpreter and its prefixes (`sys.prefix`, `sys.base_prefix` and
//!   the exec prefixes: a venv, `/usr/local`, a pyenv version), each whole
//!   unless it holds hog's own folder or is `/`: then only its `lib` and
//!   `lib64`.

use std::ffi::OsStr;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use wait_timeout::ChildExt;

/// The interpreter a sandbox runs, and what it may read and execute.
pub struct Runtime {
    /// The interpreter, run directly.
    pub interpreter: PathBuf,
    /// The folders and files it reads (and executes from).
    pub read: Vec<PathBuf>,
}

/// The system's folders of programs and libraries.
const SYSTEM: [&str; 7] = [
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/bin",
    "/etc/ld.so.cache",
];

/// The `PATH` of a sandboxed program, and of the question to `python3`.
pub const SYSTEM_PATH: &str = "/usr/local/bin:/usr/bin:/bin";

/// What `python3` prints, each field followed by a NUL: the interpreter,
/// its four prefixes, and its version as `3.X`.
const QUESTION: &str = "import sys\n\
    for p in [sys.executable, sys.prefix, sys.base_prefix, sys.exec_prefix,\n\
              sys.base_exec_prefix, '%d.%d' % sys.version_info[:2]]:\n\
    \x20   sys.stdout.buffer.write(p.encode('utf-8', 'surrogateescape') + b'\\0')\n";

/// How long `python3` may take to answer.
const ANSWER_TIME: Duration = Duration::from_secs(30);

/// The runtime, asked of `python3` once for the whole process; where it
/// cannot be asked, `python3` on hog's `PATH` as it is, and the system's
/// folders (a sandbox then fails as python3 fails).
pub fn runtime() -> &'static Runtime {
    static RUNTIME: OnceLock<Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        let python3 = on_path("python3").unwrap_or_else(|| "python3".into());
        ask(&python3).unwrap_or_else(|| Runtime {
            read: system_folders(None),
            interpreter: python3,
        })
    })
}

/// The runtime as `python3` answers the question.
fn ask(python3: &Path) -> Option<Runtime> {
    let mut child = Command::new(python3)
        .args(["-I", "-c", QUESTION])
        .env_clear()
        .env("PATH", SYSTEM_PATH)
        .env("LANG", "C.UTF-8")
        .env("LC_ALL", "C.UTF-8")
        .current_dir("/")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let stdout = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut answer = vec![];
        stdout
            .take(1 << 20)
            .read_to_end(&mut answer)
            .map(|_| answer)
    });
    let ended = child.wait_timeout(ANSWER_TIME).ok().flatten();
    if !ended.is_some_and(|status| status.success()) {
        child.kill().ok();
        child.wait().ok();
        return None;
    }
    let answer = reader.join().ok()?.ok()?;
    let fields: Vec<&OsStr> = answer.split(|&b| b == 0).map(OsStr::from_bytes).collect();
    let [interpreter, prefixes @ .., version, _] = fields.as_slice() else {
        return None;
    };
    let interpreter = PathBuf::from(interpreter);
    if !interpreter.is_absolute() || prefixes.len() != 4 {
        return None;
    }
    let mut read = system_folders(version.to_str());
    // Made now, so that it can be told apart from a prefix.
    let hogs = crate::secret::made_folder()
        .ok()
        .and_then(|f| f.canonicalize().ok());
    for prefix in prefixes.iter().map(Path::new) {
        let whole = prefix.canonicalize().ok().filter(|p| {
            p.parent().is_some() && !hogs.as_ref().is_some_and(|hogs| hogs.starts_with(p))
        });
        match whole {
            Some(_) => read.push(prefix.to_path_buf()),
            None => read.extend(["lib", "lib64"].map(|part| prefix.join(part))),
        }
    }
    read.push(interpreter.clone());
    Some(Runtime { interpreter, read })
}

/// [`SYSTEM`], and Debian's configuration of Python `version` (`3.X`).
fn system_folders(version: Option<&str>) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = SYSTEM.iter().map(PathBuf::from).collect();
    folders.push("/etc/python3".into());
    if let Some(version) = version {
        folders.push(format!("/etc/python{version}").into());
    }
    folders
}

/// The first executable file `program` in a folder of hog's `PATH`.
fn on_path(program: &str) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .filter(|folder| folder.is_absolute())
        .map(|folder| folder.join(program))
        .find(|file| {
            std::fs::metadata(file)
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}
