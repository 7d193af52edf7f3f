//! The formats hog writes, each named by its file name's extension: the
//! one writer ([`super::writer`]) writes a format only under its name.

use std::path::Path;

/// The formats hog writes, each named by its file name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Python,
    Csv,
    Json,
    Html,
    Svg,
    Png,
    Table,
    Markdown,
    ContestCache,
}

const KINDS: [Kind; 9] = [
    Kind::Python,
    Kind::Csv,
    Kind::Json,
    Kind::Html,
    Kind::Svg,
    Kind::Png,
    Kind::Table,
    Kind::Markdown,
    Kind::ContestCache,
];

impl Kind {
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Python => "py",
            Kind::Csv => "csv",
            Kind::Json => "json",
            Kind::Html => "html",
            Kind::Svg => "svg",
            Kind::Png => "png",
            Kind::Table => "hogtable",
            Kind::Markdown => "md",
            Kind::ContestCache => "cache",
        }
    }

    /// The format in words.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Python => "a Python module",
            Kind::Csv => "a CSV file",
            Kind::Json => "a JSON file",
            Kind::Html => "an HTML page",
            Kind::Svg => "an SVG picture",
            Kind::Png => "a PNG picture",
            Kind::Table => "a policy table",
            Kind::Markdown => "a Markdown file",
            Kind::ContestCache => "a contest cache",
        }
    }

    /// The format a file name says, by its extension (any case).
    pub fn of_name(path: &Path) -> Option<Kind> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        KINDS.into_iter().find(|k| k.extension() == extension)
    }
}
