//! `hog heatmap ... -o page.html` in a real browser: headless Chromium opens
//! the page from disk (no network: the page fetches nothing, and Chromium's
//! own background traffic is switched off and its proxy points nowhere),
//! hovers cells, and the tooltips it shows are compared with `hog explain
//! --json` for the same cells.
//!
//! A page's `#hover=S,O,VIEW;...` fragment makes its script send a pointer
//! event to the centre of each cell of the action map (the handler a mouse
//! runs, which finds the cell from the pointer's position) and copy the
//! tooltip's text into `<pre class="probe">`, which `--dump-dom` prints.
//!
//! Chromium is Debian's `chromium` (`.ci/run` installs it). Without it the
//! tests say so on stderr and pass, unless `HOG_BROWSER_TESTS=required`
//! (as `.ci/run` sets it), when they fail.
//!
//! What needs no browser is checked from the files: a contest's pages are
//! linked from its board and named by rank, a page names its views in
//! words, and a page refuses goals and rules it cannot carry.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::common::{hog, json_in, stdout_in};

/// The browser, or None (said on stderr) where it may be missing.
pub(crate) fn chromium() -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var("HOG_CHROMIUM").unwrap_or("/usr/bin/chromium".into()));
    if path.exists() {
        return Some(path);
    }
    let required = std::env::var("HOG_BROWSER_TESTS").is_ok_and(|v| v == "required");
    assert!(
        !required,
        "HOG_BROWSER_TESTS=required, and there is no {}: apt-get install chromium",
        path.display()
    );
    // Straight to stderr, past the test harness's capture (which takes
    // eprintln!'s text), so that the skip shows.
    let message = format!(
        "SKIPPED: the browser test: no {} (apt-get install chromium, or set HOG_CHROMIUM)\n",
        path.display()
    );
    std::io::stderr().write_all(message.as_bytes()).unwrap();
    None
}

/// The page's tooltips at the cells of `hover` ("S,O,VIEW;..."), by the
/// page's own `data-hover`, with the cell each tooltip says it is of.
fn tooltips(browser: &Path, page: &Path, hover: &str) -> Vec<(String, String, String)> {
    let dom = dom(browser, page, hover);
    let attribute = |tag: &str, name: &str| {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[start..start + tag[start..].find('"').unwrap()].to_string()
    };
    dom.split("<pre class=\"probe\"")
        .skip(1)
        .map(|probe| {
            let (tag, rest) = probe.split_once('>').unwrap();
            let text = rest.split("</pre>").next().unwrap();
            let text = text
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
            (
                attribute(tag, "data-hover"),
                attribute(tag, "data-cell"),
                text,
            )
        })
        .collect()
}

/// Headless Chromium that prints a page's DOM once its scripts ran, with
/// the profile folder `profile`, and no network but 127.0.0.1 (a server a
/// test started): its own background traffic is off, its proxy points
/// nowhere, and no other name resolves.
pub(crate) fn headless(browser: &Path, profile: &Path) -> Command {
    let mut command = Command::new(browser);
    command
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--proxy-server=127.0.0.1:9",
            "--proxy-bypass-list=127.0.0.1",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            // Lets the page's script (which inflates its data) finish before the DOM is printed.
            "--virtual-time-budget=20000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()));
    command
}

/// The page's DOM once drawn, with the probes of the cells in `hover`.
fn dom(browser: &Path, page: &Path, hover: &str) -> String {
    let profile = tempfile::tempdir().unwrap();
    let output = headless(browser, profile.path())
        .arg(format!("file://{}#hover={hover}", page.display()))
        .output()
        .unwrap();
    assert!(output.status.success(), "chromium: {output:?}");
    let dom = String::from_utf8(output.stdout).unwrap();
    assert!(
        dom.contains("data-ready=\"yes\""),
        "the page was not drawn: {dom:.3000}"
    );
    dom
}

/// What a tooltip shows: each action's chance (the first column), the
/// action played, the best, the margin line and the turn's points.
struct Tooltip {
    chances: Vec<(i32, f64)>,
    plays: i32,
    best: i32,
    margin: String,
    turn: Vec<(u32, u64, u64)>,
}

