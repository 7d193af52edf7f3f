//! The minimal scalar kernel: fa13 (docs/rules.md, "### fa13") solved and
//! graded the plainest way, on one thread, over flat dense arrays, with its
//! own dice tables and no code of hog's. It is the yardstick of the
//! `kernel_vs_engine` benchmark (benches/kernel.rs) and an independent
//! cross-check of the engine (solver/tests/it/kernel.rs: equal bit for bit).
//!
//! fa13 in short: from (s, o), 0 dice (Free Bacon) score 1 + the largest
//! digit of o; n dice of W sides (W = 4 when s + o is a multiple of 7, else
//! 6) score 1 if any die shows a 1, else their sum. The mover then has
//! m = s + p; if m = 2o or o = 2m the two scores swap; whoever holds a score
//! of at least G wins, else the opponent moves from (o, m) (swapped: (m, o)).
//! A turn raises s + o by p >= 1, so the states are solved in layers of
//! equal s + o, highest first, each reading only higher ones.
//!
//! A grid cell (s, o) is at `s * goal + o`.

/// Dice per turn: 1 to 10 (and 0, Free Bacon).
pub const MAX_DICE: usize = 10;

/// Tie tolerance: the lowest number of dice within it of the best is chosen.
const TIE: f64 = 1e-12;

/// The self-play optimum: V(s, o), the mover's chance to win when both
/// players maximise theirs, and the chosen number of dice.
pub struct Solution {
    pub values: Vec<f64>,
    pub actions: Vec<i8>,
}

/// P(A wins) when A moves first from 0-0, when B does, and their mean.
#[derive(Debug, PartialEq)]
pub struct Grade {
    pub first: f64,
    pub second: f64,
    pub win_rate: f64,
}

pub struct Kernel {
    goal: usize,
    /// `rolls[four][n - 1][i]` = P(n dice score i + 1 points); four = 1 for
    /// four-sided dice. Dense from 1 point (Pig Out) to W·n.
    rolls: [Vec<Vec<f64>>; 2],
}

impl Kernel {
    pub fn new(goal: usize) -> Kernel {
        let table = |sides| (1..=MAX_DICE as u32).map(|n| roll(sides, n)).collect();
        Kernel {
            goal,
            rolls: [table(6), table(4)],
        }
    }

    /// The dice tables of state (s, o).
    fn dice(&self, s: usize, o: usize) -> &[Vec<f64>] {
        &self.rolls[usize::from((s + o).is_multiple_of(7))]
    }

    pub(crate) fn goal(&self) -> usize {
        self.goal
    }

    /// The states of the layer s + o = `sum`: (s, sum - s).
    pub(crate) fn layer(&self, sum: usize) -> impl Iterator<Item = (usize, usize)> {
        let g = self.goal;
        (sum.saturating_sub(g - 1)..=sum.min(g - 1)).map(move |s| (s, sum - s))
    }

    /// The mover's value after scoring p from (s, o): `win` if they reach
    /// the goal, `loss` if a swap hands it to the opponent, else `next` of
    /// the opponent's cell.
    #[inline(always)]
    fn after(
        &self,
        s: usize,
        o: usize,
        p: usize,
        win: f64,
        loss: f64,
        next: impl Fn(usize) -> f64,
    ) -> f64 {
        let g = self.goal;
        let m = s + p;
        if m == 2 * o || o == 2 * m {
            // Swapped: the mover holds o < G, the opponent m.
            if m >= g {
                loss
            } else {
                next(m * g + o)
            }
        } else if m >= g {
            win
        } else {
            next(o * g + m)
        }
    }

