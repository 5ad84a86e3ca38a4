//! Lints for MBN (seed 002): the mistakes the seed itself names (`R4` for a short rook, `(4,2)`
//! for `(2,4)`, doubled direction letters read as amalgams) and the meaningless combinations
//! that apply to it (a range of 1 on a leaper, directions that select nothing).

use std::collections::HashSet;

use rowan::{NodeOrToken, TextRange};

use crate::BetzaString;
use crate::SyntaxKind::*;
use crate::diagnostic::codes;
use crate::lint::{Findings, Fix};
use crate::model::{LegSteps, MoveKind};
use crate::notation::mbn::ast::{self, Expression};
use crate::notation::mbn::model::selected_leaps;
use crate::notation::mbn::vocabulary::Direction;
use crate::notation::xbetza::lint::no_moves_help;
use crate::tree::SyntaxNode;

pub(crate) fn check(string: &BetzaString, findings: &mut Findings<'_>) {
    let root = string.parse().syntax();
    for atom in root.descendants().filter(|n| n.kind() == ATOM) {
        rider_range(&atom, findings);
        range_one(&atom, findings);
    }
    for vector in root.descendants().filter(|n| n.kind() == VECTOR) {
        leap_order(&vector, findings);
    }
    for term in root.descendants().filter(|n| n.kind() == TERM) {
        doubled_direction(&term, findings);
    }
    never_possible(string, findings);
}

/// The atom's letter token and its range's digits, when it has both.
fn letter_and_range(atom: &SyntaxNode) -> Option<(char, TextRange, String, TextRange)> {
    let letter = atom
        .first_token()
        .filter(|t| t.kind().letter().is_some_and(|c| c.is_ascii_uppercase()))?;
    let range = atom.children().find(|n| n.kind() == RANGE)?;
    let digits = range.text().to_string();
    digits.bytes().all(|b| b.is_ascii_digit()).then_some((
        letter.kind().letter()?,
        letter.text_range(),
        digits,
        range.text_range(),
    ))
}

/// Whether the moves of a basic piece (`W0+N`) hold a rider of unlimited distance among the
/// alternatives they join: "A rider with unlimited distance will be notated with a suffixed
/// zero" (seed 002). One inside a chain or an optional leg (`F-[(zF)0]`) is a leg of another
/// move, not the piece's own ride.
fn is_rider(moves: &str) -> bool {
    let parse = super::parser::read(moves);
    let terms = |expression: Expression| -> Vec<ast::Term> {
        match expression {
            Expression::Term(term) => vec![term],
            Expression::Alternatives(alternatives) => alternatives.terms().collect(),
            _ => Vec::new(),
        }
    };
    let unlimited = |element: ast::TermElement| match element {
        ast::TermElement::Move(a_move) => {
            a_move.steps().and_then(|s| s.value()) == Some(ast::StepsValue::Unlimited)
        }
        _ => false,
    };
    parse
        .piece()
        .definitions()
        .flat_map(|definition| definition.moves().flat_map(terms).collect::<Vec<_>>())
        .any(|term| term.elements().any(unlimited))
}

/// Seed 002, section 18: "in some sources here the definition R4 is used. In MBN this notation
/// is wrong, because when dissolved this definition is nothing else than (W0)4, and this is
/// equivalent to W0, a normal rook."
fn rider_range(atom: &SyntaxNode, findings: &mut Findings<'_>) {
    let Some((letter, letter_range, digits, range)) = letter_and_range(atom) else {
        return;
    };
    let Some(piece) = crate::notation::mbn::vocabulary::basic_piece(letter) else {
        return;
    };
    if !is_rider(piece.moves) || digits.starts_with('0') {
        return;
    }
    let stepper = match letter {
        'R' => Some('W'),
        'B' => Some('F'),
        'Q' => Some('K'),
        _ => None,
    };
    let message = format!(
        "`{letter}{digits}` does not limit the {} to {digits} squares: `{letter}` is already the \
         rider `{}`, so the number repeats whole {} moves (MBN description: `R4` is `(W0)4`, a normal \
         rook){}",
        piece.name,
        piece.moves,
        piece.name,
        stepper
            .map(|s| format!(
                "; a {} limited to {digits} squares is `{s}{digits}`",
                piece.name
            ))
            .unwrap_or_default()
    );
    let help = match stepper {
        Some(s) => format!(
            "write `{s}{digits}` for a {} of at most {digits} squares, or `{letter}` alone",
            piece.name
        ),
        None => format!(
            "remove `{digits}` (`{letter}` is the same piece); for a shorter ride, write the \
             moves of `{letter}` (`{}`) with {digits} in place of `0`",
            piece.moves
        ),
    };
    findings.push_with_help(
        codes::MBN_RIDER_RANGE,
        letter_range.cover(range),
        message,
        help,
        stepper.map(|s| Fix::replace(format!("write `{s}{digits}`"), letter_range, s.to_string())),
    );
}

