//! Interactive Diagram piece lines: bracket groups cut out of the Betza field and said once
//! (issue 40), half-typed brackets, and the start squares of the last field.
//!
//! Where the rules come from: H. G. Muller on chessvariants.com, comment 56519 ("Betza 2.1":
//! complex moves in brackets `[ ]`, legs joined by `-` or `?`, `[A?B] = [A][A-B]`) and comment
//! 58488 (the Interactive Diagram already reads simple cases such as the Griffon `[F?R]`); the
//! diagram page (chessvariants.com "Interactive diagrams") for piece lines such as
//! `Pawn::::a2-j2`, `Knight:N:::b1,i1` and `Lion:::::2`; seed 000 for
//! `checker:P:fmFcafmFimfD:pawn:a2-l2`.

use super::{Field, StartSquare, start_squares};
use crate::fixture::check_diagnostics;
use crate::host::{HostFormat, Scan, scan};
use crate::{Dialect, Severity};

fn scanned(text: &str) -> Scan {
    scan(HostFormat::Diagram, text, Dialect::XBetza)
}

fn strings<'a>(scan: &Scan, text: &'a str) -> Vec<&'a str> {
    scan.regions.iter().map(|r| &text[r.range]).collect()
}

fn squares(field: &str) -> Vec<String> {
    start_squares(field)
        .iter()
        .map(|s| format!("{}{}", char::from(b'a' + s.file), s.rank + 1))
        .collect()
}

/// Comment 58488: the Griffon `[F?R]`; issue 40: `[F?fqR]` and `[F?fsR]`. The group is one
/// finding on exactly its brackets, at the level of a note (the diagram reads it; only this
/// tool does not), and no region: nothing of it reaches the Betza parser.
#[test]
fn a_group_is_said_once_on_its_brackets_and_is_no_region() {
    let text = "griffon:G:[F?fqR]:griffon:c1,f1\n";
    let result = scanned(text);
    assert!(result.regions.is_empty(), "{:?}", result.regions);
    check_diagnostics(
        "a.diagram",
        r#"
        griffon:G:[F?fqR]:griffon:c1,f1
                  ^^^^^^^ info diagram-bracket-group: `[F?fqR]` of piece `G` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
        "#,
    );
    let group = &result.errors[0];
    assert_eq!(group.severity, Severity::Info);
    assert!(group.message.contains("`G`"), "{}", group.message);
    assert!(
        group.help.as_deref() == Some("nothing of this piece is checked or drawn"),
        "{:?}",
        group.help
    );
}

/// What stands outside the groups is whole moves (a group holds whole moves, comment 56519),
/// each part a string of its own: `K[F?fsR]W` keeps `K` and `W`, never the joined `KW`.
#[test]
fn the_moves_outside_the_groups_are_checked_each_alone() {
    let text = "beast:B:K[F?fsR]W[W-F]N:beast:e1\n";
    let result = scanned(text);
    assert_eq!(strings(&result, text), ["K", "W", "N"]);
    check_diagnostics(
        "a.diagram",
        r#"
        beast:B:K[F?fsR]W[W-F]N:beast:e1
                 ^^^^^^^ info diagram-bracket-group: `[F?fsR]` of piece `B` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
                         ^^^^^ info diagram-bracket-group: `[W-F]` of piece `B` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
        "#,
    );
    assert!(
        result
            .regions
            .iter()
            .all(|r| r.context.unread_groups() == 2)
    );
    assert!(
        result
            .regions
            .iter()
            .all(|r| r.context.piece.as_deref() == Some("B")),
        "every part is the same piece"
    );
}

/// Issue 40: the storm of syntax errors and XBoard findings the misread group gave is gone;
/// the one finding left is the group's, and the parts outside it are checked as usual.
#[test]
fn nothing_else_is_derived_from_a_group() {
    // `K` alone is a whole piece; `fz` before a group is a move with no atom, said as usual.
    check_diagnostics(
        "a.diagram",
        r#"
        griffon:G:[F?fqR]:griffon:c1
                  ^^^^^^^ info diagram-bracket-group: `[F?fqR]` of piece `G` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
        king:K:K[F?fsR]:king:e1
                ^^^^^^^ info diagram-bracket-group: `[F?fsR]` of piece `K` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
        bad:X:fz[F?R]:x:a1
              ^^ error missing-atom: modifiers `fz` at the end have no atom [fix: remove `fz`]
                ^^^^^ info diagram-bracket-group: `[F?R]` of piece `X` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
        "#,
    );
}

/// Half-typed brackets: a `[` the field ends inside is one error from it to the field's end,
/// and the group's text is not read; a `]` that closes nothing is one error on itself.
#[test]
fn unbalanced_brackets_give_one_precise_error() {
    let text = "half:H:K[F?f:half:a2-h2\n";
    let result = scanned(text);
    assert_eq!(strings(&result, text), ["K"]);
    check_diagnostics(
        "a.diagram",
        r#"
        half:H:K[F?f:half:a2-h2
                ^^^^ error diagram-unclosed-group: this `[` opens a bracket group that the Betza field ends inside: write `]` after the group's last leg
        "#,
    );
    assert_eq!(result.errors[0].severity, Severity::Error);

    let text = "stray:S:W]F:x:a1\n";
    let result = scanned(text);
    assert_eq!(strings(&result, text), ["W", "F"]);
    check_diagnostics(
        "a.diagram",
        r#"
        stray:S:W]F:x:a1
                 ^ error diagram-unmatched-bracket: this `]` closes no bracket group: a group opens with `[`
        "#,
    );

    // Groups do not nest in the notation: the first `]` closes, the second closes nothing.
    let text = "n:N:[[F?R]]:x:a1\n";
    let result = scanned(text);
    assert!(result.regions.is_empty());
    check_diagnostics(
        "a.diagram",
        r#"
        n:N:[[F?R]]:x:a1
            ^^^^^^ info diagram-bracket-group: `[[F?R]` of piece `N` is a bracket group of the Interactive Diagram (legs of one move joined by `-`, or by `?` where the move may also stop), a notation this tool does not read: its moves are not checked or drawn
                  ^ error diagram-unmatched-bracket: this `]` closes no bracket group: a group opens with `[`
        "#,
    );
}

