//! What a newcomer trips on: bids past the goal, test files that name a
//! semester, and the wording of hog's messages.

use super::common::hog;

/// Runs hog, which must fail with exit status 2; returns its stderr.
fn fails(args: &[&str]) -> String {
    let output = hog().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "hog {args:?}: {stderr}");
    stderr
}

#[test]
fn an_opponent_bid_past_the_goal_fails_fast_naming_the_bid() {
    // Against a bid past the goal, bidding 0 starts with that bid's points
    // (bid_for_start gives each player the other's bid): nothing to solve.
    let started = std::time::Instant::now();
    let stderr = fails(&[
        "final",
        "--rules",
        "fa14-contest",
        "--goal",
        "30",
        "--opponent-bid",
        "4294967290",
    ]);
    assert!(stderr.contains("--opponent-bid"), "{stderr}");
    assert!(stderr.contains("4294967290"), "{stderr}");
    assert!(stderr.contains("0 to 30"), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    // Not a timing: a run that allocates every bid takes minutes and
    // gigabytes; one that checks first ends at once.
    assert!(started.elapsed().as_secs() < 60);
}
