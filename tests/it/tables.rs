//! The committed tables in tables/ are exactly what a fresh solve gives,
//! their exports are what `hog export` writes of them, their heatmaps are,
//! pixel for pixel, what `hog heatmap` draws of them (every preset's file
//! to hand in: [`super::all_presets`]), and the MANIFEST lists every file
//! with the tables' checksums. Regenerate them with
//! `cargo run --release -- tables` when the engine or a preset changes.

use std::path::{Path, PathBuf};

use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::Model;
use hog_solver::{Preset, Rules};

pub fn tables_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tables")
}

fn committed(file: &str) -> PolicyTable {
    let path = tables_dir().join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    PolicyTable::read(&bytes[..]).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn baseline(rules: &Rules, text: &str) -> Policy {
    let StrategySpec::Course { name, args } = StrategySpec::parse(text).unwrap() else {
        panic!("a course baseline")
    };
    let strategy = course_strategy(rules, &name, &args).unwrap();
    Policy::from_strategy(&strategy, rules, 100, text).unwrap()
}

fn assert_same(file: &str, fresh: &PolicyTable) {
    let table = committed(file);
    assert_eq!(table.rules, fresh.rules, "{file}: rules");
    assert_eq!(table.goal, fresh.goal, "{file}: goal");
    assert_eq!(table.objective, fresh.objective, "{file}: objective");
    assert!(
        table.policy == fresh.policy,
        "{file}: the policy differs from a fresh solve"
    );
    assert!(
        table.values == fresh.values,
        "{file}: the values differ from a fresh solve"
    );
}

/// The presets with a full set of tables (the MANIFEST's first table), in
/// its order.
pub fn full_sets() -> Vec<&'static Preset> {
    let mut names: Vec<String> = manifest_rows()
        .into_iter()
        .map(|row| row[2].clone())
        .collect();
    names.dedup();
    names
        .iter()
        .map(|name| Preset::find(name).unwrap_or_else(|| panic!("{name}: no preset")))
        .collect()
}

#[test]
fn committed_tables_match_a_fresh_solve() {
    for preset in full_sets() {
        let rules = preset.rules();
        let model = Model::new(&rules, 100).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let optimal = engine.optimal();
        let fresh = PolicyTable {
            rules: rules.clone(),
            goal: 100,
            objective: Objective::Optimal,
            policy: optimal.policy.to_policy(&model),
            values: optimal.values.cells().to_owned(),
            exact: None,
        };
        assert_same(&format!("{}-optimal.hogtable", preset.name), &fresh);

        let response = engine.best_response(&baseline(&rules, preset.baseline));
        let fresh = PolicyTable {
            rules: rules.clone(),
            goal: 100,
            objective: Objective::BestResponse {
                against: preset.baseline.to_string(),
            },
            policy: response.policy.to_policy(&model),
            values: response.us.cells().to_owned(),
            exact: None,
        };
        assert_same(&format!("{}-best-response.hogtable", preset.name), &fresh);

        let blind = engine
            .blind_response(&baseline(&rules, preset.baseline))
            .unwrap();
        let against = preset.baseline.to_string();
        let fresh = PolicyTable {
            rules: rules.clone(),
            goal: 100,
            objective: if preset.name == "fa16" {
                Objective::BlindBestResponse { against }
            } else {
                Objective::BestResponse { against }
            },
            policy: blind.policy,
            values: blind.values.cells().to_owned(),
            exact: None,
        };
        assert_same(&format!("{}-final.hogtable", preset.name), &fresh);
    }
}

