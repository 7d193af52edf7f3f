//! `hogsolver.project(folder)`: what a course project folder says about its
//! game, as every `hog` command reads it (`hog::game::semester`): the preset and
//! the evidence, or the candidates where the files fit several.

use std::path::PathBuf;

use pyo3::prelude::*;

use crate::error::value_error;
use crate::game::PyRules;

/// A project folder's semester: `rules` (None where the files name no one
/// preset), `reason` (the evidence in a sentence) and `candidates` (the
/// presets the files fit, where they fit several).
#[pyclass(module = "hogsolver", frozen, get_all)]
pub struct Project {
    folder: PathBuf,
    rules: Option<PyRules>,
    reason: String,
    candidates: Vec<String>,
}

#[pymethods]
impl Project {
    fn __repr__(&self) -> String {
        format!(
            "<hogsolver.Project {}: {}>",
            self.folder.display(),
            self.reason
        )
    }
}

/// The semester of the project in `folder`; the student's rule functions
/// may be asked (in the CLI's sandbox) where the files alone do not say.
#[pyfunction]
pub fn project(py: Python<'_>, folder: PathBuf) -> PyResult<Project> {
    match std::fs::metadata(&folder) {
        Err(_) => {
            return Err(value_error(anyhow::anyhow!(
                "{}: no such folder",
                folder.display()
            )))
        }
        Ok(m) if !m.is_dir() => {
            return Err(value_error(anyhow::anyhow!(
                "{}: not a folder (give the project's folder, the one that holds hog.py)",
                folder.display()
            )))
        }
        Ok(_) => {}
    }
    let found = py
        .detach(|| hog::game::semester::folder_semester(&folder))
        .map_err(value_error)?;
    let rules = found
        .preset
        .map(|name| hog_solver::Rules::parse(&name).map(|rules| PyRules { rules }))
        .transpose()
        .map_err(value_error)?;
    Ok(Project {
        folder,
        rules,
        reason: found.reason,
        candidates: found.candidates,
    })
}
