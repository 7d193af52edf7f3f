//! The CLI's strategy sources (expressions, tables, Python files in the
//! sandbox), with the package's time limit for Python strategies.

use std::time::Duration;

use hog::strategies::Sources;

/// How long a Python strategy may take, in seconds, by default: to import
/// and answer every state (a file, in each of its two rounds), or to answer
/// every state (a callable). The CLI's `--python-timeout` default.
pub const PYTHON_TIMEOUT: u64 = hog::ops::PYTHON_TIMEOUT;

/// The CLI's strategy sources, with a Python file's time limit in seconds.
pub fn sources(timeout: u64) -> Sources {
    Sources::new(Duration::from_secs(timeout))
}
