//! An entry's `final_bid` under rules with bids (fa14 contest): read from
//! its Python file's text, without running the module.

use crate::strategies::Strategy;

/// The value of the entry's last top-level `final_bid = N` (N a whole
/// number from 0, written out), or why there is none: read from the
/// module's bytes as the contest read them before any entry ran.
pub fn final_bid(strategy: &Strategy) -> Result<u32, String> {
    let Some((module, _)) = strategy.module() else {
        return Err(
            "under bids an entry is a Python file that sets final_bid; a function or \
                    a table carries none"
                .into(),
        );
    };
    let bytes = module.bytes();
    let text = String::from_utf8_lossy(bytes);
    let mut bid = None;
    for line in text.lines() {
        let Some(value) = line
            .strip_prefix("final_bid")
            .and_then(|rest| rest.trim_start().strip_prefix('='))
        else {
            continue;
        };
        let value = value.split('#').next().unwrap_or_default().trim();
        bid = Some(value.parse::<u32>().map_err(|_| {
            format!(
                "final_bid = {value}: hog reads a whole number from 0 written out, without \
                 running the module"
            )
        })?);
    }
    bid.ok_or_else(|| "no final_bid = N: under bids every entry sets its bid".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_top_level_assignment_is_the_bid() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::write(&path, text).unwrap();
            Strategy::read(&path.display().to_string()).unwrap()
        };
        let bid = file(
            "a.py",
            "final_bidder = 3\nfinal_bid = 4\ndef f():\n    final_bid = 9\nfinal_bid=7  # mine\n",
        );
        assert_eq!(final_bid(&bid), Ok(7));
        assert!(final_bid(&file("b.py", "final_bid = 2 + 3\n"))
            .unwrap_err()
            .contains("2 + 3"));
        assert!(final_bid(&file("c.py", "x = 1\n"))
            .unwrap_err()
            .starts_with("no final_bid"));
        assert!(final_bid(&file("d.csv", "1\n"))
            .unwrap_err()
            .contains("table"));
    }
}
