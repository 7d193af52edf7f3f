//! Progress bars on stderr for long work, shown only on a terminal; and the
//! stop a caller gives a command ([`with_stop`]), which its solve bars check.

use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hog_solver::stop::Stop;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::printable::printable_line;

/// Solves and evaluations of fewer states than this are too quick for a bar.
const BAR_MIN_STATES: u64 = 1_000_000;

thread_local! {
    /// The stop of the command running on this thread, where its caller
    /// gave one.
    static STOP: RefCell<Option<Stop>> = const { RefCell::new(None) };
}

/// Runs `work`, a command, so that every [`SolveBar`] it makes checks
/// `stop` as each layer of its solves and evaluations starts: how the
/// Python face's Ctrl-C ends a command within a layer's work (the check
/// unwinds, see [`hog_solver::stop`]).
pub fn with_stop<T>(stop: &Stop, work: impl FnOnce() -> T) -> T {
    struct Reset(Option<Stop>);
    impl Drop for Reset {
        fn drop(&mut self) {
            STOP.with(|s| *s.borrow_mut() = self.0.take());
        }
    }
    let _reset = Reset(STOP.with(|s| s.borrow_mut().replace(stop.clone())));
    work()
}

/// A progress bar on stderr for a solve or evaluation, fed by
/// [`Engine::with_progress`](hog_solver::solve::Engine::with_progress):
/// shown only on a terminal, and only for work of at least
/// [`BAR_MIN_STATES`] states (fa16 from goal 708, other presets from 1000).
/// It checks the stop of [`with_stop`] at each report.
pub struct SolveBar(ProgressBar, Option<Stop>);

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
        SolveBar(bar, STOP.with(|s| s.borrow().clone()))
    }

    /// `done` of `all` states are solved.
    pub fn report(&self, done: u64, all: u64) {
        if let Some(stop) = &self.1 {
            stop.check();
        }
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

/// A progress bar on stderr for work counted in items known ahead (a
/// contest's entries and pairs, a simulation's games): shown only on a
/// terminal. `what` follows the count: "pairs, {eta} left". Cleared when
/// dropped.
pub struct CountBar(ProgressBar);

impl CountBar {
    pub fn new(items: u64, what: &str) -> CountBar {
        CountBar(if std::io::stderr().is_terminal() {
            ProgressBar::new(items).with_style(
                ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what}"))
                    .expect("a valid template"),
            )
        } else {
            ProgressBar::hidden()
        })
    }

    /// `items` more are done.
    pub fn inc(&self, items: u64) {
        self.0.inc(items);
    }

    /// What is being done now, for a `{msg}` in `what`.
    pub fn say(&self, now: &'static str) {
        self.0.set_message(now);
    }
}

impl Drop for CountBar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// Work that takes longer than this gets a [`StepBar`] (on a terminal).
const STEP_BAR_AFTER: Duration = Duration::from_secs(1);

/// A progress bar on stderr for work counted in steps whose pace is not
/// known ahead (a Python strategy answering, say): shown only on a
/// terminal, and only once the work has taken [`STEP_BAR_AFTER`], so that
/// quick work draws nothing. Cleared when dropped.
pub struct StepBar {
    bar: ProgressBar,
    start: Instant,
    terminal: bool,
}

impl StepBar {
    /// A bar of `steps` steps, which are `unit`, labelled `what`.
    pub fn new(what: &str, steps: u64, unit: &str) -> StepBar {
        let bar = ProgressBar::hidden().with_style(
            ProgressStyle::with_template(&format!(
                "{{msg}} {{wide_bar}} {{pos}}/{{len}} {unit}, {{eta}} left"
            ))
            .expect("a valid template"),
        );
        bar.set_length(steps);
        // `what` may name a file: one line, escaped for the terminal.
        bar.set_message(printable_line(what).into_owned());
        StepBar {
            bar,
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// A function that counts one step done, for another thread.
    pub fn stepper(&self) -> impl Fn() + Send + 'static {
        let (bar, start, terminal) = (self.bar.clone(), self.start, self.terminal);
        move || {
            if terminal && bar.is_hidden() && start.elapsed() >= STEP_BAR_AFTER {
                // Another bar may be drawn on the cursor's line (the
                // contest's entries): this one takes that line, which the
                // other redraws when this is done.
                let _ = write!(std::io::stderr(), "\r\x1b[2K");
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
            bar.inc(1);
        }
    }
}

impl Drop for StepBar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// A spinner and the time taken, on stderr, for work whose length is not
/// known ahead (`hog final`'s blind search, which sweeps until nothing
/// changes): shown only on a terminal, and only once the work has taken
/// [`STEP_BAR_AFTER`]. Cleared when dropped.
pub struct Spinner {
    bar: ProgressBar,
    /// Dropped to stop the thread that shows the spinner.
    stop: Option<mpsc::Sender<()>>,
    shower: Option<JoinHandle<()>>,
}

impl Spinner {
    pub fn new(what: &str) -> Spinner {
        let bar = ProgressBar::hidden().with_style(
            ProgressStyle::with_template("{msg} {spinner} {elapsed}").expect("a valid template"),
        );
        // `what` may name a file: one line, escaped for the terminal.
        bar.set_message(printable_line(what).into_owned());
        if !std::io::stderr().is_terminal() {
            return Spinner {
                bar,
                stop: None,
                shower: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let shown = bar.clone();
        let shower = std::thread::spawn(move || {
            if stopped.recv_timeout(STEP_BAR_AFTER) == Err(RecvTimeoutError::Timeout) {
                shown.set_draw_target(ProgressDrawTarget::stderr());
                shown.enable_steady_tick(Duration::from_millis(100));
            }
        });
        Spinner {
            bar,
            stop: Some(stop),
            shower: Some(shower),
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(shower) = self.shower.take() {
            // A thread that only waits and sets the bar up cannot panic.
            let _ = shower.join();
        }
        self.bar.finish_and_clear();
    }
}
