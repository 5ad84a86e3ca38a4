//! Rules for the `fairy` dialect, decided on Fairy-Stockfish's own data model
//! ([`EnginePiece`]): what the engine skips, ignores, builds nothing from or overwrites. Every
//! claim about moves is decided by generating the engine's moves with and without the letters
//! in question on the reference boards, so a finding holds under the engine's combining and
//! overwriting rules (notes F1–F8).

use rowan::{TextRange, TextSize};

use crate::board::reference::{Fingerprint, fingerprint};
use crate::board::{generate, without_repeats};
use crate::diagnostic::codes;
use crate::lint::{Boards, Comparison, Findings, Fix, difference};
use crate::notation::fairy::grammar::Fairy;
use crate::notation::fairy::model::{self as fairy, AtomReading, EnginePiece, Modality, Table};
use crate::notation::fairy::skipped::{SkipReading, window, within_one};
use crate::notation::xbetza::lint as meaning;
use crate::{BetzaString, Dialect, Reading};

/// Above this many atoms the per-atom comparisons are skipped (each costs two generations).
const COMPARED_ATOMS: usize = 12;

pub(crate) fn check(string: &BetzaString, findings: &mut Findings<'_>) {
    let text = string.text();
    // Fairy-Stockfish's lowering is the engine's own reading of the text, kept whole.
    let Some(engine) = string.model().engine.as_deref() else {
        return;
    };
    for a_move in string.parse().piece().moves() {
        let legs: Vec<_> = a_move.legs().collect();
        meaning::default_modes(&legs, Dialect::Fairy, findings);
    }
    if findings.wants(codes::FAIRY_SKIPPED_LETTER) {
        skipped(string, findings);
    }
    let whole = fingerprint(string.model());
    if findings.wants(codes::FAIRY_LAME_IGNORED) {
        lame_ignored(string, engine, &whole, findings);
    }
    if findings.wants(codes::FAIRY_INLINE_COMMENT) {
        inline_comment(text, findings);
    }
    if engine.atoms.len() <= COMPARED_ATOMS {
        let mut previous_end = TextSize::new(0);
        for atom in &engine.atoms {
            // The atom with the skipped letters before it, so that removing it leaves none.
            let span = TextRange::new(previous_end, atom.source.end());
            previous_end = atom.source.end();
            compare_atom(text, engine, atom, span, &whole, findings);
        }
    }
}

/// Where an inline comment starts: the whitespace before the first `#` or `;` that follows
/// whitespace (or opens the string).
pub(crate) fn inline_comment_start(text: &str) -> Option<usize> {
    let marker = text.char_indices().find(|&(at, c)| {
        matches!(c, '#' | ';') && (at == 0 || text[..at].ends_with(char::is_whitespace))
    })?;
    Some(text[..marker.0].trim_end().len())
}

/// A comment after the piece, which the engine reads as Betza: said once, with what it does to
/// the piece's moves (decided by generating them with and without it).
fn inline_comment(text: &str, findings: &mut Findings<'_>) {
    let Some(start) = inline_comment_start(text) else {
        return;
    };
    let at = |offset: usize| TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX));
    let range = TextRange::new(at(start), at(text.len()));
    let comment = text[start..].trim();
    let (with, without) = (moves_of(text), moves_of(&text[..start]));
    let effect = if with == without {
        "here it changes no move".to_owned()
    } else if is_empty(&with) {
        format!(
            "with it the piece has no moves at all, where `{}` has some",
            &text[..start]
        )
    } else {
        format!("it changes the moves of `{}`", &text[..start])
    };
    // parser.cpp 279–283: an `e` anywhere in a custom piece's string lets it capture en
    // passant (notes F9), the comment's letters included.
    let en_passant = if comment.contains('e') && !text[..start].contains('e') {
        ", and its `e` lets the piece capture en passant"
    } else {
        ""
    };
    let fix = Fix {
        title: "remove the comment from the value".into(),
        edits: vec![crate::lint::Edit {
            range,
            text: String::new(),
        }],
    };
    findings.push_with_help(
        codes::FAIRY_INLINE_COMMENT,
        range,
        format!(
            "Fairy-Stockfish has no inline comments and reads `{comment}` as part of the Betza \
             string: {effect}{en_passant}; put the comment on a line of its own"
        ),
        format!("move `{comment}` to a line of its own above, starting with `#`"),
        Some(fix),
    );
}

