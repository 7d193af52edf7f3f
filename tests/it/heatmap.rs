//! End-to-end tests of `hog heatmap` on the built binary: the pictures are
//! decoded and their pixels checked against what the library computes.
//!
//! The geometry comes from the command's `--json` summary (each panel's map
//! rectangle and legend column), the colours of actions from the picture's
//! own legend, and the colours of values from its own colour bar, so the
//! tests check that map and legend agree rather than restating the palette.
//! A diff's summary names its largest gain and loss, or says there is none.

use std::path::Path;

use assert_cmd::Command;
use hog_solver::evaluate::evaluate;
use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Rules, State};
use serde_json::Value;

use crate::common::line::{json, stdout};

type Rgb = [u8; 3];

struct Picture {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Picture {
    fn read(path: &Path) -> Picture {
        let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
        let mut reader = decoder.read_info().unwrap();
        let mut rgb = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut rgb).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        rgb.truncate(info.buffer_size());
        Picture {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = ((y * self.width + x) * 3) as usize;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// One panel of the summary: where its map and legend are.
struct PanelAt {
    map: String,
    sides: u32,
    left: u32,
    top: u32,
    size: u32,
    legend: u32,
}

impl PanelAt {
    fn all(summary: &Value) -> Vec<PanelAt> {
        summary["panels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| PanelAt {
                map: p["map"].as_str().unwrap().to_string(),
                sides: p["sides"].as_u64().unwrap() as u32,
                left: p["map_left"].as_u64().unwrap() as u32,
                top: p["map_top"].as_u64().unwrap() as u32,
                size: p["map_size"].as_u64().unwrap() as u32,
                legend: p["legend_left"].as_u64().unwrap() as u32,
            })
            .collect()
    }

    /// The pixel at the centre of cell (score, opponent_score) of a map over 0..goal.
    fn cell(&self, picture: &Picture, goal: u32, score: u32, opponent_score: u32) -> Rgb {
        let cell = self.size as f64 / goal as f64;
        let x = self.left as f64 + (opponent_score as f64 + 0.5) * cell;
        let y = (self.top + self.size) as f64 - (score as f64 + 0.5) * cell;
        picture.at(x as u32, y as u32)
    }

    /// The legend's swatch colours from top to bottom: the colours of the
    /// rules' actions in order. A swatch is a run of at least 18 pixels of
    /// one colour down the legend column (letters are shorter).
    fn legend_colours(&self, picture: &Picture) -> Vec<Rgb> {
        let x = self.legend + 12;
        let mut colours: Vec<Rgb> = Vec::new();
        let mut run = (picture.at(x, self.top), 0);
        for y in self.top..self.top + self.size {
            let c = picture.at(x, y);
            if c == run.0 {
                run.1 += 1;
            } else {
                run = (c, 1);
            }
            let plain = c == [255, 255, 255] || c == [0, 0, 0];
            if run.1 == 18 && !plain {
                colours.push(c);
            }
        }
        colours
    }

    /// The colour bar's colour for value v on a bar from min (bottom) to max (top).
    fn bar(&self, picture: &Picture, v: f64, min: f64, max: f64) -> Rgb {
        let row = ((max - v) / (max - min) * self.size as f64).floor() as u32;
        picture.at(self.legend + 15, self.top + row.min(self.size - 1))
    }
}

/// Runs `hog heatmap ARGS --json` in `dir`, which must succeed.
fn heatmap(dir: &Path, args: &[&str]) -> Value {
    let output = Command::cargo_bin("hog")
        .unwrap()
        .current_dir(dir)
        .arg("heatmap")
        .args(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .clone();
    serde_json::from_slice(&output.stdout).expect("JSON on stdout")
}

fn close(a: Rgb, b: Rgb, tolerance: u8) -> bool {
    a.iter().zip(&b).all(|(x, y)| x.abs_diff(*y) <= tolerance)
}

fn course(rules: &Rules, name: &str, args: &[i64]) -> Policy {
    let strategy = course_strategy(rules, name, args).unwrap();
    Policy::from_strategy(&strategy, rules, 100, name).unwrap()
}

fn fails(dir: &Path, args: &[&str], message: &str) {
    let output = Command::cargo_bin("hog")
        .unwrap()
        .current_dir(dir)
        .arg("heatmap")
        .args(args)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
    assert!(
        stderr.contains(message),
        "{args:?} should say {message:?}: {stderr}"
    );
}

#[test]
fn a_constant_strategy_fills_every_cell_with_its_legend_colour() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(dir.path(), &["always_roll(3)", "--rules", "fa13"]);
    // The default file, in the working folder.
    assert_eq!(summary["file"], "heatmap.png");
    let picture = Picture::read(&dir.path().join("heatmap.png"));
    assert_eq!((picture.width, picture.height), (900, 800));
    assert_eq!(
        (summary["width"].as_u64(), summary["height"].as_u64()),
        (Some(900), Some(800))
    );
    let panels = PanelAt::all(&summary);
    assert_eq!(panels.len(), 1);
    let panel = &panels[0];
    assert_eq!(panel.map, "action");
    let legend = panel.legend_colours(&picture);
    assert_eq!(legend.len(), 11, "fa13 has the actions 0..10: {legend:?}");
    // The palette is documented: num_rolls 3 is #77AADD.
    assert_eq!(legend[3], [0x77, 0xAA, 0xDD]);
    for s in 0..100 {
        for o in 0..100 {
            assert_eq!(
                panel.cell(&picture, 100, s, o),
                legend[3],
                "cell ({s}, {o})"
            );
        }
    }
}

#[test]
fn the_optimum_is_drawn_cell_by_cell() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &["optimal", "--rules", "fa13", "-o", "fa13.png"],
    );
    let picture = Picture::read(&dir.path().join("fa13.png"));
    let panel = &PanelAt::all(&summary)[0];
    let legend = panel.legend_colours(&picture);
    assert_eq!(legend.len(), 11);

