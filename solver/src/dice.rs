//! Exact distributions of a roll's points, as integer counts.
//!
//! One die's final face f has an integer weight w(f) out of W:
//!
//! * plain dice: w(f) = 1 for f in 1..=s, W = s;
//! * re-rolling dice (an odd first face is rolled once more and the second
//!   face stands): w(f) = s·[f even] + #odd faces, W = s², because an even f
//!   comes either first (s ways out of s²) or second after any odd face.
//!
//! A roll of n dice is a multiset of faces with counts c(1..=s), Σc = n. Its
//! weight is the multinomial n! / Π c(f)! times Π w(f)^c(f), and the weights
//! of all multisets add up to W^n exactly. The points of a roll depend only on
//! the multiset (pig out, parity bonus and sums ignore order), so the
//! distribution of points is the sum of those weights grouped by
//! [`Rules::roll_points`]. For n = 10 six-sided dice that is 3003 multisets
//! instead of 6^10 sequences.

use crate::rules::{Dice, Rules, MAX_DICE};

/// The points of a roll (before point modifiers) with integer counts out of `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollDistribution {
    /// (points, count) pairs, ascending by points, counts > 0.
    pub counts: Vec<(u32, u64)>,
    /// The sum of all counts: W^n.
    pub total: u64,
}

impl Dice {
    /// w(f) for f in 1..=sides, indexed by f - 1, and their total W.
    pub fn face_weights(&self) -> (Vec<u64>, u64) {
        let s = self.sides as u64;
        if !self.reroll {
            return (vec![1; self.sides as usize], s);
        }
        let odd_faces = s.div_ceil(2);
        let weights = (1..=s)
            .map(|f| if f % 2 == 0 { s + odd_faces } else { odd_faces })
            .collect();
        (weights, s * s)
    }
}

/// The exact distribution of the points of `n` dice, for a mover whose score
/// at the start of the turn is `score` (Feral Hogs and 49ers look at it).
pub fn roll_distribution(rules: &Rules, dice: Dice, n: u32, score: u32) -> RollDistribution {
    assert!(
        (1..=MAX_DICE as u32).contains(&n),
        "between 1 and {MAX_DICE} dice"
    );
    let (weights, w_total) = dice.face_weights();
    let mut by_points: Vec<u64> = Vec::new();
    let mut faces = Vec::with_capacity(n as usize);
    let multisets = Multisets {
        weights: &weights,
        binomial: binomials(n),
    };
    multisets.visit(1, n, 1, &mut faces, &mut |faces, weight| {
        let points = rules.roll_points(score, faces) as usize;
        if by_points.len() <= points {
            by_points.resize(points + 1, 0);
        }
        by_points[points] += weight;
    });
    let counts = by_points
        .into_iter()
        .enumerate()
        .filter(|&(_, c)| c > 0)
        .map(|(p, c)| (p as u32, c))
        .collect();
    RollDistribution {
        counts,
        total: w_total.pow(n),
    }
}

/// Pascal's triangle up to row n: binomial[m][k] = C(m, k).
fn binomials(n: u32) -> Vec<Vec<u64>> {
    let mut rows: Vec<Vec<u64>> = vec![vec![1]];
    for m in 1..=n as usize {
        let prev = &rows[m - 1];
        let row = (0..=m)
            .map(|k| {
                let left = if k > 0 { prev[k - 1] } else { 0 };
                left + prev.get(k).copied().unwrap_or(0)
            })
            .collect();
        rows.push(row);
    }
    rows
}

struct Multisets<'a> {
    weights: &'a [u64],
    binomial: Vec<Vec<u64>>,
}

