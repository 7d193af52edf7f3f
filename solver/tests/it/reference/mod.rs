//! A deliberately plain reference solver, to cross-check the engine.
//!
//! It shares no code with the engine (`model.rs`, `dice.rs`, `solve.rs`,
//! `evaluate.rs`, `rules.rs`): the game comes from its own transcription of
//! docs/rules.md in `reference/rules.rs`, read from the canonical rules text
//! ([`Rules`]' `Display`), one component at a time, on its own state, [`Situation`]; of the library it uses
//! only [`Policy::get`], and the [`State`] type to ask it and to be asked.
//! Everything is a memoised recursion written straight from the rules: no
//! layers, no compiled tables, no closed forms. It is slow and meant for
//! small goals.
//!
//! # Extra turns and memories
//!
//! A turn ends in one of four ways: the mover wins, the opponent wins, the
//! opponent moves next, or (fa20, sp21, su21) the mover moves again. Seen by
//! the player whose value it is, an extra turn keeps the seat: where a
//! handed-over turn counts 1 − V(y), an extra turn counts V(y) (and in the
//! best response W(y) stays W(y), L(y) stays L(y); in an evaluation the same
//! strategy moves again). Every extra turn follows a turn that scored (the
//! rules allow extra turns only where every turn scores), so it raises the
//! sum of the scores, and the recursion still ends.
//!
//! Under Feral Hogs (fa19, sp20, su20) each player remembers their own
//! previous turn: the dice rolled, or the points scored. The reference keeps
//! both memories in its state as the rules define them, the points uncapped.
//!
//! # Dice
//!
//! The engine enumerates multisets of faces with multinomial weights. This
//! file does something else: it reads every die as two uniform draws
//! (first, second) out of sides² equally likely pairs, of which the second
//! counts only for a re-rolling die whose first face is odd ("an odd face is
//! rolled once more; the second face stands"). Counting the pairs by the face
//! that stands gives each final face an integer weight out of sides². Dice are
//! then convolved one at a time into a map keyed by the sorted final faces,
//! with integer counts out of (sides²)^n (at most 6^20 < 2^64), and each
//! multiset goes through the reference's own `roll_points` and
//! `modify_points`. A probability is one division, count / total.
//!
//! # Endless games
//!
//! Every turn raises the sum of scores, except a turn that scores 0 points
//! (nju21's Picky Piggy on a 0 digit): a swap keeps the sum and Sus Fuss only
//! raises it. In every preset such a turn is a zero-dice turn that scores 0
//! for sure (this file asserts it), so between two scoring turns the game is a
//! deterministic walk over *positions* with the same two scores: a position
//! is the state seen by the mover plus which player moves. Players alternate,
//! so two positions of the walk have the same mover exactly when an even
//! number of turns separates them.
//!
//! The reference follows that walk and carries the list of positions visited
//! since the last scoring turn (the *play*) in its memo keys. When the walk
//! comes back to a visited position the game is declared a draw. Why that is
//! right:
//!
//! * With fixed strategies a player makes the same choice in the same
//!   position, and a zero-point turn has only one outcome. So once a position
//!   repeats, the walk goes round the same loop forever: the game never ends,
//!   a draw by the convention of docs/rules.md.
//! * With players who optimise, the loop decides nothing new. The rules
//!   remember only the position, so a player back in a position has exactly
//!   the choices, with exactly the values, of the first visit; and the way
//!   back passed through the other positions of the loop, where every
//!   player passed. Any exit taken on a later visit gives the same outcome as
//!   taking it on the first visit, so the game is decided by each player's
//!   choice at the first visit of each position of the loop: exit, or pass.
//!   If all pass, that choice stands at every later visit too, and the game
//!   never ends. (For nju21's two-position loops, the test
//!   `nju21_zero_point_cycles_have_their_hand_derived_values` derives the
//!   values by hand and checks this recursion against them.)
//!
//! A draw is worth 1/2 to each player in self-play (the game stays
//! zero-sum), 0 to us in the best response (which maximises wins only), and
//! is reported as a draw by the evaluation.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::{Add, Mul, Sub};
use std::rc::Rc;

