//! End-to-end tests of what users trip on: the contest's
//! game taken from its entries' files, entries a course could not accept,
//! ties with the baseline, `explain --exact` and `--strategy`, outputs
//! checked before any work, `hog final`'s progress, `cargo install
//! --locked`, the contest's picture, and the smaller items.

use std::path::Path;

use serde_json::Value;

use crate::common::{hog, hog_without_landlock, json_in, number, stdout_in};

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Runs hog in `dir`, which must fail with status 2; returns its stderr.
fn fails_in(dir: &Path, args: &[&str]) -> String {
    let output = hog().current_dir(dir).args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {output:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// Runs hog in `dir`, which must succeed; returns its stdout as text.
fn text_in(dir: &Path, args: &[&str]) -> String {
    String::from_utf8(stdout_in(dir, args)).unwrap()
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_contest_plays_the_game_its_entries_record() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("sp")).unwrap();
    stdout_in(
        d,
        &[
            "export",
            "always_roll(5)",
            "--rules",
            "sp26",
            "-o",
            "sp/a.py",
        ],
    );
    stdout_in(
        d,
        &[
            "export",
            "boar_strategy",
            "--rules",
            "sp26",
            "-o",
            "sp/b.json",
        ],
    );
    let report = json_in(d, &["contest", "sp", "--no-cache"]);
    assert_eq!(report["rules"], "sp26", "{report}");
    for entry in report["entries"].as_array().unwrap() {
        assert_eq!(entry["status"], "ok", "{entry}");
    }
    // Each entry's figure is its own sp26 grade against sp26's baseline.
    let a = &report["entries"].as_array().unwrap()[1];
    assert_eq!(a["name"], "a");
    let grade = json_in(d, &["grade", "always_roll(5)", "--rules", "sp26"]);
    assert_eq!(a["win_rate_vs_baseline"], grade["win_rate"]);

    // Under --rules fa16 every entry was made for another game: excluded,
    // and a contest with nothing graded fails.
    let stderr = fails_in(d, &["contest", "sp", "--rules", "fa16", "--no-cache"]);
    assert!(stderr.contains("nothing graded"), "{stderr}");
    let output = hog()
        .current_dir(d)
        .args(["contest", "sp", "--rules", "fa16", "--no-cache"])
        .output()
        .unwrap();
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(
        table.contains(
            "excluded: a (sp/a.py): made for rules sp26 at goal 100, but the contest plays fa16"
        ),
        "{table}"
    );

    // Files made for two games: refused.
    stdout_in(
        d,
        &[
            "export",
            "always_roll(5)",
            "--rules",
            "fa13",
            "-o",
            "sp/c.py",
        ],
    );
    let stderr = fails_in(d, &["contest", "sp", "--no-cache"]);
    assert!(stderr.contains("one command plays one game"), "{stderr}");

    // Students' folders, each with its own ok config: their semester.
    for student in ["alice", "bob"] {
        let folder = d.join("class").join(student);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::copy(repo().join("samples/hog.py"), folder.join("hog.py")).unwrap();
        write(
            &folder,
            "proj1.ok",
            r#"{"endpoint": "cal/cs61a/sp14/proj1"}"#,
        );
    }
    let text = text_in(d, &["contest", "class", "--no-cache"]);
    assert!(
        text.starts_with("rules        fa13 (semester sp14, from class/"),
        "{text}"
    );
    assert!(text.contains("\nfa13, goal 100: 2 entries"), "{text}");
}

#[test]
fn a_fa16_contest_excludes_what_sees_the_dice_sides() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "contest",
        "optimal",
        "always_roll(4)",
        "always_roll(6)",
        "--no-cache",
    ];
    let report = json_in(d, &args);
    let optimal = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "optimal")
        .unwrap();
    // hog grade says the same of it: it sees hidden state.
    assert_eq!(json_in(d, &["grade", "optimal"])["sees_hidden_state"], true);
    assert_eq!(optimal["status"], "excluded", "{report}");
    let reason = optimal["reason"].as_str().unwrap();
    assert!(reason.contains("the dice sides"), "{reason}");
    assert!(reason.contains("hog final --rules fa16"), "{reason}");
}

