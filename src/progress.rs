//! Progress bars on stderr for long work, shown only on a terminal.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Solves and evaluations of fewer states than this are too quick for a bar.
const BAR_MIN_STATES: u64 = 1_000_000;

/// A progress bar on stderr for a solve or evaluation, fed by
/// [`Engine::with_progress`](hog_solver::solve::Engine::with_progress):
/// shown only on a terminal, and only for work of at least
/// [`BAR_MIN_STATES`] states (fa16 from goal 708, other presets from 1000).
pub struct SolveBar(ProgressBar);

impl SolveBar {
    pub fn new(what: &str) -> SolveBar {
        let bar = if std::io::stderr().is_terminal() {
            ProgressBar::hidden().with_style(
                ProgressStyle::with_template(&format!(
                    "{what} {{bar:40}} {{pos}}/{{len}} states, {{eta}} left"
                ))
                .expect("a valid template"),
            )
        } else {
            ProgressBar::hidden()
        };
        SolveBar(bar)
    }

    /// `done` of `all` states are solved.
    pub fn report(&self, done: u64, all: u64) {
        if all >= BAR_MIN_STATES && self.0.is_hidden() && std::io::stderr().is_terminal() {
            self.0.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.0.set_length(all);
        self.0.set_position(done);
    }
}

impl Drop for SolveBar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}
