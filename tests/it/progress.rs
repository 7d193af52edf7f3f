//! What hog draws while it works: a bar for a slow Python strategy and a
//! spinner for `hog final`'s search on a terminal, cleared at the end, and
//! nothing when stderr is not a terminal. A pseudo-terminal (python3's pty
//! module) stands in for the terminal.
//!
//! Command lines are written as one string and split at spaces.

use serde_json::Value;

use crate::common::line::{hog, json};

/// Runs a command with its stderr on a pseudo-terminal (python3's pty
/// module) and prints, as JSON, its exit code, its stdout and what it drew
/// on the terminal.
const ON_A_TERMINAL: &str = r#"
import json, os, pty, subprocess, sys
master, slave = pty.openpty()
child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=slave)
os.close(slave)
drawn = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the terminal's last writer is gone
        break
    if not chunk:
        break
    drawn += chunk
stdout = child.stdout.read()
print(json.dumps({"code": child.wait(), "stdout": stdout.decode(),
                  "drawn": drawn.decode("utf-8", "replace")}))
"#;

/// Runs hog with its stderr on a pseudo-terminal; returns what it drew there.
fn drawn_on_a_terminal(args: &[&str]) -> String {
    let output = std::process::Command::new("python3")
        .args(["-c", ON_A_TERMINAL, env!("CARGO_BIN_EXE_hog")])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let run: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(run["code"], 0, "{run}");
    run["drawn"].as_str().unwrap().to_string()
}

#[test]
fn a_slow_python_strategy_shows_a_bar_on_a_terminal_only() {
    // 10 ms per score row, in each of the two rounds of 100 rows: 2 s, past
    // the second after which the bar shows. It always rolls 4. Its name has
    // a BEL, which the bar's label escapes.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("slow\x07.py"),
        "import time\n\ndef final_strategy(score, opponent_score):\n    \
         if opponent_score == 0:\n        time.sleep(0.01)\n    return 4\n",
    )
    .unwrap();
    let args = "grade slow\x07.py --rules fa13 --json";
    let expected = json("grade always_roll(4) --rules fa13")["win_rate"].clone();

    let output = hog(args).current_dir(&dir).output().unwrap();
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "{:?}", output.stderr);
    let graded: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(graded["win_rate"], expected);

    let output = std::process::Command::new("python3")
        .current_dir(&dir)
        .args(["-c", ON_A_TERMINAL, env!("CARGO_BIN_EXE_hog")])
        .args(args.split_whitespace())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let run: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(run["code"], 0, "{run}");
    let graded: Value = serde_json::from_str(run["stdout"].as_str().unwrap()).unwrap();
    assert_eq!(graded["win_rate"], expected);
    // The bar first clears the cursor's line (another bar's), then draws.
    let drawn = run["drawn"].as_str().unwrap();
    assert!(
        drawn.starts_with("\r\u{1b}[2Kasking slow\\u{7}.py:final_strategy "),
        "{drawn}"
    );
    assert!(drawn.contains("/200 score rows"), "{drawn}");
    // Cleared at the end: the last thing drawn erases the line.
    assert!(drawn.ends_with("\r\u{1b}[2K"), "{drawn:?}");
}

#[test]
fn hog_final_shows_its_search_on_a_terminal() {
    // fa16: seconds of search (its 256 kicks), past the second after which
    // the spinner shows. (--rules: no line on stderr says where they came
    // from, so the spinner's clearing is the last thing drawn.)
    let drawn = drawn_on_a_terminal(&["final", "--rules", "fa16", "--json"]);
    assert!(
        drawn.contains("searching the best final_strategy against always_roll(4)"),
        "{drawn:?}"
    );
    assert!(drawn.ends_with("\r\u{1b}[2K"), "{drawn:?}");
}

#[test]
fn no_progress_bar_when_stderr_is_not_a_terminal() {
    // fa13 to 1000: a million states, enough for a bar on a terminal.
    for args in [
        "solve --rules fa13 --goal 1000",
        "grade always_roll(5) --rules fa13 --goal 1000",
    ] {
        let output = hog(args).assert().success().get_output().clone();
        assert!(output.stderr.is_empty(), "{args}: {:?}", output.stderr);
    }
}
