//! Every preset has its file to hand in under tables/, as `hog final`
//! writes it. Making them all is the longest test of the suite: libtest
//! starts tests in the order of their names, so this module's name starts
//! it first, beside the others rather than after them.

use hog_solver::PRESETS;

use super::tables::{full_sets, tables_dir};

/// `hog final --rules PRESET -o FILE` in a fresh folder for every preset,
/// two at a time, each on one thread (so the two fill both cores; a file
/// is the same on every thread count): each preset's file as written.
fn every_final_file() -> Vec<String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let fresh = tempfile::tempdir().unwrap();
    let next = AtomicUsize::new(0);
    let written: Vec<std::sync::Mutex<Option<String>>> =
        PRESETS.iter().map(|_| Default::default()).collect();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(preset) = PRESETS.get(i) else { break };
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
/// the command that made it (full sets export it from their table).
#[test]
fn have_a_fresh_file_to_hand_in() {
    let full: Vec<&str> = full_sets().iter().map(|p| p.name).collect();
    for (preset, written) in PRESETS.iter().zip(every_final_file()) {
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
