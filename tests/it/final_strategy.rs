//! End-to-end tests of `hog final`, the file to hand in: its module grades
//! back to the win rate it states and clears the course's bar, answers every
//! pair a course's validator asks, is the best response where the rules
//! hide nothing, records what it is in a table, plays a field of opponents,
//! and reports its effort and proven bound; and what it says while it
//! works. Expected values come from independent routes: the written file
//! graded back by `hog grade`, a seeded Monte Carlo simulation of the file,
//! the best response where the rules hide nothing, and the course's
//! validator run on the exported module by python3.

use predicates::str::contains;
use tempfile::TempDir;

use crate::common::{fails, hog, json_in as json, number};

#[test]
fn fa16_final_module_grades_back_to_its_win_rate_and_clears_the_course_bar() {
    let dir = TempDir::new().unwrap();
    // A short search (all_presets checks the default one's file): its
    // module, however found, must grade back to the win rate it states.
    let result = json(
        &dir,
        &[
            "final", "--rules", "fa16", "--effort", "16", "-o", "final.py",
        ],
    );
    assert_eq!(result["rules"], "fa16");
    assert_eq!(result["goal"], 100);
    assert_eq!(result["against"], "always_roll(4)");
    assert_eq!(result["file"], "final.py");
    let win_rate = number(&result, "win_rate");
    let bound = number(&result, "bound");
    // The course's bar, under the bound (the best response that sees the sides).
    assert!(win_rate >= 0.922, "{win_rate}");
    assert!(
        win_rate <= bound && (bound - 0.92985).abs() < 1e-5,
        "{bound}"
    );
    let mean = (number(&result, "first") + number(&result, "second")) / 2.0;
    assert!((mean - win_rate).abs() < 1e-15);

    // The module as a student pastes it, graded by hog through python3.
    let grade = json(&dir, &["grade", "final.py", "--rules", "fa16"]);
    assert_eq!(number(&grade, "win_rate"), win_rate);
    assert_eq!(grade["sees_hidden_state"], false);

    // A seeded simulation of the module moving first: within 5 standard
    // errors (at most 0.5 / sqrt(n) each), odds of a false alarm below 1e-6.
    let games = 20_000u64;
    let simulated = json(
        &dir,
        &[
            "simulate",
            "--rules",
            "fa16",
            "--p0",
            "final.py",
            "--p1",
            "always_roll(4)",
            "--games",
            &games.to_string(),
            "--seed",
            "8",
        ],
    );
    let share = number(&simulated, "wins0") / games as f64;
    let first = number(&result, "first");
    let bound = 5.0 * 0.5 / (games as f64).sqrt();
    assert!(
        (share - first).abs() <= bound,
        "exact {first}, simulated {share}"
    );
}

#[test]
fn exported_modules_answer_every_pair_a_course_validator_asks() {
    // NJU's 2021 contest validator calls final_strategy(i, j) for i, j < 300.
    // fa16's answers include Pork Chop (-1). The modules are the files to
    // hand in under tables/, which `hog final --rules PRESET -o FILE` writes
    // (all_presets::have_a_fresh_file_to_hand_in).
    let dir = TempDir::new().unwrap();
    let tables = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tables");
    for (rules, lowest) in [("fa13", 0), ("fa16", -1), ("nju21", 0)] {
        let module = format!("final_{rules}");
        std::fs::copy(
            tables.join(format!("{rules}-final.py")),
            dir.path().join(format!("{module}.py")),
        )
        .unwrap();
        let check = format!(
            "from {module} import final_strategy as f\n\
             answers = {{f(i, j) for i in range(300) for j in range(300)}}\n\
             assert all(type(a) is int and {lowest} <= a <= 10 for a in answers), answers\n\
             assert f(150, 20) == f(99, 20) and f(-3, 7) == f(0, 7)\n\
             print('ok')\n"
        );
        let output = std::process::Command::new("python3")
            .current_dir(dir.path())
            .args(["-c", &check])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{rules}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&output.stdout), "ok\n", "{rules}");
    }
}

#[test]
fn without_hidden_state_final_is_the_best_response() {
    let dir = TempDir::new().unwrap();
    let result = json(&dir, &["final", "--rules", "fa13"]);
    assert!(result["bound"].is_null());
    assert!(result["file"].is_null());
    let response = json(
        &dir,
        &["grade", "best_response(always_roll(5))", "--rules", "fa13"],
    );
    assert_eq!(number(&result, "win_rate"), number(&response, "win_rate"));
}

