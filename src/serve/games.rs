//! The games the server plays: every preset (and the rules of `--rules`)
//! to the courses' goal, 100, each compiled once and kept.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use anyhow::{anyhow, Result};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::{Model, Preset, Rules};

/// The goal of every game the server plays: the courses' `GOAL_SCORE`
/// (every preset's), so every table a client posts is 100 by 100.
pub const GOAL: u32 = 100;

/// One game: the rules, their model at [`GOAL`], and the course baseline
/// as a policy where the rules are a preset's.
pub struct Game {
    pub rules: Rules,
    pub model: Model,
    baseline: Option<(&'static str, Policy)>,
}

impl Game {
    fn new(rules: &Rules) -> Result<Game> {
        let model = Model::new(rules, GOAL)?;
        crate::alloc::check_memory(&model, hog_solver::memory::Job::Evaluate)?;
        let baseline = match Preset::find(&rules.name()) {
            Some(preset) => {
                let StrategySpec::Course { name, args } = StrategySpec::parse(preset.baseline)?
                else {
                    return Err(anyhow!(
                        "{}: the baseline is not a course strategy",
                        preset.name
                    ));
                };
                let strategy = course_strategy(rules, &name, &args)?;
                let policy = Policy::from_strategy(&strategy, rules, GOAL, preset.baseline)?;
                Some((preset.baseline, policy))
            }
            None => None,
        };
        Ok(Game {
            rules: rules.clone(),
            model,
            baseline,
        })
    }

    /// The course baseline, by name and as a policy.
    pub fn baseline(&self) -> Result<(&'static str, &Policy)> {
        self.baseline
            .as_ref()
            .map(|(name, policy)| (*name, policy))
            .ok_or_else(|| anyhow!("the rules {} have no course baseline", self.rules.name()))
    }
}

/// The games compiled so far, by their rules' canonical text.
#[derive(Default)]
pub struct Games {
    games: Mutex<HashMap<String, Arc<Game>>>,
}

impl Games {
    /// The game of `rules`, compiled on its first call.
    pub fn get(&self, rules: &Rules) -> Result<Arc<Game>> {
        let key = rules.to_string();
        if let Some(game) = self.games.lock().expect("games").get(&key) {
            return Ok(game.clone());
        }
        let game = Arc::new(Game::new(rules)?);
        self.games.lock().expect("games").insert(key, game.clone());
        Ok(game)
    }
}
