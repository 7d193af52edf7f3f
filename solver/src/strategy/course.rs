//! The course strategies of every semester: their names, parameters and
//! defaults, and how each semester's course defines them.
//!
//! Every course strategy but `always_roll` and fa12's two makers answers
//! (score, opponent_score) by comparing what rolling 0 dice would do with
//! a threshold (the course calls it margin, cutoff or threshold): 0 dice,
//! else `num_rolls`. The semesters differ in what they compare, one
//! [`Decide`] each; a name means the definition of the semester whose
//! rules are in force (`bacon_strategy` under fa16 counts the prime boost).

use crate::error::{Error, Result};
use crate::rules::{AfterTurn, Preset, Rules, TurnFacts};

use super::{StrategySpec, BASELINE};

/// How a course strategy decides from the turn that rolls 0 dice. `points`
/// are that turn's points after the point modifiers, `t` the threshold and
/// `n` num_rolls; "the after-turn rules" leave out Feral Hogs, whose memory
/// a course strategy cannot see.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decide {
    /// always_roll(n): n in every state.
    Always,
    /// 0 when points >= t, else n (bacon_strategy and its heirs).
    Points,
    /// fa15's swap_strategy: 0 when the after-turn rules improve the
    /// mover's lead (mover - opponent), else n. It has no threshold.
    Beneficial,
    /// swap_strategy, prime_strategy: 0 when the after-turn rules improve
    /// the mover's lead, n when they worsen it, else as [`Decide::Points`]
    /// (a swap of equal scores changes no lead: the points decide).
    Lead,
    /// fa21: 0 when an after-turn rule changes the scores or the mover
    /// goes again, else as [`Decide::Points`] (the threshold compares the
    /// points alone).
    Effect,
    /// fa22: 0 when the points and then this rule raise the mover's score
    /// by at least t (the course applies the rule whether or not the rules
    /// in force do: sp26-simple's sus_strategy), else n.
    Gain(AfterTurn),
    /// nju21: 0 when the after-turn rules swap the scores and the opponent
    /// leads by at least t, else n.
    SwapGain,
    /// fa12 make_comeback_strategy: n + 1 when the opponent leads by at
    /// least t, else n.
    Comeback,
    /// fa12 make_mean_strategy: 0 when points >= t and the new sum of
    /// scores is a multiple of 7 or ends in 7 (Hog Wild and Hog Tied for
    /// the opponent), else n.
    Mean,
}

/// One semester group's definition of a course strategy.
pub struct Definition {
    /// The semesters: preset names, and semesters without a preset yet
    /// (docs/rules.md), whose rules the caller supplies.
    pub semesters: &'static [&'static str],
    pub decide: Decide,
    /// The default of the first parameter (None: required). num_rolls
    /// defaults to the preset's baseline always_roll(n), as the courses'
    /// BASELINE_NUM_ROLLS and their docstrings' defaults do.
    pub threshold: Option<i64>,
}

/// A course strategy: its name, its parameters (each with the names the
/// courses give it), and its definitions by semester (none: any rules,
/// custom rules texts included).
pub struct CourseStrategy {
    pub name: &'static str,
    pub params: &'static [&'static [&'static str]],
    pub definitions: &'static [Definition],
}

impl CourseStrategy {
    /// The definition for a semester (a preset's name or a semester without
    /// a preset), or the one for any rules.
    pub fn definition(&self, semester: &str) -> Option<&'static Definition> {
        self.definitions
            .iter()
            .find(|d| d.semesters.is_empty() || d.semesters.contains(&semester))
    }

    /// Every semester that defines it.
    pub fn semesters(&self) -> Vec<&'static str> {
        self.definitions
            .iter()
            .flat_map(|d| d.semesters.iter().copied())
            .collect()
    }

    /// The default of a parameter shared by every semester (None where
    /// they differ or it is required): what a parameter left out before one
    /// given by keyword takes.
    pub fn common_default(&self, slot: usize) -> Option<i64> {
        let mut thresholds = self
            .definitions
            .iter()
            .filter(|d| d.decide.reads_threshold())
            .map(|d| d.threshold);
        let first = thresholds.next()?;
        (slot == 0 && thresholds.all(|t| t == first))
            .then_some(first)
            .flatten()
    }
}