fn parse(text: &str) -> Tooltip {
    let lines: Vec<&str> = text.lines().collect();
    let table = lines
        .iter()
        .position(|l| l.starts_with("num_rolls"))
        .unwrap();
    let mut chances = vec![];
    let (mut plays, mut best) = (None, None);
    let mut i = table + 1;
    while let Some(row) = lines[i].strip_prefix(' ').map(str::trim_start) {
        let fields: Vec<&str> = row.split_whitespace().collect();
        let action: i32 = fields[0].parse().unwrap();
        chances.push((action, fields[1].parse().unwrap()));
        let marks = row.split("<- ").nth(1).unwrap_or("");
        if marks.contains("plays") {
            plays = Some(action);
        }
        if marks.contains("best") {
            best = Some(action);
        }
        i += 1;
    }
    let margin = lines[i].to_string();
    // "p: n/d  p: n/d ..." on the line after "the turn of ...".
    let turn = lines[i + 2]
        .split("  ")
        .map(|item| {
            let (points, fraction) = item.split_once(": ").unwrap();
            let (n, d) = fraction.split_once('/').unwrap();
            (
                points.parse().unwrap(),
                n.parse().unwrap(),
                d.parse().unwrap(),
            )
        })
        .collect();
    Tooltip {
        chances,
        plays: plays.unwrap(),
        best: best.unwrap(),
        margin,
        turn,
    }
}

/// `hog explain --json` for a cell, `strategy` against the course baseline.
fn explain(dir: &Path, rules: &str, goal: &str, strategy: &str, cell: (u32, u32, u32)) -> Value {
    let (s, o, sides) = cell;
    let [s, o, sides] = [s, o, sides].map(|v| v.to_string());
    let args = [
        "explain",
        "--rules",
        rules,
        "--goal",
        goal,
        "--strategy",
        strategy,
    ];
    json_in(
        dir,
        &[&args[..], &["--score", &s, "--opp", &o, "--sides", &sides]].concat(),
    )
}

/// `hog explain`'s chance of each action.
fn wins(explained: &Value) -> Vec<f64> {
    let actions = explained["actions"].as_array().unwrap();
    actions.iter().map(|a| a["win"].as_f64().unwrap()).collect()
}

/// The tooltip's margin line against explain's margin and runner-up.
fn check_margin(tooltip: &Tooltip, explained: &Value, tolerance: f64, cell: &str) {
    let runner_up = explained["runner_up"].as_i64().unwrap();
    if explained["tie"].as_bool().unwrap() {
        assert_eq!(
            tooltip.margin,
            format!("margin 0: a tie with {runner_up}"),
            "{cell}"
        );
        return;
    }
    let margin = explained["margin"].as_f64().unwrap();
    let words: Vec<&str> = tooltip.margin.split_whitespace().collect();
    let shown: f64 = words[1].parse().unwrap();
    assert!(
        (shown - margin).abs() <= tolerance,
        "{cell}: margin {shown} vs {margin}"
    );
    assert!(
        tooltip.margin.ends_with(&format!(", {runner_up}")),
        "{cell}: {}",
        tooltip.margin
    );
}

/// Checks a tooltip against `hog explain`: `chances` are explain's chances
/// of the view (the mix, or one sides value's `by_hidden`), to within
/// `tolerance`, and where the strategy plays explain's best action, the
/// turn's points are explain's outcomes summed by points, exactly.
fn check(tooltip: &Tooltip, explained: &Value, chances: &[f64], tolerance: f64, cell: &str) {
    let actions = explained["actions"].as_array().unwrap();
    assert_eq!(tooltip.chances.len(), actions.len(), "{cell}");
    for ((action, shown), (expected, a)) in tooltip.chances.iter().zip(chances.iter().zip(actions))
    {
        assert_eq!(*action as i64, a["num_rolls"].as_i64().unwrap(), "{cell}");
        assert!(
            (shown - expected).abs() <= tolerance,
            "{cell}: num_rolls {action} shows {shown}, hog explain {expected}"
        );
    }
    assert_eq!(
        tooltip.plays as i64,
        explained["plays"].as_i64().unwrap(),
        "{cell}"
    );
    if tooltip.plays != tooltip.best {
        return;
    }
    let mut expected: Vec<(u32, f64)> = vec![];
    for outcome in explained["outcomes"].as_array().unwrap() {
        let points = outcome["points"].as_u64().unwrap() as u32;
        let p = outcome["probability"].as_f64().unwrap();
        match expected.iter_mut().find(|(q, _)| *q == points) {
            Some((_, sum)) => *sum += p,
            None => expected.push((points, p)),
        }
    }
    expected.sort_by_key(|&(p, _)| p);
    assert_eq!(
        tooltip.turn.len(),
        expected.len(),
        "{cell}: {:?}",
        tooltip.turn
    );
    for (&(points, n, d), &(q, p)) in tooltip.turn.iter().zip(&expected) {
        assert_eq!(points, q, "{cell}");
        assert!(
            (n as f64 / d as f64 - p).abs() < 1e-12,
            "{cell}: {points} points"
        );
    }
}

