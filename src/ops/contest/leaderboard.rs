//! The leaderboard: match points from the matrix of win rates, the ranks,
//! and the report in rank order.
//!
//! Entry a earns a match point against b when w[a][b] > 0.5 + margin (so a
//! tie is a loss for both); entries are ranked by points, equal points
//! sharing a rank (1 + the number of entries with more), then ordered by
//! the win rate against the baseline and by name; excluded entries come
//! last, as given.

use hog_solver::Rules;

use super::{Entry, EntryReport, Matrix, MatrixReport, Report, Resolved};

/// The report of a contest whose `ok` entries (indices into `entries`)
/// were graded into `matrix` (the baseline last), the draws in the same
/// order, and the entry of each leaderboard row.
#[allow(clippy::too_many_arguments)]
pub(super) fn rank(
    rules: &Rules,
    goal: u32,
    entries: &[Entry],
    resolved: &[Resolved],
    ok: &[usize],
    notes: &[Option<String>],
    matrix: &Matrix,
    margin: f64,
) -> (Report, Vec<Vec<Option<f64>>>, Vec<usize>) {
    let n = ok.len();
    let points: Vec<u32> = (0..n)
        .map(|a| {
            (0..n)
                .filter(|&b| b != a && matrix.at(a, b) > 0.5 + margin)
                .count() as u32
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        points[b]
            .cmp(&points[a])
            .then(matrix.at(b, n).total_cmp(&matrix.at(a, n)))
            .then_with(|| entries[ok[a]].name.cmp(&entries[ok[b]].name))
    });
    // Graded row index of each leaderboard row (None: excluded).
    let rows: Vec<Option<usize>> = order
        .iter()
        .map(|&a| Some(a))
        .chain(resolved.iter().filter(|r| r.is_err()).map(|_| None))
        .collect();
    let mut excluded = (0..entries.len()).filter(|i| resolved[*i].is_err());
    let mut report = Report {
        rules: rules.name(),
        goal,
        entries: vec![],
        matrix: MatrixReport {
            names: vec![],
            win_rate: vec![],
        },
    };
    let mut draws = vec![];
    // The entry of each leaderboard row.
    let mut places = Vec::new();
    for row in &rows {
        let (index, rank, pts, vs) = match *row {
            Some(a) => {
                let rank = 1 + points.iter().filter(|&&p| p > points[a]).count();
                (ok[a], Some(rank), Some(points[a]), Some(matrix.at(a, n)))
            }
            None => (
                excluded.next().expect("an excluded entry"),
                None,
                None,
                None,
            ),
        };
        let entry = &entries[index];
        places.push(index);
        report.entries.push(EntryReport {
            name: entry.name.clone(),
            source: entry.source.clone(),
            status: if row.is_some() { "ok" } else { "excluded" },
            reason: resolved[index].as_ref().err().cloned(),
            points: pts,
            rank,
            win_rate_vs_baseline: vs,
            note: notes[index].clone(),
        });
        report.matrix.names.push(entry.name.clone());
        let cell = |values: &[f64], b: &Option<usize>| match (row, b) {
            (Some(a), Some(b)) if a != b => Some(values[a * matrix.size + b]),
            _ => None,
        };
        report
            .matrix
            .win_rate
            .push(rows.iter().map(|b| cell(&matrix.win_rate, b)).collect());
        draws.push(rows.iter().map(|b| cell(&matrix.draw, b)).collect());
    }
    (report, draws, places)
}
