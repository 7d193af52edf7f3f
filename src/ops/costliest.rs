//! Where a strategy loses its games: the decisions that cost it most
//! (`hog grade`'s costliest decisions, Python's `Grade.costliest`).
//!
//! Let W(π) be the graded win rate of A's policy π against B, the mean of
//! the two seatings, and change π at one state c alone, to the action a'.
//! Games go alike until they reach c with A to move, and where no game can
//! come back to c (no turn keeps the sum of the scores:
//! `Rules::can_score_zero` false), the change of W is
//!
//! ```text
//!   W(π') − W(π) = μ(c) · (Q(c, a') − Q(c, π(c)))
//! ```
//!
//! where μ(c) is the chance, mean of the two seatings, that a game of π
//! against B reaches c with A to move (`Engine::reach`), and Q(c, a) A's
//! chance to win from c taking a and following π afterwards (the grade's
//! evaluation read one turn back, `Engine::action_values`, as `hog explain
//! --strategy` reads it).
//!
//! A course strategy answers a cell of the two scores alike whatever the
//! rules hide (fa16's dice sides), so a change of its table changes every
//! hidden value h of the cell. Those states lie in one layer (one sum of
//! scores), so no game passes through two of them, and their changes add:
//!
//! ```text
//!   gain(c, a') = Σ_h μ(c_h) · (Q(c_h, a') − Q(c_h, π(c)))
//! ```
//!
//! A strategy that sees the hidden state answers each state on its own, so
//! its cells are the states. One pass over the cells finds each one's best
//! answer (the highest gain, the lowest num_rolls among equal ones) and
//! ranks them; the cells ranked first are then graded again with the
//! change made, one grade each, and that grade's difference from the
//! strategy's own is the gain reported: the formula's value within
//! rounding where it holds, and the exact change where it does not. Under
//! rules where a turn can score 0 (nju21, sp22), a pass can bring a game
//! back to c (a pass answered by a pass ends it as a draw), so the formula
//! is a first-order estimate there: it ranks the cells, and the gains
//! reported are the exact regrades of those it ranks first.
//!
//! The policy page's cost map ([`cost_map`]) draws the same pass: each
//! cell's formula gain of its best answer (0 where none gains), exact
//! where no game comes back to a cell and a first-order estimate where a
//! turn can score 0, with the cells ranked first graded again beside it.

use hog_solver::evaluate::Evaluation;
use hog_solver::solve::{Engine, Grid, TIE_TOLERANCE};
use hog_solver::strategy::Policy;
use hog_solver::{Model, State};
use serde::Serialize;

use super::hidden_words;

/// How many costliest decisions a grade lists unless asked otherwise.
pub const COSTLIEST: usize = 5;

/// A decision that costs the strategy: the cell, its answer there, the best
/// answer, and the exact gain of the win rate if that cell alone took it.
#[derive(Clone, Debug, Serialize)]
pub struct Costly {
    pub score: u32,
    pub opponent_score: u32,
    /// For a strategy that answers by what the rules hide: the state's
    /// hidden value in hog's words ("sides 4").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden: Option<String>,
    pub num_rolls: i32,
    pub best: i32,
    pub gain: f64,
}

/// A run of neighbouring cells (one score, or one opponent score) with the
/// same mistake: the same answer where the same other answer wins more.
#[derive(Clone, Debug)]
pub struct Run {
    /// The lowest and highest score, and opponent score, of the run.
    pub score: (u32, u32),
    pub opponent_score: (u32, u32),
    pub hidden: Option<String>,
    pub num_rolls: i32,
    pub best: i32,
    /// The highest gain of a listed cell of the run.
    pub gain: f64,
    pub cells: usize,
}

/// The costliest decisions, highest gain first, and the runs they lie in
/// (the runs of the listed cells, in the order of their best cell).
pub struct Costliest {
    pub cells: Vec<Costly>,
    pub runs: Vec<Run>,
}

/// A cell of the strategy's table: a pair of scores (every hidden value),
/// or for a strategy that sees the hidden state, one state (its index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    score: u32,
    opponent_score: u32,
    hidden: Option<usize>,
}

/// A cell that a different answer improves, by the formula's gain.
#[derive(Clone, Copy)]
struct Candidate {
    cell: Cell,
    num_rolls: i32,
    best: i32,
    estimate: f64,
}

/// The lowest and highest score, and opponent score, of a run of cells.
type Span = ((u32, u32), (u32, u32));