use hog_solver::rules::{Memory, Rules, State};
use hog_solver::strategy::Policy;
use num_bigint::BigInt;
use num_rational::BigRational;

mod components;
mod contest;
mod examples;
mod rules;

use contest::Game;
use rules::Dice;

/// The reference's own state: what the mover sees (the two scores, the dice
/// sides) and what each player remembers of their own previous turn under
/// Feral Hogs (0 before their first turn, and always 0 where the rules keep
/// no memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Situation {
    pub score: u32,
    pub opponent_score: u32,
    pub sides: u32,
    pub mover_remembers: u32,
    pub opponent_remembers: u32,
    /// The turn's number, counted from 0 at the game's first turn (Time
    /// Trot), and whether it is an extra turn.
    pub turn: u32,
    pub extra: bool,
}

impl From<State> for Situation {
    /// The engine's state, read as the rules define it. The engine keeps
    /// sp20's remembered points of 13 or more as 13; the reference reads that
    /// as 13 points, which the rules treat as any number from 13 on (see
    /// [`Situation::state`]).
    fn from(x: State) -> Situation {
        Situation {
            score: x.score,
            opponent_score: x.opponent_score,
            sides: x.sides,
            mover_remembers: x.memory.mover.into(),
            opponent_remembers: x.memory.opponent.into(),
            turn: x.turn.into(),
            extra: x.extra,
        }
    }
}

impl Situation {
    /// The engine's state of this situation, to ask a policy what it plays.
    /// The engine keeps remembered points of 13 or more as 13: Feral Hogs
    /// reads only whether |num_rolls − points| = 2 with num_rolls <= 10, so
    /// such points act alike (hidden.rs). Remembered dice are at most 10.
    fn state(self, game: &Game) -> State {
        let kept = |remembers: u32| game.kept(remembers);
        let (turn, extra) = game.engine_turn(self);
        State {
            turn,
            extra,
            score: self.score,
            opponent_score: self.opponent_score,
            sides: self.sides,
            memory: Memory {
                mover: kept(self.mover_remembers),
                opponent: kept(self.opponent_remembers),
            },
        }
    }
}

/// How a turn ends, seen by the player who moved.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Turn {
    /// The mover's score reached the goal.
    MoverWins,
    /// The opponent's score reached the goal (a swap or Piggy Back handed it over).
    OpponentWins,
    /// The game goes on in this state, seen by the opponent, who moves next.
    Continues(Situation),
    /// The mover moves again, in this state (an extra turn).
    Again(Situation),
}

/// The reference's number type: f64, or exact fractions (num-rational's
/// general `BigRational`, which reduces by gcd after every operation and
/// shares nothing with the engine's own exact type).
pub trait Number:
    Clone + PartialOrd + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
    /// count / total.
    fn ratio(count: u64, total: u64) -> Self;
}

impl Number for f64 {
    fn ratio(count: u64, total: u64) -> f64 {
        count as f64 / total as f64
    }
}

impl Number for BigRational {
    fn ratio(count: u64, total: u64) -> BigRational {
        BigRational::new(BigInt::from(count), BigInt::from(total))
    }
}

fn zero<N: Number>() -> N {
    N::ratio(0, 1)
}

fn one<N: Number>() -> N {
    N::ratio(1, 1)
}

fn largest<N: Number>(a: N, b: N) -> N {
    if b > a {
        b
    } else {
        a
    }
}

fn total<N: Number>(terms: impl Iterator<Item = N>) -> N {
    terms.fold(zero(), |sum, term| sum + term)
}

/// The probabilities of the three ends of a game between A and B.
#[derive(Clone, Debug, PartialEq)]
pub struct Ends<N = f64> {
    pub a_wins: N,
    pub b_wins: N,
    pub draw: N,
}

