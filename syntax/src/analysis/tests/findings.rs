//! Findings of whole files as an editor shows them, and the help that goes with a fix.

use super::*;
use crate::diagnostic::{Code, codes};
use crate::fixture::{check_diagnostics, check_fix};

/// Issue 25: a comment after a piece in a variants.ini (which Fairy-Stockfish reads as Betza:
/// reference/fairy-stockfish-ini.md, "An inline comment after a Betza string is parsed as
/// Betza") is one finding that says what it does, not one per letter of the comment.
#[test]
fn an_inline_comment_is_said_once() {
    check_diagnostics(
        "variants.ini",
        r#"
        [v:chess]
        customPiece1 = a:W # not a Knight
                          ^^^^^^^^^^^^^^^ warning fairy-inline-comment: Fairy-Stockfish has no inline comments and reads `# not a Knight` as part of the Betza string: with it the piece has no moves at all, where `W` has some; put the comment on a line of its own [fix: remove the comment from the value]
        "#,
    );
}

/// Issue 25: help speaks of the user's own string (the fix and what it leaves), never of a
/// rule's example; issue 53: a finding with no fix says what to write in its own help.
#[test]
fn help_shows_this_string_corrected() {
    let analysis = analyse(HostFormat::Betza, "mfW\nfE\n", &Options::default());
    let help = |code: Code| {
        analysis
            .diagnostics
            .iter()
            .find(|d| d.code == code)
            .map(|d| d.help.clone())
    };
    assert_eq!(
        help(codes::XBOARD_MODIFIER_ORDER),
        Some(Some("write `fm`: `mfW` becomes `fmW`".to_owned()))
    );
    assert_eq!(
        help(codes::UNKNOWN_ATOM),
        Some(Some(
            "write an atom in place of `E` (W F D N A H C Z G, or K R B Q), or remove it"
                .to_owned()
        ))
    );
    check_diagnostics(
        "p.betza",
        r#"
        mfW
         ^ warning xboard-modifier-order: XBoard drops `f` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j) (from d4 on an empty 8x8 board: XBoard also goes to c4 d3 e4) [fix: write `fm`]
        fE
         ^ error unknown-atom: `E` is not an atom
        "#,
    );
}

/// Issue 26: on a long string the help quotes the part the fix changes, not the whole string
/// once per finding (20,000 letters with 10,000 findings wrote 400 MB of JSON).
#[test]
fn help_on_a_long_string_quotes_the_part_that_changes() {
    let text = format!("{}mfW{}\n", "fWbW".repeat(100), "fWbW".repeat(100));
    let analysis = analyse(HostFormat::Betza, &text, &Options::default());
    let help = analysis
        .diagnostics
        .iter()
        .find(|d| d.code == codes::XBOARD_MODIFIER_ORDER)
        .and_then(|d| d.help.clone());
    assert_eq!(
        help.as_deref(),
        Some(
            "write `fm`: `…fWbWfWbWfWbWfWbWmfWfWbWfWbWfWbWfWb…` \
             becomes `…fWbWfWbWfWbWfWbWfmWfWbWfWbWfWbWfWb…`"
        )
    );
}

/// Issue 42: a fix that leaves the string empty says so in words, not with an empty code span.
#[test]
fn help_says_an_emptied_string_in_words() {
    let analysis = analyse(HostFormat::Betza, "fm\n", &Options::default());
    let helps: Vec<Option<&str>> = analysis
        .diagnostics
        .iter()
        .map(|d| d.help.as_deref())
        .collect();
    assert_eq!(helps, [Some("remove `fm`: the string becomes empty")]);
    check_fix("p.betza", "$0fm\n", "\n");
}

/// Issue 25: findings on the same letters have one cause; the most severe is kept, with the
/// fix another offered. `z` in `fmWfcFz` is a modifier with no atom (not also a move that adds
/// nothing), and `D1`, which Fairy-Stockfish builds nothing from, is not also said to differ,
/// neither from XBetza nor from XBoard (issue 54): the error's fix answers both.
#[test]
fn one_cause_one_finding_on_the_same_letters() {
    let analysis = analyse(HostFormat::Betza, "fmWfcFz\n", &Options::default());
    let said: Vec<(Code, Option<&str>)> = analysis
        .diagnostics
        .iter()
        .map(|d| (d.code, d.help.as_deref()))
        .collect();
    assert_eq!(
        said,
        [(
            codes::MISSING_ATOM,
            Some("remove `z`: `fmWfcFz` becomes `fmWfcF`")
        )]
    );
    check_fix("p.betza", "fmWfcF$0z\n", "fmWfcF\n");
    check_diagnostics(
        "variants.ini",
        r#"
        [v:chess]
        customPiece1 = d:D1
                         ^^ error fairy-no-moves: Fairy-Stockfish builds no moves from `D1`: the range `1` makes `D` a rider, and the engine has riders only along W, F and N lines (write `D` for the leap)
        "#,
    );
}

