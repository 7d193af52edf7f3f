//! A proven bound on the blind best response, tighter than the sighted
//! one: branch and bound over the actions each cell may take (opt-in; see
//! [`Engine::blind_bound`]).
//!
//! # The bound of a node
//!
//! A node allows each cell (s, o) a set A(s, o) of actions. Every blind
//! policy that answers from the sets is also a policy that sees the hidden
//! state and answers from the same sets, so the best response that sees the
//! hidden state, restricted to the sets, wins at least as much as any of
//! them:
//!
//! ```text
//!   U(A) = ½ W_A(0, 0, h₀) + ½ L_A(0, 0, h₀)
//!   W_A(x) = max over a in A(s, o) of Σ_p P(p | x, a) · {1 win, 0 loss, L_A(y) otherwise}
//!   L_A(x) = Σ_p P(p | x, B(x)) · {0 win, 1 loss, W_A(y) otherwise}
//! ```
//!
//! At the root every action is allowed and U is the sighted bound.
//!
//! # Branching
//!
//! If the restricted response answers alike in every hidden state of each
//! cell its games reach, it plays as a blind policy does, and that blind
//! policy wins U(A): the node is solved, and U(A) is a win rate some blind
//! policy attains. Otherwise some reached cells are answered a with one
//! hidden value and a' ≠ a with another. In such a cell, with μ_h the reach
//! of hidden value h, Q_h its action values and b the blind answer of most
//! Σ_h μ_h Q_h(b) among the allowed, the *regret-weighted reach*
//!
//! ```text
//!   Σ_h μ_h · (max_a Q_h(a) − Q_h(b))  >= 0
//! ```
//!
//! is what the response would lose there by answering blindly, the rest
//! kept. A cell's split: with h₁ the first reached hidden value and h₂ one
//! answered otherwise, S is the allowed actions that h₁ regrets less than
//! h₂ does (h₁'s answer always, h₂'s never), and the children allow S, and
//! the rest, there. A blind policy answers the cell with one action, in
//! exactly one of the two sets, so the children hold every blind policy of
//! the node between them, whichever cell is split: the choice of the cell
//! decides how fast the bound falls, never whether it holds.
//!
//! The candidates are the [`STRONG_CANDIDATES`] disagreeing cells of most
//! regret-weighted reach. Weighing a cell costs each reached hidden
//! value's options; answering blindly with a reached hidden value g's
//! answer costs g nothing and each other h at most W_h, so a cell's
//! regret-weighted reach is at most Σ_h μ_h W_h − max_g μ_g W_g, and the
//! cells are weighed from the largest such bound down to the first that
//! cannot pass the candidates found.
//!
//! *Strong branching*: the node computes both children of every candidate
//! and splits at the candidate of the largest product of the two
//! children's falls from its bound ([`strongest`]), keeping those two
//! children as they are.
//!
//! # Re-solving only what a split changes
//!
//! Every turn adds at least one point (these rules score no turn 0), so a
//! state's values read only states of a higher sum of scores s + o. A node
//! differs from the root only at its cells of removed actions, so above the
//! highest sum among them its W, L and answers are the root's: a node
//! starts from the root's and solves the layers from that sum down to 0.
//! Likewise a child differs from its node only at the split's cell: when a
//! node is split it is solved once from the root's response, and each
//! candidate's children from the node's, solving the layers from the
//! cell's sum down to 0. Splits fall on cells of much reach, near the
//! start, so a child costs a small share of the root's solve; the reach of
//! a kept child's response, which its candidates need, costs about one
//! solve.
//!
//! # The search
//!
//! Best first: the open node with the highest U is split next. Every blind
//! policy lies in some open or solved node, so the blind optimum is at most
//! the highest U among them, and that only falls as nodes are split. A
//! node whose U is no more than a win rate already attained (the ascent's,
//! or a solved node's) cannot hold a better policy and is dropped.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::{Against, Engine, Work, MANY_HIDDEN};
use crate::rules::State;
use crate::solve::{Grid, TIE_TOLERANCE};
use crate::strategy::Policy;

