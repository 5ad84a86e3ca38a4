//! The readings of keys and values, each as the engine's parser reads it.

use crate::Severity;
use crate::analysis::{Options, analyse};
use crate::diagnostic::{Code, Diagnostic, codes};
use crate::host::HostFormat;

fn findings(text: &str) -> Vec<Diagnostic> {
    analyse(HostFormat::VariantsIni, text, &Options::default()).diagnostics
}

/// The text a finding covers, its code and its severity.
fn said(text: &str) -> Vec<(String, Code, Severity)> {
    findings(text)
        .into_iter()
        .map(|d| {
            let code = d.code;
            (
                text[std::ops::Range::<usize>::from(d.range)].to_owned(),
                code,
                d.severity,
            )
        })
        .collect()
}

/// The text after the first fix of the first finding.
fn fixed(text: &str) -> String {
    let finding = findings(text).into_iter().next().expect("a finding");
    let fix = finding.fix.expect("a fix");
    let mut edits = fix.edits;
    edits.sort_by_key(|e| std::cmp::Reverse(e.range.start()));
    let mut out = text.to_owned();
    for edit in edits {
        out.replace_range(std::ops::Range::<usize>::from(edit.range), &edit.text);
    }
    out
}

/// parser.cpp 38–44: a rank is read with `ss >> int`, which stops at the whitespace after
/// the number (recorded with pyffish: `maxRank =<TAB>6<TAB>` is a 6-rank board).
#[test]
fn whitespace_after_a_number_is_no_mistake() {
    let text = "[v:chess]\nmaxRank =\t6\t\nstartFen = 4k3/8/8/8/8/4K3 w - - 0 1\n";
    assert_eq!(said(text), []);
    // But `true ` is not `true` (parser.cpp 68–71: an exact comparison).
    let text = "[v:chess]\ncastling = true \n";
    assert_eq!(said(text)[0].1, codes::WRONG_VALUE);
    assert_eq!(fixed(text), "[v:chess]\ncastling = true\n");
}

/// parser.cpp 262–266: a standard piece reads only the first character of its value
/// (recorded with pyffish: `wazir = w:s` is a wazir, and `W` stands in the start position).
#[test]
fn a_betza_tail_on_a_standard_piece_is_ignored_and_said_so() {
    let text = "[v:chess]\nwazir = w:s\nstartFen = 4k3/8/8/8/8/8/8/3WK3 w - - 0 1\n";
    assert_eq!(
        said(text),
        [(":s".to_owned(), codes::MALFORMED_PIECE, Severity::Warning)]
    );
    assert_eq!(fixed(text), text.replace("w:s", "w"));
}

/// parser.cpp 285–296: one character after the king's letter makes it a royal piece of its
/// own whose Betza starts at the third (recorded with pyffish: `king = k ` and `king = k:`
/// give kings with no moves).
#[test]
fn a_king_with_an_empty_betza_cannot_move() {
    for value in ["k:", "k "] {
        let text = format!("[v:chess]\nking = {value}\n");
        let found = said(&text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].1, found[0].2),
            (codes::MALFORMED_PIECE, Severity::Error)
        );
        assert_eq!(fixed(&text), "[v:chess]\nking = k\n");
    }
    assert_eq!(said("[v:chess]\nking = k\n"), []);
}

/// parser.cpp 270–283: a custom piece's Betza is the value from its third character
/// (recorded with pyffish: `aWF` moves as a Ferz, `a` not at all).
#[test]
fn a_custom_piece_without_its_colon_loses_a_letter() {
    let text = "[v:chess]\ncustomPiece1 = aWF\n";
    assert_eq!(said(text)[0].1, codes::MALFORMED_PIECE);
    assert_eq!(fixed(text), "[v:chess]\ncustomPiece1 = a:WF\n");
    let text = "[v:chess]\ncustomPiece1 = a\n";
    assert_eq!(said(text)[0].2, Severity::Error);
}

/// parser.cpp 182–184, 222–238: a single piece type keeps the last letter read; a list
/// stops at `#` and keeps what came before (recorded: `flagPiece = kq` is the queen).
#[test]
fn piece_options_read_as_the_engine_reads_them() {
    let one = "[v:chess]\nflagPiece = kq\nflagRegionWhite = *8\n";
    assert_eq!(said(one)[0].1, codes::WRONG_VALUE);
    assert_eq!(said(one)[0].2, Severity::Error);
    let comment = "[v:chess]\npromotionPieceTypes = nq # the usual\n";
    assert_eq!(
        said(comment),
        [(
            "# the usual".to_owned(),
            codes::WRONG_VALUE,
            Severity::Warning
        )]
    );
}

/// parser.cpp 126–154: a square's number is read with `std::stoi`, as far as it goes
/// (`e5,e6` is `e5`); a `#` ends the region, keeping what came before.
#[test]
fn a_region_is_read_word_by_word() {
    let text = "[v:chess]\npromotionRegionWhite = e5,e6,f5,f6\n";
    let found = findings(text);
    assert!(found[0].message.contains("read as `e5`"), "{found:?}");
    assert_eq!(
        fixed(text),
        "[v:chess]\npromotionRegionWhite = e5 e6 f5 f6\n"
    );
    let comment = "[v:chess]\npromotionRegionWhite = *7 *8 # c\n";
    assert_eq!(said(comment)[0].2, Severity::Warning);
}

