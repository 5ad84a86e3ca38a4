//! Rules about engines: where XBoard or Fairy-Stockfish will read the string differently from
//! what it says, and where the two engines disagree.

use rowan::TextRange;

use super::{Findings, Fix, keeps_meaning};
use crate::board::reference::fingerprint;
use crate::board::{BoardSize, Position, Side, generate};
use crate::model;
use crate::model::xboard::{XBoardReading, readings};
use crate::tree::Parse;
use crate::tree::ast::{self, LegElement};
use crate::vocabulary::{Modifier, ModifierClass};
use crate::{Dialect, parse};

pub(super) fn check(parse: &Parse, findings: &mut Findings<'_>) {
    let text = parse.syntax().text().to_string();
    let tree = parse.piece();
    xboard(&tree, &text, parse.dialect(), findings);
    if findings.wants("engines-disagree") && !parse.has_errors() {
        engines_disagree(&text, findings);
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
fn xboard_order(leg: &ast::Leg) -> Option<(TextRange, String)> {
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

fn xboard(tree: &ast::Piece, text: &str, dialect: Dialect, findings: &mut Findings<'_>) {
    let legs: Vec<ast::Leg> = tree
        .moves()
        .flat_map(|m| m.legs().collect::<Vec<_>>())
        .collect();
    for reading in readings(tree) {
        match reading {
            XBoardReading::DropsOutOfOrder { letter } => {
                // Legs are in source order: the one holding the letter is the last that starts
                // at or before it.
                let after = legs.partition_point(|l| l.text_range().start() <= letter.start());
                let leg = after.checked_sub(1).and_then(|i| legs.get(i));
                // Moving direction letters together can pair them (`movesF` to `vsmeoF`), so
                // the fix is offered only where the moves stay the same.
                let fix = leg
                    .and_then(xboard_order)
                    .map(|(range, ordered)| {
                        Fix::replace(format!("write `{ordered}`"), range, ordered)
                    })
                    .filter(|fix| keeps_meaning(text, fix, dialect));
                findings.push(
                    "xboard-modifier-order",
                    letter,
                    format!(
                        "XBoard drops `{}` here: it comes after a letter XBoard reads later (its order is i, directions, u m c d e x t p g o y n j)",
                        &text[letter]
                    ),
                    fix,
                );
            }
            XBoardReading::DoubledAtomIsNoRider { atom } => {
                let letter = text[atom].chars().next().unwrap_or('N');
                findings.push(
                    "xboard-doubled-atom",
                    atom,
                    format!("XBoard reads `{}` as two {letter} atoms, not a rider", &text[atom]),
                    Some(Fix::replace(format!("write `{letter}0`"), atom, format!("{letter}0"))),
                );
            }
            XBoardReading::SwapsCamelAndZebra { atom } => {
                let letters = &text[atom];
                let (name, same) = if letters.starts_with('L') { ("Zebra (2,3)", 'C') } else { ("Camel (1,3)", 'Z') };
                // A doubled atom (`LL`, a rider) is rewritten whole; a neighbour that is already
                // the new letter (`LC`) would join it into a rider, so that gets no fix.
                let written: String = letters.chars().map(|_| same).collect();
                let joins = text[..usize::from(atom.start())].ends_with(same)
                    || text[usize::from(atom.end())..].starts_with(same);
                findings.push(
                    "xboard-camel-zebra",
                    atom,
                    format!("XBoard reads `{letters}` as the {name}; write `{written}`, which every engine reads alike"),
                    (!joins).then(|| Fix::replace(format!("write `{written}`"), atom, written.clone())),
                );
            }
            XBoardReading::LeadingZeroEndsString { range } => {
                let digits = &text[range];
                let trimmed = digits.trim_start_matches('0');
                // The fix keeps what the string means in its own dialect: the seed reads the
                // number, Fairy-Stockfish only its first digit.
                let fixed = match dialect {
                    Dialect::Fairy => &digits[..1],
                    _ if trimmed.is_empty() => "0",
                    _ => trimmed,
                };
                findings.push(
                    "xboard-leading-zero",
                    range,
                    format!("XBoard reads `{digits}` as `{fixed}` and then stops reading the string"),
                    Some(Fix::replace(format!("write `{fixed}`"), range, fixed)),
                );
            }
            XBoardReading::UnknownAtomEndsString { atom } => {
                let letters = &text[atom];
                let spelled = match letters {
                    "S" => Some("AD"),
                    "T" => Some("GH"),
                    _ => None,
                };
                // Fairy-Stockfish builds nothing from S or T, so spelling them out would change
                // what a fairy string means; the seed's S and T are AD and GH.
                let bare = dialect == Dialect::XBetza && tree.moves().any(|m| m.text_range() == atom);
                findings.push(
                    "xboard-stops-reading",
                    atom,
                    format!("XBoard does not know `{letters}` and ignores the rest of the string from here"),
                    spelled.filter(|_| bare).map(|s| Fix::replace(format!("write `{s}`"), atom, s)),
                );
            }
            XBoardReading::HalfOnKingGivesAll { directions } => findings.push(
                "xboard-reads-differently",
                directions,
                format!("XBoard gives `{}K` all eight King moves", &text[directions]),
                None,
            ),
            XBoardReading::DiagonalPairWithVOrSGivesAll { directions } => findings.push(
                "xboard-reads-differently",
                directions,
                format!("XBoard selects all four diagonals for `{}` on a diagonal atom", &text[directions]),
                None,
            ),
            XBoardReading::LeadingVOrSNotDistributed { directions } => findings.push(
                "xboard-reads-differently",
                directions,
                format!("XBoard does not distribute the leading `{}` of `{}` as seed 000 does", &text[directions][..1], &text[directions]),
                None,
            ),
            XBoardReading::LeaperHopperHasNoMoves { modifier } => findings.push(
                "xboard-reads-differently",
                modifier,
                format!("XBoard generates no moves for `{}` on a final leg that leaps", &text[modifier]),
                None,
            ),
            XBoardReading::JumpOnSingleStepHasNoMoves { modifier } => findings.push(
                "xboard-reads-differently",
                modifier,
                "XBoard generates no moves for `j` on a single step: it skips the first square, and the step ends there".into(),
                None,
            ),
            // Compared with the seed's reading: in `fairy` the meaning shown is the engine's,
            // whose one path for `nN` is XBoard's square too.
            XBoardReading::LameChecksOneSquare { modifier, atom } if dialect == Dialect::XBetza => findings.push(
                "xboard-reads-differently",
                modifier,
                format!(
                    "XBoard blocks `n{}` by one square only, the one halfway along the leap (rounded toward the start); seed 000 blocks it only when every shortest path is blocked",
                    atom.entry().letter
                ),
                None,
            ),
            XBoardReading::WrapsInsteadOfLeavingBoard { modifier } => findings.push(
                "xboard-reads-differently",
                modifier,
                "XBoard wraps this leg around the left and right edges; seed 000 ends it just off the board".into(),
                None,
            ),
            XBoardReading::ContinuationExcludesOnlyStraightBack { leg } => findings.push(
                "xboard-reads-differently",
                leg,
                "XBoard lets this leg go anywhere but straight back, revisiting squares the seed excludes".into(),
                None,
            ),
            XBoardReading::LameChecksOneSquare { .. } => {}
        }
    }
}

/// Both readings generated on reference boards; on a difference, the squares on an empty 9×9
/// board show it.
fn engines_disagree(text: &str, findings: &mut Findings<'_>) {
    let seed = model::build(&parse(text, Dialect::XBetza).piece(), Dialect::XBetza);
    let engine = model::build(&parse(text, Dialect::Fairy).piece(), Dialect::Fairy);
    if fingerprint(&seed) == fingerprint(&engine) {
        return;
    }
    let size = BoardSize { files: 9, ranks: 9 };
    let Ok(position) = Position::new(size, size.centre(), Side::White, false, &[], &[]) else {
        return;
    };
    let squares = |piece: &model::Piece| -> String {
        let list: Vec<String> = generate(piece, &position)
            .destinations()
            .iter()
            .map(|s| s.to_string())
            .collect();
        if list.is_empty() {
            "none".into()
        } else {
            list.join(" ")
        }
    };
    let (ours, theirs) = (squares(&seed), squares(&engine));
    let detail = if ours == theirs {
        "they differ once other pieces stand around".to_owned()
    } else {
        format!(
            "from e5 on an empty 9×9 board, XBetza gives {ours}; Fairy-Stockfish gives {theirs}"
        )
    };
    let whole = TextRange::new(0.into(), rowan::TextSize::of(text));
    findings.push(
        "engines-disagree",
        whole,
        format!("XBetza and Fairy-Stockfish read this piece differently: {detail}"),
        None,
    );
}
