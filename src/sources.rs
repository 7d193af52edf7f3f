//! Where the CLI's strategies come from. Every command that takes a strategy
//! resolves it here, into a policy table for the rules and goal in use.

use anyhow::{bail, Result};
use hog_solver::strategy::{course_strategy, Policy, StrategySpec};
use hog_solver::Rules;

/// A strategy as the user wrote it (`always_roll(4)`, `swap_strategy`, ...)
/// as a policy for these rules and this goal.
pub fn resolve_strategy(text: &str, rules: &Rules, goal: u32) -> Result<Policy> {
    match StrategySpec::parse(text)? {
        StrategySpec::Course { name, args } => {
            let strategy = course_strategy(rules, &name, &args)?;
            Ok(Policy::from_strategy(&strategy, rules, goal, text)?)
        }
        StrategySpec::Optimal | StrategySpec::BestResponse(_) | StrategySpec::File(_) => {
            bail!("strategy '{text}' is not supported yet: only course strategies such as always_roll(4) are")
        }
    }
}