#[test]
fn final_writes_a_table_that_records_what_it_is() {
    let dir = TempDir::new().unwrap();
    let result = json(
        &dir,
        &[
            "final",
            "--rules",
            "fa16",
            "--goal",
            "30",
            "-o",
            "f.hogtable",
        ],
    );
    let info = json(&dir, &["table", "f.hogtable"]);
    assert_eq!(info["objective"], "blind_best_response");
    assert_eq!(info["against"], "always_roll(4)");
    let grade = json(
        &dir,
        &["grade", "f.hogtable", "--rules", "fa16", "--goal", "30"],
    );
    assert_eq!(number(&grade, "win_rate"), number(&result, "win_rate"));
    assert_eq!(grade["sees_hidden_state"], false);
    // The same strategy as an expression.
    let expression = json(
        &dir,
        &[
            "grade",
            "blind_best_response(always_roll(4))",
            "--rules",
            "fa16",
            "--goal",
            "30",
        ],
    );
    assert_eq!(number(&expression, "win_rate"), number(&result, "win_rate"));
}

#[test]
fn final_refuses_an_unknown_file_type_before_solving() {
    hog()
        .args(["final", "--rules", "fa16", "-o", "final.txt"])
        .assert()
        .code(2)
        .stderr(contains("final.txt: unknown file type 'txt'"));
}

#[test]
fn a_course_strategy_heatmap_has_one_action_map() {
    let dir = TempDir::new().unwrap();
    let map = json(
        &dir,
        &[
            "heatmap",
            "blind_best_response(always_roll(4))",
            "--rules",
            "fa16",
            "--goal",
            "30",
            "-o",
            "blind.png",
        ],
    );
    assert_eq!(map["panels"].as_array().unwrap().len(), 1);
    let sighted = json(
        &dir,
        &[
            "heatmap",
            "best_response(always_roll(4))",
            "--rules",
            "fa16",
            "--goal",
            "30",
            "-o",
            "sighted.png",
        ],
    );
    assert_eq!(sighted["panels"].as_array().unwrap().len(), 2);
}

/// `hog final --against A --against B`: the module it writes, graded back
/// by `hog grade` (through python3) against each opponent, has exactly the
/// figures it reports, whose mean is its win rate, under its bound (goal
/// 50, which the module records and grade plays).
#[test]
fn a_field_final_grades_back_to_each_opponents_figure() {
    let dir = TempDir::new().unwrap();
    let field = ["always_roll(5)", "always_roll(2)"];
    let result = json(
        &dir,
        &[
            "final",
            "--rules",
            "fa13",
            "--goal",
            "50",
            "--against",
            field[0],
            "--against",
            field[1],
            "-o",
            "field.py",
        ],
    );
    let figures = result["field"].as_array().unwrap();
    assert_eq!(figures.len(), 2);
    let mut sum = 0.0;
    for (figure, against) in figures.iter().zip(field) {
        assert_eq!(figure["against"], against);
        let grade = json(
            &dir,
            &[
                "grade",
                "field.py",
                "--rules",
                "fa13",
                "--baseline",
                against,
            ],
        );
        assert_eq!(
            number(&grade, "win_rate"),
            number(figure, "win_rate"),
            "{against}"
        );
        sum += number(figure, "win_rate");
    }
    let win_rate = number(&result, "win_rate");
    assert!((win_rate - sum / 2.0).abs() < 1e-15);
    assert!(win_rate <= number(&result, "bound"));
}

