//! End-to-end tests of the `betza` binary: the command-line contract of DESIGN.md, run as a user
//! (or another tool) runs it. Each test starts the real process.

use std::ffi::OsStr;
use std::process::{Command, Output};

fn betza<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Command::new(env!("CARGO_BIN_EXE_betza"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the betza binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn tree_of_a_valid_string_goes_to_stdout_and_exits_0() {
    let output = betza(["tree", "fmWfcF"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let tree = stdout(&output);
    assert!(tree.starts_with("PIECE@0..6\n  MOVE@0..3\n"), "{tree}");
    assert!(tree.contains("CAPITAL_F@5..6 \"F\""), "{tree}");
    assert_eq!(stderr(&output), "");
}

#[test]
fn syntax_errors_go_to_stderr_with_the_tree_still_printed_and_exit_2() {
    let output = betza(["tree", "fwW+3(caf"]);
    assert_eq!(output.status.code(), Some(2));
    let errors = stderr(&output);
    for message in [
        "`w` is not a modifier",
        "`+` is not part of XBetza notation",
        "number `3` has no atom before it",
        "unclosed `(`",
        "`(caf` at the end has no atom",
    ] {
        assert!(errors.contains(message), "missing {message:?} in\n{errors}");
    }
    assert!(stdout(&output).starts_with("PIECE@0..9\n"));
}

#[test]
fn warnings_alone_exit_0() {
    let output = betza(["tree", "R10", "--dialect", "fairy"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stderr(&output).contains("Fairy-Stockfish reads one digit of a range: `10` means `1`"));
}

#[test]
fn the_dialect_changes_how_a_string_is_read() {
    // Two digits are one range in XBetza, a warning in Fairy-Stockfish's reading.
    let xbetza = betza(["tree", "R10", "--dialect", "xbetza"]);
    assert_eq!(xbetza.status.code(), Some(0));
    assert_eq!(stderr(&xbetza), "");
}

#[test]
fn a_bad_argument_exits_2_with_a_clear_message() {
    let output = betza(["tree", "W", "--dialect", "betza"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .contains("unknown dialect `betza`: expected one of xbetza, fairy, mbn, chained"),
        "{}",
        stderr(&output)
    );
    assert_eq!(betza(["tree"]).status.code(), Some(2));
    assert_eq!(betza(["frobnicate"]).status.code(), Some(2));
}

#[test]
fn a_dialect_without_a_parser_yet_is_an_error_not_a_crash() {
    let output = betza(["tree", "N=(1,2)", "--dialect", "mbn"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot be parsed yet"));
}

#[test]
fn pathological_strings_never_crash() {
    for input in [
        "(".repeat(100_000),
        "a".repeat(100_000),
        "😀\u{301}\u{2028}\u{85}".repeat(1000),
        String::new(),
        " ".into(),
    ] {
        let output = betza(["tree", input.as_str()]);
        assert!(
            matches!(output.status.code(), Some(0 | 2)),
            "{:?} for {} bytes",
            output.status,
            input.len()
        );
        assert!(!stderr(&output).contains("panicked"));
    }
}

#[test]
fn an_argument_that_is_not_utf8_exits_2() {
    use std::os::unix::ffi::OsStrExt;
    let output = betza([OsStr::new("tree"), OsStr::from_bytes(b"fm\xffW")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(!stderr(&output).contains("panicked"));
}

#[test]
fn help_exits_0() {
    let output = betza(["--help"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("tree"));
}