/// Issue 42: a finding that names squares speaks of the board of the piece's section (10×8
/// here, the piece on e4 at its centre, as its diagram shows it), not of an 8×8 board the user
/// does not see; a string on an 8×8 section speaks of 8×8. An edit of the section's board says
/// the new board, as a fresh analysis does.
#[test]
fn findings_name_squares_on_the_sections_board() {
    let text = "[wide:chess]\nmaxFile = j\nstartFen = 10/10/10/10/10/10/10/K8k w - - 0 1\n\
                customPiece1 = a:mafsW\n[v:chess]\ncustomPiece1 = a:mafsW\n";
    let disagreements = |analysis: &Analysis| -> Vec<String> {
        (analysis.diagnostics.iter())
            .filter(|d| d.code == codes::XBOARD_READS_DIFFERENTLY)
            .map(|d| d.message.clone())
            .collect()
    };
    let analysis = analyse(HostFormat::VariantsIni, text, &Options::default());
    let said = disagreements(&analysis);
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(
        said[0].contains("from e4 on an empty 10x8 board: XBoard also goes to c3 c5 d2 d6 f2 f6 g3 g5; only Fairy-Stockfish goes to d4 e5 f4"),
        "{said:?}"
    );
    assert!(
        said[1].contains("from d4 on an empty 8x8 board"),
        "{said:?}"
    );
    let at = text.find("maxFile = j").map(|at| at + "maxFile = ".len());
    let at = at.expect("the key");
    let options = Options::default();
    let mut strings = Strings::default();
    let mut analysis = analyse_cached(HostFormat::VariantsIni, text, &options, &mut strings);
    let mut edited = text.to_owned();
    edited.replace_range(at..at + 1, "l");
    let _ = analysis.apply_edit(&edited, (at, at + 1), "l", &options, &mut strings);
    let fresh = analyse(HostFormat::VariantsIni, &edited, &options);
    assert!(disagreements(&fresh)[0].contains("from f4 on an empty 12x8 board"));
    assert_eq!(analysis, fresh);
}

/// Issue 42: the board the user asked for (an editor's `boardSize`, the playground's board) is
/// the one findings speak of, for a string alone and in a file, before a section's own.
#[test]
fn findings_name_squares_on_the_board_the_user_asked_for() {
    let options = Options {
        board: Some(BoardSize {
            files: 10,
            ranks: 8,
        }),
        ..Options::default()
    };
    let said: Vec<String> =
        (analyse_string(&crate::BetzaString::new("mafsW", Dialect::Fairy), &options).into_iter())
            .filter(|d| d.code == codes::XBOARD_READS_DIFFERENTLY)
            .map(|d| d.message)
            .collect();
    assert!(
        said[0].contains("from e4 on an empty 10x8 board"),
        "{said:?}"
    );
    let text = "[wide:chess]\nmaxFile = l\nstartFen = 12/12/12/12/12/12/12/K10k w - - 0 1\n\
                customPiece1 = a:mafsW\n";
    let analysis = analyse(HostFormat::VariantsIni, text, &options);
    let disagreement = (analysis.diagnostics.iter())
        .find(|d| d.code == codes::XBOARD_READS_DIFFERENTLY)
        .expect("XBoard reads it otherwise");
    assert!(
        disagreement
            .message
            .contains("from e4 on an empty 10x8 board"),
        "{}",
        disagreement.message
    );
}

/// Issue 52: the board an Interactive Diagram (`files=`, `ranks=`) or a PGN game (its `FEN`
/// tag) gives a piece is read by its host, and findings that name squares speak of it as they
/// do of a variants.ini section's; a file that gives no board speaks of 8×8.
#[test]
fn findings_name_squares_on_the_board_the_host_reads() {
    let xboard_findings = |format: HostFormat, text: &str| -> Vec<String> {
        (analyse(format, text, &Options::default())
            .diagnostics
            .into_iter())
        .filter(|d| d.code.engine == Some(crate::lint::Engine::XBoard))
        .map(|d| d.message)
        .collect()
    };
    let diagram = "files=10 ranks=8\ncamel:C:hW::e1\n";
    let game = "[Variant \"x\"]\n[FEN \"rnbqkbnrcc/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRCC w - - 0 1\"]\n\
                [VariantMen \"C:hW\"]\n\n*\n";
    for (format, text) in [(HostFormat::Diagram, diagram), (HostFormat::Pgn, game)] {
        let said = xboard_findings(format, text);
        assert!(
            said.iter()
                .any(|m| m.contains("from e4 on an empty 10x8 board")),
            "{format:?}: {said:?}"
        );
    }
    let said = xboard_findings(HostFormat::Betza, "hW\n");
    assert!(
        said.iter()
            .any(|m| m.contains("from d4 on an empty 8x8 board")),
        "{said:?}"
    );
}