/// `--effort` and `--prove-bound` on fa16 at goal 30: no kicks end no
/// better than the default's; the proven bound lies between the file's win
/// rate and the sighted bound and reports its nodes and the bounds its
/// strong branching computed; both are refused
/// where they mean nothing (rules that hide nothing, a field).
#[test]
fn effort_and_proven_bound() {
    let dir = TempDir::new().unwrap();
    let game = ["final", "--rules", "fa16", "--goal", "30"];
    let default = json(&dir, &game);
    let none = json(&dir, &[&game[..], &["--effort", "0"]].concat());
    assert!(number(&none, "win_rate") <= number(&default, "win_rate"));
    let proven = json(&dir, &[&game[..], &["--prove-bound", "41"]].concat());
    let bound = number(&proven["proven_bound"], "bound");
    assert!(bound <= number(&proven, "bound") + 1e-12, "{proven}");
    assert!(bound >= number(&proven, "win_rate") - 1e-12, "{proven}");
    let nodes = proven["proven_bound"]["nodes"].as_u64().unwrap();
    assert!(nodes <= 41, "{proven}");
    // Strong branching computes both children of every candidate split.
    let computed = proven["proven_bound"]["bounds_computed"].as_u64().unwrap();
    assert!(computed > nodes, "{proven}");
    let text = crate::common::stdout_in(dir.path(), &[&game[..], &["--prove-bound", "5"]].concat());
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("proven bound "), "{text}");
    assert!(text.contains(" bounds computed"), "{text}");
    for (args, message) in [
        (
            &[
                "final",
                "--rules",
                "fa13",
                "--goal",
                "30",
                "--prove-bound",
                "5",
            ][..],
            "hide nothing",
        ),
        (
            &[
                "final",
                "--rules",
                "fa16",
                "--goal",
                "30",
                "--prove-bound",
                "5",
                "--against",
                "always_roll(3)",
                "--against",
                "always_roll(5)",
            ][..],
            "one opponent",
        ),
        (
            &["final", "--rules", "fa16", "--prove-bound", "0"][..],
            "--prove-bound",
        ),
    ] {
        hog()
            .current_dir(dir.path())
            .args(args)
            .assert()
            .code(2)
            .stderr(contains(message));
    }
}

/// The bound line says what the bound is: the best play of a player who
/// remembers its own moves, which a final_strategy of the two scores
/// cannot do.
#[test]
fn the_bound_line_says_it_is_the_best_play_with_memory() {
    let dir = TempDir::new().unwrap();
    let out = crate::common::stdout_in(
        dir.path(),
        &["final", "--rules", "fa16", "--goal", "30", "--effort", "2"],
    );
    let text = String::from_utf8(out).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("bound "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        line.contains(
            "the best a player could do who remembers its own moves (or sees the dice sides); \
             a final_strategy of the two scores cannot, and wins at most this (gap "
        ),
        "{line}"
    );
}

/// Off a terminal (stderr piped), long work says up front, in one line,
/// what it does and about how long it takes: a search predicted to take
/// seconds (fa16 at goal 300, nine times the sweeps' cost at goal 100) and
/// a solve of a million states or more; quick work prints nothing there.
#[test]
fn long_work_says_what_it_does_off_a_terminal() {
    let dir = TempDir::new().unwrap();
    // The first line of stderr, said before the work: hog is then ended.
    let first_line = |args: &[&str]| {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hog"))
            .current_dir(dir.path())
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let stderr = child.stderr.take().unwrap();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut line).unwrap();
        child.kill().unwrap();
        child.wait().unwrap();
        line
    };
    let search = first_line(&["final", "--rules", "fa16", "--goal", "300"]);
    assert!(
        search.starts_with(
            "searching the best final_strategy against always_roll(4), which takes about 54 s \
             of processor time"
        ),
        "{search}"
    );
    // fa16's solve at goal 710: 2 x 710 x 710 states, past a million.
    let solve = first_line(&["solve", "--rules", "fa16", "--goal", "710"]);
    assert_eq!(solve, "solving: 1008200 states\n");
    let quick = hog()
        .current_dir(dir.path())
        .args(["final", "--rules", "fa13"])
        .output()
        .unwrap();
    assert!(quick.status.success());
    assert_eq!(String::from_utf8(quick.stderr).unwrap(), "");
}

#[test]
fn an_opponent_bid_past_the_goal_fails_fast_naming_the_bid() {
    // Against a bid past the goal, bidding 0 starts with that bid's points
    // (bid_for_start gives each player the other's bid): nothing to solve.
    let started = std::time::Instant::now();
    let stderr = fails(&[
        "final",
        "--rules",
        "fa14-contest",
        "--goal",
        "30",
        "--opponent-bid",
        "4294967290",
    ]);
    assert!(stderr.contains("--opponent-bid"), "{stderr}");
    assert!(stderr.contains("4294967290"), "{stderr}");
    assert!(stderr.contains("0 to 30"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    // Not a timing: a run that allocates every bid takes minutes and
    // gigabytes; one that checks first ends at once.
    assert!(started.elapsed().as_secs() < 60);
}