/// `N1` is `N`: a leaper leaps once.
fn range_one(atom: &SyntaxNode, findings: &mut Findings<'_>) {
    let Some((letter, _, digits, range)) = letter_and_range(atom) else {
        return;
    };
    if digits == "1" && selected_leaps("d", letter).is_some() {
        findings.push(
            codes::RANGE_ONE,
            range,
            format!("range 1 changes nothing: `{letter}` already leaps once"),
            Some(Fix::delete("remove the range", &[range])),
        );
    }
}

/// Seed 002: "the first ordinate must be less or equal to the second ordinate, i.e. (4,2) is
/// not a valid notation, instead (2,4) has to be used."
fn leap_order(vector: &SyntaxNode, findings: &mut Findings<'_>) {
    let numbers: Vec<(u64, TextRange, String)> = vector
        .children_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .filter(|t| t.kind() == DIGITS)
        .filter_map(|t| Some((t.text().parse().ok()?, t.text_range(), t.text().to_owned())))
        .collect();
    let [
        (first, first_range, first_text),
        (second, second_range, second_text),
    ] = numbers.as_slice()
    else {
        return;
    };
    if first <= second {
        return;
    }
    findings.push_with_help(
        codes::MBN_LEAP_ORDER,
        vector.text_range(),
        format!(
            "`:{first_text},{second_text}:` is not valid MBN: the smaller number comes first, \
             `:{second_text},{first_text}:` (the same leap)"
        ),
        format!(
            "write `:{second_text},{first_text}:`, the same leap with the smaller number first"
        ),
        Some(Fix {
            title: format!("write `:{second_text},{first_text}:`"),
            edits: vec![
                crate::lint::Edit {
                    range: *first_range,
                    text: second_text.clone(),
                },
                crate::lint::Edit {
                    range: *second_range,
                    text: first_text.clone(),
                },
            ],
        }),
    );
}

/// Seed 002: "doubled directional modifier letters will always be interpreted as an
/// amalgamation". Where the amalgam selects the same leaps as the single letter, the second
/// letter changes nothing (`ffN` is `fN`); where it selects none, [`never_possible`] says so.
fn doubled_direction(term: &SyntaxNode, findings: &mut Findings<'_>) {
    let Some(letter) = term
        .children()
        .find(|n| n.kind() == ATOM)
        .and_then(|a| a.first_token())
        .and_then(|t| t.kind().letter())
    else {
        return;
    };
    for modifier in term.children().filter(|n| n.kind() == MODIFIER) {
        let text = modifier.text().to_string();
        let mut chars = text.chars();
        let (Some(a), Some(b), None) = (chars.next(), chars.next(), chars.next()) else {
            continue;
        };
        if a != b || !Direction::from_letter(a).is_some_and(Direction::is_sided) {
            continue;
        }
        let (Some(doubled), Some(single)) = (
            selected_leaps(&text, letter),
            selected_leaps(&a.to_string(), letter),
        ) else {
            continue;
        };
        if !doubled.is_empty() && doubled == single {
            let range = modifier.text_range();
            let second = TextRange::new(range.start() + rowan::TextSize::of(a), range.end());
            findings.push(
                codes::MBN_DOUBLED_DIRECTION,
                range,
                format!(
                    "`{text}` is the amalgam ({text}), not `{a}` twice; on `{letter}` it selects \
                     the same leaps as `{a}`"
                ),
                Some(Fix::delete(format!("write `{a}`"), &[second])),
            );
        }
    }
}

/// A move whose direction letters select no leap exists on no board.
fn never_possible(string: &BetzaString, findings: &mut Findings<'_>) {
    let (piece, text) = (string.model(), string.text());
    // A set, not a list: a string of thousands of definitions has thousands of sources.
    let mut reported: HashSet<TextRange> = HashSet::new();
    for a_move in &piece.moves {
        let empty = a_move.kind == MoveKind::Legs
            && matches!(a_move.legs.first().map(|l| &l.steps), Some(LegSteps::Absolute(s)) if s.is_empty());
        if !empty || !reported.insert(a_move.source) {
            continue;
        }
        let written = &text[a_move.source];
        let amalgam = doubled_letters(written);
        findings.push_with_help(
            codes::NO_MOVES,
            a_move.source,
            match amalgam {
                Some(pair) => format!(
                    "`{written}` can never move: `{pair}` is an amalgam (MBN description: \"doubled \
                     directional modifier letters will always be interpreted as an \
                     amalgamation\"), and it selects none of these leaps"
                ),
                None => format!(
                    "`{written}` can never move: its direction letters select none of its leaps \
                     by the MBN description's direction tables"
                ),
            },
            no_moves_help(written),
            None,
        );
    }
}

