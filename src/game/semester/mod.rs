//! Which game is this? A project folder's semester, found from the
//! student's own files.
//!
//! Evidence in, a preset and the reason out, for every command and for the
//! Python package alike ([`detect`], [`folder_semester`]). The evidence, in
//! order of authority:
//!
//! 1. **The `ok` config** (`hog.ok`, `proj01.ok`): its endpoint names the
//!    semester ([`okconfig`]). Configs whose semesters share a preset (fa13
//!    and sp14) are one game.
//! 2. **The course's tests** (`tests/*.py`: `ok` test files, or Fall 2026's
//!    pytest-grader files, also read beside `hog.py`): the functions they
//!    call (on `>>>` lines and the `...` lines that continue them), and the values their
//!    unlocked examples pin (`take_turn(0, 37, 15)` is 18).
//! 3. **`hog.py` itself**: the course's skeleton (its rule functions and
//!    their arity: `boar_brawl/2` and `sus_update/4` are sp26's, see
//!    [`Preset::skeleton`]), and the examples its docstrings and staff
//!    tests pin.
//! 4. **The student's rule functions**, asked in the sandbox on the
//!    course's test inputs where the presets the files leave disagree
//!    ([`probe`]): fa17 to su19 share one skeleton and differ only there.
//!
//! The ok config decides when there is one, unless the tests or the
//! skeleton contradict it; without one, the presets every other piece of
//! evidence fits remain. One preset left is the answer; several, or a
//! contradiction, is [`Verdict::Ambiguous`] (the commands refuse it in one
//! line, exit status 2: a `hog.py` is never played under a semester it does
//! not belong to); none at all is [`Verdict::Nothing`]. Every input is
//! untrusted: files are read capped and without blocking ([`input`]), and
//! nothing here panics on any text.

mod calls;
mod input;
pub mod okconfig;
mod probe;
mod pytext;

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::Result;
use hog_solver::{Preset, PRESETS};

use crate::sandbox::python::MAX_MODULE;
use crate::sandbox::{read_entering, Files};
use calls::{expected, in_course, Call, Expected};
use input::Input;
use okconfig::OkConfigs;
use pytext::{Def, Example};

/// The largest test file read, and the most test files read.
const MAX_TEST_FILE: u64 = 256 << 10;
const MAX_TEST_FILES: usize = 100;
/// What a pytest-grader test file imports.
const PYTEST_GRADER: &str = "from pytest_grader import";

/// What a folder's files say about its game.
pub enum Verdict {
    Found(Found),
    /// The files fit several presets, or contradict each other; `why` says
    /// how, in a sentence.
    Ambiguous {
        candidates: Vec<&'static Preset>,
        why: String,
    },
    /// No file in the folder names a semester. `skipped` names the files
    /// that might have and were no evidence (a broken ok config).
    Nothing {
        skipped: Vec<String>,
    },
}

/// A folder's preset and why.
#[derive(Clone)]
pub struct Found {
    pub preset: &'static Preset,
    /// The ok config's file, semester and endpoint, where one decided.
    pub config: Option<(String, String, String)>,
    /// The evidence, in a short sentence: "hog.py defines boar_brawl and
    /// sus_update; take_turn(0, 37, 15) is 18".
    pub reason: String,
}

impl Found {
    /// The preset with the evidence, as the first line of a command says
    /// it: `sp26 (semester sp24, from proj01.ok: endpoint
    /// ucb/cs61a/sp24/proj01)`, `sp26 (= fa23 to fa26): hog.py defines
    /// boar_brawl and sus_update`.
    pub fn describe(&self) -> String {
        let name = self.preset.name;
        match &self.config {
            Some((file, semester, endpoint)) => {
                let semester = if semester == name {
                    String::new()
                } else {
                    format!("semester {semester}, ")
                };
                format!(
                    "{name} ({semester}from {file}: endpoint {})",
                    okconfig::shown(endpoint)
                )
            }
            None => format!("{}: {}", named(self.preset), self.reason),
        }
    }
}

