//! The committed tables in tables/ are exactly what a fresh solve gives,
//! their exports are what `hog export` writes of them, and the MANIFEST lists
//! every file with the tables' checksums. Regenerate them with
//! `cargo run --release -- tables` when the engine or a preset changes.

use std::path::PathBuf;

use hog_solver::solve::{Driver, Engine};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::table::{Objective, PolicyTable};
use hog_solver::{Model, Rules, PRESETS};

fn tables_dir() -> PathBuf {
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

#[test]
fn committed_tables_match_a_fresh_solve() {
    for preset in PRESETS {
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
    assert_eq!(rows.len(), 3 * PRESETS.len(), "one row per committed table");
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

#[test]
fn manifest_lists_exactly_the_files_in_tables() {
    let mut listed: Vec<String> = vec!["MANIFEST.md".into()];
    for row in manifest_rows() {
        listed.push(row[1].clone());
        listed.extend(row[6].split(", ").map(str::to_string));
    }
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
    for preset in PRESETS {
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
                let output = assert_cmd::Command::cargo_bin("hog")
                    .unwrap()
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .args(["export", &table, "--rules", preset.name, "--format", "csv"])
                    .output()
                    .unwrap();
                assert!(
                    output.status.success(),
                    "{}",
                    String::from_utf8_lossy(&output.stderr)
                );
                let committed = std::fs::read(&csv).unwrap();
                assert!(committed == output.stdout, "tables/{stem}.csv is stale");
            }

            let png = std::fs::File::open(tables_dir().join(format!("{stem}.png"))).unwrap();
            let info = png::Decoder::new(png).read_info().unwrap().info().clone();
            // Action and win maps, 900x800 per panel: side by side; fa16 has
            // a win map per dice-sides value, and an action map per sides
            // value too when the policy sees them (two rows), else one.
            let size = match (preset.name, sees_sides) {
                ("fa16", true) => (1800, 1600),
                ("fa16", false) => (2700, 800),
                _ => (1800, 800),
            };
            assert_eq!((info.width, info.height), size, "{stem}.png");
        }
    }
}
