//! The server's work queue. Grades and pages take milliseconds to a second
//! of one core each, so they run on blocking threads, at most one per core
//! at a time (measured on a 2-core VM: two one-thread evaluations side by
//! side lose nothing, while one evaluation split over two threads runs
//! 0.7x to 1.1x the speed of one, so each request gets one thread, the
//! engine's sequential driver). Requests beyond that wait their turn, up
//! to [`Work::MAX_WAITING`]; past that the server says it is busy.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use hyper::StatusCode;
use tokio::sync::Semaphore;

use super::reply::Reply;

pub struct Work {
    slots: Arc<Semaphore>,
    slots_count: usize,
    waiting: AtomicUsize,
}

/// One request counted among those that wait, until it is dropped (its
/// client may leave while it waits).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Work {
    /// The most requests that wait for a slot at once.
    pub const MAX_WAITING: usize = 256;

    /// A queue that runs `slots` jobs at a time.
    pub fn new(slots: usize) -> Work {
        Work {
            slots: Arc::new(Semaphore::new(slots)),
            slots_count: slots,
            waiting: AtomicUsize::new(0),
        }
    }

    /// Runs `job` on a blocking thread once a slot is free; a refusal
    /// when too many wait already, or when the job panics. The job holds
    /// its slot until it ends, even if its client leaves before.
    pub async fn run(&self, job: impl FnOnce() -> Result<Reply, Reply> + Send + 'static) -> Reply {
        let waiting = Waiting(&self.waiting);
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= Work::MAX_WAITING {
            return Reply::refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server is busy: {} requests wait for its {} grading threads; try \
                     again in a moment",
                    Work::MAX_WAITING,
                    self.slots_count
                ),
            );
        }
        let slot = self.slots.clone().acquire_owned().await;
        drop(waiting);
        let Ok(slot) = slot else {
            return Reply::refuse(StatusCode::SERVICE_UNAVAILABLE, "the server is stopping");
        };
        let job = move || {
            let reply = job();
            drop(slot);
            reply
        };
        match tokio::task::spawn_blocking(job).await {
            Ok(Ok(reply) | Err(reply)) => reply,
            Err(_) => Reply::refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                "hog failed inside while answering this request (its stderr has the panic)",
            ),
        }
    }
}