const THRESHOLD: &[&str] = &["threshold"];
const MARGIN: &[&str] = &["margin", "cutoff"];
const CUTOFF: &[&str] = &["cutoff", "threshold"];
const NUM_ROLLS: &[&str] = &["num_rolls"];

const fn points(semesters: &'static [&'static str], threshold: i64) -> Definition {
    Definition {
        semesters,
        decide: Decide::Points,
        threshold: Some(threshold),
    }
}

/// The semesters whose bacon_strategy (and swap_strategy) the courses
/// wrote, in order.
const BACON_SEMESTERS: &[&str] = &[
    "fa13", "fa14", "sp15", "su15", "fa15", "fa16", "su16", "sp17", "su17", "fa17", "sp18", "su18",
    "fa18", "sp19", "su19", "fa19", "sp20", "nju20", "su20", "fa20",
];

pub const COURSE_STRATEGIES: &[CourseStrategy] = &[
    CourseStrategy {
        name: "always_roll",
        params: &[&["n"]],
        definitions: &[Definition {
            semesters: &[],
            decide: Decide::Always,
            threshold: None,
        }],
    },
    CourseStrategy {
        name: "bacon_strategy",
        params: &[MARGIN, NUM_ROLLS],
        definitions: &[points(BACON_SEMESTERS, 8)],
    },
    CourseStrategy {
        name: "swap_strategy",
        params: &[MARGIN, NUM_ROLLS],
        definitions: &[
            Definition {
                semesters: &[
                    "fa13", "fa14", "su15", "fa16", "su16", "sp17", "su17", "fa17", "sp18", "su18",
                    "fa18", "sp19", "su19", "fa19", "sp20", "nju20", "su20",
                ],
                decide: Decide::Lead,
                threshold: Some(8),
            },
            // swap_strategy(score, opponent_score, num_rolls=5): no margin.
            Definition {
                semesters: &["fa15"],
                decide: Decide::Beneficial,
                threshold: None,
            },
        ],
    },
    CourseStrategy {
        name: "prime_strategy",
        params: &[MARGIN, NUM_ROLLS],
        definitions: &[Definition {
            semesters: &["sp15"],
            decide: Decide::Lead,
            threshold: Some(8),
        }],
    },
    CourseStrategy {
        name: "extra_turn_strategy",
        params: &[CUTOFF, NUM_ROLLS],
        definitions: &[effect(&["fa20"], 8)],
    },
    CourseStrategy {
        name: "piggypoints_strategy",
        params: &[CUTOFF, NUM_ROLLS],
        definitions: &[points(&["sp21", "su21"], 8)],
    },
    CourseStrategy {
        name: "more_boar_strategy",
        params: &[CUTOFF, NUM_ROLLS],
        definitions: &[effect(&["sp21", "su21"], 8)],
    },
    CourseStrategy {
        name: "picky_piggy_strategy",
        params: &[CUTOFF, NUM_ROLLS],
        definitions: &[points(&["nju21", "fa21"], 8)],
    },
    CourseStrategy {
        name: "hog_pile_strategy",
        params: &[CUTOFF, NUM_ROLLS],
        definitions: &[effect(&["fa21", "sp22"], 8)],
    },
    CourseStrategy {
        name: "hefty_hogs_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[points(&["sp22"], 8)],
    },
    CourseStrategy {
        name: "oink_points_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[points(&["su22"], 8)],
    },
    CourseStrategy {
        name: "pigs_on_prime_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[effect(&["su22"], 8)],
    },
    CourseStrategy {
        name: "tail_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[points(&["fa22", "fa22-simple"], 12)],
    },
    CourseStrategy {
        name: "square_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[gain(&["fa22", "fa22-simple"], AfterTurn::SquareSwine, 12)],
    },
    CourseStrategy {
        name: "boar_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[points(&["su23"], 12), points(&["sp26", "sp26-simple"], 11)],
    },
    CourseStrategy {
        name: "fuzzy_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[gain(&["su23"], AfterTurn::FuzzyFactors, 12)],
    },
    CourseStrategy {
        name: "sus_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[gain(&["sp26", "sp26-simple"], AfterTurn::SusFuss, 11)],
    },
    CourseStrategy {
        name: "swine_swap_strategy",
        params: &[CUTOFF, NUM_ROLLS],
        definitions: &[Definition {
            semesters: &["nju21"],
            decide: Decide::SwapGain,
            threshold: Some(8),
        }],
    },
    CourseStrategy {
        name: "picky_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[points(&["nju23"], 8)],
    },
    CourseStrategy {
        name: "swine_strategy",
        params: &[THRESHOLD, NUM_ROLLS],
        definitions: &[gain(&["nju23"], AfterTurn::SwineSwapMoverSquare, 8)],
    },
    CourseStrategy {
        name: "make_comeback_strategy",
        params: &[&["margin"], NUM_ROLLS],
        definitions: &[Definition {
            semesters: &["fa12", "sp13"],
            decide: Decide::Comeback,
            threshold: None,
        }],
    },
    CourseStrategy {
        name: "make_mean_strategy",
        params: &[&["min_points"], NUM_ROLLS],
        definitions: &[Definition {
            semesters: &["fa12", "sp13"],
            decide: Decide::Mean,
            threshold: None,
        }],
    },
];