/// What the branch and bound proved.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ProvenBound {
    /// No blind strategy wins more than this against B.
    pub bound: f64,
    /// The best win rate a solved node showed a blind strategy attains (at
    /// least the incumbent given).
    pub attained: f64,
    /// The nodes of the tree: the root and the two children of each split.
    pub nodes: usize,
    /// The nodes whose bound was computed: the root and both children of
    /// every candidate split that strong branching weighed, the kept
    /// ones included.
    pub bounds_computed: usize,
    /// Whether the search ended with no open node: then `bound` is the
    /// blind optimum itself, up to the tie tolerance.
    pub complete: bool,
}

/// An open node: the actions taken away from cells, from the root's all.
struct Node {
    /// U of the node.
    bound: f64,
    /// (s · goal + o, the action not allowed there).
    removed: Vec<(u32, i8)>,
    /// The candidate splits, of most regret-weighted reach first.
    splits: Vec<Split>,
}

/// The splits of most regret-weighted reach whose children strong
/// branching computes before it splits a node (see the module docs).
const STRONG_CANDIDATES: usize = 4;

/// Where the rules hide many values, the disagreeing cells of most reach
/// that a node weighs (see [`Engine::splits_of`]).
const MOST_REACHED: usize = 16;

/// A cell (s · goal + o) and the two sets of its allowed actions, by bit
/// a − min action, that the two children keep there.
type Split = (u32, u16, u16);

impl PartialEq for Node {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Node {}
impl PartialOrd for Node {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Node {
    /// The higher bound first; on a tie the shallower node (fewer removed).
    fn cmp(&self, other: &Self) -> Ordering {
        self.bound
            .total_cmp(&other.bound)
            .then(other.removed.len().cmp(&self.removed.len()))
    }
}

/// A node's restricted response: its bound, and the splits that part its
/// disagreeing cells of most reach, of most regret-weighted reach first
/// (none where the node is solved).
#[derive(Debug, PartialEq)]
struct Evaluated {
    bound: f64,
    splits: Vec<Split>,
}

/// The restricted response's values, W (`us`) and L (`them`), and its
/// answers, of every state: the root's is where each node starts.
#[derive(Clone)]
struct Response {
    us: Grid<f64>,
    them: Grid<f64>,
    table: ndarray::Array3<i8>,
}

impl Engine<'_, f64> {
    /// Branch and bound (see the module docs) over at most `nodes` nodes
    /// of the tree, from the win rate `incumbent` that a blind policy
    /// attains against `b` (the ascent's). Rules with hidden state only,
    /// where no turn scores 0.
    pub fn blind_bound(&self, b: &Policy, incumbent: f64, nodes: usize) -> ProvenBound {
        // Under Feral Hogs a child costs more than strong branching gains
        // there (fa19 at 1,001 nodes: 0.8798648 with 4 candidates, 0.8798588
        // with one): the candidate of most regret-weighted reach alone.
        let strong = if self.model().hidden().len() > MANY_HIDDEN {
            1
        } else {
            STRONG_CANDIDATES
        };
        self.branch_and_bound(b, incumbent, nodes, strong)
    }

