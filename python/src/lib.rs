//! hog for Python: the module `hogsolver._hog`, wrapped by the package
//! `hogsolver` (`python/hogsolver/__init__.py`). It calls the engine,
//! `hog-solver`, for the game (rules, turns, solves, grades, the best
//! `final_strategy`), and the `hog` crate's commands' library
//! (`hog::ops`, strategy arguments, exports, semester detection) for the
//! rest, as the command line calls them, so that every figure is the
//! CLI's, bit for bit. It names nothing of the command line but its entry
//! (`hog::cli::run`, the `hog` script).
//!
//! The files stand in layers, each using only those above it: `error`,
//! `sources`, `interrupt`, `game`; `solution`, `final_strategy`, `project`
//! (the result classes); `strategy`; `played`; `results`, `search`,
//! `commands` (the functions).
//!
//! Errors: bad input is a `HogError` (a `ValueError`) carrying the CLI's
//! one-line message ([`error`]).

use pyo3::prelude::*;

mod commands;
mod error;
mod final_strategy;
mod game;
mod interrupt;
mod played;
mod project;
mod results;
mod search;
mod solution;
mod sources;
mod strategy;

#[pymodule]
fn _hog(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("HogError", py.get_type::<error::HogError>())?;
    module.add("PYTHON_TIMEOUT", sources::PYTHON_TIMEOUT)?;
    module.add("MAX_GOAL", hog_solver::rules::MAX_GOAL)?;
    module.add_class::<game::PyRules>()?;
    module.add_class::<solution::Solution>()?;
    module.add_class::<final_strategy::Final>()?;
    module.add_class::<results::Grade>()?;
    module.add_class::<project::Project>()?;
    module.add_function(wrap_pyfunction!(game::rules, module)?)?;
    module.add_function(wrap_pyfunction!(played::game, module)?)?;
    module.add_function(wrap_pyfunction!(project::project, module)?)?;
    module.add_function(wrap_pyfunction!(results::solve, module)?)?;
    module.add_function(wrap_pyfunction!(results::load, module)?)?;
    module.add_function(wrap_pyfunction!(results::grade, module)?)?;
    module.add_function(wrap_pyfunction!(search::final_strategy, module)?)?;
    module.add_function(wrap_pyfunction!(commands::presets, module)?)?;
    module.add_function(wrap_pyfunction!(commands::turn, module)?)?;
    module.add_function(wrap_pyfunction!(commands::dist, module)?)?;
    module.add_function(wrap_pyfunction!(commands::explain, module)?)?;
    module.add_function(wrap_pyfunction!(commands::check_wall, module)?)?;
    module.add_function(wrap_pyfunction!(commands::contest, module)?)?;
    module.add_function(wrap_pyfunction!(commands::heatmap, module)?)?;
    module.add_function(wrap_pyfunction!(commands::save_png, module)?)?;
    module.add_function(wrap_pyfunction!(commands::main, module)?)?;
    Ok(())
}