    let rules = Rules::parse("fa13").unwrap();
    let model = Model::new(&rules, 100).unwrap();
    let policy = Engine::<f64>::new(&model, Driver::Parallel)
        .optimal()
        .policy;
    let mut seen = std::collections::BTreeSet::new();
    for s in 0..100 {
        for o in 0..100 {
            let action = *policy.get(State {
                score: s,
                opponent_score: o,
                sides: 6,
                memory: Default::default(),
                turn: 0,
                extra: false,
            }) as usize;
            seen.insert(action);
            assert_eq!(
                panel.cell(&picture, 100, s, o),
                legend[action],
                "cell ({s}, {o}) plays {action}"
            );
        }
    }
    assert!(seen.len() > 5, "the optimum uses many actions: {seen:?}");
}

#[test]
fn fa16_has_a_panel_per_dice_sides_value() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &["optimal", "--rules", "fa16", "-o", "fa16.png"],
    );
    let picture = Picture::read(&dir.path().join("fa16.png"));
    assert_eq!((picture.width, picture.height), (1800, 800));
    let panels = PanelAt::all(&summary);
    assert_eq!(
        panels.iter().map(|p| p.sides).collect::<Vec<_>>(),
        vec![6, 4]
    );
    assert_eq!(panels[1].left, panels[0].left + 900);

    let rules = Rules::parse("fa16").unwrap();
    let model = Model::new(&rules, 100).unwrap();
    let policy = Engine::<f64>::new(&model, Driver::Parallel)
        .optimal()
        .policy;
    let mut differ = 0;
    for panel in &panels {
        let legend = panel.legend_colours(&picture);
        assert_eq!(legend.len(), 12, "fa16 has the actions -1..10");
        for s in 0..100 {
            for o in 0..100 {
                let x = State {
                    score: s,
                    opponent_score: o,
                    sides: panel.sides,
                    memory: Default::default(),
                    turn: 0,
                    extra: false,
                };
                let action = *policy.get(x) as i32;
                assert_eq!(
                    panel.cell(&picture, 100, s, o),
                    legend[(action + 1) as usize],
                    "{}-sided cell ({s}, {o}) plays {action}",
                    panel.sides
                );
                if panel.sides == 6 {
                    differ += usize::from(*policy.get(State { sides: 4, ..x }) as i32 != action);
                }
            }
        }
    }
    assert!(differ > 0, "the two panels show different policies");
}