/// The `count` decisions of A against B whose change alone gains most,
/// each graded again; `win_rate` is A's grade in f64.
pub fn costliest(
    model: &Model,
    engine: &Engine<f64>,
    a: &Policy,
    b: &Policy,
    win_rate: f64,
    count: usize,
) -> Costliest {
    if count == 0 {
        return Costliest {
            cells: vec![],
            runs: vec![],
        };
    }
    // The scan's grids go before the grades again, which hold a grade's.
    let (ranked, spans) = Scan::new(model, engine, a, b).top(count);
    regraded(model, engine, a, b, win_rate, ranked, spans)
}

/// A cell's best other answer and the formula's gain (a first-order
/// estimate where a turn can score 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub best: i32,
    pub gain: f64,
}

/// What each decision costs (the policy page's cost map): every cell's
/// estimate, and the costliest decisions graded again.
pub struct CostMap {
    /// Per cell, score-major (cell score · goal + opponent_score), the
    /// best other answer where one gains: one grid, or for a strategy
    /// that sees the hidden state, one per hidden value.
    pub grids: Vec<Vec<Option<Estimate>>>,
    pub costliest: Costliest,
}

/// The estimate of every cell of A's table against B, and A's
/// [`COSTLIEST`] costliest decisions as [`costliest`] finds them (a grade
/// lists as many by default), from one scan.
pub fn cost_map(
    model: &Model,
    engine: &Engine<f64>,
    a: &Policy,
    b: &Policy,
    win_rate: f64,
) -> CostMap {
    // The scan's grids go before the grades again, which hold a grade's.
    let (grids, (ranked, spans)) = {
        let scan = Scan::new(model, engine, a, b);
        (scan.estimates(), scan.top(COSTLIEST))
    };
    CostMap {
        grids,
        costliest: regraded(model, engine, a, b, win_rate, ranked, spans),
    }
}

/// The words for finding no costly decision: where a turn can score 0
/// (`estimated`) the cells are ranked by a first-order estimate, so
/// finding none proves nothing.
pub fn none_found(estimated: bool) -> &'static str {
    match estimated {
        false => "none: no cell's answer changed alone raises the win rate",
        true => {
            "none found: where a turn can score 0 the cells are ranked by a first-order \
             estimate, and none ranked first raises the win rate when changed alone"
        }
    }
}

/// The ranked candidates graded again with their change made: those that
/// gain, highest first, and their runs.
fn regraded(
    model: &Model,
    engine: &Engine<f64>,
    a: &Policy,
    b: &Policy,
    win_rate: f64,
    ranked: Vec<Candidate>,
    spans: Vec<Span>,
) -> Costliest {
    let hidden = model.hidden();
    let mut listed: Vec<(Costly, Span)> = ranked
        .iter()
        .zip(spans)
        .map(|(c, span)| {
            let costly = Costly {
                score: c.cell.score,
                opponent_score: c.cell.opponent_score,
                hidden: c.cell.hidden.map(|h| hidden_words(&hidden, h)),
                num_rolls: c.num_rolls,
                best: c.best,
                gain: engine.grade(&changed(model, a, c), b).win_rate - win_rate,
            };
            (costly, span)
        })
        .filter(|(c, _)| c.gain > TIE_TOLERANCE)
        .collect();
    listed.sort_by(|x, y| y.0.gain.total_cmp(&x.0.gain));
    let runs = runs(&listed);
    Costliest {
        cells: listed.into_iter().map(|(cell, _)| cell).collect(),
        runs,
    }
}

/// What the formula reads, for every cell: A's game against B from every
/// state (Q, one turn on) and the reach μ of every state with A to move.
struct Scan<'m> {
    model: &'m Model,
    engine: &'m Engine<'m, f64>,
    a: &'m Policy,
    evaluation: Evaluation<f64>,
    reach: Grid<f64>,
}

impl<'m> Scan<'m> {
    fn new(model: &'m Model, engine: &'m Engine<'m, f64>, a: &'m Policy, b: &Policy) -> Self {
        // The reach first, B's grid let go before the evaluation is made.
        let reach = engine.reach(a, b).0;
        Scan {
            model,
            engine,
            a,
            evaluation: engine.evaluate(a, b),
            reach,
        }
    }

    /// The states of a cell that games reach with A to move, each with μ.
    fn states(&self, cell: Cell) -> Vec<(State, f64)> {
        let hidden = self.model.hidden();
        let values = match cell.hidden {
            Some(h) => h..h + 1,
            None => 0..hidden.len(),
        };
        values
            .map(|h| hidden.state(h, cell.score, cell.opponent_score))
            .map(|x| (x, *self.reach.get(x)))
            .filter(|&(_, mu)| mu > 0.0)
            .collect()
    }

