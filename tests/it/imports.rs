//! No import circles: no file of `src/` or `solver/src/` uses a file that
//! uses it, directly or through others. A file uses another when one of its
//! paths (`use crate::a::b`, `super::c::f()`, a child module's `d::g`)
//! names an item of the other's module. A child module's use of its own
//! parent's items is Rust's usual layout (the parent declares it and
//! shares its helpers) and is not counted; every other pair of files is.
//! The check reads the sources' text: a tokenizer that drops comments and
//! literals, and a reader of use trees.
//!
//! And no import climbs the layers (docs/architecture.md draws them): the
//! commands' library (`src/` but the command line) uses nothing of the
//! command line (`cli/`, `main.rs`), and the Python face (`python/src`)
//! names nothing of it but `hog::cli::run`, the `hog`
//! command as a whole that its console script runs.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate's module tree: each module's path (`["cli", "export"]`) and its file.
type Modules = BTreeMap<Vec<String>, PathBuf>;

fn modules(root: &Path) -> Modules {
    let mut found = Modules::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap().with_extension("");
            let mut module: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(
                module.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                module.pop();
            }
            found.insert(module, path);
        }
    }
    found
}

#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Punct(char),
    Path,
}

/// The tokens of Rust source that paths are made of, without comments,
/// string and character literals, and without the file's `#[cfg(test)]`
/// module (its `super` is the file itself).
fn tokens(source: &str) -> Vec<Token> {
    let source = source
        .find("#[cfg(test)]\nmod tests")
        .map_or(source, |end| &source[..end]);
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            loop {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) {
            // A raw string: r"..." or r#"..."#, closed by as many hashes.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(Token::Word("r".into()));
                i += 1;
                continue;
            }
            j += 1;
            while !(chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#'))) {
                j += 1;
            }
            i = j + 1 + hashes;
        } else if c == '"' {
            i += 1;
            while chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{7f}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while chars[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Word(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::Path);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

/// Every path of a use tree starting at `tokens[*at]`, each with `prefix`
/// before it; `*at` ends past the tree.
fn use_tree(tokens: &[Token], at: &mut usize, prefix: Vec<String>, paths: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        match tokens.get(*at) {
            Some(Token::Word(word)) if word != "as" => {
                path.push(word.clone());
                *at += 1;
            }
            Some(Token::Punct('{')) => {
                *at += 1;
                while tokens.get(*at) != Some(&Token::Punct('}')) {
                    use_tree(tokens, at, path.clone(), paths);
                    if tokens.get(*at) == Some(&Token::Punct(',')) {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            _ => break,
        }
        if tokens.get(*at) == Some(&Token::Path) {
            *at += 1;
        } else {
            break;
        }
    }
    // `x as y`, `*`: the path is already whole.
    while !matches!(tokens.get(*at), None | Some(Token::Punct(',' | '}' | ';'))) {
        *at += 1;
    }
    paths.push(path);
}

/// Every path a file's code names: its use trees, and every `a::b::c` in
/// its code.
fn paths(tokens: &[Token]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut at = 0;
    while at < tokens.len() {
        match &tokens[at] {
            Token::Word(word) if word == "use" => {
                at += 1;
                use_tree(tokens, &mut at, Vec::new(), &mut paths);
            }
            Token::Word(word) if tokens.get(at + 1) == Some(&Token::Path) => {
                let mut path = vec![word.clone()];
                at += 1;
                while tokens.get(at) == Some(&Token::Path) {
                    match tokens.get(at + 1) {
                        Some(Token::Word(next)) => path.push(next.clone()),
                        _ => break,
                    }
                    at += 2;
                }
                paths.push(path);
            }
            _ => at += 1,
        }
    }
    paths
}

/// The module a path used in `module` names the items of: its longest
/// prefix that is a module of the crate, or None for another crate's path
/// or a local item.
fn target(modules: &Modules, module: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut absolute: Vec<String> = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "self" => module.to_vec(),
        "super" => module[..module.len().checked_sub(1)?].to_vec(),
        first => {
            // A child module of this one, named by its plain name.
            let mut child = module.to_vec();
            child.push(first.to_string());
            if !modules.contains_key(&child) {
                return None;
            }
            module.to_vec()
        }
    };
    let mut rest = &path[usize::from(matches!(path[0].as_str(), "crate" | "self" | "super"))..];
    while rest.first().is_some_and(|w| w == "super") {
        absolute.pop();
        rest = &rest[1..];
    }
    let mut found = modules.contains_key(&absolute).then(|| absolute.clone());
    for word in rest {
        absolute.push(word.clone());
        if modules.contains_key(&absolute) {
            found = Some(absolute.clone());
        }
    }
    found
}

/// Which file uses which, in one crate; a child's use of its ancestors left out.
fn uses(root: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let modules = modules(root);
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let source = std::fs::read_to_string(file).unwrap();
        let used: BTreeSet<PathBuf> = paths(&tokens(&source))
            .iter()
            .filter_map(|path| target(&modules, module, path))
            .filter(|used| !module.starts_with(used))
            .map(|used| modules[&used].clone())
            .collect();
        graph.insert(file.clone(), used);
    }
    graph
}

/// A circle of files, each using the next and the last the first, if any.
fn circle(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    // Depth-first search; a file met again while still on the path closes a circle.
    fn visit(
        file: &PathBuf,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        path: &mut Vec<PathBuf>,
        done: &mut BTreeSet<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        if let Some(start) = path.iter().position(|f| f == file) {
            return Some(path[start..].to_vec());
        }
        if !done.insert(file.clone()) {
            return None;
        }
        path.push(file.clone());
        for used in &graph[file] {
            if let Some(circle) = visit(used, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|file| visit(file, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_file_uses_a_file_that_uses_it() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    for root in ["src", "solver/src"] {
        let graph = uses(&manifest.join(root));
        if let Some(circle) = circle(&graph) {
            let names: Vec<String> = circle
                .iter()
                .chain(circle.first())
                .map(|f| f.strip_prefix(manifest).unwrap().display().to_string())
                .collect();
            panic!("an import circle: {}", names.join(" uses "));
        }
    }
}

#[test]
fn the_check_sees_a_circle() {
    let dir = std::env::temp_dir().join(format!("hog-imports-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(dir.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(dir.join("a/mod.rs"), "mod c;\n").unwrap();
    std::fs::write(
        dir.join("a/c.rs"),
        "// crate::b in a comment is no use\nuse crate::{x, b::{self, f as g}};\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("b.rs"),
        "fn f() { let s = \"crate::a\"; crate::a::c::h(); }\n",
    )
    .unwrap();
    let graph = uses(&dir);
    let found = circle(&graph).expect("a/c.rs and b.rs use each other");
    std::fs::remove_dir_all(&dir).unwrap();
    let names: BTreeSet<_> = found
        .iter()
        .map(|f| f.strip_prefix(&dir).unwrap().to_path_buf())
        .collect();
    assert_eq!(
        names,
        BTreeSet::from([PathBuf::from("a/c.rs"), PathBuf::from("b.rs")])
    );
}

/// The files of the command line: the face above the commands' library.
fn command_line(file: &Path, root: &Path) -> bool {
    let file = file.strip_prefix(root).unwrap();
    file.starts_with("cli") || file == Path::new("main.rs")
}

/// Each use of a command-line file by a file of the library: (user, used).
fn climbs(root: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut found = vec![];
    for (file, used) in uses(root) {
        if command_line(&file, root) {
            continue;
        }
        for used in used.into_iter().filter(|u| command_line(u, root)) {
            found.push((file.clone(), used));
        }
    }
    found
}

/// Each path of a Python-face file that names the `hog` crate's command
/// line other than its entry, `hog::cli::run`: (file, path).
fn python_climbs(root: &Path) -> Vec<(PathBuf, String)> {
    let mut found = vec![];
    for file in modules(root).into_values() {
        let source = std::fs::read_to_string(&file).unwrap();
        for path in paths(&tokens(&source)) {
            if path.first().is_some_and(|w| w == "hog")
                && path.get(1).is_some_and(|w| w == "cli")
                && path.get(2).is_some_and(|w| w != "run")
            {
                found.push((file.clone(), path.join("::")));
            }
        }
    }
    found
}

#[test]
fn no_import_climbs_from_the_library_to_a_face() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let library = climbs(&manifest.join("src"));
    assert!(
        library.is_empty(),
        "the library uses the command line: {library:?}"
    );
    let python = python_climbs(&manifest.join("python/src"));
    assert!(
        python.is_empty(),
        "Python uses the command line: {python:?}"
    );
}

#[test]
fn the_check_sees_a_climb() {
    let dir = std::env::temp_dir().join(format!("hog-layers-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("cli")).unwrap();
    std::fs::create_dir_all(dir.join("ops")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod cli;\nmod ops;\n").unwrap();
    std::fs::write(
        dir.join("cli/mod.rs"),
        "mod args;\nuse crate::ops::turn::f;\n",
    )
    .unwrap();
    std::fs::write(dir.join("cli/args.rs"), "use crate::ops::turn;\n").unwrap();
    std::fs::write(dir.join("ops/mod.rs"), "pub mod turn;\n").unwrap();
    std::fs::write(
        dir.join("ops/turn.rs"),
        "pub fn f() { crate::cli::args::Args::parse(); }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("face.rs"),
        "use hog::{cli::run, cli::args::Args, ops::turn};\n",
    )
    .unwrap();
    let library = climbs(&dir);
    let python = python_climbs(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let strip = |f: &PathBuf| f.strip_prefix(&dir).unwrap().to_path_buf();
    let library: Vec<_> = library.iter().map(|(a, b)| (strip(a), strip(b))).collect();
    assert_eq!(
        library,
        [(PathBuf::from("ops/turn.rs"), PathBuf::from("cli/args.rs"))]
    );
    let python: Vec<_> = python.iter().map(|(f, p)| (strip(f), p.clone())).collect();
    assert_eq!(
        python,
        [(PathBuf::from("face.rs"), "hog::cli::args::Args".to_string())]
    );
}