/// Which fixed strategy moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Mover {
    A,
    B,
}

/// The play after a turn: the positions visited since the last scoring turn.
enum Play {
    /// The game goes on with these positions behind it (none after a scoring turn).
    Goes(Vec<Situation>),
    /// A zero-point turn came back to a position of the play: a draw.
    Repeats,
}

/// A memo table filled during a recursion.
type Memo<K, V> = RefCell<HashMap<K, V>>;

/// Sorted final faces of some dice, with their counts.
type Multisets = HashMap<Vec<u32>, u64>;

/// The points of a roll after the modifiers, with their probabilities,
/// ascending by points.
type Points<N> = Vec<(u32, N)>;

/// The rules at a goal, with the dice distributions memoised, computing in
/// the number type N.
pub struct Reference<N = f64> {
    game: Game,
    goal: u32,
    /// (dice, n) -> the multisets of final faces of n dice (sorted), with
    /// counts out of (sides²)^n.
    multisets: Memo<(Dice, u32), Rc<Multisets>>,
    /// (dice, n, mover's score) -> the points of the roll.
    rolls: Memo<(Dice, i32, u32), Rc<Points<N>>>,
}

impl<N: Number> Reference<N> {
    pub fn new(rules: &Rules, goal: u32) -> Reference<N> {
        Reference {
            game: Game::from_text(&rules.to_string()),
            goal,
            multisets: RefCell::default(),
            rolls: RefCell::default(),
        }
    }

