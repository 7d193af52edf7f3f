//! The engine's fast paths and choices against the general ones.

use super::*;
use crate::rules::{AfterTurn, Recall, Rules, PRESETS};

/// Every fast path of [`Engine::roll_values`] and
/// [`Engine::expect_on_grid`] against the general next(): every preset (no swap, Swine Swaps, Hog Piles, sp15's Hogtimus Prime, Sus
/// Fuss, su17's Perfect Piggy with a swap), Perfect Piggy alone, and rule
/// lists that only the general path knows, at goals small
/// enough for most rolls to pass the goal and large enough for swaps,
/// from every state, on a grid whose cells all differ. Feral Hogs'
/// memories multiply the states by 121 or 196: those presets stop at 20
/// (two-digit scores, and swaps), which keeps the test to seconds.
#[test]
fn fast_paths_equal_the_general_path() {
    let mut rule_sets: Vec<_> = PRESETS.iter().map(|p| p.rules()).collect();
    let mut both = Rules::sp26();
    both.after = vec![AfterTurn::SusFuss, AfterTurn::SwineSwapDouble];
    rule_sets.push(both);
    let mut nju21_fuss = Rules::nju21();
    nju21_fuss.after.push(AfterTurn::SusFuss);
    rule_sets.push(nju21_fuss);
    let mut piggy_alone = Rules::parse("su17").unwrap();
    piggy_alone.after.clear();
    let mut piggy_fuss = piggy_alone.clone();
    piggy_fuss.after.push(AfterTurn::SusFuss);
    for (rules, landing) in [
        (&piggy_alone, Landing::Fires),
        (&piggy_fuss, Landing::General),
    ] {
        assert_eq!(
            Model::new(rules, 100).unwrap().landing(),
            landing,
            "{rules}"
        );
    }
    rule_sets.extend([piggy_alone, piggy_fuss]);
    for rules in &rule_sets {
        let largest = if rules.recall() == Recall::None {
            60
        } else {
            20
        };
        for goal in [1, 7, largest] {
            let model = Model::new(rules, goal).unwrap();
            let engine = Engine::<f64>::new(&model, Driver::Sequential);
            let mut grid = Grid::new(&model, 0.0);
            for (i, v) in grid.cells.iter_mut().enumerate() {
                // Distinct cells in (0, 1): the fractional parts of i·φ.
                *v = (i as f64 * 0.618_033_988_749_895 + 0.1).fract();
            }
            let len = engine.max_roll_points as usize + 1;
            for layer in engine.layers() {
                for &x in &layer.states {
                    let complement = |v: &f64| 1.0 - v;
                    let (mut fast, mut general) = (vec![-1.0; len], vec![-2.0; len]);
                    engine.roll_values(x, &mut fast, &grid, &grid, &complement);
                    engine.roll_values_general(x, &mut general, &grid, &grid, &complement);
                    // f(0) is never read, and left as it is.
                    assert_eq!(fast[1..], general[1..], "{rules} goal {goal} from {x:?}");
                    // Free Bacon's value read from the rolls' (Engine::each_action).
                    let points = model.fixed_points(x, 0) as usize;
                    if engine.zero_dice_from_rolls() && points > 0 {
                        let next = model.next(x, 0, points as u32);
                        let value = options::outcome_value(next, &grid, &grid, complement);
                        assert_eq!(
                            fast[points], value,
                            "{rules} goal {goal}: 0 dice from {x:?}"
                        );
                    }
                    for a in rules.actions() {
                        let (win, loss) = (0.25, 0.75);
                        let fast = engine.expect_on_grid(x, a, &win, &loss, &grid, &grid);
                        let general = engine.expect(x, a, |next| match next {
                            Next::Win => win,
                            Next::Loss => loss,
                            Next::Continue(y) | Next::Again(y) => *grid.get(y),
                        });
                        assert_eq!(fast, general, "{rules} goal {goal} from {x:?}, action {a}");
                    }
                }
            }
        }
    }
}

/// Where no action passes, the action chosen in the state's own loop
/// ([`Engine::choose_exit`]) is the one [`Options::choose`] takes from
/// the whole options, value and action bit for bit: every such preset,
/// every state, on a grid of distinct cells and on a coarse one (eighths,
/// so that actions tie and the lowest must win).
#[test]
fn choosing_in_the_loop_equals_choosing_from_the_options() {
    for preset in PRESETS {
        let rules = preset.rules();
        if rules.can_score_zero() || rules.recall() != Recall::None {
            continue;
        }
        let model = Model::new(&rules, 40).unwrap();
        let engine = Engine::<f64>::new(&model, Driver::Sequential);
        for coarse in [false, true] {
            let mut grid = Grid::new(&model, 0.0);
            for (i, v) in grid.cells.iter_mut().enumerate() {
                let fine = (i as f64 * 0.618_033_988_749_895 + 0.1).fract();
                *v = if coarse {
                    (fine * 8.0).floor() / 8.0
                } else {
                    fine
                };
            }
            let complement = |v: &f64| 1.0 - v;
            let mut buffer = vec![];
            for layer in engine.layers() {
                for &x in &layer.states {
                    let looped = engine.choose_exit(x, &mut buffer, &grid, &grid, complement);
                    let options = engine.options(x, &mut buffer, &grid, &grid, complement);
                    let chosen = options.choose(None);
                    assert_eq!(
                        (looped.0.to_bits(), looped.1),
                        (chosen.0.to_bits(), chosen.1),
                        "{} from {x:?} (coarse grid: {coarse})",
                        preset.name
                    );
                }
            }
        }
    }
}

/// The team ([`team`]) solves as one thread does, to the bit, on every
/// preset it takes (no pass, no Feral Hogs; extra turns and memories
/// included), with teams of two and three threads and at goals where some
/// layers have fewer states than threads. A state computed before the
/// layers above it were closed, or written to another's cell, changes
/// values.
#[test]
fn a_team_solves_as_one_thread() {
    let mut taken = 0;
    for preset in PRESETS {
        let rules = preset.rules();
        let goal = if rules.recall() == Recall::None {
            90
        } else {
            30
        };
        let model = Model::new(&rules, goal).unwrap();
        if rules.can_score_zero() || model.feral().is_some() {
            continue;
        }
        taken += 1;
        let one = Engine::<f64>::new(&model, Driver::Sequential).optimal_layers();
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        for threads in [2, 3] {
            let team = engine.optimal_on_team(threads);
            let bits =
                |grid: &Grid<f64>| grid.cells.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert!(
                bits(&team.values) == bits(&one.values),
                "{}: the values of a team of {threads}",
                preset.name
            );
            assert!(
                team.policy == one.policy,
                "{}: the actions of a team of {threads}",
                preset.name
            );
        }
    }
    assert!(taken >= 20, "the team takes most presets ({taken})");
}

/// A member of a team that panics fails the solve instead of leaving the
/// others waiting for its chunk forever: nju21's Picky Piggy lets a turn
/// score 0, which the team's rules check keeps out and which its per-state
/// choice refuses with a panic, so a team run there anyway must panic, in
/// whichever member meets the pass first, and return.
#[test]
fn a_member_that_panics_fails_the_team() {
    let model = Model::new(&Rules::nju21(), 100).unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let engine = Engine::<f64>::new(&model, Driver::Parallel);
        let solve = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            engine.optimal_on_team(2);
        }));
        sender.send(solve.is_err()).unwrap();
    });
    let ended = receiver.recv_timeout(std::time::Duration::from_secs(60));
    assert_eq!(ended, Ok(true), "the team's solve panics and returns");
}
