//! Exact fractions ([`hog_solver::exact::Exact`]) checked three ways:
//!
//! * rounded to f64, they are the f64 engine's values within 4e-15 (a few
//!   units in the last place: Time Trot's extra turns chain more sums), for
//!   every preset, both objectives and evaluation, at several goals, and
//!   the exact tables choose the same num_rolls as the f64 ones;
//! * they are exactly the values of the plain reference solver run in
//!   num-rational's general `BigRational` (its own rules, its own dice, a
//!   gcd after every operation), at small goals;
//! * first principles: games at goals 1 and 2 worked out by hand, and the
//!   fa16 course figure against an independent exact computation in Python.

use hog_solver::evaluate::Grade;
use hog_solver::exact::Exact;
use hog_solver::rules::Recall;
use hog_solver::solve::{Driver, Engine, Probability};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Preset, Rules, State, PRESETS};
use num_bigint::BigInt;
use num_rational::BigRational;

use crate::reference::Reference;

fn course(rules: &Rules, goal: u32, name: &str, args: &[i64]) -> Policy {
    let strategy = course_strategy(rules, name, args).unwrap();
    Policy::from_strategy(&strategy, rules, goal, name).unwrap()
}

fn baseline(preset: &Preset, goal: u32) -> Policy {
    let n = preset
        .baseline
        .trim_start_matches("always_roll(")
        .trim_end_matches(')')
        .parse()
        .unwrap();
    course(&preset.rules(), goal, "always_roll", &[n])
}

/// Every state of the model: its scores and hidden values (sides, memories).
fn states(model: &Model) -> Vec<State> {
    crate::cross_check::states(model.rules(), model.goal())
}

/// The goals of a check: `goals`, or `small` where memories or Time Trot
/// multiply the states by 10 to 196 (and exact values grow with every
/// turn), to keep the suite's time in bounds.
fn goals(preset: &Preset, goals: &[u32], small: u32) -> Vec<u32> {
    if preset.rules().recall() == Recall::None && preset.rules().hidden().len() <= 4 {
        goals.to_vec()
    } else {
        vec![small]
    }
}

fn close(what: &str, exact: &Exact, float: f64) {
    assert!(
        (exact.to_f64() - float).abs() <= 4e-15,
        "{what}: exact {} rounds to {}, the f64 engine has {float}",
        exact.decimal(20),
        exact.to_f64()
    );
}

#[test]
fn exact_values_round_to_the_f64_engines() {
    for preset in PRESETS {
        for goal in goals(preset, &[10, 23, 40], 8) {
            let model = Model::new(&preset.rules(), goal).unwrap();
            let exact = Engine::<Exact>::new(&model, Driver::Parallel);
            let float = Engine::<f64>::new(&model, Driver::Parallel);
            let what = |kind: &str, x: State| format!("{} goal {goal} {kind} {x:?}", preset.name);
            let (e, f) = (exact.optimal(), float.optimal());
            let b = baseline(preset, goal);
            let (er, fr) = (exact.best_response(&b), float.best_response(&b));
            let a = course(&preset.rules(), goal, "always_roll", &[5]);
            let (ee, fe) = (exact.evaluate(&a, &b), float.evaluate(&a, &b));
            // Ties: exact equality against the f64 engine's 1e-12 tolerance,
            // both going to the lowest num_rolls, choose alike.
            assert_eq!(
                e.policy, f.policy,
                "{} goal {goal}: optimal tables",
                preset.name
            );
            assert_eq!(
                er.policy, fr.policy,
                "{} goal {goal}: best responses",
                preset.name
            );
            for x in states(&model) {
                close(&what("optimal", x), e.values.get(x), *f.values.get(x));
                close(&what("best response (us)", x), er.us.get(x), *fr.us.get(x));
                close(
                    &what("best response (them)", x),
                    er.them.get(x),
                    *fr.them.get(x),
                );
                let (eo, fo) = (ee.a_moves.get(x), fe.a_moves.get(x));
                close(&what("evaluation (A wins)", x), &eo.a_wins, fo.a_wins);
                close(&what("evaluation (draw)", x), &eo.draw, fo.draw);
            }
        }
    }
}

/// An engine value as num-rational's reduced fraction.
fn rational(x: &Exact) -> BigRational {
    let fraction = x.to_fraction();
    BigRational::new(fraction.numer().clone(), fraction.denom().clone())
}