const fn effect(semesters: &'static [&'static str], threshold: i64) -> Definition {
    Definition {
        semesters,
        decide: Decide::Effect,
        threshold: Some(threshold),
    }
}

const fn gain(semesters: &'static [&'static str], rule: AfterTurn, threshold: i64) -> Definition {
    Definition {
        semesters,
        decide: Decide::Gain(rule),
        threshold: Some(threshold),
    }
}

/// A course strategy for these rules, as a closure of (score,
/// opponent_score): the definition of the preset whose rules these are.
pub fn course_strategy(
    rules: &Rules,
    name: &str,
    args: &[i64],
) -> Result<Box<dyn Fn(u32, u32) -> i64 + Sync + Send>> {
    semester_strategy(&rules.name(), rules, name, args)
}

/// A course strategy as `semester`'s course defines it, played under
/// `rules` (the semester's own: for a semester without a preset yet, its
/// rules text).
pub fn semester_strategy(
    semester: &str,
    rules: &Rules,
    name: &str,
    args: &[i64],
) -> Result<Box<dyn Fn(u32, u32) -> i64 + Sync + Send>> {
    // The strategy as given: a bare name stays bare.
    let text = if args.is_empty() {
        name.to_string()
    } else {
        format!(
            "{name}({})",
            args.iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let bad = |reason: String| Error::BadStrategy {
        text: text.clone(),
        reason,
    };
    let preset = Preset::find(semester);
    // An alias names its preset's semester group (sp23 is fa22).
    let semester = preset.map_or(semester, |p| p.name);
    if name == BASELINE {
        if !args.is_empty() {
            return Err(bad("baseline takes no arguments".into()));
        }
        let baseline = preset
            .ok_or_else(|| bad("these rules have no course preset, so no course baseline".into()))?
            .baseline;
        let StrategySpec::Course { name, args } = StrategySpec::parse(baseline)? else {
            unreachable!("every preset's baseline is a course strategy");
        };
        return semester_strategy(semester, rules, &name, &args);
    }
    let course = COURSE_STRATEGIES
        .iter()
        .find(|c| c.name == name)
        .ok_or_else(|| bad("unknown course strategy".into()))?;
    let definition = course.definition(semester).ok_or_else(|| {
        bad(format!(
            "{name} belongs to {}, not to the rules in use ({semester})",
            course.semesters().join(", ")
        ))
    })?;
    let params = || {
        course
            .params
            .iter()
            .map(|p| p[0])
            .collect::<Vec<_>>()
            .join(", ")
    };
    if args.len() > course.params.len() {
        return Err(bad(format!(
            "{name} takes at most {} arguments ({})",
            course.params.len(),
            params()
        )));
    }
    // The baseline's n: every preset's baseline is always_roll(n).
    let baseline_rolls = || {
        let inner = preset?.baseline.strip_prefix("always_roll(")?;
        inner.strip_suffix(')')?.parse::<i64>().ok()
    };
    let arg = |i: usize| -> Result<i64> {
        let default = match i {
            0 => definition.threshold,
            _ => baseline_rolls(),
        };
        args.get(i)
            .copied()
            .or(default)
            .ok_or_else(|| bad(format!("{name} needs its argument {}", course.params[i][0])))
    };
    // A definition without a threshold takes num_rolls alone, positional
    // or (after a threshold slot filled by default) by keyword.
    let (t, n) = match (definition.decide, args) {
        (Decide::Beneficial, [.., n]) => (0, *n),
        (Decide::Beneficial, []) => (0, arg(1)?),
        _ if course.params.len() > 1 => (arg(0)?, arg(1)?),
        _ => (arg(0)?, 0),
    };
    if definition.decide == Decide::Always {
        rules.check_action(t).map_err(|e| bad(e.to_string()))?;
    }
    let rules = rules.clone();
    let decide = definition.decide;
    Ok(Box::new(move |s, o| decide.answer(&rules, s, o, t, n)))
}

/// What rolling 0 dice from (s, o) does: its points, the scores after the
/// points, and after the after-turn rules (Feral Hogs left out), whether a
/// swap rule fired (on equal scores too) and whether the mover goes again.
struct ZeroTurn {
    points: u32,
    new: (u32, u32),
    after: (u32, u32),
    swapped: bool,
    extra: bool,
}

impl ZeroTurn {
    fn new(rules: &Rules, s: u32, o: u32) -> ZeroTurn {
        let points = rules.modify_points(rules.zero_dice_points(s, o), 0);
        let new = (s + points, o);
        let facts = TurnFacts {
            num_rolls: 0,
            points,
            memory: 0,
        };
        let mut swapped = false;
        let mut after = new;
        for rule in &rules.after {
            if matches!(rule, AfterTurn::FeralHogsRolls | AfterTurn::FeralHogsPoints) {
                continue;
            }
            swapped |= rule.swaps(after.0, after.1);
            after = rule.apply(after, facts);
        }
        ZeroTurn {
            points,
            new,
            after,
            swapped,
            extra: rules.scores_give_extra_turn(after.0, after.1),
        }
    }

    /// The mover's lead after the after-turn rules minus the lead before them.
    fn lead_change(&self) -> i64 {
        let lead = |(m, o): (u32, u32)| m as i64 - o as i64;
        lead(self.after) - lead(self.new)
    }
}

impl Decide {
    /// Whether the first parameter is a threshold the answer reads.
    fn reads_threshold(self) -> bool {
        !matches!(self, Decide::Always | Decide::Beneficial)
    }

    /// The answer at (s, o) with threshold t and num_rolls n.
    fn answer(self, rules: &Rules, s: u32, o: u32, t: i64, n: i64) -> i64 {
        let turn = ZeroTurn::new(rules, s, o);
        let by_points = if turn.points as i64 >= t { 0 } else { n };
        match self {
            Decide::Always => t,
            Decide::Points => by_points,
            Decide::Lead => match turn.lead_change() {
                change if change > 0 => 0,
                change if change < 0 => n,
                _ => by_points,
            },
            Decide::Beneficial if turn.lead_change() > 0 => 0,
            Decide::Beneficial => n,
            Decide::Effect if turn.after != turn.new || turn.extra => 0,
            Decide::Effect => by_points,
            Decide::Gain(rule) => {
                let facts = TurnFacts {
                    num_rolls: 0,
                    points: turn.points,
                    memory: 0,
                };
                let (m, _) = rule.apply(turn.new, facts);
                if m as i64 - s as i64 >= t {
                    0
                } else {
                    n
                }
            }
            Decide::SwapGain if turn.swapped && o as i64 - s as i64 >= t => 0,
            Decide::SwapGain => n,
            Decide::Comeback if o as i64 - s as i64 >= t => n.saturating_add(1),
            Decide::Comeback => n,
            Decide::Mean => {
                let sum = turn.new.0 + o;
                if turn.points as i64 >= t && (sum.is_multiple_of(7) || sum % 10 == 7) {
                    0
                } else {
                    n
                }
            }
        }
    }
}
