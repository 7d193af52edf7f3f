//! A layer: the states of one sum of scores, which a solve computes
//! together ([`super`], "Layers").

use std::ops::Range;

use crate::rules::{Hidden, State};

/// The states with a given sum of scores, for each of the first hidden values.
pub(crate) struct Layer {
    pub(super) sum: u32,
    pub(super) lowest_score: u32,
    pub(super) per_value: usize,
    hidden: Hidden,
    pub(crate) states: Vec<State>,
}

impl Layer {
    /// The sum of scores s + o of every state of the layer.
    pub(crate) fn sum(&self) -> u32 {
        self.sum
    }

    pub(super) fn new(sum: u32, goal: u32, hidden: &Hidden, len: usize) -> Layer {
        let Shape {
            lowest_score,
            per_value,
            ..
        } = Shape::new(sum, goal);
        let highest_score = lowest_score + per_value as u32 - 1;
        // One loop per hidden value over a half-open range: a flat_map over
        // inclusive ranges cost 43 instructions a state (callgrind).
        let mut states = Vec::with_capacity(len * per_value);
        for i in 0..len {
            let first = hidden.state(i, lowest_score, sum - lowest_score);
            states.extend((lowest_score..highest_score + 1).map(|s| State {
                score: s,
                opponent_score: sum - s,
                ..first
            }));
        }
        Layer {
            sum,
            lowest_score,
            per_value,
            hidden: *hidden,
            states,
        }
    }

    /// The first state of each hidden value's states, in order: the states
    /// of one hidden value share their sum of scores and dice sides.
    pub(crate) fn firsts(&self) -> impl Iterator<Item = State> + '_ {
        self.states.iter().step_by(self.per_value).copied()
    }

    /// Where a state of this layer stands in `states`.
    pub(crate) fn position(&self, x: State) -> usize {
        self.hidden.index(x) * self.per_value + (x.score - self.lowest_score) as usize
    }
}

/// Where a layer's states lie, without the states: what a team of threads
/// needs to take a chunk of them ([`super::team`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Shape {
    pub(super) sum: u32,
    pub(super) lowest_score: u32,
    /// States per hidden value.
    pub(super) per_value: usize,
}

impl Shape {
    pub(super) fn new(sum: u32, goal: u32) -> Shape {
        // s + o = sum with 0 <= s, o <= G - 1: max(0, sum - (G - 1)) <= s <= min(sum, G - 1).
        let lowest_score = sum.saturating_sub(goal - 1);
        let highest_score = sum.min(goal - 1);
        Shape {
            sum,
            lowest_score,
            per_value: (highest_score - lowest_score + 1) as usize,
        }
    }

    /// The states at `positions` of the layer over the first hidden values,
    /// in [`Layer::new`]'s order: each hidden value's states by score.
    pub(super) fn states(
        self,
        hidden: &Hidden,
        positions: Range<usize>,
    ) -> impl Iterator<Item = State> + '_ {
        let per_value = self.per_value;
        let (mut value, mut k) = (positions.start / per_value, positions.start % per_value);
        // The hidden value's first state, found as the positions reach it.
        let mut first = None;
        positions.map(move |_| {
            if k == per_value {
                (value, k, first) = (value + 1, 0, None);
            }
            let first = *first.get_or_insert_with(|| {
                hidden.state(value, self.lowest_score, self.sum - self.lowest_score)
            });
            let s = self.lowest_score + k as u32;
            k += 1;
            State {
                score: s,
                opponent_score: self.sum - s,
                ..first
            }
        })
    }
}
