//! XBoard's findings: where XBoard will read the string differently from what it says.

use crate::diagnostic::codes;
use rowan::TextRange;
use rustc_hash::FxHashSet;

use super::difference::xboard_difference_by_move;
use crate::lint::{Comparison, Findings, Fix};
use crate::notation::xboard::reading::{XBoardReading, readings};
use crate::tree::ast::{self, LegElement};
use crate::vocabulary::{Modifier, ModifierClass};
use crate::{BetzaString, Dialect};
use help::{instead, port_help};

mod help;
#[cfg(test)]
mod tests;

pub(crate) fn check(string: &BetzaString, findings: &mut Findings<'_>) {
    let tree = string.parse().piece();
    // XBoard's findings are decided by generating XBoard's reading beside the dialect's own:
    // none when the moves agree on every reference position, and each one says where they
    // differ (notes X1).
    let wanted = XBOARD_CODES.iter().any(|code| findings.wants(*code));
    // Both readings take any text (XBoard stops where it cannot read on), so syntax errors
    // do not stop the comparison.
    if wanted {
        xboard_findings(&tree, string, findings);
    }
}

/// XBoard's findings, kept only where generating XBoard's reading shows a difference; a
/// difference no known cause explains gets one finding on the whole string. A dropped `e` is
/// kept regardless: no position without e.p. rights can show it.
fn xboard_findings(tree: &ast::Piece, string: &BetzaString, findings: &mut Findings<'_>) {
    let (text, dialect) = (string.text(), string.dialect());
    let before = findings.out.len();
    let causes = readings(tree);
    let (comparison, differing) = xboard_difference_by_move(string, findings.seen().as_ref());
    let Comparison::Differs(difference) = comparison else {
        // Only a dropped `e` is worth saying then; the causes (and their fixes, each checked by
        // generating) are looked at only when there is one.
        let dropped_e: Vec<XBoardReading> = causes
            .iter()
            .copied()
            .filter(
                |r| matches!(r, XBoardReading::DropsOutOfOrder { letter } if &text[*letter] == "e"),
            )
            .collect();
        xboard(&dropped_e, tree, text, dialect, findings);
        return;
    };
    xboard(&causes, tree, text, dialect, findings);
    let explained = causes.iter().any(|reading| {
        dialect == Dialect::XBetza || !matches!(reading, XBoardReading::LameChecksOneSquare { .. })
    });
    // The move that differs, where the comparison found one move of the string to differ.
    let differing_move = match differing.as_slice() {
        [one] => Some(*one),
        _ => None,
    };
    if explained {
        // What XBoard does differently is one fact about the string: said with its first cause
        // in the move that differs, else its first cause.
        let said = &mut findings.out[before..];
        let in_move = differing_move
            .and_then(|m| said.iter().position(|f| m.contains_range(f.range)))
            .unwrap_or(0);
        if let Some(first) = said.get_mut(in_move) {
            first.message.push_str(&format!(" ({difference})"));
        }
    } else {
        findings.push_with_help(
            codes::XBOARD_READS_DIFFERENTLY,
            differing_move.unwrap_or_else(|| TextRange::up_to(rowan::TextSize::of(text))),
            format!(
                "XBoard reads this {} differently: {difference}",
                if differing_move.is_some() {
                    "move"
                } else {
                    "piece"
                }
            ),
            port_help(text, dialect),
            None,
        );
    }
}

/// XBoard's position for each modifier: `i`, directions, then `u m c d e x t p g o y n j`.
fn xboard_slot(modifier: Modifier) -> u8 {
    const ORDER: &str = "umcdextpgoynj";
    match modifier {
        Modifier::I => 0,
        m if m.entry().class == ModifierClass::Direction => 1,
        m => ORDER
            .find(m.entry().letter)
            .and_then(|i| u8::try_from(i + 2).ok())
            .unwrap_or(u8::MAX),
    }
}

/// The leg's letters in XBoard's order; direction letters keep their own order, which carries
/// meaning (`fr` is not `rf`).
pub(crate) fn xboard_order(leg: &ast::Leg) -> Option<(TextRange, String)> {
    let letters: Vec<(Modifier, TextRange)> = leg
        .elements()
        .map(|e| match e {
            LegElement::Modifier(m) => Some((m.modifier()?, m.text_range())),
            LegElement::Group(_) => None,
        })
        .collect::<Option<_>>()?;
    let range = letters.iter().map(|(_, r)| *r).reduce(|a, b| a.cover(b))?;
    let mut sorted = letters.clone();
    sorted.sort_by_key(|(m, _)| xboard_slot(*m));
    Some((
        range,
        sorted.iter().map(|(m, _)| m.entry().letter).collect(),
    ))
}