impl Multisets<'_> {
    /// Visits every multiset of `left` more faces drawn from `face..=sides`,
    /// appended to `faces` in ascending order. Choosing which `count` of the
    /// `left` remaining dice show `face` multiplies the weight by
    /// C(left, count) · w(face)^count; over all faces that product is the
    /// multinomial n! / Π c(f)! times Π w(f)^c(f).
    fn visit(
        &self,
        face: u32,
        left: u32,
        weight: u64,
        faces: &mut Vec<u32>,
        emit: &mut impl FnMut(&[u32], u64),
    ) {
        let sides = self.weights.len() as u32;
        if left == 0 {
            emit(faces, weight);
            return;
        }
        let start = faces.len();
        if face == sides {
            // The last face takes every die that is left.
            faces.extend(std::iter::repeat_n(face, left as usize));
            emit(faces, weight * self.weights[face as usize - 1].pow(left));
            faces.truncate(start);
            return;
        }
        let w = self.weights[face as usize - 1];
        let mut power = 1;
        for count in 0..=left {
            let chosen = weight * self.binomial[left as usize][count as usize] * power;
            self.visit(face + 1, left - count, chosen, faces, emit);
            faces.push(face);
            power *= w;
        }
        faces.truncate(start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every face sequence of n dice with re-rolls spelled out, counted one by one.
    fn brute_force(rules: &Rules, dice: Dice, n: u32, score: u32) -> Vec<(u32, u64)> {
        let s = dice.sides;
        let per_die: Vec<u32> = (1..=s)
            .flat_map(|first| {
                if dice.reroll && first % 2 == 1 {
                    (1..=s).collect::<Vec<_>>()
                } else if dice.reroll {
                    // An even first face stands; it stands for s equally likely second draws.
                    vec![first; s as usize]
                } else {
                    vec![first]
                }
            })
            .collect();
        let mut counts = std::collections::BTreeMap::new();
        let mut idx = vec![0usize; n as usize];
        loop {
            let faces: Vec<u32> = idx.iter().map(|&i| per_die[i]).collect();
            *counts
                .entry(rules.roll_points(score, &faces))
                .or_insert(0u64) += 1;
            let mut d = 0;
            loop {
                if d == n as usize {
                    return counts.into_iter().collect();
                }
                idx[d] += 1;
                if idx[d] < per_die.len() {
                    break;
                }
                idx[d] = 0;
                d += 1;
            }
        }
    }

    #[test]
    fn matches_brute_force_enumeration_for_few_dice() {
        for rules in [Rules::fa16(), Rules::nju21(), Rules::sp13(), Rules::sp26()] {
            for (sides, reroll) in [(6, false), (4, false), (6, true), (4, true)] {
                let dice = Dice { sides, reroll };
                let max_n = if reroll { 3 } else { 4 };
                for n in 1..=max_n {
                    for score in [0, 21, 49] {
                        let dist = roll_distribution(&rules, dice, n, score);
                        assert_eq!(
                            dist.counts,
                            brute_force(&rules, dice, n, score),
                            "{rules} {dice:?} n={n} score={score}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn plain_six_sided_pig_out_by_first_principles() {
        // One die: faces 1..6 each once; Pig Out turns the 1 into 1 point.
        let d = roll_distribution(
            &Rules::fa13(),
            Dice {
                sides: 6,
                reroll: false,
            },
            1,
            0,
        );
        assert_eq!(
            d.counts,
            vec![(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
        );
        // Two dice: no 1 in 5·5 = 25 of 36 rolls; a 1 in the other 11.
        let d = roll_distribution(
            &Rules::fa13(),
            Dice {
                sides: 6,
                reroll: false,
            },
            2,
            0,
        );
        assert_eq!(d.counts[0], (1, 11));
        assert_eq!(d.counts.iter().map(|c| c.1).sum::<u64>(), 36);
        // A sum of 12 needs two sixes: 1 way.
        assert_eq!(d.counts.last(), Some(&(12, 1)));
    }

    #[test]
    fn rerolling_die_weights_by_first_principles() {
        // Re-rolling six-sided die over 36: an even face 6 (first) + 3 (after an odd first);
        // an odd face only as the second roll after an odd first: 3.
        let (w, total) = Dice {
            sides: 6,
            reroll: true,
        }
        .face_weights();
        assert_eq!((w, total), (vec![3, 9, 3, 9, 3, 9], 36));
        let (w, total) = Dice {
            sides: 4,
            reroll: true,
        }
        .face_weights();
        assert_eq!((w, total), (vec![2, 6, 2, 6], 16));
    }
}
