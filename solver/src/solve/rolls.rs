//! A roll table's probabilities in the two shapes the engine's sums read
//! them in: dense from the lowest points, and as runs of consecutive points.

use super::Probability;

/// A point distribution stored densely from its lowest points.
pub(super) struct Dense<V> {
    first: usize,
    probs: Vec<V>,
}

impl<V: Probability> Dense<V> {
    pub(super) fn new(sparse: &[(u32, V)]) -> Dense<V> {
        let first = sparse.first().map_or(0, |&(p, _)| p as usize);
        let last = sparse.last().map_or(0, |&(p, _)| p as usize);
        let mut probs = vec![V::zero(); (last + 1).saturating_sub(first)];
        for (p, prob) in sparse {
            probs[*p as usize - first] = prob.clone();
        }
        Dense { first, probs }
    }

    /// Σ_i P(first + i) · f(first + i), in four interleaved partial sums so
    /// that the additions need not wait for each other; the order is fixed,
    /// so every driver gets the same bits.
    #[inline]
    pub(super) fn dot(&self, f: &[V]) -> V {
        let f = &f[self.first..self.first + self.probs.len()];
        let mut sums: [V; 4] = std::array::from_fn(|_| V::zero());
        let (probs, tail_probs) = self.probs.split_at(self.probs.len() / 4 * 4);
        let (values, tail_values) = f.split_at(probs.len());
        for (p4, v4) in probs.chunks_exact(4).zip(values.chunks_exact(4)) {
            for lane in 0..4 {
                sums[lane] = sums[lane].clone() + p4[lane].clone() * v4[lane].clone();
            }
        }
        for (p, v) in tail_probs.iter().zip(tail_values) {
            sums[0] = sums[0].clone() + p.clone() * v.clone();
        }
        let [a, b, c, d] = sums;
        (a + b) + (c + d)
    }
}

/// Consecutive points of a distribution: P(first + i) for i in 0..len, all
/// of them possible.
pub(super) struct Run<V> {
    pub(super) first: usize,
    pub(super) probs: Vec<V>,
}

impl<V: Probability> Run<V> {
    /// The outcomes (ascending points) as runs, in order.
    pub(super) fn split(sparse: &[(u32, V)]) -> Vec<Run<V>> {
        let mut runs: Vec<Run<V>> = vec![];
        for (p, prob) in sparse {
            match runs.last_mut() {
                Some(run) if run.first + run.probs.len() == *p as usize => {
                    run.probs.push(prob.clone())
                }
                _ => runs.push(Run {
                    first: *p as usize,
                    probs: vec![prob.clone()],
                }),
            }
        }
        runs
    }
}