    /// f[i] = [`Kernel::after`] i + 1 points for i in 0..f.len(), where
    /// `next` is `cell` of the grid: the opponent's cells (o, s + 1), (o,
    /// s + 2), ... stand side by side in row o, so f is that row's stretch
    /// up to the goal, `win` past it, and the (at most two) points where
    /// the scores swap, m = s + p = 2o or o / 2, patched.
    #[inline(always)]
    fn after_roll(
        &self,
        s: usize,
        o: usize,
        f: &mut [f64],
        (win, loss): (f64, f64),
        grid: &(impl Cells + ?Sized),
        cell: impl Fn(f64) -> f64,
    ) {
        let g = self.goal;
        let below = f.len().min(g - 1 - s);
        let row = grid.stretch(o * g + s + 1, below);
        for (slot, v) in f[..below].iter_mut().zip(row) {
            *slot = cell(v);
        }
        f[below..].fill(win);
        let half = if o.is_multiple_of(2) { o / 2 } else { 0 };
        for m in [2 * o, half] {
            if m > s && m - s <= f.len() {
                f[m - s - 1] = self.after(s, o, m - s, win, loss, |y| cell(grid.cell(y)));
            }
        }
    }

    /// V(s, o) = max over n of Q(s, o, n), Q = Σ_p P(p | n) · (1 − V(next)),
    /// 1 for a win and 0 for a loss.
    pub fn solve(&self) -> Solution {
        let g = self.goal;
        let mut values = vec![0.0; g * g];
        let mut actions = vec![0i8; g * g];
        let mut after_roll = [0.0; 6 * MAX_DICE];
        for sum in (0..=2 * (g - 1)).rev() {
            for (s, o) in self.layer(sum) {
                let (value, action) = self.best(s, o, &mut after_roll, values.as_slice());
                values[s * g + o] = value;
                actions[s * g + o] = action;
            }
        }
        Solution { values, actions }
    }

    /// V(s, o) and the lowest number of dice within [`TIE`] of it, from the
    /// layers above in `values`; `after_roll[i]` is scratch space for the
    /// mover's value after scoring i + 1 points.
    #[inline(always)]
    pub(crate) fn best(
        &self,
        s: usize,
        o: usize,
        after_roll: &mut [f64; 6 * MAX_DICE],
        values: &(impl Cells + ?Sized),
    ) -> (f64, i8) {
        let dice = self.dice(s, o);
        let f = &mut after_roll[..dice[MAX_DICE - 1].len()];
        self.after_roll(s, o, f, (1.0, 0.0), values, |v| 1.0 - v);
        let mut q = [0.0; MAX_DICE + 1];
        q[0] = self.after(s, o, free_bacon(o), 1.0, 0.0, |y| 1.0 - values.cell(y));
        for n in 1..=MAX_DICE {
            q[n] = dot(&dice[n - 1], after_roll);
        }
        let best = q
            .iter()
            .fold(0.0, |best: f64, &v| if v > best { v } else { best });
        let action = q.iter().position(|&v| v >= best - TIE).unwrap();
        // Stored clamped into [0, 1], as the engine stores every value: a
        // sum of rounded probabilities can land an ulp above 1.
        (best.min(1.0), action as i8)
    }

    /// A's chance to win against B, both fixed (`a[s * goal + o]`: A's dice
    /// at (s, o)): E_A(x) = Σ_p P(p | A(x)) · (1 if A wins, 0 if B does, else
    /// E_B(next)), and E_B likewise with B's dice, both P(A wins).
    pub fn grade(&self, a: &[i8], b: &[i8]) -> Grade {
        let g = self.goal;
        let mut a_moves = vec![0.0; g * g];
        let mut b_moves = vec![0.0; g * g];
        for sum in (0..=2 * (g - 1)).rev() {
            for (s, o) in self.layer(sum) {
                let x = s * g + o;
                a_moves[x] = self.expect(s, o, a[x], (1.0, 0.0), &b_moves);
                b_moves[x] = self.expect(s, o, b[x], (0.0, 1.0), &a_moves);
            }
        }
        let (first, second) = (a_moves[0], b_moves[0]);
        Grade {
            first,
            second,
            win_rate: (first + second) * 0.5,
        }
    }

