//! The policy page's cost map, read from the page's own data (the JSON in
//! `#hog-data` and its zlib blob, decoded here): its costliest decisions
//! are `hog grade --json`'s; a cell's value is the change of the win rate
//! that `hog grade` finds when the strategy's exported table is edited at
//! that cell alone (every hidden value of it under fa16, whose sides a
//! course strategy cannot see), where no game can come back to a cell and
//! the value is exact; and a best response's map is empty, in the words
//! `hog grade` has for that.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use base64::Engine as _;
use serde_json::Value;

use crate::common::line::{json, stdout};
use crate::common::number;

/// A page's data and its arrays, each value rebuilt from its byte planes
/// (the most significant first).
fn page_data(page: &Path) -> (Value, HashMap<String, Vec<u64>>) {
    let text = std::fs::read_to_string(page).unwrap();
    let open = "id=\"hog-data\">";
    let start = text.find(open).unwrap() + open.len();
    let end = start + text[start..].find("</script>").unwrap();
    let data: Value = serde_json::from_str(&text[start..end]).unwrap();
    let packed = base64::engine::general_purpose::STANDARD
        .decode(data["blob"].as_str().unwrap())
        .unwrap();
    let mut raw = vec![];
    flate2::read::ZlibDecoder::new(&packed[..])
        .read_to_end(&mut raw)
        .unwrap();
    let arrays = data["arrays"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, at)| {
            let [offset, width, count] = [0, 1, 2].map(|i| at[i].as_u64().unwrap() as usize);
            let values = (0..count)
                .map(|i| {
                    (0..width).fold(0, |v, plane| {
                        v << 8 | raw[offset + plane * count + i] as u64
                    })
                })
                .collect();
            (name.clone(), values)
        })
        .collect();
    (data, arrays)
}

/// The page of `strategy` (goal 30, against the course baseline or
/// `against`) and its data.
fn page(
    dir: &Path,
    rules: &str,
    strategy: &str,
    against: &[&str],
) -> (Value, HashMap<String, Vec<u64>>) {
    let file = dir.join(format!("{rules}.html"));
    let file = file.to_str().unwrap();
    let args = [
        "heatmap", strategy, "--rules", rules, "--goal", "30", "-o", file,
    ];
    stdout(&[&args[..], against].concat());
    page_data(Path::new(file))
}

/// The page's costliest decisions are `hog grade --json`'s: the same cells,
/// answers and hidden values, in the same order, the gains within 1e-12.
fn costliest_is_the_grades(data: &Value, rules: &str, strategy: &str, against: &[&str]) {
    let args = ["grade", strategy, "--rules", rules, "--goal", "30"];
    let graded = json(&[&args[..], against].concat());
    let listed = graded["costliest"].as_array().unwrap();
    let shown = data["cost"]["costliest"].as_array().unwrap();
    assert!(!listed.is_empty(), "{graded}");
    assert_eq!(shown.len(), listed.len(), "{shown:?}");
    for (page, grade) in shown.iter().zip(listed) {
        for key in ["score", "opponent_score", "num_rolls", "best"] {
            assert_eq!(page[key], grade[key], "{key}: {page} {grade}");
        }
        assert_eq!(
            page["hidden"],
            grade.get("hidden").cloned().unwrap_or(Value::Null),
            "{page} {grade}"
        );
        assert!(
            (number(page, "gain") - number(grade, "gain")).abs() <= 1e-12,
            "{page} {grade}"
        );
    }
}

/// The `count` cells of the map's first grid with the highest values,
/// highest first: (cell, its best other answer, its value).
fn highest(arrays: &HashMap<String, Vec<u64>>, count: usize) -> Vec<(usize, i64, f64)> {
    let mut cells: Vec<(usize, i64, f64)> = arrays["gain0"]
        .iter()
        .zip(&arrays["better0"])
        .enumerate()
        .filter(|(_, (_, &better))| better != 0)
        .map(|(cell, (&gain, &better))| (cell, better as i64 - 2, gain as f64 / 1e12))
        .collect();
    cells.sort_by(|x, y| y.2.total_cmp(&x.2));
    cells.truncate(count);
    cells
}