/// The first doubled direction letter pair in `text` (`ff` in `ffF`).
fn doubled_letters(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(2)
        .find(|pair| {
            pair[0] == pair[1] && Direction::from_letter(pair[0]).is_some_and(Direction::is_sided)
        })
        .map(|pair| pair.iter().collect())
}

#[cfg(test)]
mod tests {
    use crate::Dialect;
    use crate::fixture::{Host, check_diagnostics, check_fix};

    const MBN: Host = Host::Lint(Dialect::Mbn);

    /// The riders of seed 002's table of basic pieces, read from their moves' typed views.
    #[test]
    fn the_basic_riders_are_those_with_an_unlimited_move() {
        let riders: String = ('A'..='Z')
            .filter(|&letter| {
                crate::notation::mbn::vocabulary::basic_piece(letter)
                    .is_some_and(|piece| super::is_rider(piece.moves))
            })
            .collect();
        assert_eq!(riders, "BEIMQRUV");
    }

    /// Seed 002, section 18 (Short Rook): "S=W4 … in some sources here the definition R4 is
    /// used. In MBN this notation is wrong".
    #[test]
    fn a_range_on_a_rider_letter_is_not_a_short_rider() {
        check_diagnostics(
            MBN,
            r#"
            S=R4
              ^^ warning mbn-rider-range: `R4` does not limit the Rook to 4 squares: `R` is already the rider `W0`, so the number repeats whole Rook moves (MBN description: `R4` is `(W0)4`, a normal rook); a Rook limited to 4 squares is `W4` [fix: write `W4`]
            "#,
        );
        check_fix(MBN, "S=$0R4", "S=W4");
        check_fix(MBN, "$0B3", "F3");
        // A rider with no stepper of its own is named, with no fix to offer.
        check_diagnostics(
            MBN,
            r#"
            E2
            ^^ warning mbn-rider-range: `E2` does not limit the Empress to 2 squares: `E` is already the rider `W0+N`, so the number repeats whole Empress moves (MBN description: `R4` is `(W0)4`, a normal rook)
            "#,
        );
        // The seed's own short rook, and exact counts, are left alone.
        check_diagnostics(MBN, "S=W4");
        check_diagnostics(MBN, "(pmD)03");
    }

    /// Seed 002: "(4,2) is not a valid notation, instead (2,4) has to be used".
    #[test]
    fn a_leap_is_written_smaller_number_first() {
        check_diagnostics(
            MBN,
            r#"
            X=:4,2:
              ^^^^^ error mbn-leap-order: `:4,2:` is not valid MBN: the smaller number comes first, `:2,4:` (the same leap) [fix: write `:2,4:`]
            "#,
        );
        check_fix(MBN, "X=$0:4,2:", "X=:2,4:");
        check_diagnostics(MBN, ":2,4:+:1,1:");
    }

    /// Seed 002: "doubled directional modifier letters will always be interpreted as an
    /// amalgamation" and "(ff)N can also be expressed as ffN". On N the amalgam `ff` takes the
    /// leaps whose longer part goes forward, as `f` does (notes MB10); on F it takes none.
    #[test]
    fn doubled_direction_letters_are_amalgams() {
        check_diagnostics(
            MBN,
            r#"
            ffN
            ^^ hint mbn-doubled-direction: `ff` is the amalgam (ff), not `f` twice; on `N` it selects the same leaps as `f` [fix: write `f`]
            "#,
        );
        check_fix(MBN, "$0ffN", "fN");
        // On K the amalgam is narrower than the letter: it means something.
        check_diagnostics(MBN, "ffK");
        check_diagnostics(
            MBN,
            r#"
            ffF
            ^^^ error no-moves: `ffF` can never move: `ff` is an amalgam (MBN description: "doubled directional modifier letters will always be interpreted as an amalgamation"), and it selects none of these leaps
            "#,
        );
    }

    #[test]
    fn directions_that_select_nothing_and_ranges_of_one() {
        check_diagnostics(
            MBN,
            r#"
            (lr)W
            ^^^^^ error no-moves: `(lr)W` can never move: its direction letters select none of its leaps by the MBN description's direction tables
            "#,
        );
        // The null move is not drawn, but it is no mistake (notes MB15).
        check_diagnostics(MBN, "O=:0,0:");
        check_diagnostics(MBN, "O");
        check_diagnostics(
            MBN,
            r#"
            N1+W
             ^ hint range-one: range 1 changes nothing: `N` already leaps once [fix: remove the range]
            "#,
        );
        check_fix(MBN, "N$01+W", "N+W");
        check_diagnostics(MBN, "W0+N");
    }
}
