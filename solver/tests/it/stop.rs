//! A requested stop ends the engine's long work at once, on every path: the
//! self-play solve on a team of threads, the layer loop on rayon's threads
//! (memories), the evaluation, and the blind search's ascents. Each work
//! below takes seconds (tens under load) on two threads; the stop is
//! requested part of the way in (by the progress callback as the tenth
//! layer starts, or 1 s in where the work reports no progress), and the
//! work must end with `Err(Stopped)` within [`STOPS_WITHIN`] of the
//! request.

use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use hog_solver::solve::{Driver, Engine};
use hog_solver::stop::{stoppable, Stop, Stopped};
use hog_solver::strategy::{course_strategy, Policy};
use hog_solver::{Model, Preset, Rules};

const STOPS_WITHIN: Duration = Duration::from_secs(2);

/// The stop of a work, and when it was requested.
#[derive(Clone, Default)]
struct Request {
    stop: Stop,
    at: Arc<Mutex<Option<Instant>>>,
}

impl Request {
    fn now(&self) {
        self.at.lock().unwrap().get_or_insert_with(Instant::now);
        self.stop.request();
    }

    /// A progress callback that requests the stop as the tenth layer starts.
    fn at_tenth_layer(&self) -> impl Fn(u64, u64) + Sync + '_ {
        let layers = Mutex::new(0);
        move |_, _| {
            let mut seen = layers.lock().unwrap();
            *seen += 1;
            if *seen == 10 {
                self.now();
            }
        }
    }
}

/// Runs `work` in a pool of two threads; requests its stop `after` that
/// long if given, unless the work did already, or ended; checks that it
/// ended stopped, at once.
fn stops_at_once(
    what: &str,
    after: Option<Duration>,
    work: impl FnOnce(&Request) + Send + 'static,
) {
    let request = Request::default();
    let (ended, end) = mpsc::channel();
    let theirs = request.clone();
    std::thread::spawn(move || {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let result = pool.install(|| stoppable(&theirs.stop, || work(&theirs)));
        ended.send((result, Instant::now())).unwrap();
    });
    let long = Duration::from_secs(600);
    let (result, at_end) = match end.recv_timeout(after.unwrap_or(long)) {
        Ok(ended) => ended,
        Err(_) => {
            request.now();
            end.recv_timeout(long).unwrap()
        }
    };
    let asked = request
        .at
        .lock()
        .unwrap()
        .expect("ended before its stop was requested");
    let delay = at_end - asked;
    assert_eq!(result, Err(Stopped), "{what}");
    assert!(
        delay < STOPS_WITHIN,
        "{what}: stopped {delay:?} after the request"
    );
}

fn always_roll(rules: &Rules, goal: u32, n: i64) -> Policy {
    let strategy = course_strategy(rules, "always_roll", &[n]).unwrap();
    Policy::from_strategy(&strategy, rules, goal, "always_roll").unwrap()
}

#[test]
fn a_stop_ends_a_team_solve() {
    let model = Model::new(&Rules::fa13(), 4000).unwrap();
    stops_at_once("fa13's solve on a team", None, move |request| {
        let progress = request.at_tenth_layer();
        Engine::<f64>::new(&model, Driver::Parallel)
            .with_stop(&request.stop)
            .with_progress(&progress)
            .optimal();
    });
}

#[test]
fn a_stop_ends_a_solve_on_rayons_threads() {
    let rules = Preset::find("sp20").unwrap().rules();
    let model = Model::new(&rules, 150).unwrap();
    stops_at_once("sp20's solve (memories)", None, move |request| {
        let progress = request.at_tenth_layer();
        Engine::<f64>::new(&model, Driver::Parallel)
            .with_stop(&request.stop)
            .with_progress(&progress)
            .optimal();
    });
}

#[test]
fn a_stop_ends_an_evaluation() {
    let rules = Rules::fa16();
    let model = Model::new(&rules, 1500).unwrap();
    let (a, b) = (always_roll(&rules, 1500, 5), always_roll(&rules, 1500, -1));
    stops_at_once("fa16's evaluation", None, move |request| {
        let progress = request.at_tenth_layer();
        Engine::<f64>::new(&model, Driver::Parallel)
            .with_stop(&request.stop)
            .with_progress(&progress)
            .evaluate(&a, &b);
    });
}

#[test]
fn a_stop_ends_a_blind_search() {
    let rules = Rules::fa16();
    let model = Model::new(&rules, 300).unwrap();
    let b = always_roll(&rules, 300, 5);
    // Its ascents report no progress: the stop comes 1 s in, in them.
    stops_at_once(
        "fa16's blind search",
        Some(Duration::from_secs(1)),
        move |request| {
            Engine::<f64>::new(&model, Driver::Parallel)
                .with_stop(&request.stop)
                .blind_response(&b)
                .unwrap();
        },
    );
}