    /// [`Engine::blind_bound`], each split chosen among the children of
    /// `strong` candidate splits.
    fn branch_and_bound(
        &self,
        b: &Policy,
        incumbent: f64,
        nodes: usize,
        strong: usize,
    ) -> ProvenBound {
        let mut attained = incumbent;
        let mut open: BinaryHeap<Node> = BinaryHeap::new();
        let field = [Against::new(self, b)];
        let (root, response) = self.restricted(&field, &[], None, strong);
        let (mut count, mut computed) = (1, 1);
        // The sighted bound: no open node's bound passes it but by rounding,
        // which is not let through (an attained win rate is a grade, kept).
        let sighted = root.bound;
        // A solved node attains its bound; an open one is split later.
        let keep = |open: &mut BinaryHeap<Node>, attained: &mut f64, removed, e: Evaluated| {
            if e.splits.is_empty() {
                *attained = attained.max(e.bound);
            } else {
                let mut splits = e.splits;
                splits.truncate(strong);
                open.push(Node {
                    bound: e.bound,
                    removed,
                    splits,
                });
            }
        };
        keep(&mut open, &mut attained, vec![], root);
        let min = self.model().rules().min_action();
        // A split adds two nodes to the tree: at most `nodes` in all.
        while count + 2 <= nodes {
            let Some(node) = open.pop() else { break };
            if node.bound <= attained {
                // Every open node is bounded below this one's bound.
                open.clear();
                break;
            }
            // Both children of each candidate split, two by two, each with
            // the cell where it differs from the node.
            let children: Vec<(Vec<(u32, i8)>, u32)> = node
                .splits
                .iter()
                .flat_map(|&(cell, kept, rest)| {
                    [rest, kept].map(|taken| {
                        let mut removed = node.removed.clone();
                        removed.extend(actions_of(taken, min).map(|a| (cell, a)));
                        (removed, cell)
                    })
                })
                .collect();
            // The node's response, from the root's; each child from the
            // node's, solving the layers at and below its cell's sum alone.
            let highest = node.removed.iter().map(|&(cell, _)| self.sum_of(cell));
            let from_root = (&response, highest.max().unwrap_or(0));
            let (_, at_node) = self.solve_restricted(b, &node.removed, Some(from_root));
            let solved = self.each(&children, |(removed, cell)| {
                self.solve_restricted(b, removed, Some((&at_node, self.sum_of(*cell))))
            });
            drop(at_node);
            computed += children.len();
            let pairs: Vec<[f64; 2]> = solved.chunks(2).map(|c| [c[0].0, c[1].0]).collect();
            let chosen = strongest(node.bound, &pairs);
            let kept: Vec<_> = children
                .into_iter()
                .zip(solved)
                .skip(2 * chosen)
                .take(2)
                .map(|((removed, _), solved)| (removed, solved))
                .collect();
            // A child no higher than the win rate attained holds no better
            // policy: it is dropped without weighing its splits.
            let floor = attained;
            let splits = self.each(&kept, |(removed, (bound, response))| {
                (*bound > floor).then(|| self.splits_of(&field, removed, response, strong))
            });
            count += 2;
            for ((removed, (bound, _)), splits) in kept.into_iter().zip(splits) {
                if let Some(splits) = splits {
                    keep(
                        &mut open,
                        &mut attained,
                        removed,
                        Evaluated { bound, splits },
                    );
                }
            }
        }
        let open_bound = open
            .iter()
            .map(|node| node.bound)
            .fold(f64::NEG_INFINITY, f64::max);
        ProvenBound {
            bound: attained.max(open_bound.min(sighted)),
            attained,
            nodes: count,
            bounds_computed: computed,
            complete: open_bound <= attained,
        }
    }

    /// The best response to `b` that sees the hidden state, with the
    /// actions in `removed` taken away from their cells: U(A) and its
    /// splits, of most regret-weighted reach first; and the response
    /// itself. Given the root's response, only the layers at and below the
    /// highest sum of a removed cell are solved (see the module docs).
    fn restricted(
        &self,
        field: &[Against],
        removed: &[(u32, i8)],
        root: Option<&Response>,
        count: usize,
    ) -> (Evaluated, Response) {
        let highest = removed.iter().map(|&(cell, _)| self.sum_of(cell));
        let start = root.map(|root| (root, highest.max().unwrap_or(0)));
        let (bound, response) = self.solve_restricted(field[0].b, removed, start);
        let splits = self.splits_of(field, removed, &response, count);
        (Evaluated { bound, splits }, response)
    }

    /// Bit (a − min) of `allowed[s · goal + o]`: whether the cell may take
    /// action a once the actions in `removed` are taken away.
    fn allowed(&self, removed: &[(u32, i8)]) -> Vec<u16> {
        let goal = self.model().goal() as usize;
        let min = self.model().rules().min_action();
        let mut allowed = vec![self.every_action(); goal * goal];
        for &(cell, a) in removed {
            allowed[cell as usize] &= !(1 << (i32::from(a) - min));
        }
        allowed
    }

    /// Every action's bit (a − min).
    fn every_action(&self) -> u16 {
        let rules = self.model().rules();
        rules
            .actions()
            .fold(0, |m, a| m | 1u16 << (a - rules.min_action()))
    }

    /// The sum of scores s + o of the cell s · goal + o.
    fn sum_of(&self, cell: u32) -> usize {
        let goal = self.model().goal();
        (cell / goal + cell % goal) as usize
    }