#[test]
fn a_tie_with_the_course_baseline_is_a_tie() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // always_roll(4) against itself wins exactly 1/2 (its f64 figure is a
    // hair below); always_roll(3) loses to it.
    let text = text_in(d, &["export", "always_roll(4)", "-o", "tie.py"]);
    assert!(!text.contains("LOSES"), "{text}");
    assert!(
        text.contains("warning      this strategy TIES the course baseline"),
        "{text}"
    );
    let module = std::fs::read_to_string(d.join("tie.py")).unwrap();
    assert!(module.contains("TIES the course baseline"), "{module}");
    assert!(number(&json_in(d, &["grade", "always_roll(3)"]), "win_rate") < 0.5 - 1e-6);
    let text = text_in(d, &["export", "always_roll(3)", "-o", "lose.py"]);
    assert!(text.contains("LOSES to the course baseline"), "{text}");
}

#[test]
fn explain_exact_prints_the_fractions() {
    // At 40 vs 99 in fa13, rolling 0 makes it 50 vs 99, and always_roll(5)
    // then rolls a 1 with probability 1 - (5/6)^5 = 4651/7776, which swaps
    // the scores: 7776 = 2^5·3^5.
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "explain",
        "--rules",
        "fa13",
        "--score",
        "40",
        "--opp",
        "99",
        "--against",
        "always_roll(5)",
    ];
    let plain = text_in(dir.path(), &args);
    let exact = text_in(dir.path(), &[&args[..], &["--exact"]].concat());
    assert_ne!(plain, exact);
    assert!(exact.contains("        0  0.59812242798353909"), "{exact}");
    assert!(exact.contains("= 4651 / (2^5·3^5)"), "{exact}");
}

