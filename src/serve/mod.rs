//! `hog serve`: the course's exact calculator over HTTP, for every
//! semester at once.
//!
//! | request | answer |
//! |---|---|
//! | `GET /` | the index page: every preset, and a form that grades an uploaded table |
//! | `GET /SEMESTER/final.py` | the file to hand in, as `hog final --rules SEMESTER -o final.py` writes it |
//! | `GET /SEMESTER/final.html` | its policy page, as `hog heatmap final.py -o page.html` writes it |
//! | `POST /SEMESTER/api/compare_strategies` | hog-calc's protocol ([`calc`]) under SEMESTER's rules |
//! | `POST /api/compare_strategies` | the same under `--rules` |
//! | `POST /SEMESTER/api/grade`, `.../api/page` | an uploaded table's grade (JSON) or policy page |
//!
//! SEMESTER is any name `--rules` takes for a preset (`fa20`, `sp24`,
//! `fa16-contest`). The server is HTTP/1.1 (hyper) on one thread of tokio's
//! runtime; the work of a request runs on the blocking threads of
//! [`work::Work`], one per core. It writes no file and never runs Python:
//! it grades tables only. One line per request goes to stderr: method,
//! path, status and time. On SIGINT or SIGTERM it stops taking connections,
//! finishes the requests in flight (for up to [`SHUTDOWN_TIME`]) and
//! returns.

mod calc;
mod finals;
mod games;
mod index;
mod reply;
mod route;
mod tokens;
mod work;

use std::convert::Infallible;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use hog_solver::{Preset, Rules};
use http_body_util::{BodyExt, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::signal::unix::{signal, SignalKind};

use calc::Form;
use finals::Finals;
use games::Games;
use reply::Reply;
use route::{route, Asked, Post, Route};
pub use tokens::Tokens;
use work::Work;

/// The largest body a request may have: calc.py's two tables take about
/// 100 KB, an upload of hog's JSON export about 40 KB.
pub const MAX_BODY: usize = 1 << 20;
/// How long a client may take to send a request's headers.
pub const HEADER_TIME: Duration = Duration::from_secs(10);
/// How long a client may take to send a request's body.
pub const BODY_TIME: Duration = Duration::from_secs(30);
/// How long a stopping server waits for the requests in flight.
pub const SHUTDOWN_TIME: Duration = Duration::from_secs(30);

/// A server to run: where it listens, the rules of `POST
/// /api/compare_strategies` (none: that path refuses, naming the semester
/// paths), and the tokens it takes (none: any token, or none).
pub struct ServeInput {
    pub listen: SocketAddr,
    pub rules: Option<Rules>,
    pub tokens: Option<Tokens>,
}

/// What a running server does, for its first words.
pub struct Listening {
    pub address: SocketAddr,
    /// How many requests it works on at a time.
    pub slots: usize,
}

/// Serves until SIGINT or SIGTERM; `listening` is called once the server
/// listens (and its signals are caught), before the first request.
pub fn serve(input: ServeInput, listening: impl FnOnce(&Listening) -> Result<()>) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async move {
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        let listener = tokio::net::TcpListener::bind(input.listen)
            .await
            .with_context(|| format!("--listen {}: cannot listen there", input.listen))?;
        let slots = std::thread::available_parallelism().map_or(1, |n| n.get());
        let server = Arc::new(Server::new(input, slots));
        listening(&Listening {
            address: listener.local_addr()?,
            slots,
        })?;
        let graceful = GracefulShutdown::new();
        loop {
            tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok((stream, _)) => {
                        let connection = http1::Builder::new()
                            .timer(TokioTimer::new())
                            .header_read_timeout(HEADER_TIME)
                            .serve_connection(TokioIo::new(stream), server.service());
                        let connection = graceful.watch(connection);
                        tokio::spawn(connection);
                    }
                    // Out of file descriptors, say: wait rather than spin.
                    Err(error) => {
                        log(&format!("hog serve: cannot accept a connection: {error}"));
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                },
                _ = interrupt.recv() => break,
                _ = terminate.recv() => break,
            }
        }
        drop(listener);
        tokio::select! {
            () = graceful.shutdown() => {}
            () = tokio::time::sleep(SHUTDOWN_TIME) => log(&format!(
                "hog serve: stopped with requests still in flight after {} s",
                SHUTDOWN_TIME.as_secs()
            )),
        }
        Ok(())
    });
    // Past SHUTDOWN_TIME a grade may still run: it is not waited for.
    runtime.shutdown_background();
    served
}