/// A finding for each place XBoard reads `tree` differently (its `readings`), with a fix where
/// one keeps the meaning.
fn xboard(
    readings: &[XBoardReading],
    tree: &ast::Piece,
    text: &str,
    dialect: Dialect,
    findings: &mut Findings<'_>,
) {
    let legs: Vec<ast::Leg> = tree
        .moves()
        .flat_map(|m| m.legs().collect::<Vec<_>>())
        .collect();
    let dropped: Vec<TextRange> = readings
        .iter()
        .filter_map(|reading| match reading {
            XBoardReading::DropsOutOfOrder { letter } => Some(*letter),
            _ => None,
        })
        .collect();
    modifier_order(&legs, &dropped, (text, dialect), findings);
    // Looked up for each unknown atom, of which a string may have thousands.
    let moves: FxHashSet<TextRange> = tree.moves().map(|m| m.text_range()).collect();
    for &reading in readings {
        match reading {
            XBoardReading::DropsOutOfOrder { .. } => {}
            XBoardReading::DoubledAtomIsNoRider { atom } => {
                doubled_atom(atom, (text, dialect), findings);
            }
            XBoardReading::SwapsCamelAndZebra { atom } => {
                camel_zebra(atom, (text, dialect), findings);
            }
            XBoardReading::LeadingZeroEndsString { range } => {
                leading_zero(range, text, dialect, findings);
            }
            XBoardReading::UnknownAtomEndsString { atom } => {
                stops_reading(&moves, atom, text, dialect, findings);
            }
            _ => {}
        }
    }
    // One cause, one finding: a departure written several times (a wrapping `o` leg used
    // eight times) is said once, where it is first written, with how often it recurs.
    let mut said: Vec<(std::mem::Discriminant<XBoardReading>, usize, usize)> = Vec::new();
    for &reading in readings {
        let Some((range, message)) = reads_differently(reading, text, dialect) else {
            continue;
        };
        let kind = std::mem::discriminant(&reading);
        if let Some((_, _, more)) = said.iter_mut().find(|(k, _, _)| *k == kind) {
            *more += 1;
            continue;
        }
        said.push((kind, findings.out.len(), 0));
        let help = format!("{}; {}", instead(reading, text), port_help(text, dialect));
        findings.push_with_help(codes::XBOARD_READS_DIFFERENTLY, range, message, help, None);
    }
    for (_, index, more) in said.into_iter().filter(|(_, _, more)| *more > 0) {
        if let Some(finding) = findings.out.get_mut(index) {
            let again = if more == 1 {
                "once more".to_owned()
            } else {
                format!("{more} more times")
            };
            finding
                .message
                .push_str(&format!(" (and {again} in this string)"));
        }
    }
}

/// The modifier letters XBoard drops for standing out of its order (`dropped`, in source
/// order), said once per leg: one cause, one finding. A letter that repeats one before it in
/// its leg is said apart, since reordering does not bring it back. `legs` are the piece's legs
/// in source order.
fn modifier_order(
    legs: &[ast::Leg],
    dropped: &[TextRange],
    (text, dialect): (&str, Dialect),
    findings: &mut Findings<'_>,
) {
    // The leg holding a letter is the last that starts at or before it.
    let leg_of = |letter: &TextRange| {
        legs.partition_point(|l| l.text_range().start() <= letter.start())
            .checked_sub(1)
    };
    let mut rest = dropped;
    while let Some(first) = rest.first() {
        let index = leg_of(first);
        let in_leg = rest.iter().take_while(|l| leg_of(l) == index).count();
        let (group, after) = rest.split_at(in_leg);
        rest = after;
        let leg = index.and_then(|i| legs.get(i));
        let leg_start = leg.map_or(0, |l| usize::from(l.text_range().start()));
        let (repeated, out_of_order): (Vec<TextRange>, Vec<TextRange>) =
            group.iter().partition(|letter| {
                text[leg_start..usize::from(letter.start())].contains(&text[**letter])
            });
        for letter in repeated {
            let written = &text[letter];
            let message = format!("XBoard reads `{written}` once in a leg and drops this one");
            let help = format!(
                "spell the move with one `{written}` in this leg; {}",
                port_help(text, dialect)
            );
            findings.push_with_help(codes::XBOARD_MODIFIER_ORDER, letter, message, help, None);
        }
        let (Some(first), Some(last)) = (out_of_order.first(), out_of_order.last()) else {
            continue;
        };
        // Moving direction letters together can pair them (`movesF` to `vsmeoF`): the fix is
        // proven by generation before it is offered, as every fix is.
        let fix = leg
            .and_then(xboard_order)
            .map(|(range, ordered)| Fix::replace(format!("write `{ordered}`"), range, ordered));
        let letters: Vec<String> = out_of_order
            .iter()
            .map(|l| format!("`{}`", &text[*l]))
            .collect();
        let message = match letters.as_slice() {
            [one] => format!(
                "XBoard drops {one} here: it comes after a letter XBoard reads later (its order \
                 is i, directions, u m c d e x t p g o y n j)"
            ),
            [many @ .., last_one] => format!(
                "XBoard drops {} and {last_one} here: each comes after a letter XBoard reads \
                 later (its order is i, directions, u m c d e x t p g o y n j)",
                many.join(", ")
            ),
            [] => continue,
        };
        let help = format!(
            "write each leg's letters in XBoard's order where that keeps the move; {}",
            port_help(text, dialect)
        );
        findings.push_with_help(
            codes::XBOARD_MODIFIER_ORDER,
            first.cover(*last),
            message,
            help,
            fix,
        );
    }
}