/// A preset with the semesters that played it: `sp26 (= fa23 to fa26)`,
/// `fa13 (= fa13 and sp14)`, `fa18`.
pub fn named(preset: &Preset) -> String {
    let mut semesters: Vec<(u32, u32, &str)> = std::iter::once(&preset.name)
        .chain(preset.aliases)
        .filter_map(|name| when(name).map(|(year, term)| (year, term, *name)))
        .collect();
    semesters.sort();
    match &semesters[..] {
        [] | [_] => preset.name.to_string(),
        [(.., a), (.., b)] => format!("{} (= {a} and {b})", preset.name),
        [(.., first), .., (.., last)] => format!("{} (= {first} to {last})", preset.name),
    }
}

/// A semester's place in time: (year, term), spring before summer before
/// fall and NJU's autumn; `None` for a name that is no semester.
fn when(name: &str) -> Option<(u32, u32)> {
    let (term, year) = name.split_at(name.len().checked_sub(2)?);
    let term = ["sp", "su", "fa", "nju"].iter().position(|t| *t == term)?;
    Some((year.parse().ok()?, term as u32))
}

/// What a project folder holds that detection reads, read once, before
/// anything of it runs: its ok configs, its course tests, and `hog.py` and
/// `dice.py`, whose bytes are what the probe runs.
pub struct Evidence {
    /// `hog.py`, as messages name it.
    hog_py: String,
    configs: OkConfigs,
    /// The course's test files' examples, and the rule functions they call
    /// (those hog evaluates).
    tests: Vec<Example>,
    tests_call: BTreeSet<String>,
    /// `hog.py`'s top-level functions and its own examples, if it was read.
    module: Option<(Vec<Def>, Vec<Example>)>,
    /// `hog.py` and `dice.py` as read, for the probe.
    modules: Files,
    skipped: Vec<String>,
}

impl Evidence {
    /// Reads the evidence of `folder`. `hog.py` and `dice.py` are taken
    /// from `known` where they are among its files (a module's folder, read
    /// before through the sandbox's door), else read through that door, so
    /// that detection reads, and its probe runs, the bytes a command grades.
    pub fn read(folder: &Path, known: Option<&Files>) -> Result<Evidence> {
        let configs = OkConfigs::in_folder(folder)?;
        let mut skipped = configs.skipped.clone();
        let mut tests = vec![];
        let mut tests_call = BTreeSet::new();
        // The course's tests sit in tests/; pytest-grader files may also
        // sit beside hog.py, where they are known by their import.
        let mut test_files: Vec<_> = input::entries(
            &folder.join("tests"),
            |name| name.ends_with(".py"),
            MAX_TEST_FILES,
        )
        .into_iter()
        .map(|file| (file, false))
        .collect();
        test_files.extend(
            input::entries(
                folder,
                |name| name.ends_with(".py") && name != "hog.py",
                MAX_TEST_FILES,
            )
            .into_iter()
            .map(|file| (file, true)),
        );
        for ((path, name), at_top) in test_files {
            match input::read(&path, &name, MAX_TEST_FILE) {
                Input::Text(text) if at_top && !text.contains(PYTEST_GRADER) => {}
                Input::Text(text) => {
                    tests.extend(pytext::examples(&text, &name));
                    tests_call.extend(
                        pytext::called(&text)
                            .into_iter()
                            .filter(|function| calls::evaluated(function)),
                    );
                }
                // A file beside hog.py that could not be read is likely
                // no test: nothing to say about it.
                Input::Skipped(_) if at_top => {}
                Input::Skipped(why) => skipped.push(why),
            }
        }
        let hog_py = folder.join("hog.py").display().to_string();
        let mut modules = Files::default();
        for name in ["hog.py", "dice.py"] {
            let path = folder.join(name);
            let bytes = match known.and_then(|files| files.get(name)) {
                Some(bytes) => bytes.to_vec(),
                None if path.symlink_metadata().is_err() => continue,
                None => match read_entering(&path, MAX_MODULE) {
                    Ok(bytes) => bytes,
                    Err(why) if name == "hog.py" => {
                        skipped.push(format!("{hog_py} {why}"));
                        continue;
                    }
                    Err(_) => continue,
                },
            };
            modules.push(name.into(), bytes);
        }
        let module = modules.get("hog.py").map(|bytes| {
            let text = input::text(bytes);
            (pytext::defs(&text), pytext::examples(&text, &hog_py))
        });
        Ok(Evidence {
            hog_py,
            configs,
            tests,
            tests_call,
            module,
            modules,
            skipped,
        })
    }
}