#[test]
fn explain_explains_any_strategy_and_the_file_to_hand_in() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // The file to hand in, as committed, answers 40-60 with...
    let answer = std::process::Command::new("python3")
        .current_dir(repo().join("tables"))
        .args([
            "-c",
            "import importlib; m = importlib.import_module('fa16-final'); print(m.final_strategy(40, 60))",
        ])
        .output()
        .unwrap();
    assert!(answer.status.success(), "{answer:?}");
    let answer: i64 = String::from_utf8(answer.stdout)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let e = json_in(
        d,
        &[
            "explain",
            "--score",
            "40",
            "--opp",
            "60",
            "--strategy",
            "final",
        ],
    );
    assert_eq!(e["plays"], answer, "{e}");
    assert_eq!(e["best"], answer, "{e}");
    assert_eq!(e["against"], "always_roll(4)");
    // The mix: shares of the hidden dice sides that sum to 1, and each
    // action's chance their weighted mean.
    let hidden = e["hidden"].as_array().unwrap();
    let shares: Vec<f64> = hidden.iter().map(|h| number(h, "share")).collect();
    assert_eq!(hidden.len(), 2);
    assert!(
        (shares.iter().sum::<f64>() - 1.0).abs() < 1e-12,
        "{shares:?}"
    );
    for action in e["actions"].as_array().unwrap() {
        let by: Vec<f64> = action["by_hidden"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let mix: f64 = by.iter().zip(&shares).map(|(w, s)| w * s).sum();
        assert!((mix - number(action, "win")).abs() < 1e-12, "{action}");
    }
    // The committed file is the one `--strategy final` searches for
    // (all_presets checks it): explained from the file, it reads the same.
    let committed = repo().join("tables/fa16-final.py");
    let text = text_in(
        d,
        &[
            "explain",
            "--score",
            "40",
            "--opp",
            "60",
            "--strategy",
            committed.to_str().unwrap(),
        ],
    );
    assert!(text.contains("sees only the two scores"), "{text}");
    // The sighted answer says that it sees the sides.
    let text = text_in(d, &["explain", "--score", "40", "--opp", "60"]);
    assert!(
        text.contains("note: this answer sees the dice sides"),
        "{text}"
    );

    // Where nothing is hidden, explaining the best response as a strategy
    // (its evaluation) gives the solved chances (its solve), by two paths.
    for (score, opp) in [("40", "99"), ("30", "50"), ("0", "0")] {
        let at = ["explain", "--rules", "fa13", "--score", score, "--opp", opp];
        let solved = json_in(d, &[&at[..], &["--against", "always_roll(5)"]].concat());
        let played = json_in(
            d,
            &[
                &at[..],
                &[
                    "--strategy",
                    "best_response(always_roll(5))",
                    "--against",
                    "always_roll(5)",
                ],
            ]
            .concat(),
        );
        assert_eq!(played["best"], solved["best"]);
        assert_eq!(played["plays"], solved["best"]);
        let chances = |v: &Value| -> Vec<f64> {
            v["actions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| number(a, "win"))
                .collect()
        };
        for (a, b) in chances(&solved).iter().zip(chances(&played)) {
            assert!((a - b).abs() < 1e-12, "{score}-{opp}: {a} vs {b}");
        }
    }
}

/// A Python strategy that leaves a file behind when it is run.
fn marker_module(dir: &Path) -> std::path::PathBuf {
    let marker = dir.join("ran");
    write(
        dir,
        "marker.py",
        &format!(
            "open({:?}, 'w').close()\n\ndef final_strategy(score, opponent_score):\n    return 4\n",
            marker.to_str().unwrap()
        ),
    );
    marker
}

#[test]
fn outputs_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let marker = marker_module(d);
    for (args, message) in [
        (
            &[
                "contest",
                "marker.py",
                "always_roll(4)",
                "--no-cache",
                "-o",
                "bad.txt",
            ][..],
            "bad.txt: unknown output type 'txt'",
        ),
        (
            &[
                "solve",
                "--against",
                "marker.py",
                "-o",
                "missing/dir/x.hogtable",
            ][..],
            "there is no folder missing/dir",
        ),
        (
            &["final", "--against", "marker.py", "-o", "missing/x.py"][..],
            "there is no folder missing",
        ),
        (
            &["export", "marker.py", "-o", "missing/x.py"][..],
            "there is no folder missing",
        ),
        (
            &["heatmap", "marker.py", "-o", "missing/x.png"][..],
            "there is no folder missing",
        ),
    ] {
        // Behind the weaker wall, where the strategy could leave its mark.
        let mut args = args.to_vec();
        if args[0] == "contest" {
            args.push("--weaker-sandbox");
        }
        let output = hog_without_landlock()
            .current_dir(d)
            .args(&args)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!marker.exists(), "{args:?} ran the strategy first");
    }
}

/// Runs hog with its stderr on a pseudo-terminal; returns what it drew there.
fn drawn_on_a_terminal(args: &[&str]) -> String {
    let output = std::process::Command::new("python3")
        .args([
            "-c",
            crate::cli_frontdoor::ON_A_TERMINAL,
            env!("CARGO_BIN_EXE_hog"),
        ])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let run: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(run["code"], 0, "{run}");
    run["drawn"].as_str().unwrap().to_string()
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
fn the_readme_installs_with_the_lock_file() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let installs: Vec<&str> = readme
        .lines()
        .filter(|l| l.contains("cargo install"))
        .collect();
    assert!(!installs.is_empty());
    for line in installs {
        assert!(line.contains("--locked"), "{line}");
    }
}

#[test]
fn the_contest_picture_names_its_entries_rank_1_at_the_top() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = [
        "contest",
        "always_roll(1)",
        "optimal",
        "always_roll(5)",
        "--rules",
        "fa13",
        "--no-cache",
    ];
    let report = json_in(d, &args);
    let names: Vec<&str> = report["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["optimal", "always_roll(5)", "always_roll(1)"]);
    stdout_in(d, &[&args[..], &["-o", "c.png"]].concat());
    let decoder = png::Decoder::new(std::fs::File::open(d.join("c.png")).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut rgb = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgb).unwrap();
    let at = |x: u32, y: u32| {
        let i = ((y * info.width + x) * 3) as usize;
        [rgb[i], rgb[i + 1], rgb[i + 2]]
    };
    let light = |[r, g, b]: [u8; 3]| 0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64;
    // The map: 480 pixels square at (210, 120), 160-pixel cells. Column 2
    // is always_roll(5): the top row (optimal, which beats it) is lighter
    // in viridis than the bottom row (always_roll(1), which loses to it).
    let (top, bottom) = (at(450, 200), at(450, 520));
    assert!(light(top) > light(bottom) + 50.0, "{top:?} {bottom:?}");
    // Each row is named left of the map: dark text in its band.
    for row in 0..3 {
        let band = 120 + 160 * row..120 + 160 * (row + 1);
        let dark = band
            .flat_map(|y| (100..204).map(move |x| (x, y)))
            .filter(|&(x, y)| at(x, y).iter().all(|&c| c < 60))
            .count();
        assert!(dark > 20, "row {row}: {dark} dark pixels");
    }
}