    /// Every cell of the table, in score order: a pair of scores, or a
    /// state for a strategy that answers by what the rules hide.
    fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let goal = self.model.goal();
        let values = match self.a.sees_hidden() {
            true => self.model.hidden().len(),
            false => 1,
        };
        let sees = self.a.sees_hidden();
        (0..goal).flat_map(move |score| {
            (0..goal).flat_map(move |opponent_score| {
                (0..values).map(move |h| Cell {
                    score,
                    opponent_score,
                    hidden: sees.then_some(h),
                })
            })
        })
    }

    /// No answer gains more at the cell than Σ_h μ(c_h) · (1 − Q(c_h, π(c))):
    /// no chance to win passes 1.
    fn bound(&self, cell: Cell) -> f64 {
        self.states(cell)
            .iter()
            .map(|&(x, mu)| mu * (1.0 - self.evaluation.a_moves.get(x).a_wins))
            .sum()
    }

    /// The cell's best answer and the formula's gain,
    /// Σ_h μ(c_h) · (Q(c_h, a') − Q(c_h, π(c))), where it is positive.
    fn candidate(&self, cell: Cell) -> Option<Candidate> {
        let states = self.states(cell);
        let num_rolls = self.a.get(states.first()?.0);
        let own = (num_rolls - self.model.rules().min_action()) as usize;
        let mut gains: Vec<(i32, f64)> = vec![];
        for (x, mu) in states {
            let wins = self.engine.action_values(&self.evaluation, x);
            let q = wins[own].1;
            gains.resize(wins.len(), (0, 0.0));
            for (sum, (action, win)) in gains.iter_mut().zip(wins) {
                *sum = (action, sum.1 + mu * (win - q));
            }
        }
        // The first of the highest: the lowest num_rolls.
        let (best, estimate) =
            gains
                .into_iter()
                .fold((num_rolls, 0.0), |top, g| if g.1 > top.1 { g } else { top });
        (estimate > TIE_TOLERANCE).then_some(Candidate {
            cell,
            num_rolls,
            best,
            estimate,
        })
    }

    /// The run of a candidate: from its cell, along its score and along its
    /// opponent score, the neighbouring cells with the same mistake (the
    /// same answer, where the same other answer gains most); the longer of
    /// the two (its opponent scores on a tie).
    fn span(&self, c: &Candidate) -> Span {
        let goal = self.model.goal();
        let (s, o) = (c.cell.score, c.cell.opponent_score);
        let same = |(score, opponent_score): (u32, u32)| {
            let neighbour = Cell {
                score,
                opponent_score,
                hidden: c.cell.hidden,
            };
            score < goal
                && opponent_score < goal
                && self
                    .candidate(neighbour)
                    .is_some_and(|n| (n.num_rolls, n.best) == (c.num_rolls, c.best))
        };
        // How many cells on from this one the run goes, one way.
        let extent = |step: &dyn Fn(u32) -> Option<(u32, u32)>| {
            (1..).take_while(|&n| step(n).is_some_and(same)).count() as u32
        };
        let down_o = extent(&|n| o.checked_sub(n).map(|o| (s, o)));
        let up_o = extent(&|n| Some((s, o + n)));
        let down_s = extent(&|n| s.checked_sub(n).map(|s| (s, o)));
        let up_s = extent(&|n| Some((s + n, o)));
        if down_s + up_s > down_o + up_o {
            ((s - down_s, s + up_s), (o, o))
        } else {
            ((s, s), (o - down_o, o + up_o))
        }
    }

    /// The `count` candidates ranked first, each with its run.
    fn top(&self, count: usize) -> (Vec<Candidate>, Vec<Span>) {
        let ranked = match count {
            0 => vec![],
            _ => self.ranked(count),
        };
        let spans = ranked.iter().map(|c| self.span(c)).collect();
        (ranked, spans)
    }

    /// Every cell's estimate, a grid per hidden value that the strategy
    /// sees (one where it sees none), each score-major as [`Self::cells`]
    /// goes.
    fn estimates(&self) -> Vec<Vec<Option<Estimate>>> {
        let grids = match self.a.sees_hidden() {
            true => self.model.hidden().len(),
            false => 1,
        };
        let cells = (self.model.goal() as usize).pow(2);
        let mut estimates = vec![Vec::with_capacity(cells); grids];
        for cell in self.cells() {
            let estimate = self.candidate(cell).map(|c| Estimate {
                best: c.best,
                gain: c.estimate,
            });
            estimates[cell.hidden.unwrap_or(0)].push(estimate);
        }
        estimates
    }

    /// The `count` candidates of the highest gains by the formula, highest
    /// first (the first in score order among equal ones). A cell whose
    /// bound cannot beat the count-th gain found so far is passed over.
    fn ranked(&self, count: usize) -> Vec<Candidate> {
        let mut top: Vec<Candidate> = vec![];
        for cell in self.cells() {
            let floor = match top.len() == count {
                true => top[count - 1].estimate,
                false => TIE_TOLERANCE,
            };
            if self.bound(cell) <= floor {
                continue;
            }
            if let Some(candidate) = self.candidate(cell).filter(|c| c.estimate > floor) {
                // After the last of higher or equal gains: score order on ties.
                let at = top.partition_point(|c| c.estimate >= candidate.estimate);
                top.insert(at, candidate);
                top.truncate(count);
            }
        }
        top
    }
}

