//! hog for Python: the module `hog._hog`, re-exported by the package `hog`
//! (`python/hog/__init__.py`). It calls the library `hog-solver` directly
//! for the game (rules, turns, solves, grades, the best `final_strategy`),
//! and the `hog` crate's own command code, in-process, where the CLI holds
//! the logic (strategy sources, exports, explain, contest, heatmaps), so
//! that every figure is the CLI's, bit for bit.
//!
//! Errors: bad input is a `ValueError` carrying the CLI's one-line message
//! (the whole error chain, joined as `hog` prints it after `error: `).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

mod commands;
mod final_strategy;
mod game;
mod interrupt;
mod results;
mod strategy;

/// The CLI's one-line message of an error, as a `ValueError`.
pub(crate) fn value_error(error: impl Into<anyhow::Error>) -> PyErr {
    PyValueError::new_err(format!("{:#}", error.into()))
}

#[pymodule]
fn _hog(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::PyRules>()?;
    module.add_class::<results::Solution>()?;
    module.add_class::<final_strategy::Final>()?;
    module.add_class::<results::Grade>()?;
    module.add_function(wrap_pyfunction!(game::rules, module)?)?;
    module.add_function(wrap_pyfunction!(results::solve, module)?)?;
    module.add_function(wrap_pyfunction!(results::load, module)?)?;
    module.add_function(wrap_pyfunction!(results::grade, module)?)?;
    module.add_function(wrap_pyfunction!(final_strategy::final_strategy, module)?)?;
    module.add_function(wrap_pyfunction!(commands::run_json, module)?)?;
    module.add_function(wrap_pyfunction!(commands::heatmap_png, module)?)?;
    module.add_function(wrap_pyfunction!(commands::strategy_arg, module)?)?;
    Ok(())
}