/// variant.cpp 2178–2181: a parent must be registered when the section is read: not the
/// section itself, and not a section of the engine's own variants.ini unless that file is
/// loaded first (recorded with pyffish: `[v:shogun]` alone registers nothing).
#[test]
fn a_parent_that_is_no_variant_yet_is_said_why() {
    let own = findings("[v:v]\n");
    assert!(own[0].message.contains("inherits from itself"), "{own:?}");
    let bundled = findings("[v:shogun]\n");
    assert!(
        bundled[0].message.contains("comes with Fairy-Stockfish"),
        "{bundled:?}"
    );
    assert_eq!(bundled[0].severity, Severity::Error);
}

/// variant.cpp 2152: lines before the first header are skipped, so a file without one
/// defines no variant: one finding, not one per key.
#[test]
fn a_file_without_a_header_gets_one_error() {
    let text = "maxRank = 6\nmaxFile = 6\ncastling = false\n";
    let found = said(text);
    assert_eq!(
        found,
        [(
            "maxRank = 6".to_owned(),
            codes::OUTSIDE_SECTION,
            Severity::Error
        )]
    );
    assert!(fixed(text).starts_with("[myvariant:chess]\nmaxRank = 6"));
    let above = "maxRank = 6\n[v:chess]\ncastling = false\n";
    assert_eq!(fixed(above), "[v:chess]\nmaxRank = 6\n\ncastling = false\n");
}

#[test]
fn misspelt_and_deprecated_keys_and_words_are_mended() {
    // A tab before `=` is part of the key; the fix writes over it too.
    assert_eq!(
        fixed("[v:chess]\nnMoveRule\t= 0\n"),
        "[v:chess]\nnMoveRule= 0\n"
    );
    // No fix renames a key to one the section sets already.
    let twice = findings("[v:chess]\nmaxRanks = 6\nmaxRank = 6\n");
    assert!(
        twice[0].fix.is_none() && twice[0].help.is_some(),
        "{twice:?}"
    );
    assert_eq!(
        fixed("[v:chess]\nmaxRanks = 6\n"),
        "[v:chess]\nmaxRank = 6\n"
    );
    assert_eq!(
        fixed("[v:chess]\ncastling = yes\n"),
        "[v:chess]\ncastling = true\n"
    );
    assert_eq!(
        fixed("[v:chess]\ncastling = True\n"),
        "[v:chess]\ncastling = true\n"
    );
    assert_eq!(
        fixed("[v:chess]\nwhiteFlag = *8\n"),
        "[v:chess]\nflagRegionWhite = *8\n"
    );
    assert_eq!(
        fixed("[v:chess]\nstalemateValue = lose\n"),
        "[v:chess]\nstalemateValue = loss\n"
    );
}

/// An unknown key is an error when the key meant would change the section (variant.cpp
/// ignores the line), a warning when the section has the value anyway (the chess parent
/// castles; a section without parent has 8 ranks) or sets the key meant too.
#[test]
fn an_unknown_key_is_an_error_when_its_value_is_lost() {
    let severity = |text: &str| said(text)[0].2;
    assert_eq!(severity("[v:chess]\ncastlng = false\n"), Severity::Error);
    assert_eq!(severity("[v:chess]\ncastlng = true\n"), Severity::Warning);
    assert_eq!(severity("[v]\nmaxRanks = 8\n"), Severity::Warning);
    assert_eq!(severity("[v]\nmaxRanks = 6\n"), Severity::Error);
    assert_eq!(
        severity("[v:chess]\ncastlng = false\ncastling = false\n"),
        Severity::Warning
    );
    // A value set by a parent in the file counts.
    assert_eq!(
        severity("[a:chess]\nnMoveRule = 40\n[v:a]\nnMoveRul = 40\n"),
        Severity::Warning
    );
    assert_eq!(severity("[v:chess]\nflurb = 1\n"), Severity::Warning);
}

/// Every error and warning of a file says what to write.
#[test]
fn every_error_and_warning_helps() {
    let text = "maxRank = 6\n[v:chess]\nmaxRanks = 6\ncastling = yes\nking = k:\n\
                customPiece26 = a:W\nflagPiece = kq\nmaxFile = \n[w:chez]\n";
    for finding in findings(text) {
        if finding.severity <= Severity::Warning {
            assert!(finding.help.is_some(), "{finding:?}");
        }
    }
}

/// variant.h 181–195 and parser.cpp 262–269: only a key's last value counts, so a piece removed
/// by a later `-` has no letter (found by applying the duplicate-key fix of the differential).
#[test]
fn a_piece_removed_by_a_later_line_has_no_letter() {
    let text = "[v]\nbishop = b\nbishop = -\npromotionPieceTypes = b\n";
    let found = said(text);
    assert!(
        found
            .iter()
            .any(|(at, code, _)| at == "b" && *code == codes::WRONG_VALUE),
        "{found:?}"
    );
}