/// The MANIFEST's table rows, split into cells.
fn manifest_rows() -> Vec<Vec<String>> {
    let manifest = std::fs::read_to_string(tables_dir().join("MANIFEST.md")).unwrap();
    manifest
        .lines()
        .filter(|line| line.contains(".hogtable |"))
        .map(|line| {
            line.split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn manifest_lists_every_table_with_its_checksum() {
    let rows = manifest_rows();
    assert_eq!(
        rows.len(),
        3 * full_sets().len(),
        "three tables per full set"
    );
    for row in rows {
        let (file, checksum) = (&row[1], &row[5]);
        let bytes = std::fs::read(tables_dir().join(file)).unwrap();
        let table = PolicyTable::read_policy(&bytes[..]).unwrap();
        // The checksum is the CRC-32 of the whole file but its last four bytes.
        let (content, stored) = bytes.split_at(bytes.len() - 4);
        assert_eq!(stored, crc32fast::hash(content).to_le_bytes(), "{file}");
        assert_eq!(&format!("{:08x}", table.checksum), checksum, "{file}");
        let header = table.header;
        assert_eq!(
            Rules::parse(&row[2]).unwrap().to_string(),
            header.rules,
            "{file}"
        );
    }
}

/// The rows of the MANIFEST's second table, the presets with only a file
/// to hand in, split into cells.
fn final_only_rows() -> Vec<Vec<String>> {
    let manifest = std::fs::read_to_string(tables_dir().join("MANIFEST.md")).unwrap();
    manifest
        .lines()
        .filter(|line| line.starts_with("| ") && line.contains("-final.py |"))
        .map(|line| {
            line.split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn manifest_lists_exactly_the_files_in_tables() {
    let mut listed: Vec<String> = vec!["MANIFEST.md".into()];
    for row in manifest_rows() {
        listed.push(row[1].clone());
        listed.extend(row[6].split(", ").map(str::to_string));
    }
    listed.extend(final_only_rows().into_iter().map(|row| row[1].clone()));
    listed.sort();
    let mut present: Vec<String> = std::fs::read_dir(tables_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    present.sort();
    assert_eq!(listed, present);
}

#[test]
fn committed_exports_and_heatmaps_are_fresh() {
    let fresh = tempfile::tempdir().unwrap();
    for preset in full_sets() {
        for kind in ["optimal", "best-response", "final"] {
            let stem = format!("{}-{kind}", preset.name);
            // fa16's optimum and best response see the dice sides: no course
            // strategy can play them, so they have no exports to hand in.
            let sees_sides = preset.name == "fa16" && kind != "final";
            let csv = tables_dir().join(format!("{stem}.csv"));
            if sees_sides {
                assert!(!csv.exists(), "{stem} sees the sides but has exports");
            } else {
                let table = format!("tables/{stem}.hogtable");
                let exported =
                    hog_in_checkout(&["export", &table, "--rules", preset.name, "--format", "csv"]);
                let committed = std::fs::read(&csv).unwrap();
                assert!(committed == exported, "tables/{stem}.csv is stale");
            }

            let committed = pixels(&tables_dir().join(format!("{stem}.png")));
            // Action and win maps, 900x800 per panel: side by side; fa16 has
            // a win map per dice-sides value, and an action map per sides
            // value too when the policy sees them (two rows), else one.
            let size = match (preset.name, sees_sides) {
                ("fa16", true) => (1800, 1600),
                ("fa16", false) => (2700, 800),
                _ => (1800, 800),
            };
            assert_eq!((committed.0, committed.1), size, "{stem}.png");
            let png = fresh.path().join(format!("{stem}.png"));
            let table = format!("tables/{stem}.hogtable");
            let drawn = pixels(&draw(&[
                &table,
                "--rules",
                preset.name,
                "--show",
                "both",
                "-o",
                png.to_str().unwrap(),
            ]));
            assert!(
                committed == drawn,
                "tables/{stem}.png is stale: its pixels differ from a fresh hog heatmap"
            );
        }
    }
}

/// A PNG's width, height and pixels (as 8-bit RGBA or whatever the file
/// holds, with its colour type), decoded.
fn pixels(path: &Path) -> (u32, u32, png::ColorType, Vec<u8>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(file).read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buffer).unwrap();
    buffer.truncate(frame.buffer_size());
    (frame.width, frame.height, frame.color_type, buffer)
}

/// Runs `hog ARGS` in the checkout, which must succeed; returns its stdout.
fn hog_in_checkout(args: &[&str]) -> Vec<u8> {
    crate::common::stdout_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs `hog heatmap ARGS` in the checkout; returns the picture's path (the
/// argument after `-o`).
fn draw(args: &[&str]) -> PathBuf {
    hog_in_checkout(&[&["heatmap"], args].concat());
    let at = args.iter().position(|a| *a == "-o").unwrap();
    PathBuf::from(args[at + 1])
}

#[test]
fn the_readme_heatmap_is_what_hog_heatmap_draws() {
    let fresh = tempfile::tempdir().unwrap();
    let png = fresh.path().join("fa13-optimal.png");
    let drawn = pixels(&draw(&[
        "optimal",
        "--rules",
        "fa13",
        "--show",
        "both",
        "-o",
        png.to_str().unwrap(),
    ]));
    let committed =
        pixels(&PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/heatmap-fa13-optimal.png"));
    assert!(
        committed == drawn,
        "docs/heatmap-fa13-optimal.png is stale: hog heatmap optimal --rules fa13 --show both \
         -o docs/heatmap-fa13-optimal.png draws other pixels"
    );
}
