//! `hog serve` on 127.0.0.1: the courses' own `calc.py` (tests/data/calc)
//! against it prints the figure `hog grade` prints; its win rates equal
//! `hog grade`'s to the last bit for tables `hog export` wrote; its files
//! to hand in and their pages are what `hog final` and `hog heatmap`
//! write; bad requests are refused in hog-calc's JSON while the server goes
//! on; a signal lets the request in flight finish; and the index page, in
//! headless Chromium, grades an upload with no console message.
//!
//! Every server is started on a free port, read from its first line, and
//! killed when its guard drops; every read has a time limit.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{json_in, stdout_in};

/// How long any one read from a server may take.
const PATIENCE: Duration = Duration::from_secs(60);

/// A running `hog serve`, killed when dropped.
struct Server {
    child: Child,
    address: String,
    stderr: Arc<Mutex<String>>,
}

impl Server {
    /// `hog serve --listen 127.0.0.1:0 ARGS`, once it says where it listens.
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hog"))
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, first_line) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = send.send(line);
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let log = stderr.clone();
        let pipe = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                let mut log = log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let mut server = Server {
            child,
            address: String::new(),
            stderr,
        };
        let line = first_line.recv_timeout(PATIENCE).unwrap_or_default();
        server.address = match line
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.trim_end().strip_suffix('/'))
        {
            Some(address) => address.to_string(),
            None => panic!("hog serve said {line:?}: {}", server.stderr()),
        };
        server
    }

    fn stderr(&self) -> String {
        // Lets the reader catch up with what the server wrote.
        std::thread::sleep(Duration::from_millis(50));
        self.stderr.lock().unwrap().clone()
    }

    fn get(&self, path: &str) -> Response {
        request(&self.address, &format!("GET {path} HTTP/1.1"), b"")
    }

    /// A form-encoded POST, answered in JSON.
    fn post(&self, path: &str, fields: &[(&str, &str)]) -> (u16, Value) {
        let response = request(
            &self.address,
            &format!("POST {path} HTTP/1.1"),
            &form(fields),
        );
        (response.status, response.json())
    }

    fn signal(&self, signal: rustix::process::Signal) {
        let pid = rustix::process::Pid::from_child(&self.child);
        rustix::process::kill_process(pid, signal).unwrap();
    }

    /// How the server ended, within `limit`.
    fn ended(&mut self, limit: Duration) -> ExitStatus {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                start.elapsed() < limit,
                "hog serve still runs {limit:?} after the signal"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn form(fields: &[(&str, &str)]) -> Vec<u8> {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish()
        .into_bytes()
}

struct Response {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Response {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "{e}: status {}, body {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// One request on a connection of its own: `head` (its request line and
/// any headers), then the body.
fn request(address: &str, head: &str, body: &[u8]) -> Response {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    let head = format!(
        "{head}\r\nHost: {address}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // A server that answers before reading the whole body (413) may close
    // the connection under the rest.
    let _ = stream.write_all(body);
    response(stream)
}

fn response(mut stream: TcpStream) -> Response {
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    let end = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no response head in {:?}", String::from_utf8_lossy(&bytes)));
    let head = String::from_utf8(bytes[..end].to_vec()).unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Response {
        status,
        head,
        body: bytes[end + 4..].to_vec(),
    }
}

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/calc")
}

fn tables() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tables")
}

/// A student's folder of `semester`: the course's calc.py, the test's
/// hog.py and an ok config naming the semester; and calc.py's STRATEGY_1.
fn student_folder(semester: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let calc = std::fs::read_to_string(data().join(semester).join("calc.py")).unwrap();
    std::fs::write(dir.path().join("calc.py"), &calc).unwrap();
    std::fs::copy(data().join("hog.py"), dir.path().join("hog.py")).unwrap();
    let config =
        format!(r#"{{"name": "Project 1: Hog", "endpoint": "cal/cs61a/{semester}/proj01"}}"#);
    std::fs::write(dir.path().join("proj01.ok"), config).unwrap();
    let baseline = calc
        .lines()
        .find_map(|line| line.strip_prefix("STRATEGY_1 = hog."))
        .expect("calc.py's STRATEGY_1")
        .to_string();
    (dir, baseline)
}

/// calc.py run in `folder` as a student runs it, its ENDPOINT pointed at
/// `endpoint` and its okpy login (a browser's round trip) stubbed; what it
/// prints.
fn run_calc(folder: &Path, endpoint: &str) -> String {
    const RUN: &str = "import sys, calc\n\
        calc.ENDPOINT = sys.argv[1]\n\
        class Login:\n    def auth(self):\n        return 'a-token'\n\
        calc.OAuthSession = Login\n\
        calc.main()\n";
    let output = Command::new("python3")
        .current_dir(folder)
        .args(["-c", RUN, endpoint])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "calc.py: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The course's own calc.py, pointed at the server, prints the win rate
/// `hog grade hog.py --against STRATEGY_1` gives in that student's folder,
/// to the last bit: through the semester's path, and through the plain
/// path of a server started with that semester's --rules.
#[test]
fn the_courses_calc_py_prints_what_hog_grade_prints() {
    let server = Server::start(&["--rules", "fa21"]);
    for (semester, path) in [
        ("fa20", "/fa20/api/compare_strategies"),
        ("sp21", "/sp21/api/compare_strategies"),
        ("fa21", "/api/compare_strategies"),
    ] {
        let (folder, baseline) = student_folder(semester);
        let graded = json_in(folder.path(), &["grade", "hog.py", "--against", &baseline]);
        let expected = graded["win_rate"].as_f64().unwrap();
        let printed = run_calc(folder.path(), &format!("http://{}{path}", server.address));
        let shown: f64 = printed
            .trim()
            .strip_prefix("Win rate: ")
            .unwrap_or_else(|| panic!("calc.py printed {printed:?}"))
            .parse()
            .unwrap();
        assert_eq!(
            shown.to_bits(),
            expected.to_bits(),
            "{semester}: calc.py {shown}, hog grade {expected}"
        );
    }
    // One log line per request, and no table in it.
    let log = server.stderr();
    assert_eq!(
        log.matches("POST /fa20/api/compare_strategies 200 ")
            .count(),
        1,
        "{log}"
    );
    assert!(log.contains("POST /api/compare_strategies 200 "), "{log}");
    assert!(!log.contains("[["), "{log}");
}

/// The server's win rate equals `hog grade A --against B --json`'s to the
/// last bit, for tables that `hog export` wrote (the committed exports:
/// fa16's, whose rules hide the dice sides, and nju21's, where games can
/// be drawn), posted as hog's JSON object and as calc.py's list of lists.
#[test]
fn exported_tables_grade_as_hog_grade_grades_them() {
    let server = Server::start(&[]);
    let scratch = tempfile::tempdir().unwrap();
    stdout_in(
        scratch.path(),
        &[
            "export",
            "always_roll(5)",
            "--rules",
            "fa16",
            "-o",
            "five.json",
        ],
    );
    let five = scratch.path().join("five.json");
    let fa16_final = tables().join("fa16-final.json");
    for (semester, a, b) in [
        ("fa16", fa16_final.clone(), five.clone()),
        ("fa16", five, fa16_final),
        (
            "nju21",
            tables().join("nju21-final.json"),
            tables().join("nju21-optimal.json"),
        ),
    ] {
        let grade = json_in(
            scratch.path(),
            &[
                "grade",
                a.to_str().unwrap(),
                "--against",
                b.to_str().unwrap(),
            ],
        );
        let text = |path: &Path| std::fs::read_to_string(path).unwrap();
        let list = |path: &Path| {
            let export: Value = serde_json::from_str(&text(path)).unwrap();
            export["table"].to_string()
        };
        let path = format!("/{semester}/api/compare_strategies");
        for (strat0, strat1) in [(text(&a), text(&b)), (list(&a), list(&b))] {
            let (status, answer) = server.post(
                &path,
                &[("strat0", &strat0), ("strat1", &strat1), ("token", "t")],
            );
            assert_eq!(status, 200, "{answer}");
            assert_eq!(answer["success"], true);
            assert_eq!(
                answer["win_rate"].as_f64().unwrap().to_bits(),
                grade["win_rate"].as_f64().unwrap().to_bits(),
                "{semester} {a:?} against {b:?}: {answer} vs {grade}"
            );
        }
    }
}

/// A table of `n` rows of 100, every cell `num_rolls`, as calc.py posts it.
fn table(n: usize, num_rolls: i32) -> String {
    serde_json::to_string(&vec![vec![num_rolls; 100]; n]).unwrap()
}

/// A bad request: where it goes, its fields, and the status and words of
/// its refusal.
struct Bad {
    path: &'static str,
    fields: Vec<(String, String)>,
    status: u16,
    says: &'static str,
}

/// Every bad request gets its status and `{"success": false, "message"}`
/// naming the problem, and the server answers the next request.
#[test]
fn bad_requests_are_refused_and_the_server_goes_on() {
    let server = Server::start(&[]);
    let five = table(100, 5);
    let mut illegal: Vec<Vec<i32>> = vec![vec![5; 100]; 100];
    illegal[3][4] = -1;
    let illegal = serde_json::to_string(&illegal).unwrap();
    let short = table(99, 5);
    let over = "7".repeat(hog::serve::MAX_BODY + 1);
    let compare = "/fa20/api/compare_strategies";
    let bad = |path, fields: &[(&str, &str)], status, says| Bad {
        path,
        fields: fields
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        status,
        says,
    };
    let cases = [
        bad(
            compare,
            &[("strat1", &five)],
            400,
            "the field strat0 is missing",
        ),
        bad(
            compare,
            &[("strat0", "{not json"), ("strat1", &five)],
            400,
            "strat0 is not JSON",
        ),
        bad(
            compare,
            &[("strat0", &five), ("strat1", &short)],
            400,
            "strat1: expected 100 rows (scores 0 to 99), found 99",
        ),
        bad(
            compare,
            &[("strat0", &illegal), ("strat1", &five)],
            400,
            "strat0: at score 3, opponent_score 4: num_rolls -1 is not allowed under fa20",
        ),
        bad(
            compare,
            &[("strat0", "[[5]]"), ("strat1", &five), ("use_contest", "1")],
            400,
            "the field use_contest",
        ),
        bad(
            "/fa99/api/compare_strategies",
            &[("strat0", &five), ("strat1", &five)],
            404,
            "unknown semester 'fa99' (did you mean 'fa19'?)",
        ),
        bad(
            "/api/compare_strategies",
            &[("strat0", &five), ("strat1", &five)],
            404,
            "started without it",
        ),
        bad("/fa20/nothing", &[], 404, "no such path"),
        bad(compare, &[("strat0", &over)], 413, "over 1048576 bytes"),
    ];
    for case in cases {
        let fields: Vec<(&str, &str)> = case
            .fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let (got, answer) = server.post(case.path, &fields);
        assert_eq!(got, case.status, "{}: {answer}", case.path);
        assert_eq!(answer["success"], false, "{answer}");
        let said = answer["message"].as_str().unwrap();
        assert!(said.contains(case.says), "{}: {said}", case.path);
    }
    let wrong = server.get(compare);
    assert_eq!(wrong.status, 405);
    assert!(wrong.head.to_ascii_lowercase().contains("allow: post"));
    assert!(wrong.json()["message"]
        .as_str()
        .unwrap()
        .contains("takes POST only"));
    let (status, answer) = server.post(compare, &[("strat0", &five), ("strat1", &five)]);
    assert_eq!(status, 200);
    // A strategy against itself wins one half.
    let win_rate = answer["win_rate"].as_f64().unwrap();
    assert!((win_rate - 0.5).abs() < 1e-12, "{win_rate}");
}

/// With --tokens, a request without a token of the file is refused; any
/// other request is graded.
#[test]
fn tokens_let_in_their_holders_only() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tokens");
    std::fs::write(&file, "alpha\n\n  beta  \n").unwrap();
    let server = Server::start(&["--tokens", file.to_str().unwrap()]);
    let five = table(100, 5);
    let path = "/fa13/api/compare_strategies";
    for (token, status) in [(None, 401), (Some("gamma"), 401), (Some("beta"), 200)] {
        let mut fields = vec![("strat0", five.as_str()), ("strat1", five.as_str())];
        fields.extend(token.map(|t| ("token", t)));
        let (got, answer) = server.post(path, &fields);
        assert_eq!(got, status, "{token:?}: {answer}");
    }
    // A file of no tokens would refuse everyone: an error at the start.
    std::fs::write(&file, "\n").unwrap();
    let output = crate::common::hog()
        .args(["serve", "--tokens", file.to_str().unwrap()])
        .timeout(PATIENCE)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no tokens in it"));
}

/// `GET /SEMESTER/final.py` is byte for byte what `hog final --rules
/// SEMESTER -o final.py` writes: for a preset whose committed file
/// `hog final` made (fa20), one with a full set of tables (fa13), and a
/// semester named by its alias (sp24, whose rules are sp26's).
#[test]
fn files_to_hand_in_are_what_hog_final_writes() {
    let server = Server::start(&[]);
    for semester in ["fa20", "fa13", "sp24"] {
        let dir = tempfile::tempdir().unwrap();
        stdout_in(
            dir.path(),
            &["final", "--rules", semester, "-o", "final.py"],
        );
        let written = std::fs::read(dir.path().join("final.py")).unwrap();
        let served = server.get(&format!("/{semester}/final.py"));
        assert_eq!(served.status, 200);
        assert!(
            served.body == written,
            "{semester}: GET /{semester}/final.py differs from hog final's file"
        );
    }
}

/// `GET /SEMESTER/final.html` is byte for byte the page `hog heatmap
/// final.py --rules SEMESTER -o page.html` writes of the file `GET
/// /SEMESTER/final.py` serves (hog runs that module; the server reads its
/// rows): for fa16, and for sp24, whose page names the semester beside
/// its preset.
#[test]
fn a_files_page_is_what_hog_heatmap_writes() {
    let server = Server::start(&[]);
    for semester in ["fa16", "sp24"] {
        let dir = tempfile::tempdir().unwrap();
        let file = server.get(&format!("/{semester}/final.py"));
        std::fs::write(dir.path().join("final.py"), &file.body).unwrap();
        let args = [
            "heatmap",
            "final.py",
            "--rules",
            semester,
            "-o",
            "page.html",
        ];
        stdout_in(dir.path(), &args);
        let written = std::fs::read(dir.path().join("page.html")).unwrap();
        let served = server.get(&format!("/{semester}/final.html"));
        assert_eq!(served.status, 200);
        assert!(
            served.body == written,
            "{semester}: the page differs from hog heatmap's"
        );
    }
    // Feral Hogs' memories have no page.
    let feral = server.get("/sp20/final.html");
    assert_eq!(feral.status, 404);
    assert!(feral.json()["message"]
        .as_str()
        .unwrap()
        .contains("Feral Hogs"));
}

/// SIGTERM while a request's body is half sent: the server takes no new
/// connection, answers that request in full, and exits 0; SIGINT on an
/// idle server: exits 0.
#[test]
fn a_signal_lets_the_request_in_flight_finish() {
    let mut server = Server::start(&[]);
    let five = table(100, 5);
    let body = form(&[("strat0", &five), ("strat1", &five)]);
    let mut stream = TcpStream::connect(&server.address).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    write!(
        stream,
        "POST /fa13/api/compare_strategies HTTP/1.1\r\nHost: x\r\n\
         Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    let (first, rest) = body.split_at(body.len() / 2);
    stream.write_all(first).unwrap();
    stream.flush().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    server.signal(rustix::process::Signal::TERM);
    std::thread::sleep(Duration::from_millis(200));
    assert!(
        TcpStream::connect(&server.address).is_err(),
        "a stopping server takes no new connection"
    );
    stream.write_all(rest).unwrap();
    let answer = response(stream);
    assert_eq!(answer.status, 200);
    // A strategy against itself wins one half.
    let win_rate = answer.json()["win_rate"].as_f64().unwrap();
    assert!((win_rate - 0.5).abs() < 1e-12, "{win_rate}");
    assert_eq!(server.ended(PATIENCE).code(), Some(0));

    let mut idle = Server::start(&[]);
    idle.signal(rustix::process::Signal::INT);
    assert_eq!(idle.ended(PATIENCE).code(), Some(0));
}

/// The index page in headless Chromium, with a table carried in its link
/// (`#rules=fa20&table=...`): it shows the grade the API gives, links the
/// table's policy page, and logs nothing to the console; a file's policy
/// page, served, draws.
#[test]
fn the_index_page_grades_an_upload_in_a_browser() {
    let Some(browser) = super::page::chromium() else {
        return;
    };
    let server = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    stdout_in(
        dir.path(),
        &[
            "export",
            "always_roll(5)",
            "--rules",
            "fa20",
            "-o",
            "five.csv",
        ],
    );
    let csv = std::fs::read_to_string(dir.path().join("five.csv")).unwrap();
    let (_, graded) = server.post("/fa20/api/grade", &[("table", &csv)]);
    let fragment: String = form(&[("rules", "fa20"), ("table", &csv)])
        .into_iter()
        .map(char::from)
        .collect();
    // URLSearchParams reads "+" as a space, as the form encoding writes it.
    let (dom, console) = open(&browser, &format!("http://{}/#{fragment}", server.address));
    assert!(console.is_empty(), "console: {console:?}");
    assert!(dom.contains("data-state=\"done\""), "{dom:.3000}");
    let win_rate = format!("win rate  {}  (exact", graded["win_rate"]);
    assert!(dom.contains(&win_rate), "{win_rate} not in {dom:.3000}");
    assert!(dom.contains("the policy page of the table"), "{dom:.3000}");
    let (page, console) = open(
        &browser,
        &format!("http://{}/fa13/final.html", server.address),
    );
    assert!(console.is_empty(), "console: {console:?}");
    assert!(page.contains("data-ready=\"yes\""), "{page:.3000}");
}

/// The DOM of `url` once its scripts ran, and the console's messages.
fn open(browser: &Path, url: &str) -> (String, Vec<String>) {
    let profile = tempfile::tempdir().unwrap();
    let output = super::page::headless(browser, profile.path())
        .args(["--enable-logging=stderr", "--v=0"])
        .arg(url)
        .output()
        .unwrap();
    assert!(output.status.success(), "chromium: {output:?}");
    let console = String::from_utf8_lossy(&output.stderr)
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    (String::from_utf8(output.stdout).unwrap(), console)
}