#[test]
fn exact_values_are_the_rational_references() {
    for preset in PRESETS {
        let goal = goals(preset, &[10], 3)[0];
        let rules = preset.rules();
        let model = Model::new(&rules, goal).unwrap();
        let engine = Engine::<Exact>::new(&model, Driver::Sequential);
        let reference = Reference::<BigRational>::new(&rules, goal);
        let optimum = reference.optimum();
        let solution = engine.optimal();
        let b = baseline(preset, goal);
        let response = engine.best_response(&b);
        let expected_response = reference.best_response(&b);
        let a = course(&rules, goal, "always_roll", &[3]);
        let evaluation = engine.evaluate(&a, &b);
        let expected_evaluation = reference.evaluation(&a, &b);
        for x in states(&model) {
            let what = format!("{} goal {goal} {x:?}", preset.name);
            assert_eq!(
                rational(solution.values.get(x)),
                optimum.value(x),
                "{what} optimum"
            );
            assert_eq!(
                rational(response.us.get(x)),
                expected_response.us(x),
                "{what} W"
            );
            assert_eq!(
                rational(response.them.get(x)),
                expected_response.them(x),
                "{what} L"
            );
            let (got, expected) = (evaluation.a_moves.get(x), expected_evaluation.a_moves(x));
            assert_eq!(rational(&got.a_wins), expected.a_wins, "{what} A wins");
            assert_eq!(rational(&got.b_wins), expected.b_wins, "{what} B wins");
            assert_eq!(rational(&got.draw), expected.draw, "{what} draw");
        }
    }
}

fn fraction(x: &Exact) -> String {
    x.to_fraction().to_string()
}

/// Every turn scores at least one point, so at goal 1 the first mover wins
/// on the spot, unless a swap hands the point over: the opponent's 0 is no
/// half or double of a score of at least 1, but nju21 swaps when 3^(sum of
/// scores) starts and ends with the same digit, as 3 and 9 do. There
/// always_roll(0) scores 1 (Picky Piggy at 0), which is swapped away: the
/// first mover loses. always_roll(1) scores 1 on a 1 (swapped away), and on
/// 2 to 6 one of 3, 3, 5, 5, 7 (Feral Hogs: +1 for an even face at the even
/// score 0), whose powers 27, 27, 243, 243, 2187 do not swap: 5/6.
///
/// At goal 2 under sp26 (no swaps; Sus Fuss leaves 1, which has one
/// divisor, alone), worked out by hand:
///
/// * always_roll(1): the first mover wins at once unless the die shows 1
///   (5/6); at 1 point the opponent wins unless it rolls a 1 too (then the
///   first mover, at 1 against 1, wins with any roll): 5/6 + 1/6 · 1/6 = 31/36;
/// * always_roll(2): no 1 among two dice, 25/36, else 1 point:
///   25/36 + (11/36)² = 1021/1296;
/// * always_roll(0): Boar Brawl gives max(1, 3·|0 − 0|) = 1 to each player,
///   then 3·|tens(1) − ones(1)| = 3 points win for the first mover: 1.
#[test]
fn small_games_have_their_hand_worked_values() {
    for preset in PRESETS {
        let rules = preset.rules();
        let model = Model::new(&rules, 1).unwrap();
        let engine = Engine::<Exact>::new(&model, Driver::Sequential);
        let cases: &[(i64, &str)] = if preset.name == "nju21" {
            &[(0, "0"), (1, "5/6")]
        } else if preset.name == "su16" {
            // su16 swaps when the mover's new score has all digits equal,
            // every one-digit score included, even past the goal: 0 dice
            // score 1 + 0 = 1 and one die 1 to 6 (primes raised: 1, 3, 5,
            // 4, 7, 6), all one digit, so the point is swapped away.
            &[(0, "0"), (1, "0")]
        } else if !["fa16", "fa13", "sp26", "sp26-simple", "sp13"].contains(&preset.name) {
            // The later presets' swaps fire on one-point games in their own
            // ways (su18: ones(m) = tens(0) = 0 for any m ending in 0); their
            // exact values are checked against the rational reference below.
            continue;
        } else {
            &[(0, "1"), (1, "1"), (5, "1"), (10, "1")]
        };
        for &(n, first) in cases {
            let a = course(&rules, 1, "always_roll", &[n]);
            let grade = engine.grade(&a, &a);
            let what = format!("{} goal 1, always_roll({n})", preset.name);
            assert_eq!(fraction(&grade.first.a_wins), first, "{what}");
            assert_eq!(fraction(&grade.win_rate), "1/2", "{what}");
        }
    }
    let rules = Rules::sp26();
    let model = Model::new(&rules, 2).unwrap();
    let engine = Engine::<Exact>::new(&model, Driver::Sequential);
    for (n, first) in [(1, "31/36"), (2, "1021/1296"), (0, "1")] {
        let a = course(&rules, 2, "always_roll", &[n]);
        let grade: Grade<Exact> = engine.grade(&a, &a);
        assert_eq!(fraction(&grade.first.a_wins), first, "always_roll({n})");
        assert_eq!(fraction(&grade.win_rate), "1/2", "always_roll({n})");
    }
}

