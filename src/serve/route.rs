//! Which of the server's paths a request names, and whether with the method
//! that path takes.

use hog_solver::Preset;
use hyper::{Method, StatusCode};

use super::reply::Reply;
use crate::printable::printable_line;

/// What a request asks for, its semester named by `S`: first as the path
/// spells it, then as the preset it names.
pub enum Route<S> {
    /// `GET /`: the index page.
    Index,
    /// `GET /SEMESTER/final.py`.
    File(S),
    /// `GET /SEMESTER/final.html`.
    FilePage(S),
    /// `POST [/SEMESTER]/api/NAME`, under the semester's rules, or without
    /// one under `--rules`.
    Post(Post, Option<S>),
}

/// The POSTs, by the last word of their path.
#[derive(Clone, Copy)]
pub enum Post {
    /// `compare_strategies`: hog-calc's protocol.
    Compare,
    /// `grade`: an uploaded table's grade.
    Grade,
    /// `page`: an uploaded table's policy page.
    Page,
}

impl Post {
    fn named(name: &str) -> Option<Post> {
        match name {
            "compare_strategies" => Some(Post::Compare),
            "grade" => Some(Post::Grade),
            "page" => Some(Post::Page),
            _ => None,
        }
    }
}

impl<S> Route<S> {
    /// The method the path takes.
    fn method(&self) -> Method {
        match self {
            Route::Post(..) => Method::POST,
            _ => Method::GET,
        }
    }

    /// The same route, its semester made a `T` by `f` (or refused).
    fn map<T>(self, f: impl Fn(S) -> Result<T, Reply>) -> Result<Route<T>, Reply> {
        Ok(match self {
            Route::Index => Route::Index,
            Route::File(s) => Route::File(f(s)?),
            Route::FilePage(s) => Route::FilePage(f(s)?),
            Route::Post(post, s) => Route::Post(post, s.map(f).transpose()?),
        })
    }
}

/// The route of a request, or its refusal: an unknown path, a method the
/// path does not take, or an unknown semester.
pub fn route(method: &Method, path: &str) -> Result<Route<Asked>, Reply> {
    let parts: Vec<&str> = path.strip_prefix('/').unwrap_or(path).split('/').collect();
    let named = match parts[..] {
        [""] => Some(Route::Index),
        ["api", name] => Post::named(name).map(|post| Route::Post(post, None)),
        [semester, "final.py"] => Some(Route::File(semester)),
        [semester, "final.html"] => Some(Route::FilePage(semester)),
        [semester, "api", name] => Post::named(name).map(|post| Route::Post(post, Some(semester))),
        _ => None,
    };
    let Some(named) = named else {
        return Err(Reply::refuse(
            StatusCode::NOT_FOUND,
            format!(
                "{method} {}: no such path here (GET / lists what this server serves)",
                printable_line(path)
            ),
        ));
    };
    let takes = named.method();
    if *method != takes {
        return Err(Reply::wrong_method(
            &takes,
            format!(
                "{method} {}: this path takes {takes} only",
                printable_line(path)
            ),
        ));
    }
    named.map(|name| Asked::find(name).ok_or_else(|| unknown_semester(name)))
}

/// A preset as a path names it: by its own name, or by a semester that
/// played its rules (`/sp24/`: sp26, asked as sp24).
#[derive(Clone, Copy)]
pub struct Asked {
    pub preset: &'static Preset,
    /// The semester named, where it is not the preset's own name.
    pub semester: Option<&'static str>,
}

impl Asked {
    fn find(name: &str) -> Option<Asked> {
        let preset = Preset::find(name)?;
        let semester = preset.aliases.iter().copied().find(|alias| *alias == name);
        Some(Asked { preset, semester })
    }
}

fn unknown_semester(name: &str) -> Reply {
    let hint = hog_solver::error::did_you_mean(name, hog_solver::rules::preset_names());
    Reply::refuse(
        StatusCode::NOT_FOUND,
        format!(
            "unknown semester '{}'{hint}: a path starts with a preset or semester that hog \
             rules list names (GET / lists them)",
            printable_line(name)
        ),
    )
}
