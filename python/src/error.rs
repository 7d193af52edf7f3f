//! The package's exception: `hogsolver.HogError`, a `ValueError` whose
//! message is the CLI's one-line message (the whole error chain, joined as
//! `hog` prints it after `error: `).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    hogsolver,
    HogError,
    PyValueError,
    "Bad input to hogsolver: the message is the hog command's one-line error."
);

/// The CLI's one-line message of an error, as a `HogError`.
pub fn value_error(error: impl Into<anyhow::Error>) -> PyErr {
    hog_error(format!("{:#}", error.into()))
}

/// A `HogError` with the message given.
pub fn hog_error(message: impl Into<String>) -> PyErr {
    HogError::new_err(message.into())
}