/// A doubled `atom` (`NN`), which XBoard reads as two atoms; the rider is written with `0`.
fn doubled_atom(atom: TextRange, (text, dialect): (&str, Dialect), findings: &mut Findings<'_>) {
    let letter = text[atom].chars().next().unwrap_or('N');
    findings.push_with_help(
        codes::XBOARD_DOUBLED_ATOM,
        atom,
        format!(
            "XBoard reads `{}` as two {letter} atoms, not a rider",
            &text[atom]
        ),
        format!(
            "`{letter}0` is the rider every engine reads as one; {}",
            port_help(text, dialect)
        ),
        Some(Fix::replace(
            format!("write `{letter}0`"),
            atom,
            format!("{letter}0"),
        )),
    );
}

/// A Camel or Zebra `atom` written with the letter XBoard gives the other one.
fn camel_zebra(atom: TextRange, (text, dialect): (&str, Dialect), findings: &mut Findings<'_>) {
    let letters = &text[atom];
    let (name, same) = if letters.starts_with('L') {
        ("Zebra (2,3)", 'C')
    } else {
        ("Camel (1,3)", 'Z')
    };
    // A doubled atom (`LL`, a rider) is rewritten whole, as the rider every engine reads alike
    // (`C0`: XBoard reads `CC` as two Camels); a neighbour that is already the new letter
    // (`LC`) would join it into a rider, so that gets no fix.
    let written = if letters.chars().count() > 1 {
        format!("{same}0")
    } else {
        same.to_string()
    };
    let joins = text[..usize::from(atom.start())].ends_with(same)
        || text[usize::from(atom.end())..].starts_with(same);
    findings.push_with_help(
        codes::XBOARD_CAMEL_ZEBRA,
        atom,
        format!(
            "XBoard reads `{letters}` as the {name}; write `{written}`, which every engine reads alike"
        ),
        format!(
            "write `{written}` in place of `{letters}` (not next to another `{same}`, which would \
             double it into a rider); {}",
            port_help(text, dialect)
        ),
        (!joins).then(|| Fix::replace(format!("write `{written}`"), atom, written.clone())),
    );
}

/// A range whose digits at `range` start with `0`, after which XBoard stops reading.
fn leading_zero(range: TextRange, text: &str, dialect: Dialect, findings: &mut Findings<'_>) {
    let digits = &text[range];
    let trimmed = digits.trim_start_matches('0');
    // The fix keeps what the string means in its own dialect: the seed reads the number,
    // Fairy-Stockfish only its first digit.
    let fixed = match dialect {
        Dialect::Fairy => &digits[..1],
        _ if trimmed.is_empty() => "0",
        _ => trimmed,
    };
    findings.push_with_help(
        codes::XBOARD_LEADING_ZERO,
        range,
        format!("XBoard reads `{digits}` as `{fixed}` and then stops reading the string"),
        format!(
            "write the range without a leading `0`; {}",
            port_help(text, dialect)
        ),
        Some(Fix::replace(format!("write `{fixed}`"), range, fixed)),
    );
}