    /// The restricted response of [`Engine::restricted`] alone: U(A) and
    /// the response, solved whole or from `start`, a response whose
    /// allowed actions differ from `removed`'s only in cells of sums up to
    /// the one given.
    fn solve_restricted(
        &self,
        b: &Policy,
        removed: &[(u32, i8)],
        start: Option<(&Response, usize)>,
    ) -> (f64, Response) {
        let model = self.model();
        let goal = model.goal() as usize;
        let hidden = model.hidden();
        let actions = model.rules().actions();
        let min = *actions.start();
        let allowed = self.allowed(removed);
        let (mut response, highest_changed) = match start {
            Some((start, highest)) => (start.clone(), highest),
            None => (
                Response {
                    us: Grid::new(model, 0.0),
                    them: Grid::new(model, 0.0),
                    table: ndarray::Array3::<i8>::zeros((hidden.len(), goal, goal)),
                },
                2 * goal,
            ),
        };
        let Response { us, them, table } = &mut response;
        let mut buffer = vec![];
        for layer in self.layers() {
            if layer.sum() as usize > highest_changed {
                continue;
            }
            // Under Feral Hogs each column of the layer's states once (the
            // same bits as each state's own).
            let by_columns = model
                .feral()
                .map(|feral| self.feral_layer_options(&layer, them, &f64::clone, feral));
            for (i, &x) in layer.states.iter().enumerate() {
                let (s, o) = (x.score as usize, x.opponent_score as usize);
                let own;
                let options = match &by_columns {
                    Some(by_columns) => &by_columns[i],
                    None => {
                        own = self.options(x, &mut buffer, them, us, f64::clone);
                        &own
                    }
                };
                // The first best allowed action, from the fewest dice.
                let (a, w) = actions
                    .clone()
                    .filter(|a| allowed[s * goal + o] & (1 << (a - min)) != 0)
                    .map(|a| (a, *options.value(a).expect("no turn passes")))
                    .fold((min, f64::NEG_INFINITY), |best, (a, w)| {
                        if w > best.1 {
                            (a, w)
                        } else {
                            best
                        }
                    });
                us.set(x, w.clamp(0.0, 1.0));
                table[[hidden.index(x), s, o]] = a as i8;
            }
            for &x in &layer.states {
                // B's win is our loss: 0, B's loss 1.
                let value = self.expect_on_grid(x, b.get(x), &0.0, &1.0, us, them);
                them.set(x, value.clamp(0.0, 1.0));
            }
        }
        let bound = 0.5 * (us.get(State::START) + them.get(State::START));
        (bound, response)
    }