/// The presets whose skeleton `defs` has in full (every listed function
/// with its arity), but for those whose list is part of another's that
/// also fits.
fn skeleton_fits(defs: &[Def]) -> Vec<&'static Preset> {
    let has = |entry: &str| {
        let (name, arity) = entry.split_once('/').unwrap_or((entry, ""));
        defs.iter()
            .any(|d| d.name == name && d.params.len().to_string() == arity)
    };
    let fits: Vec<&'static Preset> = PRESETS
        .iter()
        .filter(|p| !p.skeleton.is_empty() && p.skeleton.iter().all(|e| has(e)))
        .collect();
    let within = |small: &Preset, large: &Preset| {
        small.skeleton.len() < large.skeleton.len()
            && small.skeleton.iter().all(|e| large.skeleton.contains(e))
    };
    fits.iter()
        .copied()
        .filter(|p| !fits.iter().any(|q| within(p, q)))
        .collect()
}

/// How a preset fares against examples: the first it contradicts, or how
/// many it fits. `strict`: an example of a function the preset's course
/// does not have contradicts it (the course's tests); otherwise it says
/// nothing (a student's `hog.py` may add helpers).
fn check(
    preset: &Preset,
    examples: &[Example],
    strict: bool,
) -> std::result::Result<usize, String> {
    let mut fits = 0;
    for example in examples {
        match expected(preset, &example.call) {
            None => {}
            Some(Expected::NotInCourse) if !strict => {}
            Some(Expected::NotInCourse) => {
                return Err(format!(
                    "{} calls {}, which {}'s course does not have",
                    example.file, example.call.function, preset.name
                ))
            }
            Some(Expected::Value(value)) if value == example.value => fits += 1,
            Some(Expected::Value(value)) => {
                return Err(format!(
                    "{}: {} is {} (under {} it is {value})",
                    example.file, example.call, example.value, preset.name
                ))
            }
        }
    }
    Ok(fits)
}

/// The first two functions of a preset's skeleton, in words: "boar_brawl
/// and sus_update".
fn markers(preset: &Preset) -> String {
    let names: Vec<&str> = preset
        .skeleton
        .iter()
        .take(2)
        .map(|e| e.split('/').next().unwrap_or(e))
        .collect();
    names.join(" and ")
}