    /// The self-play optimum.
    pub fn optimum(&self) -> Optimum<'_, N> {
        Optimum {
            reference: self,
            memo: RefCell::default(),
        }
    }

    /// Our best response to the fixed strategy `b`.
    pub fn best_response<'r>(&'r self, b: &'r Policy) -> BestResponse<'r, N> {
        BestResponse {
            reference: self,
            b,
            us: RefCell::default(),
            them: RefCell::default(),
        }
    }

    /// Fixed strategy A against fixed strategy B.
    pub fn evaluation<'r>(&'r self, a: &'r Policy, b: &'r Policy) -> Evaluation<'r, N> {
        Evaluation {
            reference: self,
            a,
            b,
            memo: RefCell::default(),
        }
    }

    /// Every outcome of `action` in `x`, with its probability.
    fn turn(&self, x: Situation, action: i32) -> Vec<(N, Turn)> {
        let (game, preset) = (&self.game, &self.game.preset);
        let n = preset.num_rolls(x, action);
        let points = match n {
            -1 => vec![(game.minus_one_points(), one())],
            0 => {
                let raw = preset.zero_dice_points(x);
                vec![(preset.modify_points(raw, 0), one())]
            }
            _ => self.roll(game.dice(x), n, x.score).to_vec(),
        };
        let outcomes: Vec<(N, Turn)> = points
            .into_iter()
            .map(|(p, probability)| (probability, self.end_of_turn(x, n, p)))
            .collect();
        let keeps_sum = outcomes
            .iter()
            .any(|(_, t)| matches!(t, Turn::Continues(y) | Turn::Again(y) if sum(*y) == sum(x)));
        assert!(
            !keeps_sum || outcomes.len() == 1,
            "{x:?}, action {action}: a turn that may score 0 must score 0 for sure"
        );
        let again_in_place = outcomes
            .iter()
            .any(|(_, t)| matches!(t, Turn::Again(y) if sum(*y) == sum(x)));
        assert!(
            !again_in_place,
            "{x:?}, action {action}: an extra turn must follow a turn that scored"
        );
        outcomes
    }

    /// Gives Piggy Back's points to the opponent, adds the points, runs the
    /// after-turn rules, checks the goal, then the extra-turn rules: "after
    /// the after-turn rules, if the game is not over and one predicate holds
    /// on (m, o), the mover moves again". The mover now remembers this turn
    /// (Feral Hogs), and the opponent still remembers theirs.
    fn end_of_turn(&self, x: Situation, n: i32, points: u32) -> Turn {
        let game = &self.game;
        let opponent = x.opponent_score + game.preset.piggy_back(n, points);
        let (mover, opponent) =
            game.after_turn(x.score + points, opponent, points, n, x.mover_remembers);
        let sides = game.next_sides(x.sides, n, points);
        let remembers = game.remember(n, points, x.mover_remembers);
        let turn = game.next_turn(x.turn);
        if mover >= self.goal {
            Turn::MoverWins
        } else if opponent >= self.goal {
            Turn::OpponentWins
        } else if game.extra_turn(x, n, mover, opponent) {
            Turn::Again(Situation {
                score: mover,
                opponent_score: opponent,
                sides,
                mover_remembers: remembers,
                opponent_remembers: x.opponent_remembers,
                turn,
                extra: true,
            })
        } else {
            Turn::Continues(Situation {
                score: opponent,
                opponent_score: mover,
                sides,
                turn,
                extra: false,
                mover_remembers: x.opponent_remembers,
                opponent_remembers: remembers,
            })
        }
    }

    /// The points of `n` >= 1 dice for a mover whose score is `score`.
    fn roll(&self, dice: Dice, n: i32, score: u32) -> Rc<Points<N>> {
        let key = (dice, n, score);
        if let Some(known) = self.rolls.borrow().get(&key) {
            return known.clone();
        }
        let multisets = self.multisets(dice, n as u32);
        let total = (dice.sides as u64 * dice.sides as u64).pow(n as u32);
        assert_eq!(multisets.values().sum::<u64>(), total, "{dice:?} x {n}");
        let mut counts: HashMap<u32, u64> = HashMap::new();
        for (faces, count) in multisets.iter() {
            let points = self
                .game
                .preset
                .modify_points(self.game.preset.roll_points(score, faces), n);
            *counts.entry(points).or_default() += count;
        }
        let mut points: Points<N> = counts
            .into_iter()
            .map(|(p, count)| (p, N::ratio(count, total)))
            .collect();
        points.sort_by_key(|(p, _)| *p);
        let points = Rc::new(points);
        self.rolls.borrow_mut().insert(key, points.clone());
        points
    }

    /// The sorted final faces of `n` dice, one die convolved at a time.
    fn multisets(&self, dice: Dice, n: u32) -> Rc<Multisets> {
        if let Some(known) = self.multisets.borrow().get(&(dice, n)) {
            return known.clone();
        }
        let mut result = HashMap::new();
        if n == 0 {
            result.insert(vec![], 1);
        } else {
            let die = final_faces(dice);
            for (faces, count) in self.multisets(dice, n - 1).iter() {
                for &(face, weight) in &die {
                    let mut more = faces.clone();
                    more.push(face);
                    more.sort_unstable();
                    *result.entry(more).or_default() += count * weight;
                }
            }
        }
        let result = Rc::new(result);
        self.multisets
            .borrow_mut()
            .insert((dice, n), result.clone());
        result
    }
}

/// One die's final faces with integer weights out of sides²: of the sides²
/// equally likely draws (first, second), the second stands only for a
/// re-rolling die whose first face is odd.
fn final_faces(dice: Dice) -> Vec<(u32, u64)> {
    let mut weights = vec![0u64; dice.sides as usize + 1];
    for first in 1..=dice.sides {
        for second in 1..=dice.sides {
            let stands = if dice.reroll && first % 2 == 1 {
                second
            } else {
                first
            };
            weights[stands as usize] += 1;
        }
    }
    (1..=dice.sides).map(|f| (f, weights[f as usize])).collect()
}

fn sum(x: Situation) -> u32 {
    x.score + x.opponent_score
}