    /// Where the restricted `response` answers a reached cell differently
    /// with two hidden values: the splits of the disagreeing cells of most
    /// reach, of most regret-weighted reach first (see the module docs);
    /// none where it answers alike in every reached cell.
    fn splits_of(
        &self,
        field: &[Against],
        removed: &[(u32, i8)],
        response: &Response,
        count: usize,
    ) -> Vec<Split> {
        let model = self.model();
        let goal = model.goal() as usize;
        let hidden = model.hidden();
        let actions = model.rules().actions();
        let min = *actions.start();
        let allowed = self.allowed(removed);
        let Response { us, them, table } = response;
        let mut buffer = vec![];
        let ours = Policy::from_actions_unchecked(model.goal(), hidden, table.clone());
        // μ under the restricted response, as the ascent computes it.
        let mut work = Work::new(self, field);
        work.reach(&ours);
        let reach_us = &work.field[0].reach_us;
        let reached_in = |s: usize, o: usize| -> Vec<(usize, i8, f64)> {
            (0..hidden.len())
                .map(|h| {
                    let x = hidden.state(h, s as u32, o as u32);
                    (h, table[[h, s, o]], *reach_us.get(x))
                })
                .filter(|&(_, _, r)| r > 0.0)
                .collect()
        };
        // The disagreeing cells, each with a bound on its regret-weighted
        // reach: answering blindly a_g, the answer of one reached hidden
        // value g, costs g nothing and each other h at most W_h (every Q
        // lies in [0, 1]), so with g of most μ_g W_g
        //
        //   regret <= Σ_h μ_h W_h − max_g μ_g W_g
        //
        // the largest bounds first.
        //
        // Where the rules hide many values (Feral Hogs' memories), the
        // cells of high sums that this order brings up cost a child nearly
        // a whole solve: there the candidates are the [`MOST_REACHED`]
        // disagreeing cells of most reach alone, near the start.
        let many = hidden.len() > MANY_HIDDEN;
        let mut candidates: Vec<(f64, f64, usize, usize)> = vec![];
        for s in 0..goal {
            for o in 0..goal {
                let (mut first, mut disagree) = (None, false);
                let (mut sum, mut most, mut reach) = (0.0, 0.0f64, 0.0);
                for h in 0..hidden.len() {
                    let x = hidden.state(h, s as u32, o as u32);
                    let r = *reach_us.get(x);
                    if r > 0.0 {
                        let a = table[[h, s, o]];
                        disagree |= *first.get_or_insert(a) != a;
                        reach += r;
                        let weight = r * us.get(x);
                        sum += weight;
                        most = most.max(weight);
                    }
                }
                if disagree {
                    candidates.push((sum - most, reach, s, o));
                }
            }
        }
        let order = |a: &(f64, f64, usize, usize), b: &(f64, f64, usize, usize)| {
            let of = |c: &(f64, f64, usize, usize)| if many { c.1 } else { c.0 };
            of(b).total_cmp(&of(a)).then((a.2, a.3).cmp(&(b.2, b.3)))
        };
        candidates.sort_by(order);
        if many {
            candidates.truncate(MOST_REACHED);
        }
        // (regret-weighted reach, split) of the `count` cells of most, in
        // that order, the earlier candidate first on a tie; a cell whose
        // bound is no more than the count-th regret found is not weighed.
        let mut weighed: Vec<(f64, Split)> = vec![];
        for &(most, _, s, o) in &candidates {
            if weighed.len() == count && most <= weighed[count - 1].0 {
                continue;
            }
            let reached = reached_in(s, o);
            let first = reached[0].1;
            let Some(&(h2, other, _)) = reached.iter().find(|(_, a, _)| *a != first) else {
                continue;
            };
            let cell = s * goal + o;
            let allowed_here: Vec<i32> = actions
                .clone()
                .filter(|a| allowed[cell] & (1 << (a - min)) != 0)
                .collect();
            // Each reached hidden value's Q over the allowed actions.
            let q: Vec<Vec<f64>> = reached
                .iter()
                .map(|&(h, _, _)| {
                    let x = hidden.state(h, s as u32, o as u32);
                    let options = self.options(x, &mut buffer, them, us, f64::clone);
                    allowed_here
                        .iter()
                        .map(|&a| *options.value(a).expect("no turn passes"))
                        .collect()
                })
                .collect();
            let best = |i: usize| q[i].iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let blind =
                |j: usize| -> f64 { reached.iter().enumerate().map(|(i, r)| r.2 * q[i][j]).sum() };
            let b = (0..allowed_here.len())
                .reduce(|b, j| if blind(j) > blind(b) { j } else { b })
                .expect("a cell allows an action");
            let regret: f64 = reached
                .iter()
                .enumerate()
                .map(|(i, r)| r.2 * (best(i) - q[i][b]))
                .sum();
            let i2 = reached
                .iter()
                .position(|r| r.0 == h2)
                .expect("h2 is reached");
            let mut kept = 0u16;
            for (j, &a) in allowed_here.iter().enumerate() {
                let prefers = best(0) - q[0][j] < best(i2) - q[i2][j];
                if (prefers || a == i32::from(first)) && a != i32::from(other) {
                    kept |= 1 << (a - min);
                }
            }
            let at = weighed.partition_point(|w| w.0 >= regret);
            if at < count {
                weighed.insert(at, (regret, (cell as u32, kept, allowed[cell] & !kept)));
                weighed.truncate(count);
            }
        }
        weighed.into_iter().map(|(_, split)| split).collect()
    }
}

/// Strong branching's choice among candidate splits of a node of bound
/// `node`, given both children's bounds of each: the split of the largest
/// product of the two children's falls from the node's bound (each at
/// least [`TIE_TOLERANCE`], so that a split one of whose children does not
/// fall scores by the other's), the first on a tie. A split that lowers
/// both children is worth more than one that lowers one far and leaves the
/// other where the node was, which best-first search meets again at once.
fn strongest(node: f64, children: &[[f64; 2]]) -> usize {
    let score = |&[a, b]: &[f64; 2]| (node - a).max(TIE_TOLERANCE) * (node - b).max(TIE_TOLERANCE);
    (0..children.len())
        .max_by(|&i, &j| {
            score(&children[i])
                .total_cmp(&score(&children[j]))
                .then(j.cmp(&i))
        })
        .expect("a node to split has a split")
}

/// The actions whose bits (a − min) are set in `set`.
fn actions_of(set: u16, min: i32) -> impl Iterator<Item = i8> {
    (0..16)
        .filter(move |bit| set & (1 << bit) != 0)
        .map(move |bit| (bit + min) as i8)
}

/// The course baseline of fa16 and su17, always_roll(4), at `goal`.
#[cfg(test)]
fn always_roll_4(rules: &crate::Rules, goal: u32) -> Policy {
    let strategy = crate::strategy::course_strategy(rules, "always_roll", &[4]).unwrap();
    Policy::from_strategy(&strategy, rules, goal, "always_roll(4)").unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Driver;
    use crate::{Model, Preset, Rules};

    /// A node solved from the root's response, its layers above its
    /// removals taken as the root's, or from its parent's, its layers above
    /// its split's cell taken as the parent's, is the node solved whole,
    /// bit for bit: along the first splits the search makes, fa16, su17
    /// and fa19 (Feral Hogs) at goal 40.
    #[test]
    fn nodes_from_the_root_are_nodes_solved_whole() {
        let preset = |name| Preset::find(name).expect("a preset").rules();
        for rules in [Rules::fa16(), preset("su17"), preset("fa19")] {
            let model = Model::new(&rules, 40).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let b = always_roll_4(&rules, 40);
            let field = [Against::new(&engine, &b)];
            let (mut node, root) = engine.restricted(&field, &[], None, STRONG_CANDIDATES);
            let mut parent = root.clone();
            let mut removed = vec![];
            for _ in 0..6 {
                let (cell, kept, _) = node.splits[0];
                removed.extend(actions_of(kept, rules.min_action()).map(|a| (cell, a)));
                let (whole, solved) = engine.restricted(&field, &removed, None, STRONG_CANDIDATES);
                let (from_root, started) =
                    engine.restricted(&field, &removed, Some(&root), STRONG_CANDIDATES);
                assert_eq!(whole, from_root, "{rules}: {removed:?}");
                let from_parent = Some((&parent, engine.sum_of(cell)));
                let (bound, from_parent) = engine.solve_restricted(&b, &removed, from_parent);
                assert_eq!(whole.bound, bound, "{rules}: {removed:?}");
                for started in [started, from_parent] {
                    assert!(solved.us == started.us && solved.them == started.them);
                    assert_eq!(solved.table, started.table);
                }
                node = whole;
                parent = solved;
            }
        }
    }
}

#[cfg(test)]
mod rigour {
    use super::*;
    use crate::exact::Exact;
    use crate::solve::{Driver, Probability};
    use crate::{Model, Preset, Rules};

