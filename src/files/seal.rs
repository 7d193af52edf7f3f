//! How hog knows a file is one it wrote: the whole file verifies, not just
//! its first bytes.
//!
//! * A Python module, a CSV file, an HTML page, an SVG picture and a
//!   Markdown file end with a seal line: the SHA-256 of every byte before
//!   that line, in the format's comment (`# hog seal ...`, `<!-- hog seal
//!   ... -->`). CSV has no comments of its own: its seal is a last line
//!   that starts with `#`, which hog's reader of CSV strategies skips, as
//!   numpy's `loadtxt` does (pandas: `read_csv(..., comment="#")`).
//! * A JSON object ends with a seal member, `"hog_seal"`, whose text ends
//!   with the SHA-256 of every byte before the comma that opens it: a key
//!   that hog's readers, and any reader of JSON, pass over.
//! * A PNG picture holds the same digest in its last chunk before `IEND`, a
//!   `tEXt` chunk with the keyword `hog-seal`: the SHA-256 of every byte
//!   before that chunk.
//! * A policy table (`.hogtable`) carries its own CRC-32 of the whole file:
//!   it is hog's when it reads whole.
//! * A contest cache carries its own HMAC: it is hog's when its magic line
//!   and its length (whole records and a signature) hold.
//!
//! An edited file no longer verifies, so hog replaces it only with --force:
//! the edit is the user's work.

use sha2::{Digest, Sha256};

use super::kind::Kind;

/// The words of a seal line between the comment's opening and the digest.
const SEAL_WORDS: &str =
    "hog seal: SHA-256 of the lines above, which hog replaces only while they match: ";
/// A JSON object's seal member, up to its digest; the object's closing
/// follows the digest.
const JSON_SEAL: &str = ",\n  \"hog_seal\": \"SHA-256 of the bytes before this member, which hog \
                         replaces only while they match: ";
const JSON_END: &str = "\"\n}\n";
/// The keyword of a PNG's seal chunk.
const PNG_KEYWORD: &[u8] = b"hog-seal";
/// A PNG's closing chunk: length 0, type, CRC-32.
const PNG_END: &[u8] = b"\0\0\0\0IEND\xae\x42\x60\x82";

/// The comment a text format's seal line is written in.
fn comment(kind: Kind) -> Option<(&'static str, &'static str)> {
    match kind {
        Kind::Python | Kind::Csv => Some(("# ", "")),
        Kind::Html | Kind::Svg | Kind::Markdown => Some(("<!-- ", " -->")),
        _ => None,
    }
}

fn digest(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The bytes as hog writes them under `kind`: sealed where the format has
/// room for a seal, unchanged where it verifies by its own structure or is
/// sealed already.
pub fn seal(kind: Kind, mut bytes: Vec<u8>) -> Vec<u8> {
    if is_hogs(kind, &bytes) {
        return bytes;
    }
    if let Some((open, close)) = comment(kind) {
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            bytes.push(b'\n');
        }
        let line = format!("{open}{SEAL_WORDS}{}{close}\n", digest(&bytes));
        bytes.extend(line.as_bytes());
        return bytes;
    }
    if kind == Kind::Json {
        return json_sealed_form(bytes);
    }
    if kind == Kind::Png {
        if let Some(body) = bytes.strip_suffix(PNG_END) {
            let mut sealed = body.to_vec();
            let data = [PNG_KEYWORD, b"\0", digest(body).as_bytes()].concat();
            sealed.extend(png_chunk(b"tEXt", &data));
            sealed.extend(PNG_END);
            return sealed;
        }
    }
    bytes
}

/// A JSON object with its seal member added last (see the module's head);
/// anything else unchanged (hog writes objects only).
fn json_sealed_form(bytes: Vec<u8>) -> Vec<u8> {
    let text = bytes.trim_ascii_end();
    let Some(body) = text.strip_suffix(b"}").map(<[u8]>::trim_ascii_end) else {
        return bytes;
    };
    if !body.starts_with(b"{") || body == b"{" {
        return bytes;
    }
    [
        body,
        JSON_SEAL.as_bytes(),
        digest(body).as_bytes(),
        JSON_END.as_bytes(),
    ]
    .concat()
}

/// A PNG chunk: the data's length, the type, the data, and the CRC-32 of
/// type and data.
fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    let length = u32::try_from(data.len()).expect("a short chunk");
    [
        &length.to_be_bytes()[..],
        kind,
        data,
        &crc.finalize().to_be_bytes(),
    ]
    .concat()
}

/// Whether `bytes`, the whole of a file named as `kind`, is a file hog
/// wrote (see the module's head).
pub fn is_hogs(kind: Kind, bytes: &[u8]) -> bool {
    match kind {
        Kind::Python | Kind::Html | Kind::Svg | Kind::Markdown => text_sealed(kind, bytes),
        Kind::Png => png_sealed(bytes),
        Kind::Table => hog_solver::table::PolicyTable::read(bytes).is_ok(),
        Kind::ContestCache => contest_cache(bytes),
        Kind::Csv => text_sealed(kind, bytes),
        Kind::Json => json_sealed(bytes),
    }
}

fn text_sealed(kind: Kind, bytes: &[u8]) -> bool {
    let (open, close) = comment(kind).expect("a text format");
    let Some(without_end) = bytes.strip_suffix(b"\n") else {
        return false;
    };
    let start = without_end
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let (body, line) = bytes.split_at(start);
    let expected = format!("{open}{SEAL_WORDS}{}{close}\n", digest(body));
    line == expected.as_bytes()
}