/// One line on stderr; a stderr that cannot be written loses it.
fn log(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

struct Server {
    /// `--rules`: the game of `POST /api/compare_strategies`.
    rules: Option<Rules>,
    tokens: Option<Tokens>,
    games: Games,
    finals: Finals,
    index: Bytes,
    work: Work,
}

impl Server {
    fn new(input: ServeInput, slots: usize) -> Server {
        let index = index::page(input.rules.as_ref(), input.tokens.is_some());
        Server {
            rules: input.rules,
            tokens: input.tokens,
            games: Games::default(),
            finals: Finals::new(),
            index: Bytes::from(index),
            work: Work::new(slots),
        }
    }

    /// The service of one connection: each request answered and logged.
    fn service(
        self: &Arc<Self>,
    ) -> impl hyper::service::Service<
        Request<Incoming>,
        Response = hyper::Response<http_body_util::Full<Bytes>>,
        Error = Infallible,
        Future = impl Send,
    > {
        let server = self.clone();
        service_fn(move |request: Request<Incoming>| {
            let server = server.clone();
            async move {
                let started = Instant::now();
                let method = request.method().clone();
                let path = request.uri().path().to_string();
                let reply = server.answer(request).await;
                // The path as sent, its control characters escaped; never a body.
                let path: String = path.chars().take(200).collect();
                log(&format!(
                    "{method} {} {} {:.1} ms",
                    crate::printable::printable_line(&path),
                    reply.status.as_u16(),
                    started.elapsed().as_secs_f64() * 1e3
                ));
                Ok(reply.into_response())
            }
        })
    }

    async fn answer(self: Arc<Self>, request: Request<Incoming>) -> Reply {
        let route = match route(request.method(), request.uri().path()) {
            Ok(route) => route,
            Err(reply) => return reply,
        };
        match route {
            Route::Index => Reply::html(self.index.clone()),
            Route::File(asked) => match self.finals.file(asked.preset, asked.semester) {
                Ok(file) => Reply::python(file, "final.py"),
                Err(error) => Reply::refuse(StatusCode::NOT_FOUND, format!("{error:#}")),
            },
            Route::FilePage(asked) => self.queued(move |server| server.file_page(asked)).await,
            Route::Post(post, asked) => {
                let preset = asked.map(|asked| asked.preset);
                let body = match read_body(request).await {
                    Ok(body) => body,
                    Err(reply) => return reply,
                };
                self.queued(move |server| server.post(post, preset, &Form::parse(&body)))
                    .await
            }
        }
    }

    /// Runs `job` in the work queue (see [`Work`]).
    async fn queued(
        self: &Arc<Self>,
        job: impl FnOnce(&Server) -> Result<Reply, Reply> + Send + 'static,
    ) -> Reply {
        let server = self.clone();
        self.work.run(move || job(&server)).await
    }

    /// The game of `rules`, compiled once.
    fn game(&self, rules: &Rules) -> Result<Arc<games::Game>, Reply> {
        self.games
            .get(rules)
            .map_err(|error| Reply::refuse(StatusCode::INTERNAL_SERVER_ERROR, format!("{error:#}")))
    }

    /// `GET /SEMESTER/final.html`.
    fn file_page(&self, asked: Asked) -> Result<Reply, Reply> {
        let game = self.game(&asked.preset.rules())?;
        match self.finals.page(asked.preset, asked.semester, &game) {
            Ok(page) => Ok(Reply::html(page)),
            Err(error) => Err(Reply::refuse(StatusCode::NOT_FOUND, format!("{error:#}"))),
        }
    }

    /// A POST: its token checked, its game the path's semester's (or
    /// `--rules`), then hog-calc's protocol or an upload.
    fn post(&self, post: Post, preset: Option<&Preset>, form: &Form) -> Result<Reply, Reply> {
        form.check_token(self.tokens.as_ref())?;
        let rules = match (preset, &self.rules) {
            (Some(preset), _) => preset.rules(),
            (None, Some(rules)) => rules.clone(),
            (None, None) => return Err(no_rules()),
        };
        let game = self.game(&rules)?;
        match post {
            Post::Compare => calc::compare(&game, form),
            Post::Grade => calc::grade_upload(&game, form),
            Post::Page => calc::page_upload(&game, form),
        }
    }
}

/// `POST /api/...` on a server without `--rules`.
fn no_rules() -> Reply {
    Reply::refuse(
        StatusCode::NOT_FOUND,
        "POST /api/... plays the rules of hog serve --rules, and this server was started \
         without it: post to /SEMESTER/api/compare_strategies, such as \
         /fa20/api/compare_strategies (GET / lists every semester)",
    )
}

/// A request's body, up to [`MAX_BODY`] bytes, within [`BODY_TIME`].
async fn read_body(request: Request<Incoming>) -> Result<Bytes, Reply> {
    let too_large = || {
        Reply::refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request's body is over {} bytes (1 MiB), the most this server reads",
                MAX_BODY
            ),
        )
    };
    let length = request
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if length.is_some_and(|length| length > MAX_BODY as u64) {
        return Err(too_large());
    }
    let body = Limited::new(request.into_body(), MAX_BODY).collect();
    match tokio::time::timeout(BODY_TIME, body).await {
        Err(_) => Err(Reply::refuse(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not arrive within {} s",
                BODY_TIME.as_secs()
            ),
        )),
        Ok(Err(error)) if error.is::<http_body_util::LengthLimitError>() => Err(too_large()),
        Ok(Err(error)) => Err(Reply::refuse(
            StatusCode::BAD_REQUEST,
            format!("the request's body could not be read: {error}"),
        )),
        Ok(Ok(body)) => Ok(body.to_bytes()),
    }
}