/// Names in words: "fa17, sp18 and su18".
fn listed(presets: &[&Preset]) -> String {
    let names: Vec<&str> = presets.iter().map(|p| p.name).collect();
    match &names[..] {
        [] => "none".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The semester of a project, from its folder's `evidence`. With `probe`,
/// the student's rule functions may be asked where the files leave several
/// presets. A config naming a semester hog has no preset for is an error.
pub fn detect(evidence: &Evidence, probe: bool) -> Result<Verdict> {
    let module_fits = evidence
        .module
        .as_ref()
        .map(|(defs, _)| skeleton_fits(defs))
        .unwrap_or_default();
    let module_examples: &[Example] = evidence
        .module
        .as_ref()
        .map_or(&[], |(_, examples)| &examples[..]);
    let hog_py = &evidence.hog_py;
    let tests_fit = |preset: &Preset| {
        evidence
            .tests_call
            .iter()
            .find(|function| !in_course(preset, function))
            .map_or_else(
                || check(preset, &evidence.tests, true),
                |function| {
                    Err(format!(
                        "the tests call {function}, which {}'s course does not have",
                        preset.name
                    ))
                },
            )
    };

    // 1. The ok config decides, unless the other files contradict it.
    if let Some(config) = okconfig::agreed(&evidence.configs.configs)? {
        let preset = config.preset;
        let says = format!(
            "{} names semester {} ({})",
            config.file, config.semester, preset.name
        );
        let contradiction =
            if !module_fits.is_empty() && !module_fits.iter().any(|p| p.name == preset.name) {
                Some((
                    module_fits.clone(),
                    format!(
                        "{hog_py} defines {}, as {}'s skeleton does",
                        markers(module_fits[0]),
                        listed(&module_fits)
                    ),
                ))
            } else {
                tests_fit(preset)
                    .and_then(|_| check(preset, module_examples, false))
                    .err()
                    .map(|why| (vec![], why))
            };
        if let Some((others, why)) = contradiction {
            let mut candidates = vec![preset];
            candidates.extend(others.into_iter().filter(|p| p.name != preset.name));
            return Ok(Verdict::Ambiguous {
                candidates,
                why: format!("{says}, but {why}"),
            });
        }
        return Ok(Verdict::Found(Found {
            preset,
            config: Some((
                config.file.clone(),
                config.semester.clone(),
                config.endpoint.clone(),
            )),
            reason: says,
        }));
    }

    // 2. and 3. The presets the skeleton, the tests and the examples fit.
    let has_tests = !evidence.tests_call.is_empty() || !evidence.tests.is_empty();
    let (start, basis) = if !module_fits.is_empty() {
        let basis = format!("{hog_py} defines {}", markers(module_fits[0]));
        (module_fits.clone(), basis)
    } else if has_tests {
        let course: Vec<&'static Preset> =
            PRESETS.iter().filter(|p| !p.skeleton.is_empty()).collect();
        (course, String::new())
    } else {
        return Ok(Verdict::Nothing {
            skipped: evidence.skipped.clone(),
        });
    };
    let mut supported = vec![];
    let mut contradicted = vec![];
    for &preset in &start {
        match tests_fit(preset).and_then(|fit| Ok(fit + check(preset, module_examples, false)?)) {
            Ok(fits) => supported.push((preset, fits)),
            Err(why) => contradicted.push(why),
        }
    }
    // From the tests alone, a preset must fit an example or the tests'
    // functions.
    if module_fits.is_empty() {
        supported.retain(|(_, fits)| *fits > 0 || !evidence.tests_call.is_empty());
    }
    let mut candidates: Vec<&'static Preset> = supported.iter().map(|(p, _)| *p).collect();
    let example =
        telling(&candidates, &evidence.tests).or_else(|| telling(&candidates, module_examples));
    let mut reason = match (&basis[..], example) {
        ("", Some(example)) => example,
        ("", None) => format!("the tests call {}", words(&evidence.tests_call)),
        (basis, Some(example)) => format!("{basis}; {example}"),
        (basis, None) => basis.to_string(),
    };

    // 4. The student's rule functions, where several presets remain.
    if candidates.len() > 1 && probe && evidence.module.is_some() {
        if let Some((left, answer)) = ask_module(&candidates, evidence) {
            if !left.is_empty() {
                candidates = left;
                reason = format!("{reason}; its {answer}");
            }
        }
    }
    match &candidates[..] {
        [preset] => Ok(Verdict::Found(Found {
            preset,
            config: None,
            reason,
        })),
        // The skeleton's presets, each contradicted; from the tests alone, none.
        [] => Ok(Verdict::Ambiguous {
            candidates: if module_fits.is_empty() {
                vec![]
            } else {
                start
            },
            why: format!(
                "{}, and no preset fits them: {}",
                if basis.is_empty() {
                    "the tests pin rule functions".to_string()
                } else {
                    basis
                },
                contradicted.first().cloned().unwrap_or_default()
            ),
        }),
        several => Ok(Verdict::Ambiguous {
            candidates: several.to_vec(),
            why: format!("{reason}, which fits {} alike", listed(several)),
        }),
    }
}

/// The example that tells `presets` best from the rest: of those that
/// every one of them evaluates to its value, the one the fewest other
/// presets do, in words: "take_turn(0, 37, 15) is 18".
fn telling(presets: &[&Preset], examples: &[Example]) -> Option<String> {
    let gives = |preset: &Preset, example: &Example| {
        expected(preset, &example.call) == Some(Expected::Value(example.value))
    };
    examples
        .iter()
        .filter(|e| presets.iter().all(|p| gives(p, e)))
        .min_by_key(|e| PRESETS.iter().filter(|p| gives(p, e)).count())
        .map(|e| format!("{} is {}", e.call, e.value))
}

/// Names in words: "boar_brawl, sus_points and take_turn".
fn words(names: &BTreeSet<String>) -> String {
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    match &names[..] {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The course's test inputs for the probes: opponents' scores for the
/// one-score rules, (mover, opponent) pairs for the rest.
const OPPONENTS: [i64; 20] = [
    0, 1, 5, 7, 9, 10, 13, 19, 21, 27, 35, 44, 47, 54, 60, 71, 88, 90, 97, 99,
];
const PAIRS: [(i64, i64); 24] = [
    (0, 0),
    (1, 11),
    (2, 4),
    (2, 5),
    (7, 8),
    (9, 12),
    (10, 12),
    (12, 21),
    (19, 91),
    (21, 43),
    (21, 46),
    (22, 43),
    (23, 4),
    (28, 5),
    (29, 12),
    (30, 45),
    (37, 15),
    (38, 44),
    (41, 14),
    (45, 51),
    (52, 79),
    (63, 36),
    (80, 8),
    (93, 39),
];

/// Asks `hog.py`'s rule functions, that every candidate's course has, the
/// course's inputs on which the candidates disagree; the candidates that
/// agree with every answer, and the first answer that set one aside, in
/// words. `None` when python3 gave no answers.
fn ask_module(
    candidates: &[&'static Preset],
    evidence: &Evidence,
) -> Option<(Vec<&'static Preset>, String)> {
    let (defs, _) = evidence.module.as_ref()?;
    let mut calls = vec![];
    for def in defs {
        let function = def.name.as_str();
        if !candidates.iter().all(|p| in_course(p, function)) || function == "take_turn" {
            continue;
        }
        let inputs: Vec<Vec<i64>> = match def.params.len() {
            1 => OPPONENTS.iter().map(|&o| vec![o]).collect(),
            2 => PAIRS.iter().map(|&(m, o)| vec![m, o]).collect(),
            _ => continue,
        };
        for args in inputs {
            let call = Call {
                function: function.to_string(),
                args: args.into_iter().map(calls::Arg::Int).collect(),
            };
            let answers: BTreeSet<String> = candidates
                .iter()
                .map(|p| format!("{:?}", expected(p, &call)))
                .collect();
            if answers.len() > 1 {
                calls.push(call);
            }
        }
    }
    if calls.is_empty() {
        return None;
    }
    let answers = probe::ask(&evidence.modules, &calls)?;
    let mut left: Vec<&'static Preset> = candidates.to_vec();
    let mut decisive = None;
    for (call, answer) in calls.iter().zip(&answers) {
        let Some(answer) = answer else { continue };
        let before = left.len();
        left.retain(|p| expected(p, call) == Some(Expected::Value(*answer)));
        if left.len() < before && decisive.is_none() {
            decisive = Some(format!("{call} is {answer}"));
        }
        if left.is_empty() {
            return Some((vec![], String::new()));
        }
    }
    Some((left, decisive.unwrap_or_default()))
}

/// What a project folder says about its game, for the Python package (and
/// any caller that prints it its own way): the preset and the reason, or
/// the candidates when the files fit several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FolderSemester {
    /// The preset, where the files name exactly one.
    pub preset: Option<String>,
    /// The evidence (or its lack) in a sentence.
    pub reason: String,
    /// The presets the files fit, where they fit several or none.
    pub candidates: Vec<String>,
}

/// The semester of the project in `folder` (probing the student's rule
/// functions where needed). An ok config naming a semester hog has no
/// preset for is an error.
pub fn folder_semester(folder: &Path) -> Result<FolderSemester> {
    Ok(match detect(&Evidence::read(folder, None)?, true)? {
        Verdict::Found(found) => FolderSemester {
            preset: Some(found.preset.name.to_string()),
            reason: found.describe(),
            candidates: vec![],
        },
        Verdict::Ambiguous { candidates, why } => FolderSemester {
            preset: None,
            reason: why,
            candidates: candidates.iter().map(|p| p.name.to_string()).collect(),
        },
        Verdict::Nothing { skipped } => FolderSemester {
            preset: None,
            reason: if skipped.is_empty() {
                "no file here names a semester (no ok config, no course tests, no hog.py of a \
                 course's skeleton)"
                    .to_string()
            } else {
                skipped.join("; ")
            },
            candidates: vec![],
        },
    })
}
