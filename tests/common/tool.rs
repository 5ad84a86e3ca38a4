//! How an end-to-end test says that a tool it needs is missing.

use std::io::Write as _;

/// Says that the tool a test needs is missing (`what`, with how to get it) and whether the
/// test goes on: in CI (`CI` set to `true` or `1`) a missing tool fails the test; elsewhere the
/// test is skipped, said on the terminal itself, since cargo hides what a passing test prints.
pub fn tool_missing(what: &str) {
    let in_ci = std::env::var("CI").is_ok_and(|value| value == "true" || value == "1");
    assert!(!in_ci, "{what} (CI is set: a missing tool fails the test)");
    // Written to the process's standard error, past the test harness's capture.
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {what}");
}