    /// With no branching the proven bound is the sighted best response's
    /// win rate; with branching, on the first candidate split alone or the
    /// strongest of several, it never falls below the exact win rate of a
    /// blind policy (the search's, graded in fractions) nor rises above the
    /// sighted bound (fa16, su17 and fa19, goal 30, splits of two sets).
    #[test]
    fn a_proven_bound_lies_between_a_blind_policy_and_the_sighted_bound() {
        let preset = |name| Preset::find(name).expect("a preset").rules();
        // Feral Hogs' nodes cost more: fewer of them.
        let cases = [
            (Rules::fa16(), &[3, 41, 301][..]),
            (preset("su17"), &[3, 41, 301]),
            (preset("fa19"), &[3, 21]),
        ];
        for (rules, counts) in cases {
            let model = Model::new(&rules, 30).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let b = always_roll_4(&rules, 30);
            let sighted = engine.best_response(&b).win_rate();
            let found = engine.blind_response_kicked(&b, 0).unwrap();
            let exact = Engine::<Exact>::new(&model, Driver::Sequential)
                .grade(&found.policy, &b)
                .win_rate
                .to_f64();
            let unsplit = engine.blind_bound(&b, found.grade.win_rate, 1);
            assert_eq!(unsplit.bound, sighted, "{rules}");
            for (&nodes, strong) in counts.iter().flat_map(|n| [(n, 1), (n, STRONG_CANDIDATES)]) {
                let proven = engine.branch_and_bound(&b, found.grade.win_rate, nodes, strong);
                assert!(
                    proven.bound >= exact - 1e-12,
                    "{rules}: {proven:?} < {exact}"
                );
                assert!(proven.bound <= sighted, "{rules}: {proven:?} > {sighted}");
            }
        }
    }

