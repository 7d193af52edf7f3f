//! Every preset has its file to hand in under tables/, as `hog final`
//! writes it. Making them all is the longest test of the suite: libtest
//! starts tests in the order of their names, so this module's name starts
//! it first, beside the others rather than after them.
//!
//! Where the rules hide state, `hog final` searches (seconds to half a
//! minute a preset in the tests' build), so the suite makes afresh the
//! files of the presets that need no search and one preset of each kind of
//! search ([`SEARCHED_AFRESH`]), and grades every other searched preset's
//! file against the win rate it records. `cargo test --test it --
//! --ignored all_presets` makes every file afresh (after `hog tables`).

use hog_solver::{Preset, PRESETS};

use super::tables::{full_sets, tables_dir};

/// One preset of each kind of search `hog final` makes: only an action
/// flips the dice sides (fa16's Pork Chop), the points flip them (su17),
/// Feral Hogs' memories (sp20), and many hidden values on the general path
/// (fa17-contest's Time Trot).
const SEARCHED_AFRESH: [&str; 4] = ["fa16", "su17", "sp20", "fa17-contest"];

/// Whether `hog final` searches for the preset's file.
fn searched(preset: &Preset) -> bool {
    preset.rules().hides_state()
}

/// `hog final --rules PRESET -o FILE` in a fresh folder for each of
/// `presets`, two at a time, each on one thread (so the two fill both cores; a file
/// is the same on every thread count): each preset's file as written.
fn final_files(presets: &[&'static Preset]) -> Vec<String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let fresh = tempfile::tempdir().unwrap();
    let next = AtomicUsize::new(0);
    let written: Vec<std::sync::Mutex<Option<String>>> =
        presets.iter().map(|_| Default::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(preset) = presets.get(i) else { break };
                let file = fresh.path().join(format!("{}-final.py", preset.name));
                let output = crate::common::hog()
                    .current_dir(env!("CARGO_MANIFEST_DIR"))
                    .env("RAYON_NUM_THREADS", "1")
                    .args(["final", "--rules", preset.name, "-o"])
                    .arg(&file)
                    .output()
                    .unwrap();
                assert!(
                    output.status.success(),
                    "hog final --rules {}: {}",
                    preset.name,
                    String::from_utf8_lossy(&output.stderr)
                );
                *written[i].lock().unwrap() = Some(std::fs::read_to_string(&file).unwrap());
            });
        }
    });
    written
        .into_iter()
        .map(|file| file.into_inner().unwrap().expect("every preset's file"))
        .collect()
}

/// Every preset, however added, has its file to hand in, exactly as `hog
/// final --rules PRESET -o FILE` writes it but for the line that records
/// the command that made it (full sets export it from their table): made
/// afresh for every preset that needs no search and one of each kind of
/// search; every other searched preset's file grades to the win rate it
/// records.
#[test]
fn have_a_fresh_file_to_hand_in() {
    let (afresh, graded): (Vec<&Preset>, Vec<&Preset>) = PRESETS
        .iter()
        .partition(|p| !searched(p) || SEARCHED_AFRESH.contains(&p.name));
    assert_eq!(
        afresh.iter().filter(|p| searched(p)).count(),
        SEARCHED_AFRESH.len()
    );
    compare(&afresh);
    for preset in graded {
        let file = format!("tables/{}-final.py", preset.name);
        let text = std::fs::read_to_string(tables_dir().join(format!("{}-final.py", preset.name)))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let recorded: f64 = text
            .lines()
            .find_map(|l| l.strip_prefix("Win rate:"))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("{file} records no win rate"));
        assert!(
            text.lines()
                .last()
                .is_some_and(|l| l.starts_with("# hog seal: ")),
            "{file} is not sealed"
        );
        let made_by = format!("Made by:   hog final --rules {} --goal 100", preset.name);
        assert!(
            text.lines().any(|l| l == made_by),
            "{file} should record that hog final made it"
        );
        let graded = crate::common::json_in(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")),
            &["grade", &file, "--rules", preset.name, "--costliest", "0"],
        );
        let win_rate = graded["win_rate"].as_f64().unwrap();
        assert!(
            (win_rate - recorded).abs() < 1e-12,
            "{file} records {recorded}, and grades {win_rate}"
        );
    }
}

/// Every preset's file made afresh, the searched ones too: after `hog
/// tables`, `cargo test --test it -- --ignored all_presets`.
#[test]
#[ignore = "minutes: every search afresh; run after hog tables"]
fn have_a_fresh_file_to_hand_in_every_search_included() {
    compare(&PRESETS.iter().collect::<Vec<_>>());
}

/// Each of `presets`' committed file to hand in is sealed, records what
/// made it, and but for that line is what `hog final` writes now.
fn compare(presets: &[&'static Preset]) {
    let full: Vec<&str> = full_sets().iter().map(|p| p.name).collect();
    for (preset, written) in presets.iter().zip(final_files(presets)) {
        let file = format!("{}-final.py", preset.name);
        let committed = std::fs::read_to_string(tables_dir().join(&file)).unwrap_or_else(|e| {
            panic!("tables/{file}: {e}: every preset needs its file to hand in (cargo run --release -- tables)")
        });
        // The seal (the last line) is a digest of the lines above, "Made
        // by" among them.
        let made_by = |line: &&str| line.trim_start().starts_with("Made by:");
        let seal = |line: &&str| line.starts_with("# hog seal: ");
        assert!(
            committed.lines().last().is_some_and(|l| seal(&l)),
            "tables/{file} is not sealed"
        );
        let body = |text: &str| {
            text.lines()
                .filter(|l| !made_by(l) && !seal(l))
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert!(
            body(&committed) == body(&written),
            "tables/{file} is stale: it differs from what hog final --rules {} writes",
            preset.name
        );
        let recorded: Vec<&str> = committed.lines().filter(made_by).collect();
        let expected = if full.contains(&preset.name) {
            format!(
                "hog export tables/{}-final.hogtable --rules {} --goal 100 --format python",
                preset.name, preset.name
            )
        } else {
            format!("hog final --rules {} --goal 100", preset.name)
        };
        assert!(
            !recorded.is_empty()
                && recorded
                    .iter()
                    .all(|l| l.trim_start() == format!("Made by:   {expected}")),
            "tables/{file} should record that {expected} made it: {recorded:?}"
        );
    }
}
