//! How a test says that something it needs and the project does not hold is missing: a tool
//! (an editor, a browser) for the end-to-end tests, the shared corpus for the syntax crate's
//! tests (which include this file by `#[path]`).

use std::io::Write as _;

/// Says that what a test needs is missing (`what`, with how to get it) and whether the test
/// goes on: in CI (`CI` set to `true` or `1`) it fails the test; elsewhere the test is skipped,
/// said on the terminal itself, since cargo hides what a passing test prints.
pub fn missing(what: &str) {
    let in_ci = std::env::var("CI").is_ok_and(|value| value == "true" || value == "1");
    assert!(
        !in_ci,
        "{what} (CI is set: what a test needs must be there)"
    );
    // Written to the process's standard error, past the test harness's capture.
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {what}");
}

/// [`missing`], for a tool.
pub fn tool_missing(what: &str) {
    missing(what);
}