fn moves_of(text: &str) -> Fingerprint {
    fingerprint(&fairy::piece(text))
}

fn without(text: &str, range: TextRange) -> String {
    let mut out = text.to_owned();
    out.replace_range(usize::from(range.start())..usize::from(range.end()), "");
    out
}

/// Whether every move of `part` is also a move of `whole`, in every reference position.
fn contains(whole: &Fingerprint, part: &Fingerprint) -> bool {
    whole
        .iter()
        .zip(part)
        .all(|((moves, could), (part_moves, part_could))| {
            part_moves.iter().all(|m| moves.contains(m))
                && part_could.iter().all(|s| could.contains(s))
        })
}

fn is_empty(moves: &Fingerprint) -> bool {
    moves
        .iter()
        .all(|(m, could)| m.is_empty() && could.is_empty())
}

/// The rules that compare the piece with and without one atom: no moves, redundant, takes
/// moves away, and a range 1 that changes nothing.
fn compare_atom(
    text: &str,
    engine: &EnginePiece,
    atom: &AtomReading,
    span: TextRange,
    whole: &Fingerprint,
    findings: &mut Findings<'_>,
) {
    let written = &text[atom.source];
    let rest = moves_of(&without(text, span));
    if rest == *whole {
        if is_empty(&moves_of(written)) {
            findings.push_with_help(
                codes::FAIRY_NO_MOVES,
                atom.source,
                format!(
                    "Fairy-Stockfish builds no moves from `{written}`: {}",
                    atom.why_no_moves()
                ),
                no_moves_help(text, atom),
                None,
            );
        } else if !is_empty(&rest) {
            findings.push(
                codes::REDUNDANT_MOVE,
                atom.source,
                format!(
                    "`{written}` adds nothing: in Fairy-Stockfish the rest of the piece already makes every one of its moves"
                ),
                Some(Fix::delete(format!("remove `{}`", &text[span]), &[span])),
            );
        }
        return;
    }
    if !contains(whole, &rest) {
        overwritten(text, engine, atom, findings);
    }
    if atom.suffix == Some('1') && atom.table == Table::Sliders {
        let digit = TextRange::at(atom.atom_range.end(), TextSize::of('1'));
        if moves_of(&without(text, digit)) == *whole {
            let plain = without(written, digit - atom.source.start());
            findings.push(
                codes::RANGE_ONE,
                digit,
                format!("range 1 changes nothing: Fairy-Stockfish plays `{written}` as `{plain}`"),
                Some(Fix::delete("remove the range", &[digit])),
            );
        }
    }
}

/// What to write for an atom Fairy-Stockfish builds no moves from, by the reason
/// [`AtomReading::why_no_moves`] gives: what the engine does build, or nothing.
fn no_moves_help(text: &str, atom: &AtomReading) -> String {
    let written = crate::quote::shortened(&text[atom.source]);
    let letter = atom.atom;
    let or_remove = format!("or remove `{written}`");
    if atom.directions_select_nothing {
        format!(
            "change the direction letters of `{written}` to ones that select `{letter}`'s \
             directions, {or_remove}"
        )
    } else if atom.initial && !atom.modalities.contains(&Modality::Quiet) {
        format!(
            "remove `i` from `{written}` for a capture the piece may make on any move, \
             {or_remove}: Fairy-Stockfish has no captures for the first move only"
        )
    } else if atom.table == Table::Steps && atom.range == -1 {
        format!(
            "remove `n` from `{written}` for a leap that cannot be blocked, {or_remove}: \
             Fairy-Stockfish makes only D, N, A and Z lame"
        )
    } else if atom.table == Table::Sliders {
        let leap = crate::quote::shortened(
            &text[TextRange::new(atom.source.start(), atom.atom_range.end())],
        );
        format!("write `{leap}` for the single leap, {or_remove}")
    } else if atom.table == Table::Hoppers {
        format!(
            "remove `{written}`: Fairy-Stockfish hops along rook and bishop lines only (as `pR`, \
             `gB`)"
        )
    } else {
        format!("remove `{written}`")
    }
}