#[test]
fn the_svg_has_the_title_and_the_axis_names() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &[
            "bacon_strategy",
            "--rules",
            "fa13",
            "-o",
            "map.svg",
            "--show",
            "both",
        ],
    );
    assert_eq!(summary["format"], "SVG");
    let svg = std::fs::read_to_string(dir.path().join("map.svg")).unwrap();
    // hog's mark, then the picture.
    assert!(
        svg.starts_with("<!-- drawn by hog -->\n<svg"),
        "{}",
        &svg[..100]
    );
    assert!(svg.contains(r#"width="1800""#) && svg.contains(r#"height="800""#));
    for text in [
        "fa13, goal 100: bacon_strategy",
        "num_rolls chosen by the player to move",
        "P(player to move wins), bacon_strategy against always_roll(5)",
        "opponent_score",
        "score (player to move)",
        "num_rolls",
        "10 dice",
    ] {
        assert!(svg.contains(text), "the SVG should contain {text:?}");
    }
}

#[test]
fn win_map_colours_match_the_colour_bar() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &[
            "always_roll(5)",
            "--rules",
            "fa13",
            "--show",
            "both",
            "-o",
            "win.png",
        ],
    );
    assert_eq!(summary["baseline"], "always_roll(5)");
    let picture = Picture::read(&dir.path().join("win.png"));
    assert_eq!((picture.width, picture.height), (1800, 800));
    let panels = PanelAt::all(&summary);
    assert_eq!(
        panels.iter().map(|p| p.map.as_str()).collect::<Vec<_>>(),
        vec!["action", "win"]
    );
    let panel = &panels[1];

    let rules = Rules::parse("fa13").unwrap();
    let model = Model::new(&rules, 100).unwrap();
    let a = course(&rules, "always_roll", &[5]);
    let evaluation = evaluate(&model, &a, &a);
    let win = |s, o| {
        evaluation
            .a_moves
            .get(State {
                score: s,
                opponent_score: o,
                sides: 6,
                memory: Default::default(),
                turn: 0,
                extra: false,
            })
            .a_wins
    };
    // Rolling five dice from 99 scores at least 1 and wins (100 vs 0 is no swap).
    assert!(win(99, 0) > 1.0 - 1e-12);
    let top = panel.bar(&picture, 1.0, 0.0, 1.0);
    assert!(close(panel.cell(&picture, 100, 99, 0), top, 4));
    let mut checked = 0;
    for (s, o) in [
        (0, 0),
        (10, 40),
        (50, 50),
        (70, 20),
        (30, 90),
        (95, 96),
        (99, 0),
    ] {
        let v = win(s, o);
        let cell = panel.cell(&picture, 100, s, o);
        let bar = panel.bar(&picture, v, 0.0, 1.0);
        assert!(
            close(cell, bar, 4),
            "cell ({s}, {o}) with P(win) {v}: {cell:?}, the bar shows {bar:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, 7);
    // Low and high values look different.
    assert!(!close(panel.bar(&picture, 0.1, 0.0, 1.0), top, 40));
}

#[test]
fn the_optimal_win_map_shows_self_play_values() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &["optimal", "--rules", "fa13", "--show", "win", "-o", "w.png"],
    );
    assert!(summary["baseline"].is_null());
    let picture = Picture::read(&dir.path().join("w.png"));
    let panel = &PanelAt::all(&summary)[0];
    let rules = Rules::parse("fa13").unwrap();
    let model = Model::new(&rules, 100).unwrap();
    let values = Engine::<f64>::new(&model, Driver::Parallel)
        .optimal()
        .values;
    for (s, o) in [(0, 0), (20, 60), (60, 20), (45, 90), (88, 88)] {
        let v = *values.get(State {
            score: s,
            opponent_score: o,
            sides: 6,
            memory: Default::default(),
            turn: 0,
            extra: false,
        });
        let cell = panel.cell(&picture, 100, s, o);
        assert!(
            close(cell, panel.bar(&picture, v, 0.0, 1.0), 4),
            "({s}, {o}): {v}"
        );
    }
}

#[test]
fn a_diff_with_itself_has_no_differing_cells() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &[
            "swap_strategy",
            "--rules",
            "fa13",
            "--diff",
            "swap_strategy",
            "-o",
            "d.png",
        ],
    );
    assert_eq!(summary["differing"], 0);
    assert!(summary["largest_gain"].is_null());
    let picture = Picture::read(&dir.path().join("d.png"));
    let panel = &PanelAt::all(&summary)[0];
    assert_eq!(panel.map, "diff");
    let grey = panel.cell(&picture, 100, 0, 0);
    assert!(
        grey[0] == grey[1] && grey[1] == grey[2] && grey[0] < 255,
        "{grey:?}"
    );
    for s in 0..100 {
        for o in 0..100 {
            assert_eq!(panel.cell(&picture, 100, s, o), grey, "cell ({s}, {o})");
        }
    }
}

