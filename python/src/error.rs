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

/// A command's error as a `HogError`: its one-line message, with the
/// options it names as the package names them.
pub fn command_error(error: impl Into<anyhow::Error>) -> PyErr {
    hog_error(python_words(&format!("{:#}", error.into())))
}

/// The command line's words for its options, where a message names one as
/// the thing to give, as the package's keywords.
pub fn python_words(message: &str) -> String {
    message
        .replace("--python-timeout", "timeout=")
        .replace("--weaker-sandbox", "weaker_sandbox=True")
        .replace("give one with --against", "give one with against=")
        .replace("(--against)", "(against=)")
}