/// The exact win rate of always_roll(8) against always_roll(4) under fa16,
/// as printed by the independent Python program
/// `solver/tests/independent/fa16_always_roll_8_vs_4.py` (fractions.Fraction,
/// written from the rules alone).
const FA16_ALWAYS_ROLL_8_VS_4: [&[&str]; 2] = [
    &[
    "432849569722989048241132336514034485519077197769000955868461642750165668234047077185070023",
    "009712864675960025384456501588528140779923944643032274186383529820600987479640641359977422",
    "952730017883353837180515943998554120339679415662617424909793488461700271744070839000198796",
    "445667845266572529161018286261594084905359818202085465394054411014837249707044000746368409",
    "983892441159800123744323842112046257680707512829129546575014879934487178028525209015164772",
    "180678190093684320137359481962523469598714322559512703779025017422427658667993418875227852",
    "641382360734356858870955677321281954374572640211976508051194072276347995608949762861359989",
    "918354326784199673647138105850908968018631919871441472788766021044510642434456593048866301",
    "727797924969125754227874380574461305015442027155660598331774057702082328850247691951922314",
    "553774161",
    ],
    &[
    "212412126893128391845008992933650868770050277720128503731892038165150373104823358107013869",
    "089182765575880257344496498974939215684899762477448640951534091884654515933638217513607738",
    "185032781201114157719863245521647702448696807612958937925857589846419198478913126573384239",
    "063256211475615560289805859004530469139247679373198669953658538162231347364069422760736009",
    "126506754572641241003024113324878611476744842246677807967674285154690974057026501892072235",
    "364398230622355505696345919105422494094858802358447313853473930880279746484812890897638953",
    "374605425565220204198336710732686807539468186854369436062256024109573206978673029974478745",
    "389944861151173047247441948995947205590376404355289829072743765907806264748590308620403780",
    "220872358512071348719957855028980431613912754772330558187934890201169985852471953326535863",
    "7485785088",
    ],
];

#[test]
fn the_fa16_course_figure_against_an_independent_exact_computation() {
    let rules = Rules::fa16();
    let model = Model::new(&rules, 100).unwrap();
    let engine = Engine::<Exact>::new(&model, Driver::Parallel);
    let a = course(&rules, 100, "always_roll", &[8]);
    let b = course(&rules, 100, "always_roll", &[4]);
    let grade = engine.grade(&a, &b);
    let [numerator, denominator] = FA16_ALWAYS_ROLL_8_VS_4.map(|parts| parts.concat());
    let expected = BigRational::new(
        numerator.parse::<BigInt>().unwrap(),
        denominator.parse::<BigInt>().unwrap(),
    );
    assert_eq!(rational(&grade.win_rate), expected);
    // Its nearest double, and the course calculator's figure, 35 units in
    // the last place above it (its own rounding: the course computes in floats).
    let nearest = grade.win_rate.to_f64();
    assert_eq!(nearest, 0.2037781816199082);
    let course_figure: f64 = 0.20377818161990918;
    assert_eq!(course_figure.to_bits() - nearest.to_bits(), 35);
    // The f64 engine is within a few units in the last place of it.
    let float = Engine::<f64>::new(&model, Driver::Parallel)
        .grade(&a, &b)
        .win_rate;
    assert!(float.to_bits().abs_diff(nearest.to_bits()) <= 4, "{float}");
}