/// An atom whose entries replace an earlier atom's and so take moves away.
fn overwritten(text: &str, engine: &EnginePiece, atom: &AtomReading, findings: &mut Findings<'_>) {
    let mut earlier: Vec<TextRange> = Vec::new();
    let mut kinds: Vec<&str> = Vec::new();
    for overwrite in engine
        .overwrites
        .iter()
        .filter(|o| o.later.source == atom.source)
    {
        if !earlier.contains(&overwrite.earlier.source) {
            earlier.push(overwrite.earlier.source);
        }
        let kind = match (overwrite.initial, overwrite.modality) {
            (true, _) => "first moves",
            (false, Modality::Quiet) => "quiet moves",
            (false, Modality::Capture) => "captures",
        };
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    if earlier.is_empty() {
        return;
    }
    let names: Vec<String> = earlier.iter().map(|r| format!("`{}`", &text[*r])).collect();
    let later = crate::quote::shortened(&text[atom.source]);
    let help = format!(
        "Fairy-Stockfish keeps the range written last for each direction and move kind: write \
         `{later}` before {}, or remove `{later}`",
        names.join(" and ")
    );
    findings.push_with_help(
        codes::FAIRY_RANGE_OVERWRITTEN,
        atom.source,
        format!(
            "`{}` takes moves away: Fairy-Stockfish keeps one range per direction and move kind, and `{}` replaces what {} stored for its {}",
            &text[atom.source],
            &text[atom.source],
            names.join(" and "),
            kinds.join(" and ")
        ),
        help,
        None,
    );
}

/// `n` on an atom that rides: the engine drops it. `whole` is the piece's moves.
fn lame_ignored(
    string: &BetzaString,
    engine: &EnginePiece,
    whole: &Fingerprint,
    findings: &mut Findings<'_>,
) {
    let text = string.text();
    let mut original = string.original();
    for (index, atom) in engine.atoms.iter().enumerate() {
        let Some(letter) = atom.lame_ignored else {
            continue;
        };
        let written = &text[atom.source];
        let plain = without(written, letter - atom.source.start());
        let fix = Fix::delete("remove `n`", &[letter]);
        // What the engine plays without the letter is said only where generating the piece
        // without it shows the same moves: removing it can pair the direction letters around it
        // differently (`vnlfB5` is not `vlfB5`). A long string gets the first ones.
        let same_without = index < COMPARED_ATOMS && moves_of(&fix.apply(text)) == *whole && {
            let fixed = fix.apply(text);
            original.same_as(&fixed, Reading::Dialect(Dialect::Fairy)) == Some(true)
        };
        let message = if same_without {
            format!(
                "Fairy-Stockfish ignores `n` on a rider: it plays `{written}` as `{plain}`, which is not lame"
            )
        } else {
            format!("Fairy-Stockfish ignores `n` on a rider: `{written}` is not lame")
        };
        let help = format!(
            "remove `n` from `{}`, keeping its direction letters paired as meant; \
             Fairy-Stockfish makes only leaps lame (as `nN`)",
            crate::quote::shortened(written)
        );
        findings.push_with_help(
            codes::FAIRY_LAME_IGNORED,
            letter,
            message,
            help,
            same_without.then_some(fix),
        );
    }
}

/// Letters and digits the engine passes over where the grammar found nothing wrong (the
/// characters it did are said with its findings, `skipped::engine_errors`): each run one
/// finding, with their removal when the engine plays the string alike without them.
fn skipped(string: &BetzaString, findings: &mut Findings<'_>) {
    let text = string.text();
    let mut reading = SkipReading::new(text);
    let groups = reading.bracket_groups();
    let runs = reading.runs(&groups);
    // The runs the grammar found something wrong in, each once, in order.
    let mut found: Vec<bool> = vec![false; runs.len()];
    for error in string.parse().errors() {
        if let Some(run) = within_one(&runs, error.range) {
            found[run] = true;
        }
    }
    for (run, found) in runs.into_iter().zip(found) {
        if found || !text[run].chars().any(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let message = reading.what_it_reads(run).unwrap_or_else(|| {
            let count = text[run].chars().count();
            if count > 1 {
                format!(
                    "Fairy-Stockfish skips these {count} letters: `{}`",
                    window(text[run].chars())
                )
            } else {
                format!("Fairy-Stockfish skips `{}`", &text[run])
            }
        });
        let (fix, help) = reading.proven_removal(run);
        findings.push_with_help(codes::FAIRY_SKIPPED_LETTER, run, message, help, fix);
    }
}

/// Whether Fairy-Stockfish plays an XBetza string as the XBetza description reads it, for
/// those who write pieces in XBetza (a `.betza` file, an Interactive Diagram) and asked for
/// Fairy-Stockfish's findings. In a `variants.ini` the other engine is XBoard, whose own
/// findings compare it with Fairy-Stockfish.
pub(crate) fn check_engines(string: &BetzaString, findings: &mut Findings<'_>) {
    if findings.wants(codes::ENGINES_DISAGREE) && !string.parse().has_errors() {
        engines_disagree(string, findings);
    }
}

/// Both readings generated on the reference boards; on a difference, the position and the
/// squares that show it.
fn engines_disagree(string: &BetzaString, findings: &mut Findings<'_>) {
    let seen = findings.seen();
    let engine = string.model_as(&Fairy);
    if fingerprint(string.model()) == fingerprint(&engine) {
        return;
    }
    let engine = without_repeats(&engine);
    let described = string.notation().reader();
    let Comparison::Differs(detail) = difference(
        (described, &|position| {
            generate(string.model_to_generate(), position)
        }),
        ("Fairy-Stockfish", &|position| generate(&engine, position)),
        Boards {
            seen: seen.as_ref(),
            largest: findings.largest(crate::lint::Engine::FairyStockfish),
            by_move: false,
        },
    ) else {
        return;
    };
    let whole = TextRange::new(0.into(), rowan::TextSize::of(string.text()));
    let convert = format!(
        "betza convert {} --from xbetza --to fairy",
        crate::quote::argument(string.text())
    );
    findings.push_with_help(
        codes::ENGINES_DISAGREE,
        whole,
        format!("Fairy-Stockfish plays this piece otherwise than {described} reads it; {detail}"),
        format!(
            "for a `variants.ini`, `{convert}` finds a string Fairy-Stockfish plays as \
             {described} reads this one, if there is one"
        ),
        None,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::Code;
    use crate::fixture::{Host, check_fix, check_no_fix};
    use crate::lint::LintConfig;

    fn findings(text: &str, code: Code) -> Vec<crate::lint::Diagnostic> {
        crate::BetzaString::new(text, Dialect::Fairy)
            .lint(&LintConfig::for_dialect(Dialect::Fairy))
            .into_iter()
            .filter(|d| d.code == code)
            .collect()
    }

    #[test]
    fn a_window_reads_only_the_ends() {
        let long = "abcdefghijklmnopqrstuvwxyz";
        assert_eq!(window(long.chars()), "abcdefghijkl…opqrstuvwxyz");
        assert_eq!(window(long[..24].chars()), &long[..24]);
        // A string with a letter left out, quoted without being built.
        let without_m = long[..12].chars().chain(long[13..].chars());
        assert_eq!(window(without_m), "abcdefghijkl…opqrstuvwxyz");
        assert_eq!(window("é😀".chars()), "é😀");
    }

    /// Issue 54: a piece in a `variants.ini` meets Fairy-Stockfish and XBoard, which the
    /// engine sends its Betza to (`piece X& BETZA`), and the findings compare those two by
    /// default. Fairy-Stockfish's ranged hoppers (its own test file) read alike in both, so no
    /// finding, though the XBetza description reads them otherwise; `NN`, `L`, `FL` and
    /// `KmfR2` are read otherwise by XBoard (recorded in `reference/`), each found unasked.
    #[test]
    fn a_variants_file_compares_fairy_stockfish_with_xboard_by_default() {
        let engine_findings = |text: &str| -> Vec<String> {
            crate::BetzaString::new(text, Dialect::Fairy)
                .lint(&LintConfig::for_dialect(Dialect::Fairy))
                .into_iter()
                .filter(|d| d.code.engine.is_some())
                .map(|d| d.code.to_string())
                .collect()
        };
        for quiet in ["mRpRmFpB2", "mBpBmWpR2", "fmWfcF", "N0", "C"] {
            assert_eq!(engine_findings(quiet), Vec::<String>::new(), "{quiet}");
        }
        for (text, code) in [
            ("NN", "xboard-doubled-atom"),
            ("L", "xboard-camel-zebra"),
            ("FL", "xboard-camel-zebra"),
            ("KmfR2", "xboard-modifier-order"),
            ("fsRbK", "xboard-reads-differently"),
        ] {
            assert_eq!(engine_findings(text), [code], "{text}");
        }
        // The XBetza description is not a reference in this file: no `engines-disagree`.
        assert!(findings("mafsW", codes::ENGINES_DISAGREE).is_empty());
        let message = &crate::BetzaString::new("NN", Dialect::Fairy)
            .lint(&LintConfig::for_dialect(Dialect::Fairy))[0]
            .message;
        assert!(
            message.contains("only Fairy-Stockfish goes to"),
            "the two engines are named: {message}"
        );
    }

    /// Issue 26: each skipped `a` inside one long atom quoted the atom twice, built without the
    /// letter and counted in full: quadratic in its length. The quotes are windows of it.
    #[test]
    fn skipped_letters_inside_a_long_atom_are_quoted_by_their_ends() {
        let text = format!("{}K", "caf".repeat(3_000));
        let skipped = findings(&text, codes::FAIRY_SKIPPED_LETTER);
        assert_eq!(skipped.len(), 3_000);
        assert_eq!(
            skipped[1].message,
            "Fairy-Stockfish skips `a`: it reads `cafcafcafcaf…afcafcafcafK` as `cafcfcafcafc…afcafcafcafK`"
        );
    }

    /// The `n` of thousands of riders: each is a finding, the first ones with a fix checked by
    /// generating the engine's reading without it (no parse of the whole string for each).
    #[test]
    fn thousands_of_ignored_lame_letters() {
        let text = "nR".repeat(3_000);
        let ignored = findings(&text, codes::FAIRY_LAME_IGNORED);
        assert_eq!(ignored.len(), 3_000);
        // Each fix is proven again on every proof position, at the cost of the string's
        // length, within a budget of letters.
        let fixed = ignored.iter().filter(|d| d.fix.is_some()).count();
        assert_eq!(
            fixed,
            COMPARED_ATOMS.min(crate::lint::proof::PROOF_LETTERS / text.len())
        );
        // Removing `n` from `fnrB` would join `fr`, one diagonal instead of three: no fix.
        let fairy = Host::Lint(Dialect::Fairy);
        check_no_fix(fairy, "f$0nrB");
        check_fix(fairy, "f$0nR", "fR");
    }
}