/// The play after a turn from `x` to `y`, `play` being the positions before `x`.
/// A scoring turn starts a new play; a zero-point turn extends it, and repeats
/// it if `y` was visited with the same player to move (an even number of turns
/// ago: players alternate).
fn follow(play: &[Situation], x: Situation, y: Situation) -> Play {
    if sum(y) != sum(x) {
        return Play::Goes(vec![]);
    }
    let mut play = play.to_vec();
    play.push(x);
    let turns_since = |j: usize| play.len() - j;
    if play
        .iter()
        .enumerate()
        .any(|(j, &p)| p == y && turns_since(j) % 2 == 0)
    {
        Play::Repeats
    } else {
        Play::Goes(play)
    }
}

/// The self-play optimum: both players maximise their chance to win, a draw
/// counting 1/2.
///
/// ```text
/// V(x) = max_a Q(x, a)
/// Q(x, a) = Σ P(turn) · { 1 mover wins, 0 opponent wins, 1/2 repeat,
///                         V(y) the mover moves again, 1 − V(y) otherwise }
/// ```
pub struct Optimum<'r, N = f64> {
    reference: &'r Reference<N>,
    memo: Memo<(Situation, Vec<Situation>), N>,
}

impl<N: Number> Optimum<'_, N> {
    /// V(x): the mover's chance to win at the start of a play.
    pub fn value(&self, x: State) -> N {
        self.v(x.into(), &[])
    }

    /// Q(x, a) at the start of a play.
    pub fn q_value(&self, x: State, action: i32) -> N {
        self.q(x.into(), action, &[])
    }

    fn v(&self, x: Situation, play: &[Situation]) -> N {
        let key = (x, play.to_vec());
        if let Some(known) = self.memo.borrow().get(&key) {
            return known.clone();
        }
        let value = self
            .reference
            .game
            .actions()
            .map(|a| self.q(x, a, play))
            .fold(zero(), largest);
        self.memo.borrow_mut().insert(key, value.clone());
        value
    }

    fn q(&self, x: Situation, action: i32, play: &[Situation]) -> N {
        total(
            self.reference
                .turn(x, action)
                .into_iter()
                .map(|(probability, turn)| {
                    probability
                        * match turn {
                            Turn::MoverWins => one(),
                            Turn::OpponentWins => zero(),
                            Turn::Again(y) => self.v(y, &[]),
                            Turn::Continues(y) => match follow(play, x, y) {
                                Play::Repeats => N::ratio(1, 2),
                                Play::Goes(play) => one::<N>() - self.v(y, &play),
                            },
                        }
                }),
        )
    }
}

/// Our best response to a fixed strategy B: we maximise our chance to win; a
/// draw is not a win.
///
/// ```text
/// W(x) = max_a Σ P(turn | a)    · { 1 we win, 0 B wins, 0 repeat, W(y) again, L(y) otherwise }
/// L(x) =       Σ P(turn | B(x)) · { 0 B wins, 1 we win, 0 repeat, L(y) again, W(y) otherwise }
/// ```
pub struct BestResponse<'r, N = f64> {
    reference: &'r Reference<N>,
    b: &'r Policy,
    us: Memo<(Situation, Vec<Situation>), N>,
    them: Memo<(Situation, Vec<Situation>), N>,
}