#[test]
fn every_prefix_and_mangled_field_scans_without_panic() {
    let text = "files=8 ranks=8\ngriffon:G:K[F?fqR]W:griffon:c1,f1\nx:😀:[😀?]]😀[:y:a1-😀\n";
    for end in (0..=text.len()).filter(|i| text.is_char_boundary(*i)) {
        let prefix = &text[..end];
        let result = scanned(prefix);
        for range in
            (result.regions.iter().map(|r| r.range)).chain(result.errors.iter().map(|e| e.range))
        {
            assert!(usize::from(range.end()) <= prefix.len());
            assert!(prefix.is_char_boundary(range.start().into()));
            assert!(prefix.is_char_boundary(range.end().into()));
        }
    }
    for field in ["[", "]", "[]", "][", "[[", "]]", "[?", "?]", "a[b]c]d[e"] {
        let split = Field::split(field);
        let covered: usize = (split.parts.iter().chain(&split.groups))
            .map(|(start, end)| end - start)
            .sum();
        let unclosed = split.unclosed.map_or(0, |at| field.len() - at);
        assert_eq!(
            covered + unclosed + split.unmatched.len(),
            field.len(),
            "{field}"
        );
    }
}

/// Applies `edits` to the Interactive Diagram `before`, incrementally where the analysis can,
/// each checked against a fresh analysis; returns how many were incremental.
fn edit_in_steps(before: &str, edits: &[((usize, usize), &str)]) -> usize {
    crate::analysis::tests::edit_in_steps(HostFormat::Diagram, before, edits)
}

const GRIFFONS: &str = "griffon:G:K[F?fqR]W:griffon:c1\nx:X:[W-F]:x:a1\n";

/// An edit inside a part is analysed alone (document/edit.rs), and the group's finding beside
/// it only moves; around and inside groups the whole file is read again.
#[test]
fn edits_beside_groups_match_a_fresh_analysis() {
    // Typed at the end of `K`, just before `[`, and at the start of `W`, just after `]`.
    assert_eq!(edit_in_steps(GRIFFONS, &[((11, 11), "N")]), 1);
    assert_eq!(edit_in_steps(GRIFFONS, &[((18, 18), "fm")]), 1);
    // Inside a group, or taking a bracket away: read again whole.
    assert_eq!(edit_in_steps(GRIFFONS, &[((13, 13), "f")]), 0);
    assert_eq!(edit_in_steps(GRIFFONS, &[((17, 18), "")]), 0);
    assert_eq!(edit_in_steps(GRIFFONS, &[((10, 12), "")]), 0);
}

/// Seed 000's `a2-l2`, the diagram page's `b1,i1`, ranges along a file, either way round.
#[test]
fn start_squares_lists_and_ranges() {
    assert_eq!(
        squares("a2-l2"),
        [
            "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "i2", "j2", "k2", "l2"
        ]
    );
    assert_eq!(squares("b1,i1"), ["b1", "i1"]);
    assert_eq!(squares("a1-a3,c1"), ["a1", "a2", "a3", "c1"]);
    assert_eq!(squares("c1-a1"), ["a1", "b1", "c1"]);
    assert_eq!(squares("a1,a1,a1-b1"), ["a1", "b1"], "each square once");
    assert_eq!(squares(" z26 "), ["z26"]);
}

/// What is not a square or a range along one line is left out, never a panic.
#[test]
fn bad_start_squares_are_left_out() {
    for bad in [
        "", "x", "a0", "a27", "A1", "a+1", "a01a", "a100", "1a", "a1-c3", "a1-", "-a1", "-", ",",
        "a1--a2", "😀", "a😀", "a1-😀", "é1",
    ] {
        assert_eq!(squares(bad), Vec::<String>::new(), "{bad:?}");
    }
    assert_eq!(squares("x,b2,a1-c3,c3"), ["b2", "c3"]);
    // The largest field cannot hold more than the 26 × 26 squares there are.
    let every: Vec<String> = (b'a'..=b'z')
        .map(|f| format!("{}1-{}26", char::from(f), char::from(f)))
        .collect();
    assert_eq!(start_squares(&every.join(",")).len(), 26 * 26);
    assert_eq!(start_squares(&every.join(",").repeat(3)).len(), 26 * 26);
}

/// The squares are the fifth field (`Lion:::::2` has a sixth, its count in hand, and no
/// squares); every region of a line shares them.
#[test]
fn start_squares_reach_the_region_context() {
    let text = "checker:P:fmFcafmFimfD:pawn:a2-l2\nlion:L:KNAD:lion::2\nbeast:B:K[F?R]W:b:e1,d1\n";
    let result = scanned(text);
    let of = |i: usize| result.regions[i].context.start_squares().to_vec();
    assert_eq!(of(0).len(), 12);
    assert_eq!(of(0)[0], StartSquare { file: 0, rank: 1 });
    assert!(of(1).is_empty());
    let both = [
        StartSquare { file: 4, rank: 0 },
        StartSquare { file: 3, rank: 0 },
    ];
    assert_eq!(of(2), both);
    assert_eq!(of(3), both);
}