/// An `atom` XBoard does not know, where it stops reading the string; `moves` are the ranges
/// of the piece's moves.
fn stops_reading(
    moves: &FxHashSet<TextRange>,
    atom: TextRange,
    text: &str,
    dialect: Dialect,
    findings: &mut Findings<'_>,
) {
    let letters = &text[atom];
    let spelled = match letters {
        "S" => Some("AD"),
        "T" => Some("GH"),
        _ => None,
    };
    // Fairy-Stockfish builds nothing from S or T, so spelling them out would change what a
    // fairy string means; the seed's S and T are AD and GH.
    let bare = dialect == Dialect::XBetza && moves.contains(&atom);
    let spell = match spelled {
        Some(s) => format!("XBetza spells `{letters}` also as `{s}`, which XBoard knows"),
        None => format!("spell `{letters}` with atoms XBoard knows"),
    };
    findings.push_with_help(
        codes::XBOARD_STOPS_READING,
        atom,
        format!("XBoard does not know `{letters}` and ignores the rest of the string from here"),
        format!("{spell}; {}", port_help(text, dialect)),
        spelled
            .filter(|_| bare)
            .map(|s| Fix::replace(format!("write `{s}`"), atom, s)),
    );
}

/// Where and how XBoard reads a piece differently when there is no fix to offer; `None` for
/// the readings with a rule of their own, and for what is no difference in `dialect`.
fn reads_differently(
    reading: XBoardReading,
    text: &str,
    dialect: Dialect,
) -> Option<(TextRange, String)> {
    let said = match reading {
        XBoardReading::HalfOnKingGivesAll { directions } => (
            directions,
            format!("XBoard gives `{}K` all eight King moves", &text[directions]),
        ),
        XBoardReading::LoneHalfGivesAll {
            directions,
            oblique: false,
        } => (
            directions,
            "XBoard ignores a lone `h` and plays every move of the atom, where the XBetza description selects none".to_owned(),
        ),
        // XBoard's `moves.c` reads `h` on an oblique atom as a chiral set (the `hr` or `hl` of
        // the description), with no direction to narrow it.
        XBoardReading::LoneHalfGivesAll {
            directions,
            oblique: true,
        } => (
            directions,
            "XBoard reads a lone `h` on an oblique atom as four of its moves, turning one way, where the XBetza description selects none".to_owned(),
        ),
        XBoardReading::DiagonalPairWithVOrSGivesAll { directions } => (
            directions,
            format!(
                "XBoard selects all four diagonals for `{}` on a diagonal atom",
                &text[directions]
            ),
        ),
        XBoardReading::LeadingVOrSNotDistributed { directions } => (
            directions,
            format!(
                "XBoard does not distribute the leading `{}` of `{}` as the XBetza description does",
                &text[directions][..1],
                &text[directions]
            ),
        ),
        XBoardReading::LeaperHopperHasNoMoves { modifier } => (
            modifier,
            format!(
                "XBoard generates no moves for `{}` on a final leg that leaps",
                &text[modifier]
            ),
        ),
        XBoardReading::JumpOnSingleStepHasNoMoves { modifier } => (
            modifier,
            "XBoard generates no moves for `j` on a single step: it skips the first square, and the step ends there".into(),
        ),
        // Compared with the seed's reading: in `fairy` the meaning shown is the engine's,
        // whose one path for `nN` is XBoard's square too.
        XBoardReading::LameChecksOneSquare { modifier, atom } if dialect == Dialect::XBetza => (
            modifier,
            format!(
                "XBoard blocks `n{}` by one square only, the one halfway along the leap (rounded toward the start); the XBetza description blocks it only when every shortest path is blocked",
                atom.entry().letter
            ),
        ),
        XBoardReading::WrapsInsteadOfLeavingBoard { modifier } => (
            modifier,
            "XBoard wraps this leg around the left and right edges; the XBetza description ends it just off the board".into(),
        ),
        XBoardReading::ContinuationExcludesOnlyStraightBack { leg } => (
            leg,
            "XBoard lets this leg go anywhere but straight back, revisiting squares the XBetza description excludes".into(),
        ),
        XBoardReading::LameChecksOneSquare { .. }
        | XBoardReading::DropsOutOfOrder { .. }
        | XBoardReading::DoubledAtomIsNoRider { .. }
        | XBoardReading::SwapsCamelAndZebra { .. }
        | XBoardReading::LeadingZeroEndsString { .. }
        | XBoardReading::UnknownAtomEndsString { .. } => return None,
    };
    Some(said)
}

/// The rules that speak for XBoard.
const XBOARD_CODES: [crate::diagnostic::Code; 6] = [
    codes::XBOARD_MODIFIER_ORDER,
    codes::XBOARD_CAMEL_ZEBRA,
    codes::XBOARD_DOUBLED_ATOM,
    codes::XBOARD_LEADING_ZERO,
    codes::XBOARD_STOPS_READING,
    codes::XBOARD_READS_DIFFERENTLY,
];
