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
fn chained_betza_is_parsed_and_drawn() {
    // Seed 001: "The Xiangqi Horse … is written as the chain W-F".
    let output = betza(["moves", "W-F", "--dialect", "chained", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(json["destinations"].as_array().map(Vec::len), Some(8));
    let output = betza(["tree", "W-", "--dialect", "chained"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("needs a leg"),
        "{}",
        stderr(&output)
    );
}

/// MBN (seed 002) parses: definitions, comments and macros in one string.
#[test]
fn mbn_trees_show_definitions() {
    let output = betza([
        "tree",
        "@:NR:=N0 Z|Amazon-Rider|=Q+:NR:",
        "--dialect",
        "mbn",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let tree = stdout(&output);
    assert_eq!(tree.matches("DEFINITION@").count(), 2, "{tree}");
    assert!(tree.contains("COMMENT@"), "{tree}");
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

#[test]
fn moves_lists_destinations_and_draws_a_diagram() {
    // The Shatranj pawn on d4 with an enemy on c5 (seed 000: fmWfcF).
    let output = betza(["moves", "fmWfcF", "--enemy", "c5"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("destinations: c5 d5\n"), "{text}");
    // c5 holds an enemy; e5 is empty but would be captured on too.
    assert!(text.contains("  5  . . x o x . . ."), "{text}");
    assert!(text.contains("  4  . . . @ . . . ."), "{text}");
}

#[test]
fn moves_json_follows_the_contract() {
    let output = betza([
        "moves",
        "nN",
        "--dialect",
        "fairy",
        "--board",
        "9x9",
        "--friend",
        "e6",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let destinations: Vec<&str> = value["destinations"]
        .as_array()
        .expect("destinations")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    // A friend on e6 blocks the Xiangqi horse's two forward leaps (Fairy-Stockfish's nN).
    assert_eq!(destinations, ["c4", "c6", "d3", "f3", "g4", "g6"]);
    let first = &value["moves"][0];
    for key in ["to", "capture", "path"] {
        assert!(first.get(key).is_some(), "missing {key} in {first}");
    }
}

#[test]
fn moves_uses_side_moved_and_board_options() {
    let black = betza([
        "moves", "fW", "--side", "black", "--from", "e5", "--board", "9x9",
    ]);
    assert!(stdout(&black).starts_with("destinations: e4\n"));
    let unmoved = betza(["moves", "ifW2", "--from", "a2"]);
    assert!(stdout(&unmoved).starts_with("destinations: a3 a4\n"));
    let moved = betza(["moves", "ifW2", "--from", "a2", "--moved"]);
    assert!(stdout(&moved).starts_with("destinations: none\n"));
}

#[test]
fn moves_rejects_bad_positions_and_strings_with_exit_2() {
    for (args, message) in [
        (
            vec!["moves", "W", "--from", "i1"],
            "square i1 is off the 8x8 board",
        ),
        (
            vec!["moves", "W", "--friend", "d4"],
            "square d4 is given twice",
        ),
        (vec!["moves", "W", "--board", "27x8"], "is not a board size"),
        (
            vec!["moves", "W", "--enemy", "e4,e4"],
            "square e4 is given twice",
        ),
        (vec!["moves", "fwW"], "`w` is not a modifier"),
    ] {
        let output = betza(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn moves_in_fairy_prints_what_the_engine_does_with_skipped_letters() {
    // Fairy-Stockfish skips `a`: mafsW moves as mfsW (reference), and that is not an error.
    let output = betza(["moves", "mafsW", "--dialect", "fairy"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).starts_with("destinations: c4 d5 e4\n"));
}

#[test]
fn explain_prints_the_legs_and_a_diagram() {
    let output = betza(["explain", "mafsW"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("1. Wazir step (0,1), in every direction; must land on an empty square"),
        "{text}"
    );
    assert!(
        text.contains("2. then turning 45° left or right, continuing as a Ferz step"),
        "{text}"
    );
    assert!(
        text.contains("@ the piece   * moves there, or captures an enemy there"),
        "{text}"
    );
}

#[test]
fn explain_reports_errors_and_still_explains_what_parsed() {
    let output = betza(["explain", "fwW+N"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("`w` is not a modifier"));
    assert!(stdout(&output).contains("Knight leap (1,2)"));
}

#[test]
fn explain_writes_an_svg_diagram() {
    let path = std::env::temp_dir().join(format!("betza-explain-{}.svg", std::process::id()));
    let output = betza([
        "explain",
        "mRcpR",
        "--svg",
        path.to_str().expect("temporary paths are UTF-8"),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).expect("the SVG was written");
    let _ = std::fs::remove_file(&path);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("moves there"));
    assert!(svg.trim_end().ends_with("</svg>"));
    // The cannon's capture needs a mount: a second text diagram shows it with pieces around.
    assert!(stdout(&output).contains("With other pieces around (F friend, E enemy):"));
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("betza-check-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("temporary file");
    path
}

#[test]
fn check_the_corpus_examples_with_json_positions() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let output = betza(["check", corpus, "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    assert!(!findings.is_empty());
    for finding in &findings {
        for key in [
            "file",
            "line",
            "column",
            "end_line",
            "end_column",
            "severity",
            "code",
            "message",
        ] {
            assert!(finding.get(key).is_some(), "{key} missing in {finding}");
        }
        let severity = finding["severity"].as_str().unwrap_or("");
        assert!(["error", "warning", "info", "hint"].contains(&severity));
    }
    // A variants.ini is read by Fairy-Stockfish: XBoard's readings are not its author's
    // concern unless asked for (DESIGN.md, issue 25).
    let in_ini = |f: &&serde_json::Value| {
        f["file"]
            .as_str()
            .is_some_and(|p| p.ends_with("variants.ini"))
    };
    assert!(
        !findings
            .iter()
            .filter(in_ini)
            .any(|f| f["code"].as_str().is_some_and(|c| c.starts_with("xboard-"))),
        "no XBoard findings by default"
    );
    let ini = format!("{corpus}/examples/variants.ini");
    let asked = betza([
        "check",
        &ini,
        "--format",
        "json",
        "--engine",
        "fairy-stockfish",
        "--engine",
        "xboard",
    ]);
    let asked: Vec<serde_json::Value> = serde_json::from_slice(&asked.stdout).expect("JSON array");
    // The NN in the example variants.ini: line 33, `customPiece1 = n:NN`, columns 18..20.
    let doubled = asked
        .iter()
        .find(|f| f["code"] == "xboard-doubled-atom")
        .expect("the doubled atom is reported when XBoard is asked for");
    assert_eq!(
        (
            doubled["line"].as_u64(),
            doubled["column"].as_u64(),
            doubled["end_column"].as_u64()
        ),
        (Some(33), Some(18), Some(20))
    );
}

#[test]
fn check_exits_1_on_errors_and_reports_them_with_exact_columns() {
    let path = temp_file(
        "variants.ini",
        "[a:chess]\ncustomPiece1 = x:fwW\ncustomPiece2 = y:😀mfW\n".as_bytes(),
    );
    // XBoard asked for, so its modifier order is checked too.
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
        OsStr::new("--engine"),
        OsStr::new("fairy-stockfish"),
        OsStr::new("--engine"),
        OsStr::new("xboard"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    let w = findings
        .iter()
        .find(|f| f["code"] == "unknown-modifier")
        .expect("`w` is reported");
    assert_eq!(
        (
            w["line"].as_u64(),
            w["column"].as_u64(),
            w["end_column"].as_u64()
        ),
        (Some(2), Some(19), Some(20))
    );
    // Columns count characters: the emoji is one column.
    let order = findings
        .iter()
        .find(|f| f["code"] == "xboard-modifier-order")
        .expect("order");
    assert_eq!(
        (order["line"].as_u64(), order["column"].as_u64()),
        (Some(3), Some(20))
    );
    // DESIGN.md's contract: the rule's help, and the fix as edits anchored in the file.
    assert!(order["help"].as_str().is_some_and(|h| !h.is_empty()));
    let edits = order["fix"]["edits"].as_array().expect("edits");
    assert!(order["fix"]["message"].is_string());
    assert_eq!(
        edits
            .iter()
            .map(|e| (
                e["line"].as_u64(),
                e["column"].as_u64(),
                e["end_column"].as_u64(),
                e["new_text"].as_str()
            ))
            .collect::<Vec<_>>(),
        [(Some(3), Some(19), Some(21), Some("fm"))]
    );
    let unfixable = findings
        .iter()
        .find(|f| f["fix"].is_null())
        .expect("a finding without a fix");
    assert!(unfixable["code"].is_string());
}

#[test]
fn check_allow_and_deny_change_the_outcome() {
    let path = temp_file("pieces.betza", b"mfW\n");
    let plain = betza([OsStr::new("check"), path.as_os_str()]);
    assert_eq!(plain.status.code(), Some(0));
    assert!(stderr(&plain).contains("xboard-modifier-order"));
    let denied = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--deny"),
        OsStr::new("xboard-modifier-order"),
    ]);
    assert_eq!(denied.status.code(), Some(1));
    let allowed = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--allow"),
        OsStr::new("xboard-modifier-order"),
    ]);
    assert!(!stderr(&allowed).contains("xboard-modifier-order"));
    let unknown = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--allow"),
        OsStr::new("no-such-rule"),
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("DIAGNOSTICS.md"));
}

/// Issue 25: the human report ends with the findings counted by severity, each by its own
/// name, and with `--summary` by code, most frequent first.
#[test]
fn check_counts_findings_by_severity_and_code() {
    let path = temp_file("counts.betza", b"mfW\nmfW\nN1\nfE\n");
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--summary"),
    ]);
    let report = stderr(&output);
    assert!(
        report.contains("checked 1 file: 1 error, 2 warnings, 0 infos, 1 hint"),
        "{report}"
    );
    let summary: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("checked"))
        .skip(1)
        .map(str::trim)
        .collect();
    assert_eq!(
        summary,
        [
            "2  xboard-modifier-order",
            "1  range-one",
            "1  unknown-atom"
        ]
    );
    // Info and hint are named as such, not lumped together.
    assert!(report.contains("Hint"), "{report}");
}

/// Issue 25: many findings of one code on one line are one report, each finding a label of
/// it, so a thousand findings read as their causes.
#[test]
fn check_groups_one_code_on_one_line() {
    let path = temp_file("grouped.betza", b"NN CC ZZ\nmfW\n");
    let report = stderr(&betza([OsStr::new("check"), path.as_os_str()]));
    assert!(
        report.contains("3 findings of `xboard-doubled-atom` on this line"),
        "{report}"
    );
    assert_eq!(
        report.matches("[xboard-doubled-atom]").count(),
        1,
        "{report}"
    );
    assert!(
        report.contains("XBoard reads `CC` as two C atoms"),
        "{report}"
    );
    assert!(report.contains("[xboard-modifier-order]"), "{report}");
}

/// Issue 25: every code can be allowed or denied, not only lint rules: here a host problem
/// (an error, so the exit status changes) and a syntax warning.
#[test]
fn check_allows_and_denies_every_code() {
    let path = temp_file(
        "codes.variants.ini",
        b"[v:chess]\ncustomPiece1 = :W\ncustomPiece2 = b:R12\n",
    );
    let plain = betza([OsStr::new("check"), path.as_os_str()]);
    assert_eq!(plain.status.code(), Some(1));
    assert!(stderr(&plain).contains("malformed-piece"));
    let allowed = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--allow"),
        OsStr::new("malformed-piece"),
        OsStr::new("--deny"),
        OsStr::new("fairy-one-digit-range"),
    ]);
    let report = stderr(&allowed);
    assert!(!report.contains("malformed-piece"), "{report}");
    // The denied warning is now an error, so the file still fails.
    assert_eq!(allowed.status.code(), Some(1), "{report}");
    assert!(report.contains("fairy-one-digit-range"), "{report}");
}

#[test]
fn check_reports_bad_files_and_goes_on() {
    let invalid = temp_file("bad.betza", b"fm\xffW\n");
    let unknown = temp_file("notes.txt", b"hello");
    let good = temp_file("good.betza", b"fmWfcF\n");
    let missing = std::env::temp_dir().join("betza-no-such-file.betza");
    let output = betza([
        OsStr::new("check"),
        invalid.as_os_str(),
        unknown.as_os_str(),
        missing.as_os_str(),
        good.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(errors.contains("is not UTF-8"), "{errors}");
    assert!(errors.contains("not a file with Betza in it"), "{errors}");
    assert!(errors.contains("cannot read it"), "{errors}");
    assert!(errors.contains("checked 1 file: 0 errors"), "{errors}");
}

/// Fairy-Stockfish plays `NN2` as an unlimited Nightrider (the digit after a doubled atom is
/// skipped; `fsf_oracle.py NN2 --from a1` gives these six squares): the syntax finding is reported,
/// the engine's moves are still printed, and the exit status is 0. A string with no atom the
/// engine knows still exits 2.
#[test]
fn fairy_shows_what_the_engine_plays_even_past_syntax_findings() {
    let output = betza([
        "moves",
        "NN2",
        "--dialect",
        "fairy",
        "--board",
        "8x8",
        "--from",
        "a1",
        "--json",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stderr(&output).contains("range-on-doubled-atom"));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(
        json["destinations"],
        serde_json::json!(["b3", "c2", "c5", "d7", "e3", "g4"])
    );
    assert_eq!(
        betza(["moves", "+", "--dialect", "fairy"]).status.code(),
        Some(2)
    );
    let explained = stdout(&betza(["explain", "pR2", "--dialect", "fairy"]));
    assert!(
        explained.contains("at most 2 squares from its start, the piece hopped over included"),
        "{explained}"
    );
}

/// `--dialect xboard` is XBoard's own reading (board::xboard, checked against XBoard's answers
/// in corpus/golden): it drops the `f` of `mfW` (reference/xboard.md: "XBoard reads `mfW` as
/// `mW`") and has no move for `jR1` (its `j` skips the only square of a W step).
#[test]
fn xboard_reading_is_a_dialect_of_moves() {
    let output = betza(["moves", "mfW", "--dialect", "xboard", "--json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("json");
    assert_eq!(
        json["destinations"],
        serde_json::json!(["c4", "d3", "d5", "e4"])
    );
    let seed: serde_json::Value =
        serde_json::from_str(&stdout(&betza(["moves", "mfW", "--json"]))).expect("json");
    assert_eq!(seed["destinations"], serde_json::json!(["d5"]));
    assert!(
        stdout(&betza(["moves", "jR1", "--dialect", "xboard"])).starts_with("destinations: none")
    );
}

/// `explain --dialect xboard` adds XBoard's reading: whether it differs from the seed's (decided
/// by generating both) and a diagram of XBoard's own moves.
#[test]
fn explain_in_xboard_says_where_xboard_differs() {
    let same = stdout(&betza(["explain", "N", "--dialect", "xboard"]));
    assert!(
        same.contains("XBoard makes the same moves as seed 000"),
        "{same}"
    );
    let differs = stdout(&betza(["explain", "mfW", "--dialect", "xboard"]));
    assert!(
        differs.contains("XBoard reads this string differently from seed 000: from e5 on an empty 9×9 board: XBoard also goes to d5 e4 f5"),
        "{differs}"
    );
    assert!(differs.contains("XBoard's moves on an empty board:"));
}

/// Issue 26: output that cannot be written ends every command with exit status 74 and a
/// message, never a panic and never a silent 0: `> /dev/full` for each command's stdout, and
/// the human report's stderr.
#[test]
fn output_that_cannot_be_written_exits_74() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    assert!(full().is_ok(), "/dev/full is needed for this test");
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let runs: [(&[&str], bool); 5] = [
        (&["tree", "fmWfcF"], false),
        (&["moves", "N"], false),
        (&["explain", "N"], false),
        (&["check", corpus, "--format", "json"], false),
        (&["check", corpus], true),
    ];
    for (args, on_stderr) in runs {
        let mut command = Command::new(env!("CARGO_BIN_EXE_betza"));
        command.args(args);
        let output = if on_stderr {
            command.stderr(full().expect("/dev/full")).output()
        } else {
            command.stdout(full().expect("/dev/full")).output()
        }
        .expect("the betza binary runs");
        assert_eq!(
            output.status.code(),
            Some(74),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("panicked"), "{args:?}");
        if !on_stderr {
            assert!(
                stderr(&output).contains("cannot write the output"),
                "{args:?}"
            );
        }
    }
}

/// Issue 26: a reader that goes away (`| head`) ends the command quietly, with a non-zero
/// status and no panic.
#[test]
fn a_closed_pipe_ends_quietly() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let mut child = Command::new(env!("CARGO_BIN_EXE_betza"))
        .args(["check", corpus, "--format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the betza binary runs");
    // The reading end closes before anything is written.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("betza ends");
    assert_eq!(output.status.code(), Some(74));
    assert_eq!(stderr(&output), "");
}

/// Issue 26: `check DIR` decides by name and kind before opening anything: a pipe (which would
/// hang a read), a link to outside the folder (which would leak that file into the report), a
/// file over 64 MiB and links back to the folder itself or its parent are passed over with a
/// note, and the one real file is checked once, quickly.
#[cfg(unix)]
#[test]
fn check_dir_opens_only_regular_files_inside_it_once() {
    let dir = std::env::temp_dir().join(format!("betza-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.join("pieces");
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(folder.join("good.betza"), "mfW\n").expect("a file");
    std::fs::write(dir.join("secret.betza"), "NN\n").expect("a file outside");
    let fifo = Command::new("mkfifo")
        .arg(folder.join("pipe.betza"))
        .status()
        .expect("mkfifo runs");
    assert!(fifo.success());
    std::os::unix::fs::symlink(dir.join("secret.betza"), folder.join("leak.betza"))
        .expect("a link");
    std::os::unix::fs::symlink(".", folder.join("me")).expect("a link to itself");
    std::os::unix::fs::symlink("..", folder.join("up")).expect("a link to the parent");
    let big = std::fs::File::create(folder.join("big.betza")).expect("a big file");
    big.set_len(65 * 1024 * 1024).expect("a sparse 65 MiB");
    let mut child = Command::new(env!("CARGO_BIN_EXE_betza"))
        .args([OsStr::new("check"), folder.as_os_str()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the betza binary runs");
    let started = std::time::Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("check DIR hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("betza ends");
    let report = stderr(&output);
    assert!(
        report.contains("pipe.betza: skipped: not a regular file"),
        "{report}"
    );
    assert!(
        report.contains("leak.betza: skipped: a link to outside"),
        "{report}"
    );
    assert!(
        report.contains("big.betza: 68157440 bytes, over the 64 MiB"),
        "{report}"
    );
    assert!(!report.contains("NN"), "the file outside leaked: {report}");
    assert_eq!(
        report.matches("[xboard-modifier-order]").count(),
        1,
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 26: a file name with control characters is shown escaped, so it cannot forge lines of
/// the report.
#[cfg(unix)]
#[test]
fn file_names_are_shown_escaped() {
    let dir = std::env::temp_dir().join(format!("betza-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("a\nerror: forged.betza");
    std::fs::write(&path, "mfW\n").expect("a file");
    let output = betza([OsStr::new("check"), dir.as_os_str()]);
    let report = stderr(&output);
    assert!(report.contains("a\\nerror: forged.betza"), "{report}");
    assert!(
        !report.lines().any(|l| l.starts_with("error: forged")),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 26: the human report shows at most 200 reports a file, then counts the rest; the last
/// line still counts every finding.
#[test]
fn the_human_report_caps_its_findings_per_file() {
    let lines: String = (0..300).map(|_| "mfW\n").collect();
    let path = temp_file("many.betza", lines.as_bytes());
    let report = stderr(&betza([OsStr::new("check"), path.as_os_str()]));
    assert_eq!(
        report.matches("[xboard-modifier-order]").count(),
        200,
        "{report}"
    );
    assert!(report.contains("… and 100 more findings"), "{report}");
    assert!(report.contains("300 warnings"), "{report}");
}