/// A's table with the candidate's cell answered by its best action: every
/// hidden value of a cell of the two scores, or the one state.
fn changed(model: &Model, a: &Policy, c: &Candidate) -> Policy {
    let mut actions = a.actions().clone();
    let (s, o) = (c.cell.score as usize, c.cell.opponent_score as usize);
    let values = match c.cell.hidden {
        Some(h) => h..h + 1,
        None => 0..model.hidden().len(),
    };
    for h in values {
        actions[[h, s, o]] = c.best as i8;
    }
    Policy::from_actions(model.rules(), model.goal(), actions)
        .expect("the best action of a cell is an action of the rules")
}

/// The runs of the listed cells, in their order: a listed cell inside an
/// earlier cell's span joins its run.
fn runs(listed: &[(Costly, Span)]) -> Vec<Run> {
    let mut runs: Vec<Run> = vec![];
    for (cell, (score, opponent_score)) in listed {
        let (s, o) = (cell.score, cell.opponent_score);
        if let Some(run) = runs.iter_mut().find(|r| {
            r.hidden == cell.hidden
                && (r.score.0..=r.score.1).contains(&s)
                && (r.opponent_score.0..=r.opponent_score.1).contains(&o)
        }) {
            run.gain = run.gain.max(cell.gain);
            continue;
        }
        runs.push(Run {
            score: *score,
            opponent_score: *opponent_score,
            hidden: cell.hidden.clone(),
            num_rolls: cell.num_rolls,
            best: cell.best,
            gain: cell.gain,
            cells: (score.1 - score.0 + opponent_score.1 - opponent_score.0 + 1) as usize,
        });
    }
    runs
}

#[cfg(test)]
mod tests {
    use hog_solver::solve::Driver;
    use hog_solver::strategy::course_strategy;
    use hog_solver::Rules;

    use super::*;

    /// Every change of one cell, graded: (cell, action, gain), the gain of
    /// the win rate when that cell alone answers the action instead.
    fn every_change(
        model: &Model,
        a: &Policy,
        b: &Policy,
        per_state: bool,
    ) -> Vec<(Cell, i32, f64)> {
        let engine = Engine::<f64>::new(model, Driver::Sequential);
        let base = engine.grade(a, b).win_rate;
        let goal = model.goal();
        let values: Vec<Option<usize>> = match per_state {
            true => (0..model.hidden().len()).map(Some).collect(),
            false => vec![None],
        };
        let mut changes = vec![];
        for score in 0..goal {
            for opponent_score in 0..goal {
                for &hidden in &values {
                    let cell = Cell {
                        score,
                        opponent_score,
                        hidden,
                    };
                    for best in model.rules().actions() {
                        let c = Candidate {
                            cell,
                            num_rolls: 0,
                            best,
                            estimate: 0.0,
                        };
                        let gain = engine.grade(&changed(model, a, &c), b).win_rate - base;
                        changes.push((cell, best, gain));
                    }
                }
            }
        }
        changes
    }

    /// The goal of these tests: every change of every cell graded is quick.
    const GOAL: u32 = 12;

    fn always_roll(rules: &Rules, n: i64) -> Policy {
        let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
        Policy::from_strategy(&strategy, rules, GOAL, "always_roll").unwrap()
    }

