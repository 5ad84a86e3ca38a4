//! End-to-end tests of the `betza` binary: the command-line contract of DESIGN.md, run as a user
//! (or another tool) runs it. Each test starts the real process.

mod check;
mod convert;
#[path = "../common/scratch.rs"]
mod scratch;
#[path = "../common/tool.rs"]
mod tool;
mod words;

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
    // c5 holds an enemy, which it takes (X); e5 is empty but would be captured on too (x).
    assert!(text.contains("  5  . . X o x . . ."), "{text}");
    assert!(text.contains("X enemy, which it captures"), "{text}");
    assert!(text.contains("  4  . . . @ . . . ."), "{text}");
}

/// Fairy-Stockfish's boards are at most 12x10 (its `FILE_NB`, `RANK_NB`): a larger one asked of
/// its reading is warned about, on stderr, and still drawn; other readings have no limit.
#[test]
fn moves_warns_of_a_board_larger_than_fairy_stockfish_accepts() {
    let output = betza(["moves", "W", "--dialect", "fairy", "--board", "13x13"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output)
            .contains("warning: Fairy-Stockfish accepts boards up to 12x10; 13x13 is larger"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).starts_with("destinations: "));
    for dialect in ["xbetza", "xboard"] {
        let output = betza(["moves", "W", "--dialect", dialect, "--board", "13x13"]);
        assert!(!stderr(&output).contains("accepts boards"), "{dialect}");
    }
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

/// Issue 29: `--piece N@e4` puts pieces of known type (upper case White, lower case Black),
/// friends or enemies by the side that moves; MBN's piece sets follow them, and where a piece's
/// type is not known the note says what was assumed.
/// Seed 002's prefixed pieces may start with a hyphen (`-Q=fQ`, L100), which the command line
/// takes as the string, not as an option.
#[test]
fn a_string_may_start_with_a_hyphen() {
    let unpromoted = betza(["moves", "-Q=fQ", "--dialect", "mbn"]);
    assert_eq!(unpromoted.status.code(), Some(0), "{}", stderr(&unpromoted));
    assert!(stdout(&unpromoted).starts_with("destinations: a7 b6 c5 d5 d6 d7 d8 e5 f6 g7 h8\n"));
    let tree = betza(["tree", "--dialect", "mbn", "-Q=fQ"]);
    assert_eq!(tree.status.code(), Some(0), "{}", stderr(&tree));
}

#[test]
fn moves_of_a_game_are_drawn_a_piece_at_a_time() {
    // Seed 002's pieces of a game, one definition each: the Pawn's squares are not the Knight's.
    let game = betza([
        "moves",
        "P=mfW+cefF N=N C=RN K=K+{C}W2F2",
        "--dialect",
        "mbn",
        "--piece",
        "c@d8",
    ]);
    let said = stdout(&game);
    assert!(
        said.starts_with("piece P = mfW+cefF\ndestinations: d5\n"),
        "{said}"
    );
    assert!(said.contains("\n----\n\npiece N = N\ndestinations: b3 b5 c2 c6 e2 e6 f3 f5\n"));
    // The King escapes the Chancellor on d8 (the game's `C=RN`), so it has W2F2's squares.
    assert!(
        said.contains(
            "piece K = K+{C}W2F2\ndestinations: b2 b4 b6 c3 c4 c5 d2 d3 d5 d6 e3 e4 e5 f2 f4 f6\n"
        ),
        "{said}"
    );
    let json = betza(["moves", "P=mfW+cefF N=N", "--dialect", "mbn", "--json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&json)).expect("json");
    // The top keeps every move of the text, as before; each piece follows on its own.
    assert_eq!(value["destinations"].as_array().map(Vec::len), Some(9));
    assert_eq!(value["pieces"][0]["piece"], "piece P = mfW+cefF");
    assert_eq!(
        value["pieces"][0]["destinations"],
        serde_json::json!(["d5"])
    );
    assert_eq!(value["pieces"][1]["betza"], "N");
    assert_eq!(
        value["pieces"][1]["moves"].as_array().map(Vec::len),
        Some(8)
    );
}

#[test]
fn moves_follow_the_types_of_pieces() {
    let typed = betza([
        "moves",
        "c{L}RB",
        "--dialect",
        "mbn",
        "--piece",
        "l@d6,n@f6",
    ]);
    assert!(
        stdout(&typed).starts_with("destinations: d6\n"),
        "{}",
        stdout(&typed)
    );
    assert!(stderr(&typed).is_empty(), "{}", stderr(&typed));
    let for_black = betza([
        "moves",
        "c{L}RB",
        "--dialect",
        "mbn",
        "--side",
        "black",
        "--piece",
        "L@d6,l@f6",
    ]);
    assert!(stdout(&for_black).starts_with("destinations: d6\n"));
    let untyped = betza(["moves", "c{L}RB", "--dialect", "mbn", "--enemy", "d6"]);
    assert!(stdout(&untyped).starts_with("destinations: d6\n"));
    assert!(
        stderr(&untyped).contains("pieces of unknown type were taken to be in `{L}`"),
        "{}",
        stderr(&untyped)
    );
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
        (
            vec!["moves", "K", "--piece", "4@e4"],
            "is not a piece on a square",
        ),
        (
            vec!["moves", "K", "--piece", "N@e4,b@e4"],
            "square e4 is given twice",
        ),
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
    let scratch = scratch::Scratch::new("explain");
    let path = scratch.0.join("diagram.svg");
    let output = betza([
        "explain",
        "mRcpR",
        "--svg",
        path.to_str().expect("temporary paths are UTF-8"),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).expect("the SVG was written");
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("moves there"));
    assert!(svg.trim_end().ends_with("</svg>"));
    // The cannon's capture needs a mount: a second text diagram shows it with pieces around.
    assert!(stdout(&output).contains("With other pieces around (F friend, E enemy):"));
}

/// Issue 41: `--svg -` writes the picture alone to standard output (it wrote a file named `-`),
/// and a file that cannot be written is an output failure, exit 74 (it was 2, a bad argument).
#[test]
fn explain_svg_to_standard_output_and_to_a_full_device() {
    let scratch = scratch::Scratch::new("svg-stdout");
    let output = Command::new(env!("CARGO_BIN_EXE_betza"))
        .args(["explain", "mRcpR", "--svg", "-"])
        .current_dir(&scratch.0)
        .output()
        .expect("the betza binary runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let svg = stdout(&output);
    assert!(svg.starts_with("<svg xmlns="), "{svg}");
    assert!(svg.trim_end().ends_with("</svg>"));
    assert!(
        !scratch.0.join("-").exists(),
        "a file named `-` was written"
    );
    let full = betza(["explain", "W", "--svg", "/dev/full"]);
    assert_eq!(full.status.code(), Some(74), "{}", stderr(&full));
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
        same.contains("XBoard makes the same moves as the XBetza description"),
        "{same}"
    );
    let differs = stdout(&betza(["explain", "mfW", "--dialect", "xboard"]));
    assert!(
        differs.contains("XBoard reads this string differently from the XBetza description: from d4 on an empty 8x8 board: XBoard also goes to c4 d3 e4"),
        "{differs}"
    );
    assert!(differs.contains("XBoard's moves on an empty board:"));
}