fn png_sealed(bytes: &[u8]) -> bool {
    let Some(before_end) = bytes.strip_suffix(PNG_END) else {
        return false;
    };
    // The seal chunk: 4 + 4 bytes before its data, 4 after.
    let data_len = PNG_KEYWORD.len() + 1 + 64;
    let Some(start) = before_end.len().checked_sub(12 + data_len) else {
        return false;
    };
    let (body, chunk) = before_end.split_at(start);
    let data = [PNG_KEYWORD, b"\0", digest(body).as_bytes()].concat();
    chunk == png_chunk(b"tEXt", &data)
}

fn contest_cache(bytes: &[u8]) -> bool {
    use super::marks::{CONTEST_CACHE, CONTEST_CACHE_RECORD, CONTEST_CACHE_SIGNATURE};
    bytes.strip_prefix(CONTEST_CACHE).is_some_and(|body| {
        body.len() >= CONTEST_CACHE_SIGNATURE
            && (body.len() - CONTEST_CACHE_SIGNATURE).is_multiple_of(CONTEST_CACHE_RECORD)
    })
}

fn json_sealed(bytes: &[u8]) -> bool {
    let Some(sealed) = bytes.strip_suffix(JSON_END.as_bytes()) else {
        return false;
    };
    let Some((rest, hex)) = sealed.split_at_checked(sealed.len().saturating_sub(64)) else {
        return false;
    };
    rest.strip_suffix(JSON_SEAL.as_bytes())
        .is_some_and(|body| digest(body).as_bytes() == hex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_text_verifies_and_any_change_breaks_it() {
        for kind in [Kind::Python, Kind::Html, Kind::Svg, Kind::Markdown] {
            let sealed = seal(kind, b"line one\nline two".to_vec());
            assert!(is_hogs(kind, &sealed), "{kind:?}");
            // The digest is of the lines above, computed here independently.
            let hex: String = Sha256::digest(b"line one\nline two\n")
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect();
            assert!(String::from_utf8_lossy(&sealed).contains(&hex));
            let mut edited = sealed.clone();
            edited[5] = b'O';
            assert!(!is_hogs(kind, &edited));
            let mut extended = sealed.clone();
            extended.extend(b"print('more')\n");
            assert!(!is_hogs(kind, &extended));
        }
    }

    #[test]
    fn a_start_like_hogs_is_not_hogs() {
        let student = format!(
            "{}\ndef final_strategy(s, o):\n    return 4\n",
            super::super::marks::PYTHON
        );
        assert!(!is_hogs(Kind::Python, student.as_bytes()));
        assert!(!is_hogs(
            Kind::Html,
            b"<!DOCTYPE html><meta name=\"generator\" content=\"hog\">"
        ));
        // A layout hog writes, whole, is no seal.
        assert!(!is_hogs(Kind::Csv, b"score\\opponent,0,1\n0,1,2\n1,0,-1\n"));
        assert!(!is_hogs(
            Kind::Json,
            b"{\"rules\":\"fa16\",\"goal\":2,\"rules_text\":\"\",\"objective\":\"x\",\"table\":[]}"
        ));
    }

    #[test]
    fn a_sealed_csv_verifies_and_an_edited_cell_breaks_it() {
        let table = b"score\\opponent,0,1\n0,1,2\n1,0,4\n";
        let sealed = seal(Kind::Csv, table.to_vec());
        assert!(sealed.starts_with(table));
        assert!(is_hogs(Kind::Csv, &sealed));
        let last = String::from_utf8(sealed[table.len()..].to_vec()).unwrap();
        assert_eq!(last, format!("# {SEAL_WORDS}{}\n", hex(table)));
        // A student's hand-tuned cell keeps the layout, not the seal.
        let tuned = String::from_utf8(sealed).unwrap().replace("1,0,4", "1,0,5");
        assert!(!is_hogs(Kind::Csv, tuned.as_bytes()));
    }

    #[test]
    fn a_sealed_json_object_verifies_parses_and_an_edit_breaks_it() {
        let object = b"{\n  \"rules\": \"fa16\",\n  \"goal\": 2,\n  \"table\": [[1, 2]]\n}\n";
        let sealed = seal(Kind::Json, object.to_vec());
        assert!(is_hogs(Kind::Json, &sealed));
        let value: serde_json::Value = serde_json::from_slice(&sealed).unwrap();
        let body = b"{\n  \"rules\": \"fa16\",\n  \"goal\": 2,\n  \"table\": [[1, 2]]";
        let words = value["hog_seal"].as_str().unwrap();
        assert!(words.ends_with(&hex(body)), "{words}");
        assert_eq!(value["table"], serde_json::json!([[1, 2]]));
        // A grader's edited figure keeps the keys, not the seal.
        let edited = String::from_utf8(sealed)
            .unwrap()
            .replace("\"goal\": 2", "\"goal\": 3");
        assert!(!is_hogs(Kind::Json, edited.as_bytes()));
        // Sealed once: sealing again changes nothing.
        let sealed = seal(Kind::Json, object.to_vec());
        assert_eq!(seal(Kind::Json, sealed.clone()), sealed);
    }

    /// The SHA-256 of `bytes` in lower-case hex, computed here.
    fn hex(bytes: &[u8]) -> String {
        Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    #[test]
    fn a_sealed_png_verifies_and_a_changed_pixel_breaks_it() {
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(png_chunk(b"IDAT", b"pixels"));
        png.extend(PNG_END);
        assert!(!is_hogs(Kind::Png, &png));
        let sealed = seal(Kind::Png, png);
        assert!(is_hogs(Kind::Png, &sealed));
        assert!(sealed.ends_with(PNG_END));
        let mut changed = sealed.clone();
        changed[20] ^= 1;
        assert!(!is_hogs(Kind::Png, &changed));
    }
}