    /// Σ_p P(p | n dice) · value after p, summed one term after another from
    /// 1 point up: the engine's order for a fixed strategy
    /// (`Engine::expect_on_grid`). Its terms of probability 0 (Pig Out's
    /// gap, 2 to 2n − 1 points) add +0.0, which changes no bit.
    fn expect(&self, s: usize, o: usize, n: i8, ends: (f64, f64), next: &[f64]) -> f64 {
        if n == 0 {
            return self.after(s, o, free_bacon(o), ends.0, ends.1, |y| next[y]);
        }
        let probs = &self.dice(s, o)[n as usize - 1];
        let mut after_roll = [0.0; 6 * MAX_DICE];
        let f = &mut after_roll[..probs.len()];
        self.after_roll(s, o, f, ends, next, |v| v);
        let mut sum = 0.0;
        for (prob, value) in probs.iter().zip(f.iter()) {
            sum += prob * value;
        }
        sum
    }
}

/// Where the kernel reads its grid's cells: a plain slice on one thread
/// (benches/kernel/team.rs adds cells that threads share).
pub trait Cells {
    fn cell(&self, i: usize) -> f64;
    /// The `n` cells from i on, in order.
    fn stretch(&self, i: usize, n: usize) -> impl Iterator<Item = f64>;
}

impl Cells for [f64] {
    #[inline(always)]
    fn cell(&self, i: usize) -> f64 {
        self[i]
    }

    #[inline(always)]
    fn stretch(&self, i: usize, n: usize) -> impl Iterator<Item = f64> {
        self[i..][..n].iter().copied()
    }
}

/// Free Bacon against o: 1 + its largest digit.
fn free_bacon(mut o: usize) -> usize {
    let mut largest = 0;
    loop {
        largest = largest.max(o % 10);
        o /= 10;
        if o == 0 {
            return 1 + largest;
        }
    }
}

/// P(i + 1 points) for i in 0..W·n, n dice of W sides under Pig Out: a 1
/// anywhere scores 1, in W^n − (W − 1)^n of the W^n outcomes; else the sum
/// of n faces from 2 to W, counted by convolution. Each probability is the
/// exact count over W^n, rounded once.
fn roll(sides: u64, n: u32) -> Vec<f64> {
    // ways[t]: the ways of the dice so far to sum to t with no 1.
    let mut ways = vec![1u64];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + sides as usize];
        for (t, &w) in ways.iter().enumerate() {
            for face in 2..=sides as usize {
                next[t + face] += w;
            }
        }
        ways = next;
    }
    let total = sides.pow(n);
    let mut probs = vec![0.0; (sides * u64::from(n)) as usize];
    probs[0] = (total - (sides - 1).pow(n)) as f64 / total as f64;
    for (t, &w) in ways.iter().enumerate().skip(2) {
        probs[t - 1] = w as f64 / total as f64;
    }
    probs
}

/// Σ_i probs[i] · f[i], summed in hog's order (`Dense::dot`,
/// solver/src/solve/mod.rs) so that the values are the same bits: four partial
/// sums, lane k taking the terms i ≡ k (mod 4) of the first 4⌊len/4⌋, the
/// rest added to lane 0 in turn, and then (lane 0 + lane 1) + (lane 2 +
/// lane 3). Floating-point addition is not associative: any other order
/// may move the last bits.
fn dot(probs: &[f64], f: &[f64]) -> f64 {
    let mut lanes = [0.0; 4];
    let whole = probs.len() / 4 * 4;
    for (p4, f4) in probs[..whole].chunks_exact(4).zip(f.chunks_exact(4)) {
        for k in 0..4 {
            lanes[k] += p4[k] * f4[k];
        }
    }
    for (p, v) in probs[whole..].iter().zip(&f[whole..]) {
        lanes[0] += p * v;
    }
    (lanes[0] + lanes[1]) + (lanes[2] + lanes[3])
}