#[test]
fn smaller_trips() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // hog final under custom rules names its own option.
    let custom = "zero=free_bacon_largest_digit,sides=four_on_sevens,reroll=never,pig_out=one_point,bonus=none,points=none,after=none,limit=none,special=none";
    let stderr = fails_in(d, &["final", "--rules", custom]);
    assert!(stderr.contains("give one with --against"), "{stderr}");

    // Upper-case extensions are read as their kind.
    std::fs::copy(repo().join("samples/hog.py"), d.join("HOG.PY")).unwrap();
    let upper = json_in(d, &["grade", "HOG.PY", "--rules", "fa13"]);
    let lower = json_in(
        d,
        &[
            "grade",
            &repo().join("samples/hog.py").to_string_lossy(),
            "--rules",
            "fa13",
        ],
    );
    assert_eq!(upper["win_rate"], lower["win_rate"]);
    write(d, "T.CSV", &"4,4\n".repeat(2));
    let table = json_in(
        d,
        &[
            "grade",
            "T.CSV",
            "--rules",
            "fa13",
            "--goal",
            "2",
            "--baseline",
            "always_roll(4)",
        ],
    );
    assert_eq!(number(&table, "win_rate"), 0.5);

    // Entries given twice, and byte-identical files.
    write(d, "a.csv", &"4,4\n".repeat(2));
    write(d, "b.csv", &"4,4\n".repeat(2));
    let report = json_in(
        d,
        &[
            "contest",
            "a.csv",
            "a.csv",
            "b.csv",
            "--rules",
            "fa13",
            "--goal",
            "2",
            "--no-cache",
        ],
    );
    let entries = report["entries"].as_array().unwrap();
    let twice = entries.iter().find(|e| e["status"] == "excluded").unwrap();
    assert_eq!(
        twice["reason"], "the same entry as a.csv, given twice",
        "{report}"
    );
    let b = entries.iter().find(|e| e["name"] == "b").unwrap();
    assert_eq!(b["note"], "byte-identical to a (a.csv)", "{report}");

    // dist and turn take no strategy file.
    for command in ["dist", "turn"] {
        let help = text_in(d, &[command, "--help"]);
        assert!(!help.contains("strategy file"), "{help}");
    }

    // Did you mean.
    let stderr = fails_in(d, &["grade", "always_roll(4)", "--rules", "fa61"]);
    assert!(stderr.contains("did you mean 'fa16'?"), "{stderr}");
    let stderr = fails_in(d, &["grade", "optimel"]);
    assert!(stderr.contains("did you mean 'optimal'?"), "{stderr}");

    // A traceback names the module where it is, so contests read alike.
    write(d, "broken/hog.py", "raise ValueError('no')\n");
    let args = [
        "contest",
        "broken/hog.py",
        "always_roll(4)",
        "--no-cache",
        "-o",
    ];
    stdout_in(d, &[&args[..], &["one.csv"]].concat());
    stdout_in(d, &[&args[..], &["two.csv"]].concat());
    let one = std::fs::read_to_string(d.join("one.csv")).unwrap();
    assert_eq!(one, std::fs::read_to_string(d.join("two.csv")).unwrap());
    assert!(one.contains("File \"\"broken/hog.py\"\", line 1"), "{one}");
    assert!(!one.contains("hog-python-"), "{one}");
}