    /// A split parts the cell's allowed answers in two non-empty sets, with
    /// the restricted response's two answers there on different sides, so
    /// that every blind answer lies in exactly one child (fa16, goal 30,
    /// the root's split).
    #[test]
    fn a_split_parts_the_cells_answers_in_two() {
        let rules = Rules::fa16();
        let model = Model::new(&rules, 30).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let b = always_roll_4(&rules, 30);
        let field = [Against::new(&engine, &b)];
        let (root, response) = engine.restricted(&field, &[], None, STRONG_CANDIDATES);
        let (cell, kept, rest) = root.splits[0];
        let every = rules
            .actions()
            .fold(0u16, |m, a| m | 1 << (a - rules.min_action()));
        assert!(kept != 0 && rest != 0 && kept & rest == 0 && kept | rest == every);
        let (s, o) = (cell as usize / 30, cell as usize % 30);
        let side = |h: usize| {
            let a = i32::from(response.table[[h, s, o]]) - rules.min_action();
            kept & (1 << a) != 0
        };
        assert_ne!(side(0), side(1), "the sides' answers at {s}-{o}");
    }

    /// Strong branching splits a node where both children's bounds fall
    /// most: at 3 nodes (the root and its two children, none attained) the
    /// proven bound is the larger child bound of the root's candidate split
    /// of the largest product of the children's falls from the root's
    /// bound (each at least 1e-12), each child solved whole here; and that
    /// split is not the first candidate, the one of most regret-weighted
    /// reach (fa16, goal 30).
    #[test]
    fn strong_branching_keeps_the_split_whose_children_fall_most() {
        let rules = Rules::fa16();
        let model = Model::new(&rules, 30).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        let b = always_roll_4(&rules, 30);
        let field = [Against::new(&engine, &b)];
        let (root, _) = engine.restricted(&field, &[], None, STRONG_CANDIDATES);
        assert_eq!(root.splits.len(), STRONG_CANDIDATES, "{:?}", root.splits);
        let children: Vec<[f64; 2]> = root
            .splits
            .iter()
            .map(|&(cell, kept, rest)| {
                [kept, rest].map(|taken| {
                    let removed: Vec<_> = actions_of(taken, rules.min_action())
                        .map(|a| (cell, a))
                        .collect();
                    engine.restricted(&field, &removed, None, 1).0.bound
                })
            })
            .collect();
        let fall = |u: f64| (root.bound - u).max(1e-12);
        let product: Vec<f64> = children.iter().map(|&[a, b]| fall(a) * fall(b)).collect();
        let best = (1..product.len()).fold(
            0,
            |best, i| {
                if product[i] > product[best] {
                    i
                } else {
                    best
                }
            },
        );
        assert_ne!(best, 0, "{children:?}");
        let proven = engine.blind_bound(&b, 0.0, 3);
        assert_eq!(proven.bound, children[best][0].max(children[best][1]));
        assert_eq!(proven.nodes, 3);
        assert_eq!(proven.bounds_computed, 1 + 2 * STRONG_CANDIDATES);
    }

    /// At equal nodes strong branching proves a bound no higher than the
    /// split of most regret-weighted reach alone (fa16 and su17, goal 30).
    #[test]
    fn strong_branching_proves_no_less_at_equal_nodes() {
        let su17 = Preset::find("su17").expect("a preset").rules();
        for rules in [Rules::fa16(), su17] {
            let model = Model::new(&rules, 30).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let b = always_roll_4(&rules, 30);
            let found = engine.blind_response_kicked(&b, 0).unwrap().grade.win_rate;
            for nodes in [41, 301] {
                let single = engine.branch_and_bound(&b, found, nodes, 1);
                let strong = engine.blind_bound(&b, found, nodes);
                assert!(
                    strong.bound <= single.bound,
                    "{rules}: {strong:?} > {single:?}"
                );
            }
        }
    }
}