impl<N: Number> BestResponse<'_, N> {
    /// W(x): our chance to win when we move in `x`.
    pub fn us(&self, x: State) -> N {
        self.w(x.into(), &[])
    }

    /// L(x): our chance to win when B moves in `x` (B's score first).
    pub fn them(&self, x: State) -> N {
        self.l(x.into(), &[])
    }

    /// Our chance to win if we play `action` in `x`, then respond best.
    pub fn q_value(&self, x: State, action: i32) -> N {
        self.q(x.into(), action, &[])
    }

    fn w(&self, x: Situation, play: &[Situation]) -> N {
        let key = (x, play.to_vec());
        if let Some(known) = self.us.borrow().get(&key) {
            return known.clone();
        }
        let value = self
            .reference
            .game
            .actions()
            .map(|a| self.q(x, a, play))
            .fold(zero(), largest);
        self.us.borrow_mut().insert(key, value.clone());
        value
    }

    fn q(&self, x: Situation, action: i32, play: &[Situation]) -> N {
        total(
            self.reference
                .turn(x, action)
                .into_iter()
                .map(|(probability, turn)| {
                    probability
                        * match turn {
                            Turn::MoverWins => one(),
                            Turn::OpponentWins => zero(),
                            Turn::Again(y) => self.w(y, &[]),
                            Turn::Continues(y) => match follow(play, x, y) {
                                Play::Repeats => zero(),
                                Play::Goes(play) => self.l(y, &play),
                            },
                        }
                }),
        )
    }

    fn l(&self, x: Situation, play: &[Situation]) -> N {
        let key = (x, play.to_vec());
        if let Some(known) = self.them.borrow().get(&key) {
            return known.clone();
        }
        let value = total(
            self.reference
                .turn(x, self.b.get(x.state(&self.reference.game)))
                .into_iter()
                .map(|(probability, turn)| {
                    probability
                        * match turn {
                            Turn::MoverWins => zero(),
                            Turn::OpponentWins => one(),
                            Turn::Again(y) => self.l(y, &[]),
                            Turn::Continues(y) => match follow(play, x, y) {
                                Play::Repeats => zero(),
                                Play::Goes(play) => self.w(y, &play),
                            },
                        }
                }),
        );
        self.them.borrow_mut().insert(key, value.clone());
        value
    }
}

/// Fixed strategy A against fixed strategy B: a Markov chain.
///
/// ```text
/// E(x, mover) = Σ P(turn | mover's action) · { mover wins, other wins, draw on a repeat,
///                                              E(y, mover) again, E(y, other) otherwise }
/// ```
pub struct Evaluation<'r, N = f64> {
    reference: &'r Reference<N>,
    a: &'r Policy,
    b: &'r Policy,
    memo: Memo<(Situation, Mover, Vec<Situation>), Ends<N>>,
}

impl<N: Number> Evaluation<'_, N> {
    /// The ends of the game when A moves in `x` (A's score first).
    pub fn a_moves(&self, x: State) -> Ends<N> {
        self.ends(x.into(), Mover::A, &[])
    }

    /// The ends of the game when B moves in `x` (B's score first).
    pub fn b_moves(&self, x: State) -> Ends<N> {
        self.ends(x.into(), Mover::B, &[])
    }

    fn ends(&self, x: Situation, mover: Mover, play: &[Situation]) -> Ends<N> {
        let key = (x, mover, play.to_vec());
        if let Some(known) = self.memo.borrow().get(&key) {
            return known.clone();
        }
        let (policy, other) = match mover {
            Mover::A => (self.a, Mover::B),
            Mover::B => (self.b, Mover::A),
        };
        let won_by = |winner: Mover| Ends {
            a_wins: if winner == Mover::A { one() } else { zero() },
            b_wins: if winner == Mover::B { one() } else { zero() },
            draw: zero(),
        };
        let mut sum = Ends {
            a_wins: zero(),
            b_wins: zero(),
            draw: zero(),
        };
        for (probability, turn) in self
            .reference
            .turn(x, policy.get(x.state(&self.reference.game)))
        {
            let ends = match turn {
                Turn::MoverWins => won_by(mover),
                Turn::OpponentWins => won_by(other),
                Turn::Again(y) => self.ends(y, mover, &[]),
                Turn::Continues(y) => match follow(play, x, y) {
                    Play::Repeats => Ends {
                        a_wins: zero(),
                        b_wins: zero(),
                        draw: one(),
                    },
                    Play::Goes(play) => self.ends(y, other, &play),
                },
            };
            sum = Ends {
                a_wins: sum.a_wins + probability.clone() * ends.a_wins,
                b_wins: sum.b_wins + probability.clone() * ends.b_wins,
                draw: sum.draw + probability * ends.draw,
            };
        }
        self.memo.borrow_mut().insert(key, sum.clone());
        sum
    }
}