    /// The listed cells against a grade of every change of one cell: each
    /// listed gain is that cell's best change, and where no turn can score
    /// 0, no change of a cell not listed gains more than the last listed.
    fn check(rules: Rules, a: &Policy, b: &Policy, count: usize) {
        let model = Model::new(&rules, GOAL).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let win_rate = engine.grade(a, b).win_rate;
        let found = costliest(&model, &engine, a, b, win_rate, count);
        assert_eq!(found.cells.len(), count, "{}", rules.name());
        let changes = every_change(&model, a, b, a.sees_hidden());
        let hidden = model.hidden();
        let at = |c: &Costly, cell: &Cell| {
            cell.score == c.score
                && cell.opponent_score == c.opponent_score
                && cell.hidden.map(|h| hidden_words(&hidden, h)) == c.hidden
        };
        for c in &found.cells {
            let of_cell: Vec<_> = changes.iter().filter(|x| at(c, &x.0)).collect();
            let most = of_cell.iter().map(|x| x.2).fold(f64::MIN, f64::max);
            let taken = of_cell.iter().find(|x| x.1 == c.best).unwrap().2;
            assert!((c.gain - taken).abs() < 1e-15, "{c:?}: {taken}");
            assert!((most - taken).abs() < 1e-15, "{c:?}: {most}");
        }
        let last = found.cells.last().unwrap().gain;
        if !rules.can_score_zero() {
            let beyond = changes
                .iter()
                .filter(|change| !found.cells.iter().any(|c| at(c, &change.0)))
                .map(|change| change.2)
                .fold(0.0, f64::max);
            assert!(beyond <= last + 1e-15, "{beyond} beyond the list's {last}");
        }
        let gains: Vec<f64> = found.cells.iter().map(|c| c.gain).collect();
        assert!(gains.windows(2).all(|w| w[0] >= w[1]), "{gains:?}");
    }

    /// The cost map against a grade of every change of one cell, where no
    /// turn can score 0: each cell's value is its best change (None where
    /// none gains), and its list is [`costliest`]'s.
    fn check_map(rules: Rules, a: &Policy, b: &Policy) {
        let model = Model::new(&rules, GOAL).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let win_rate = engine.grade(a, b).win_rate;
        let map = cost_map(&model, &engine, a, b, win_rate);
        let listed = costliest(&model, &engine, a, b, win_rate, COSTLIEST);
        let cells = |c: &Costliest| {
            let cell = |c: &Costly| (c.score, c.opponent_score, c.hidden.clone(), c.best, c.gain);
            c.cells.iter().map(cell).collect::<Vec<_>>()
        };
        assert_eq!(cells(&map.costliest), cells(&listed));
        assert_eq!(map.grids.len(), if a.sees_hidden() { 2 } else { 1 });
        let changes = every_change(&model, a, b, a.sees_hidden());
        for x in changes.chunks(model.rules().actions().count()) {
            let cell = x[0].0;
            let most = x.iter().map(|c| c.2).fold(f64::MIN, f64::max);
            let at = (cell.score * GOAL + cell.opponent_score) as usize;
            match map.grids[cell.hidden.unwrap_or(0)][at] {
                Some(e) => {
                    let taken = x.iter().find(|c| c.1 == e.best).unwrap().2;
                    assert!((e.gain - most).abs() < 1e-15, "{cell:?} {e:?}: {most}");
                    assert!((taken - most).abs() < 1e-15, "{cell:?} {e:?}: {taken}");
                }
                None => assert!(most <= TIE_TOLERANCE, "{cell:?}: {most}"),
            }
        }
    }

    #[test]
    fn the_costliest_cells_are_the_best_changes_of_one_cell() {
        let fa13 = Rules::fa13();
        let (a, b) = (always_roll(&fa13, 5), always_roll(&fa13, 3));
        check(fa13.clone(), &a, &b, 6);
        check_map(fa13, &a, &b);
    }

    #[test]
    fn a_course_strategy_changes_every_hidden_value_of_a_cell() {
        // fa16: Pork Chop flips the dice sides, which always_roll(2) cannot see.
        let fa16 = Rules::fa16();
        let (a, b) = (always_roll(&fa16, 2), always_roll(&fa16, 4));
        assert!(!a.sees_hidden());
        check(fa16.clone(), &a, &b, 6);
        check_map(fa16, &a, &b);
    }

    #[test]
    fn a_strategy_that_sees_the_sides_changes_one_state() {
        // The best response to always_roll(3), which answers by the sides.
        let fa16 = Rules::fa16();
        let model = Model::new(&fa16, GOAL).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let a = engine
            .best_response(&always_roll(&fa16, 3))
            .policy
            .to_policy(&model);
        assert!(a.sees_hidden());
        let b = always_roll(&fa16, 4);
        check(fa16.clone(), &a, &b, 4);
        check_map(fa16, &a, &b);
    }

    #[test]
    fn where_a_turn_can_score_0_the_gains_are_the_regrades() {
        let nju21 = Rules::nju21();
        let (a, b) = (always_roll(&nju21, 0), always_roll(&nju21, 6));
        check(nju21, &a, &b, 4);
    }
}
