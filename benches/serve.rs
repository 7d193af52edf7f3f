//! `hog serve` under load, on 127.0.0.1 only: N clients (threads), each
//! posting real tables to `POST /SEMESTER/api/compare_strategies` on a
//! connection of its own per request, as a course's calc.py does, until
//! the configuration's requests are answered or its time is up. For each N:
//! the throughput and the 50th and 99th percentile latencies, the median of
//! the runs with the lowest and highest. The tables are the committed
//! exports of tables/: each semester's file to hand in against its optimum
//! (fa13, sp26, and nju21, where games can be drawn), and fa16's against
//! always_roll(4) (fa16 hides the dice sides).
//!
//! ```sh
//! cargo bench --features bench --bench serve                  # 400 requests a run, 3 runs, 1, 2, 4 and 8 clients
//! cargo bench --features bench --bench serve -- --requests 100 --runs 1 --clients 2
//! ```
//!
//! The clients run on the same machine as the server and share its cores.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest a configuration runs, whatever its count of requests.
const TIME_LIMIT: Duration = Duration::from_secs(30);

struct Options {
    requests: usize,
    runs: usize,
    clients: Vec<usize>,
}

fn options() -> Options {
    let mut options = Options {
        requests: 400,
        runs: 3,
        clients: vec![1, 2, 4, 8],
    };
    let args: Vec<String> = std::env::args().collect();
    for pair in args.windows(2) {
        let value = &pair[1];
        match pair[0].as_str() {
            "--requests" => options.requests = value.parse().expect("--requests N"),
            "--runs" => options.runs = value.parse().expect("--runs N"),
            "--clients" => {
                options.clients = value
                    .split(',')
                    .map(|n| n.parse().expect("--clients N,N,..."))
                    .collect()
            }
            _ => {}
        }
    }
    options
}

/// A running `hog serve`, killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hog"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("hog serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("hog serve said {line:?}"))
            .to_string();
        Server { child, address }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The committed export `tables/NAME.json`'s table, as calc.py posts it.
fn table(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tables")
        .join(format!("{name}.json"));
    let export: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    export["table"].to_string()
}

/// The requests the clients take turns at: a path and its body.
fn requests() -> Vec<(String, Vec<u8>)> {
    let four = serde_json::to_string(&vec![vec![4; 100]; 100]).unwrap();
    let pairs = [
        ("fa16", table("fa16-final"), four),
        ("fa13", table("fa13-final"), table("fa13-optimal")),
        ("sp26", table("sp26-final"), table("sp26-optimal")),
        ("nju21", table("nju21-final"), table("nju21-optimal")),
    ];
    pairs
        .into_iter()
        .map(|(semester, a, b)| {
            let body = form_urlencoded::Serializer::new(String::new())
                .extend_pairs([("strat0", a), ("strat1", b), ("token", "bench".into())])
                .finish();
            (
                format!("/{semester}/api/compare_strategies"),
                body.into_bytes(),
            )
        })
        .collect()
}

/// One request on a connection of its own; its latency.
fn post(address: &str, path: &str, body: &[u8]) -> Duration {
    let started = Instant::now();
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(TIME_LIMIT)).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {address}\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    stream.write_all(body).unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    assert!(
        response.starts_with(b"HTTP/1.1 200") && response.ends_with(b"}"),
        "{}",
        String::from_utf8_lossy(&response)
    );
    started.elapsed()
}

/// One run: `clients` threads until `count` requests are answered or the
/// time is up; the requests per second and every latency.
fn run(
    server: &Server,
    requests: &[(String, Vec<u8>)],
    clients: usize,
    count: usize,
) -> (f64, Vec<Duration>) {
    let next = AtomicUsize::new(0);
    let started = Instant::now();
    let latencies: Vec<Duration> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count || started.elapsed() > TIME_LIMIT {
                            return mine;
                        }
                        let (path, body) = &requests[i % requests.len()];
                        mine.push(post(&server.address, path, body));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    let rate = latencies.len() as f64 / started.elapsed().as_secs_f64();
    (rate, latencies)
}

/// The `q` quantile of sorted `values` (nearest rank).
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The median of `values`, with the lowest and highest, to `digits` decimals.
fn spread(mut values: Vec<f64>, digits: usize) -> String {
    values.sort_by(f64::total_cmp);
    let median = values[values.len() / 2];
    format!(
        "{median:.digits$} ({:.digits$}-{:.digits$})",
        values[0],
        values[values.len() - 1]
    )
}

fn main() {
    let options = options();
    let requests = requests();
    let server = Server::start();
    // Each semester's game is compiled on its first request.
    for (path, body) in &requests {
        post(&server.address, path, body);
    }
    println!(
        "N clients on the same machine, each posting calc.py's two tables on a connection of \
         its own per request, {} requests a run (or {} s), {} runs: the median with the \
         lowest and highest. Tables: fa16's file to hand in against always_roll(4), fa13's, \
         sp26's and nju21's against their optimum, in turn.",
        options.requests,
        TIME_LIMIT.as_secs(),
        options.runs
    );
    println!();
    println!("| clients | requests/s | p50 latency (ms) | p99 latency (ms) |");
    println!("|---:|---:|---:|---:|");
    for &clients in &options.clients {
        let (mut rates, mut p50, mut p99) = (vec![], vec![], vec![]);
        for _ in 0..options.runs {
            let (rate, mut latencies) = run(&server, &requests, clients, options.requests);
            latencies.sort();
            rates.push(rate);
            p50.push(quantile(&latencies, 0.50).as_secs_f64() * 1e3);
            p99.push(quantile(&latencies, 0.99).as_secs_f64() * 1e3);
        }
        println!(
            "| {clients} | {} | {} | {} |",
            spread(rates, 0),
            spread(p50, 1),
            spread(p99, 1)
        );
    }
}
