//! How hog knows a file is one it wrote: the whole file verifies, not just
//! its first bytes.
//!
//! * A Python module, an HTML page, an SVG picture and a Markdown file end
//!   with a seal line: the SHA-256 of every byte before that line, in the
//!   format's comment (`# hog seal ...`, `<!-- hog seal ... -->`).
//! * A PNG picture holds the same digest in its last chunk before `IEND`, a
//!   `tEXt` chunk with the keyword `hog-seal`: the SHA-256 of every byte
//!   before that chunk.
//! * A policy table (`.hogtable`) carries its own CRC-32 of the whole file:
//!   it is hog's when it reads whole.
//! * A contest cache carries its own HMAC: it is hog's when its magic line
//!   and its length (whole records and a signature) hold.
//! * CSV and JSON have no comments, so no room for a seal: such a file is
//!   hog's when the whole of it parses as one of the layouts hog writes
//!   (a policy table's grid, a leaderboard; an export's or a contest's
//!   keys).
//!
//! An edited file no longer verifies, so hog replaces it only with --force:
//! the edit is the user's work.

use sha2::{Digest, Sha256};

use super::kind::Kind;

/// The words of a seal line between the comment's opening and the digest.
const SEAL_WORDS: &str =
    "hog seal: SHA-256 of the lines above, which hog replaces only while they match: ";
/// The keyword of a PNG's seal chunk.
const PNG_KEYWORD: &[u8] = b"hog-seal";
/// A PNG's closing chunk: length 0, type, CRC-32.
const PNG_END: &[u8] = b"\0\0\0\0IEND\xae\x42\x60\x82";

/// The comment a text format's seal line is written in.
fn comment(kind: Kind) -> Option<(&'static str, &'static str)> {
    match kind {
        Kind::Python => Some(("# ", "")),
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
        Kind::Csv => csv_layout(bytes),
        Kind::Json => json_layout(bytes),
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

/// A policy table's grid (`score\opponent,0,...,n-1`, then rows `s,a,...`
/// of whole numbers, `s` counting from 0), or a leaderboard (its header,
/// then rows of as many fields).
fn csv_layout(bytes: &[u8]) -> bool {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut records = reader.records();
    let Some(Ok(header)) = records.next() else {
        return false;
    };
    let header: Vec<&str> = header.iter().collect();
    if header == super::marks::CONTEST_CSV_HEADER {
        return records.all(|r| r.is_ok_and(|r| r.len() == header.len()));
    }
    let grid_header = header.first() == Some(&"score\\opponent")
        && header[1..]
            .iter()
            .enumerate()
            .all(|(i, field)| *field == i.to_string());
    let mut rows = 0;
    let grid = records.all(|r| {
        let ok = r.is_ok_and(|r| {
            r.len() == header.len()
                && r.get(0) == Some(rows.to_string().as_str())
                && r.iter().skip(1).all(|f| f.parse::<i64>().is_ok())
        });
        rows += 1;
        ok
    });
    grid_header && header.len() > 1 && grid && rows == header.len() - 1
}

/// An export (`rules`, `rules_text`, `goal`, `objective`, `table`, ...) or
/// a contest's results (`rules`, `goal`, `entries`, `matrix`, `draw`, ...).
fn json_layout(bytes: &[u8]) -> bool {
    let Ok(serde_json::Value::Object(object)) = serde_json::from_slice(bytes) else {
        return false;
    };
    let has = |keys: &[&str]| keys.iter().all(|k| object.contains_key(*k));
    object.get("rules").is_some_and(|r| r.is_string())
        && object.get("goal").is_some_and(|g| g.is_u64())
        && (has(&["rules_text", "objective", "table"]) || has(&["entries", "matrix", "draw"]))
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
        assert!(!is_hogs(
            Kind::Csv,
            b"score\\opponent,0,1\n0,1,2\nmy notes\n"
        ));
        assert!(!is_hogs(Kind::Json, b"{\"rules\": \"fa16\", \"mine\": 1}"));
    }

    #[test]
    fn whole_csv_and_json_layouts_are_hogs() {
        assert!(is_hogs(Kind::Csv, b"score\\opponent,0,1\n0,1,2\n1,0,-1\n"));
        assert!(!is_hogs(Kind::Csv, b"score\\opponent,0,1\n0,1,2\n"));
        assert!(is_hogs(
            Kind::Json,
            b"{\"rules\":\"fa16\",\"goal\":2,\"rules_text\":\"\",\"objective\":\"x\",\"table\":[]}"
        ));
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