/// Map values against edited tables: the strategy exported as JSON, one
/// cell set to the map's better answer, graded against the page's
/// opponent; the change of the win rate is the map's value there (rounded
/// to 10⁻¹² in the page). The cells: the highest, one far down the map's
/// ranking (past the list), and where the rules hide the sides, the
/// highest that games reach with either sides value.
fn values_are_the_edited_tables_grades(dir: &Path, rules: &str, strategy: &str, against: &[&str]) {
    let (data, arrays) = page(dir, rules, strategy, against);
    costliest_is_the_grades(&data, rules, strategy, against);
    let file = dir.join(format!("{rules}.json"));
    let file = file.to_str().unwrap();
    stdout(&[
        "export", strategy, "--rules", rules, "--goal", "30", "-o", file,
    ]);
    let table: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let grade = |file: &str| {
        let args = ["grade", file, "--costliest", "0"];
        number(&json(&[&args[..], against].concat()), "win_rate")
    };
    let base = grade(file);
    let ranked = highest(&arrays, usize::MAX);
    assert!(
        ranked.len() >= 40,
        "{rules}: {strategy} has 40 costly cells"
    );
    let mut cells = vec![ranked[0], ranked[39]];
    if arrays.contains_key("share1") {
        // A share of 10¹² units is the whole reach.
        let mixed = |&&(cell, _, _): &&(usize, i64, f64)| {
            (0..2).all(|h| (1..1_000_000_000_000).contains(&arrays[&format!("share{h}")][cell]))
        };
        cells.push(
            *ranked
                .iter()
                .find(mixed)
                .expect("a cell reached with both sides"),
        );
    }
    for (cell, better, value) in cells {
        let (s, o) = (cell / 30, cell % 30);
        let mut edited = table.clone();
        assert_ne!(edited["table"][s][o], better, "{rules} {s},{o}");
        edited["table"][s][o] = better.into();
        let path = dir.join(format!("{rules}-{s}-{o}.json"));
        std::fs::write(&path, edited.to_string()).unwrap();
        let change = grade(path.to_str().unwrap()) - base;
        assert!(
            (change - value).abs() <= 1e-11,
            "{rules} {s},{o}: the map says {value}, the edited table gains {change}"
        );
    }
}

#[test]
fn a_cells_value_is_the_edited_tables_grade() {
    let dir = tempfile::tempdir().unwrap();
    values_are_the_edited_tables_grades(dir.path(), "fa13", "always_roll(4)", &[]);
}

#[test]
fn under_hidden_sides_a_blind_cell_sums_every_side() {
    // always_roll(2) cannot see fa16's sides: one grid, each cell every
    // sides value, which optimal's Pork Chops flip.
    let dir = tempfile::tempdir().unwrap();
    let against = ["--against", "optimal"];
    values_are_the_edited_tables_grades(dir.path(), "fa16", "always_roll(2)", &against);
    let (data, arrays) = page(dir.path(), "fa16", "always_roll(2)", &against);
    assert_eq!(data["cost"]["grids"], 1);
    assert!(!arrays.contains_key("gain1"));
    let note = data["cost"]["note"].as_str().unwrap();
    assert!(note.contains("every dice sides value"), "{note}");
}

/// A strategy that sees the sides has a grid per sides value; each listed
/// cell names its sides and lies in that grid with a positive value.
#[test]
fn a_sighted_strategy_has_a_map_per_sides() {
    let dir = tempfile::tempdir().unwrap();
    let (data, arrays) = page(dir.path(), "fa16", "optimal", &[]);
    assert_eq!(data["cost"]["grids"], 2);
    costliest_is_the_grades(&data, "fa16", "optimal", &[]);
    for c in data["cost"]["costliest"].as_array().unwrap() {
        let g = c["grid"].as_u64().unwrap();
        let sides = ["sides 6", "sides 4"][g as usize];
        assert_eq!(c["hidden"], sides, "{c}");
        let cell =
            (c["score"].as_u64().unwrap() * 30 + c["opponent_score"].as_u64().unwrap()) as usize;
        assert!(arrays[&format!("gain{g}")][cell] > 0, "{c}");
        assert_eq!(
            arrays[&format!("better{g}")][cell] as i64 - 2,
            c["best"].as_i64().unwrap(),
            "{c}"
        );
    }
}

/// A best response's map is empty, said as `hog grade` says it; where a
/// turn can score 0 the map and the words say they are an estimate.
#[test]
fn a_best_response_has_an_empty_map() {
    let dir = tempfile::tempdir().unwrap();
    for (rules, baseline, none) in [
        (
            "fa13",
            "always_roll(5)",
            "none: no cell's answer changed alone raises the win rate",
        ),
        (
            "nju21",
            "always_roll(6)",
            "none found: where a turn can score 0 the cells are ranked by a first-order \
             estimate, and none ranked first raises the win rate when changed alone",
        ),
    ] {
        let (data, arrays) = page(
            dir.path(),
            rules,
            &format!("best_response({baseline})"),
            &[],
        );
        assert_eq!(data["cost"]["none"], none, "{rules}");
        assert_eq!(data["cost"]["costliest"], Value::Array(vec![]), "{rules}");
        assert!(arrays["gain0"].iter().all(|&g| g == 0), "{rules}");
        assert!(arrays["better0"].iter().all(|&b| b == 0), "{rules}");
        let note = data["cost"]["note"].as_str().unwrap();
        assert_eq!(
            note.contains("first-order estimate"),
            rules == "nju21",
            "{note}"
        );
    }
}