/// fa16's blind best response to the baseline, goal 100 (the guide's
/// page), as the committed file to hand in (`tables/fa16-final.py`, which
/// `all_presets::have_a_fresh_file_to_hand_in` keeps equal to what
/// the search finds, so the page and each explain read it rather than
/// search): the mix view at a cell where games arrive almost only with
/// four-sided dice (the guide's `hog explain` example), at 0-0, and at 1-0,
/// which no game reaches; and the sides views, each explain's `by_hidden`.
#[test]
fn fa16_page_tooltips_are_what_hog_explain_says() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tables/fa16-final.py");
    let strategy = file.to_str().unwrap();
    let summary = json_in(
        dir.path(),
        &["heatmap", strategy, "--rules", "fa16", "-o", "fa16.html"],
    );
    let bytes = summary["bytes"].as_u64().unwrap();
    assert!(bytes < 2_000_000, "a goal-100 page of {bytes} bytes");
    let page = dir.path().join("fa16.html");
    assert_eq!(bytes, std::fs::metadata(&page).unwrap().len());
    let cells = "40,60,mix;0,0,mix;1,0,mix;70,85,mix;40,60,6;40,60,4;70,85,4";
    let shown = tooltips(&browser, &page, cells);
    assert_eq!(shown.len(), 7);
    for (hover, cell, text) in &shown {
        assert_eq!(hover, cell, "the tooltip is of another cell");
        let fields: Vec<&str> = hover.split(',').collect();
        let (s, o) = (fields[0].parse().unwrap(), fields[1].parse().unwrap());
        let tooltip = parse(text);
        // The mix shows its turn with the sides most games arrive with.
        let turn_sides = match fields[2] {
            "mix" if text.contains("sides 4: 0.9") => 4,
            "mix" => 6,
            sides => sides.parse().unwrap(),
        };
        let turn = format!("the turn of {} with {turn_sides}-sided dice", tooltip.plays);
        assert!(text.contains(&turn), "{hover}: {text}");
        let explained = explain(dir.path(), "fa16", "100", strategy, (s, o, turn_sides));
        let actions = explained["actions"].as_array().unwrap();
        let hidden = explained["hidden"].as_array().unwrap();
        match fields[2] {
            "mix" => {
                // The mix is summed in the page from chances of 12 decimals
                // (each within 5e-13, so the mix within 1e-12) and shown
                // with 11 (5e-12 more).
                check(&tooltip, &explained, &wins(&explained), 6e-12, hover);
                assert_eq!(
                    tooltip.best as i64,
                    explained["best"].as_i64().unwrap(),
                    "{hover}"
                );
                // The margin: from the mixed chances (2e-12), in 11 decimals.
                check_margin(&tooltip, &explained, 1.1e-11, hover);
                if hidden.is_empty() {
                    assert!(
                        text.contains("no game reaches this cell"),
                        "{hover}: {text}"
                    );
                } else {
                    let share = hidden[1]["share"].as_f64().unwrap();
                    assert!(
                        text.contains(&format!("sides 4: {share:.6}")),
                        "{hover}: {text}"
                    );
                }
            }
            sides => {
                let h = usize::from(sides == "4");
                let slice: Vec<f64> = actions
                    .iter()
                    .map(|a| a["by_hidden"][h].as_f64().unwrap())
                    .collect();
                // 12 decimals of explain's chance: within 5e-13 of it.
                check(&tooltip, &explained, &slice, 5.1e-13, hover);
            }
        }
    }
    assert!(
        shown[2].2.contains("no game reaches"),
        "1-0 is reached by no game"
    );
}