#[test]
fn a_diff_colours_exactly_the_differing_cells() {
    let dir = tempfile::tempdir().unwrap();
    let summary = heatmap(
        dir.path(),
        &[
            "swap_strategy",
            "--rules",
            "fa13",
            "--diff",
            "bacon_strategy",
            "-o",
            "d.png",
        ],
    );
    let picture = Picture::read(&dir.path().join("d.png"));
    let panel = &PanelAt::all(&summary)[0];
    let rules = Rules::parse("fa13").unwrap();
    let model = Model::new(&rules, 100).unwrap();
    let (swap, bacon) = (
        course(&rules, "swap_strategy", &[]),
        course(&rules, "bacon_strategy", &[]),
    );
    let baseline = course(&rules, "always_roll", &[5]);
    let (ours, theirs) = (
        evaluate(&model, &swap, &baseline),
        evaluate(&model, &bacon, &baseline),
    );
    let mut differing = 0;
    let mut grey = None;
    let mut largest = 0.0f64;
    for s in 0..100 {
        for o in 0..100 {
            let x = State {
                score: s,
                opponent_score: o,
                sides: 6,
                memory: Default::default(),
                turn: 0,
                extra: false,
            };
            let cell = panel.cell(&picture, 100, s, o);
            if swap.get(x) == bacon.get(x) {
                assert_eq!(*grey.get_or_insert(cell), cell, "agreeing cell ({s}, {o})");
            } else {
                differing += 1;
                largest =
                    largest.max((ours.a_moves.get(x).a_wins - theirs.a_moves.get(x).a_wins).abs());
            }
        }
    }
    assert!(differing > 0);
    assert_eq!(summary["differing"], differing);
    // Every differing cell has its difference's colour on the bar, whose
    // scale is a round number at least the largest difference.
    let scale = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0]
        .into_iter()
        .find(|&m| m >= largest)
        .unwrap();
    for s in 0..100 {
        for o in 0..100 {
            let x = State {
                score: s,
                opponent_score: o,
                sides: 6,
                memory: Default::default(),
                turn: 0,
                extra: false,
            };
            if swap.get(x) != bacon.get(x) {
                let d = ours.a_moves.get(x).a_wins - theirs.a_moves.get(x).a_wins;
                let cell = panel.cell(&picture, 100, s, o);
                let bar = panel.bar(&picture, d, -scale, scale);
                assert!(
                    close(cell, bar, 6),
                    "({s}, {o}): {d} is {cell:?}, the bar {bar:?}"
                );
                assert_ne!(Some(cell), grey, "differing cell ({s}, {o})");
            }
        }
    }
}

#[test]
fn a_diff_with_no_losing_state_says_so() {
    // The best response to always_roll(5) is at least as good as any other
    // strategy in every state, against always_roll(5): it loses nowhere.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("d.png").display().to_string();
    let args = format!(
        "heatmap best_response(always_roll(5)) --rules fa13 --diff swap_strategy -o {file}"
    );
    let summary = json(&args);
    assert!(summary["largest_loss"].is_null(), "{summary}");
    assert!(summary["largest_gain"]["difference"].as_f64().unwrap() > 0.5);
    let text = stdout(&args);
    assert!(
        text.contains("most loss  none: best_response(always_roll(5)) wins less in no state"),
        "{text}"
    );
    assert!(!text.contains("-0.000000"), "{text}");
}

#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    fails(
        dir.path(),
        &["always_roll(3)", "-o", "map.jpg"],
        "map.jpg: a heatmap is written as PNG, SVG or an HTML page: the file name must end in .png, .svg or .html",
    );
    fails(
        dir.path(),
        &["always_roll(3)", "-o", "map"],
        ".png, .svg or .html",
    );
    fails(
        dir.path(),
        &["no_such_strategy"],
        "unknown strategy 'no_such_strategy'",
    );
    fails(
        dir.path(),
        &["missing.hogtable"],
        "missing.hogtable: no such file",
    );
    fails(dir.path(), &["always_roll(11)", "--rules", "fa13"], "11");
    fails(
        dir.path(),
        &["always_roll(3)", "--diff", "nonsense()"],
        "--diff: bad strategy 'nonsense()'",
    );
    fails(
        dir.path(),
        &[
            "always_roll(3)",
            "--show",
            "win",
            "--baseline",
            "always_roll(99)",
        ],
        "the opponent (--against)",
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no file written"
    );
}