/// A strategy that sees the dice sides has a view per sides value, each
/// `hog explain --sides` of it; the page's win rate is `hog grade`'s.
#[test]
fn sighted_page_tooltips_are_what_hog_explain_says() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "heatmap", "optimal", "--rules", "fa16", "--goal", "40", "-o", "p.html",
    ];
    let summary = json_in(dir.path(), &args);
    assert_eq!(summary["views"], serde_json::json!(["6", "4"]));
    let grade = json_in(
        dir.path(),
        &["grade", "optimal", "--rules", "fa16", "--goal", "40"],
    );
    assert_eq!(summary["win_rate"], grade["win_rate"]);
    let shown = tooltips(
        &browser,
        &dir.path().join("p.html"),
        "20,30,4;20,30,6;39,0,6",
    );
    assert_eq!(shown.len(), 3);
    for (hover, cell, text) in &shown {
        assert_eq!(hover, cell);
        let fields: Vec<u32> = hover.split(',').map(|f| f.parse().unwrap()).collect();
        let explained = explain(
            dir.path(),
            "fa16",
            "40",
            "optimal",
            (fields[0], fields[1], fields[2]),
        );
        let chances = wins(&explained);
        let tooltip = parse(text);
        check(&tooltip, &explained, &chances, 5.1e-13, hover);
        assert_eq!(
            tooltip.best as i64,
            explained["best"].as_i64().unwrap(),
            "{hover}"
        );
        // From two chances of 12 decimals (1e-12), shown with 11 (5e-12).
        check_margin(&tooltip, &explained, 6.1e-12, hover);
    }
}

/// Goals past the limit, and rules with memories, are refused in one line.
#[test]
fn pages_refuse_what_they_cannot_carry() {
    let dir = tempfile::tempdir().unwrap();
    for (args, message) in [
        (
            &["--goal", "201"][..],
            "error: big.html: a page holds goals up to 200 (its data grows with the goal squared); for goal 201 draw a .png or .svg heatmap\n",
        ),
        (
            &["--rules", "fa19"][..],
            "error: big.html: a page shows the dice sides but not Feral Hogs' memories (fa19 keeps 121 hidden values per cell, too many to carry); draw a .png or .svg heatmap\n",
        ),
    ] {
        crate::common::hog()
            .current_dir(dir.path())
            .args([&["heatmap", "optimal", "-o", "big.html"], args].concat())
            .assert()
            .code(2)
            .stdout("")
            .stderr(message.to_string());
    }
    assert!(!dir.path().join("big.html").exists());
    // The check comes before any solving: a page of goal 200 is allowed.
    let out = stdout_in(
        dir.path(),
        &[
            "heatmap",
            "always_roll(4)",
            "--rules",
            "fa13",
            "--goal",
            "200",
            "-o",
            "ok.html",
        ],
    );
    assert!(String::from_utf8(out)
        .unwrap()
        .contains("written      ok.html"));
}

/// `hog contest -o board.html --pages DIR`: each graded entry's row links to
/// its page, which is that entry's, against the contest's baseline; an
/// excluded entry has none.
#[test]
fn contest_pages_are_linked_from_the_leaderboard() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "contest",
        "always_roll(6)",
        "swap_strategy",
        "missing.py",
        "--rules",
        "fa13",
        "--goal",
        "30",
        "--no-cache",
        "-o",
        "board.html",
        "--pages",
        "pages",
    ];
    stdout_in(dir.path(), &args);
    let board = std::fs::read_to_string(dir.path().join("board.html")).unwrap();
    let links: Vec<(String, String)> = board
        .split("<a href=\"")
        .skip(1)
        .map(|a| {
            let (href, rest) = a.split_once("\">").unwrap();
            (
                href.to_string(),
                rest.split("</a>").next().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(links.len(), 2, "{board}");
    for (href, name) in &links {
        let page = std::fs::read_to_string(dir.path().join(href)).unwrap();
        assert!(page.contains(&format!("\"strategy\":\"{name}\"")), "{href}");
        assert!(page.contains("\"against\":\"always_roll(5)\""), "{href}");
    }
    assert!(!board.contains("missing.py</a>"));
    let Some(browser) = chromium() else { return };
    let (href, name) = links.iter().find(|(_, n)| n == "swap_strategy").unwrap();
    let shown = tooltips(&browser, &dir.path().join(href), "20,25,6");
    assert_eq!(shown.len(), 1);
    let explained = explain(dir.path(), "fa13", "30", name, (20, 25, 6));
    check(
        &parse(&shown[0].2),
        &explained,
        &wins(&explained),
        5.1e-13,
        "20,25",
    );
}

/// The axes are ticked up to the last score (99 at goal 100), a tooltip
/// never covers a map (neither the one hovered nor another), and the cost
/// map outlines and lists its costliest decisions.
#[test]
fn axes_reach_the_last_score_and_tooltips_cover_no_map() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "heatmap",
        "always_roll(4)",
        "--rules",
        "fa13",
        "-o",
        "page.html",
    ];
    stdout_in(dir.path(), &args);
    let dom = dom(
        &browser,
        &dir.path().join("page.html"),
        "0,0;50,50;99,99;0,99",
    );
    let ticks: Vec<&str> = dom
        .split("<span class=\"xtick\"")
        .skip(1)
        .map(|tick| tick.split_once('>').unwrap().1.split('<').next().unwrap())
        .collect();
    // The action map's axis, then the win map's, then the cost map's.
    let axis = ["0", "20", "40", "60", "80", "99"];
    assert_eq!(ticks, [axis, axis, axis].concat(), "{dom:.3000}");
    // The cost map outlines and lists the costliest decisions, and each
    // tooltip says what its cell's answer costs.
    assert_eq!(dom.matches("<div class=\"top\"").count(), 5, "{dom:.3000}");
    let listed = dom.split("class=\"costliest\"").nth(1).unwrap();
    assert_eq!(listed.matches("<li>").count(), 5, "{listed:.3000}");
    let probes = dom.split("<pre class=\"probe\"").skip(1);
    let costs = probes.filter(|probe| probe.contains("changed alone: "));
    assert_eq!(costs.count(), 4, "{dom:.3000}");
    let covers: Vec<&str> = dom
        .split("data-covers=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert_eq!(covers, ["", "", "", ""], "{dom:.3000}");
}

/// A contest's pages are named by the rank the board gives (tied entries
/// share it), and each links back to the board.
#[test]
fn contest_pages_are_named_by_rank_and_link_back() {
    let dir = tempfile::tempdir().unwrap();
    let game = ["--rules", "fa13", "--goal", "30"];
    stdout_in(
        dir.path(),
        &[&["export", "always_roll(5)", "-o", "five.csv"][..], &game].concat(),
    );
    let args = [
        &["contest", "always_roll(5)", "five.csv", "always_roll(1)"][..],
        &game,
        &["--no-cache", "-o", "board.html", "--pages", "pages"],
    ]
    .concat();
    let board = json_in(dir.path(), &args);
    let ranks: Vec<(String, u64)> = board["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["name"].as_str().unwrap().to_string(),
                e["rank"].as_u64().unwrap(),
            )
        })
        .collect();
    // The two always_roll(5) play alike: one rank, shared.
    assert_eq!(
        ranks.iter().filter(|(_, rank)| *rank == 1).count(),
        2,
        "{ranks:?}"
    );
    let mut pages: Vec<String> = std::fs::read_dir(dir.path().join("pages"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    pages.sort();
    let mut expected: Vec<String> = ranks
        .iter()
        .map(|(name, rank)| {
            let slug: String = name
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            format!("{rank}-{slug}.html")
        })
        .collect();
    expected.sort();
    assert_eq!(pages, expected);
    for page in &pages {
        let text = std::fs::read_to_string(dir.path().join("pages").join(page)).unwrap();
        assert!(text.contains("<a href=\"../board.html\">"), "{page}");
    }
}

#[test]
fn a_page_names_its_views_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let (status, stdout, stderr) = {
        let output = hog()
            .current_dir(dir.path())
            .args([
                "heatmap",
                "always_roll(6)",
                "--rules",
                "sp26",
                "--goal",
                "20",
                "-o",
                "page.html",
            ])
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.contains("views: six-sided dice)"), "{stdout}");
}
