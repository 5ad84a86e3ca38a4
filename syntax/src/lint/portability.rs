//! Rules about engines: where XBoard or Fairy-Stockfish will read the string differently from
//! what it says, and where the two engines disagree.

use rowan::TextRange;
use rustc_hash::FxHashSet;

use super::{Findings, Fix, keeps_meaning};
use crate::board::reference::{fingerprint, positions};
use crate::board::{
    BoardSize, Generated, Occupant, Position, Side, Square, generate, without_repeats, xboard,
};
use crate::model;
use crate::model::xboard::{XBoardReading, readings};
use crate::tree::Parse;
use crate::tree::ast::{self, LegElement};
use crate::vocabulary::{Modifier, ModifierClass};
use crate::{Dialect, parse};

pub(super) fn check(parse: &Parse, findings: &mut Findings<'_>) {
    let text = parse.syntax().text().to_string();
    let tree = parse.piece();
    // XBoard's findings are decided by generating XBoard's reading beside the dialect's own:
    // none when the moves agree on every reference position, and each one says where they
    // differ (notes X1).
    let wanted = XBOARD_CODES.iter().any(|code| findings.wants(code));
    // Both readings take any text (XBoard stops where it cannot read on), so syntax errors
    // do not stop the comparison.
    if wanted {
        xboard_findings(&tree, &text, parse.dialect(), findings);
    }
    if findings.wants("engines-disagree") && !parse.has_errors() {
        engines_disagree(&text, findings);
    }
}

/// XBoard's findings, kept only where generating XBoard's reading shows a difference; a
/// difference no known cause explains gets one finding on the whole string. A dropped `e` is
/// kept regardless: no position without e.p. rights can show it.
fn xboard_findings(tree: &ast::Piece, text: &str, dialect: Dialect, findings: &mut Findings<'_>) {
    let before = findings.out.len();
    let causes = readings(tree);
    let Comparison::Differs(difference) = xboard_difference(text, dialect) else {
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
    if explained {
        // What XBoard does differently is one fact about the string: said with its first cause.
        if let Some(first) = findings.out[before..].first_mut() {
            first.message.push_str(&format!(" ({difference})"));
        }
    } else {
        findings.push(
            "xboard-reads-differently",
            TextRange::up_to(rowan::TextSize::of(text)),
            format!("XBoard reads this piece differently: {difference}"),
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
    modifier_order(&legs, &dropped, text, dialect, findings);
    // Looked up for each unknown atom, of which a string may have thousands.
    let moves: FxHashSet<TextRange> = tree.moves().map(|m| m.text_range()).collect();
    for &reading in readings {
        match reading {
            XBoardReading::DropsOutOfOrder { .. } => {}
            XBoardReading::DoubledAtomIsNoRider { atom } => doubled_atom(atom, text, findings),
            XBoardReading::SwapsCamelAndZebra { atom } => camel_zebra(atom, text, findings),
            XBoardReading::LeadingZeroEndsString { range } => {
                leading_zero(range, text, dialect, findings);
            }
            XBoardReading::UnknownAtomEndsString { atom } => {
                stops_reading(&moves, atom, text, dialect, findings);
            }
            reading => {
                if let Some((range, message)) = reads_differently(reading, text, dialect) {
                    findings.push("xboard-reads-differently", range, message, None);
                }
            }
        }
    }
}

/// Each fix is checked by generating the whole string with and without it, which costs about
/// as much as the string is long: the checks of one string look over at most this many letters
/// in all (hundreds of checks of a short string, none of a string of thousands of legs), and
/// findings past them come without a fix.
const FIX_CHECK_LETTERS: usize = 16_384;

/// The modifier letters XBoard drops for standing out of its order (`dropped`, in source
/// order), said once per leg: one cause, one finding. A letter that repeats one before it in
/// its leg is said apart, since reordering does not bring it back. `legs` are the piece's legs
/// in source order.
fn modifier_order(
    legs: &[ast::Leg],
    dropped: &[TextRange],
    text: &str,
    dialect: Dialect,
    findings: &mut Findings<'_>,
) {
    // The leg holding a letter is the last that starts at or before it.
    let leg_of = |letter: &TextRange| {
        legs.partition_point(|l| l.text_range().start() <= letter.start())
            .checked_sub(1)
    };
    let mut rest = dropped;
    let mut checks_left = FIX_CHECK_LETTERS;
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
            findings.push("xboard-modifier-order", letter, message, None);
        }
        let (Some(first), Some(last)) = (out_of_order.first(), out_of_order.last()) else {
            continue;
        };
        // Moving direction letters together can pair them (`movesF` to `vsmeoF`), so the fix
        // is offered only where the moves stay the same.
        let fix = leg
            .and_then(xboard_order)
            .map(|(range, ordered)| Fix::replace(format!("write `{ordered}`"), range, ordered))
            .filter(|fix| {
                let affordable = checks_left >= text.len();
                checks_left = checks_left.saturating_sub(text.len());
                affordable && keeps_meaning(text, fix, dialect)
            });
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
        findings.push("xboard-modifier-order", first.cover(*last), message, fix);
    }
}

/// A doubled `atom` (`NN`), which XBoard reads as two atoms; the rider is written with `0`.
fn doubled_atom(atom: TextRange, text: &str, findings: &mut Findings<'_>) {
    let letter = text[atom].chars().next().unwrap_or('N');
    findings.push(
        "xboard-doubled-atom",
        atom,
        format!(
            "XBoard reads `{}` as two {letter} atoms, not a rider",
            &text[atom]
        ),
        Some(Fix::replace(
            format!("write `{letter}0`"),
            atom,
            format!("{letter}0"),
        )),
    );
}

/// A Camel or Zebra `atom` written with the letter XBoard gives the other one.
fn camel_zebra(atom: TextRange, text: &str, findings: &mut Findings<'_>) {
    let letters = &text[atom];
    let (name, same) = if letters.starts_with('L') {
        ("Zebra (2,3)", 'C')
    } else {
        ("Camel (1,3)", 'Z')
    };
    // A doubled atom (`LL`, a rider) is rewritten whole; a neighbour that is already the new
    // letter (`LC`) would join it into a rider, so that gets no fix.
    let written: String = letters.chars().map(|_| same).collect();
    let joins = text[..usize::from(atom.start())].ends_with(same)
        || text[usize::from(atom.end())..].starts_with(same);
    findings.push(
        "xboard-camel-zebra",
        atom,
        format!(
            "XBoard reads `{letters}` as the {name}; write `{written}`, which every engine reads alike"
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
    findings.push(
        "xboard-leading-zero",
        range,
        format!("XBoard reads `{digits}` as `{fixed}` and then stops reading the string"),
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
    findings.push(
        "xboard-stops-reading",
        atom,
        format!("XBoard does not know `{letters}` and ignores the rest of the string from here"),
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
                "XBoard does not distribute the leading `{}` of `{}` as seed 000 does",
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
                "XBoard blocks `n{}` by one square only, the one halfway along the leap (rounded toward the start); seed 000 blocks it only when every shortest path is blocked",
                atom.entry().letter
            ),
        ),
        XBoardReading::WrapsInsteadOfLeavingBoard { modifier } => (
            modifier,
            "XBoard wraps this leg around the left and right edges; seed 000 ends it just off the board".into(),
        ),
        XBoardReading::ContinuationExcludesOnlyStraightBack { leg } => (
            leg,
            "XBoard lets this leg go anywhere but straight back, revisiting squares the seed excludes".into(),
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
const XBOARD_CODES: [&str; 6] = [
    "xboard-modifier-order",
    "xboard-camel-zebra",
    "xboard-doubled-atom",
    "xboard-leading-zero",
    "xboard-stops-reading",
    "xboard-reads-differently",
];

/// One move as both readings can be compared: where it ends, and the squares of its side
/// effects (locust victims, an unload square), as XBoard's own answers are recorded.
/// A move as two readings are compared: its destination and the squares it empties on the way.
type Move = (Square, Vec<Square>);

/// The moves of `generated`, sorted, and whether its search was cut short.
fn comparable(generated: &Generated, from: Square) -> (Vec<Move>, bool) {
    let mut moves: Vec<Move> = generated
        .moves
        .iter()
        .map(|m| {
            let mut vias = m.captured.clone();
            vias.extend(m.unload.filter(|u| *u != from));
            vias.sort();
            (m.to, vias)
        })
        .collect();
    moves.sort();
    moves.dedup();
    (moves, generated.truncated)
}

/// How two readings' moves compare on the reference positions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// The same moves in every position.
    Same,
    /// The same moves as far as they were compared: a search was cut short at its budget, and
    /// the positions after it were not compared.
    SameSoFar,
    /// Where they differ, in words.
    Differs(String),
}

/// How XBoard's moves compare with the dialect's reading: where they differ, first on an empty
/// 9×9 board from e5, else on the first reference position where they do, naming the squares
/// that differ.
pub fn xboard_difference(text: &str, dialect: Dialect) -> Comparison {
    // Generated in many positions: thousands of copies of a move are found once.
    let ours = without_repeats(&model::build(&parse(text, dialect).piece(), dialect));
    let ours_name = if dialect == Dialect::Fairy {
        "Fairy-Stockfish"
    } else {
        "the seed"
    };
    difference(
        (ours_name, &|position| generate(&ours, position)),
        ("XBoard", &|position| xboard::generate(text, position)),
    )
}

/// At most this many squares are named in a difference; the rest are counted.
const NAMED_SQUARES: usize = 8;

/// Where two readings' moves differ: on an empty 9×9 board from e5 when they differ there, else
/// on the first reference position where they do, naming the squares only one of them goes to
/// ("XBoard also goes to c4 d3; only the seed goes to e7"). The comparison stops at the first
/// position where a search was cut short: a piece that costly is compared no further.
fn difference(
    (first_name, first): (&str, &dyn Fn(&Position) -> Generated),
    (second_name, second): (&str, &dyn Fn(&Position) -> Generated),
) -> Comparison {
    let size = BoardSize { files: 9, ranks: 9 };
    let Ok(empty) = Position::new(size, size.centre(), Side::White, false, &[], &[]) else {
        return Comparison::Same;
    };
    // A search cut short at its budget found some of its moves, not all: the other reading
    // going somewhere it did not is no proof, only its own moves the other lacks are.
    let differs = |position: &Position| {
        let (a, a_truncated) = comparable(&first(position), position.from);
        let (b, b_truncated) = comparable(&second(position), position.from);
        let only = |moves: &[Move], others: &[Move], others_truncated: bool| -> Vec<Move> {
            if others_truncated {
                return Vec::new();
            }
            // Both lists are sorted: each move is looked up, not compared with every other.
            moves
                .iter()
                .filter(|m| others.binary_search(m).is_err())
                .cloned()
                .collect()
        };
        let (only_b, only_a) = (only(&b, &a, a_truncated), only(&a, &b, b_truncated));
        if !only_a.is_empty() || !only_b.is_empty() {
            Some(Ok((only_a, only_b)))
        } else if a_truncated || b_truncated {
            Some(Err(()))
        } else {
            None
        }
    };
    let found = std::iter::once(&empty)
        .chain(positions())
        .chain(rings())
        .find_map(|p| differs(p).map(|d| d.map(|d| (p, d))));
    let (position, (a, b)) = match found {
        None => return Comparison::Same,
        Some(Err(())) => return Comparison::SameSoFar,
        Some(Ok(found)) => found,
    };
    let describe = |moves: &[Move]| {
        let mut list: Vec<String> = moves
            .iter()
            .map(|(to, vias)| match vias.as_slice() {
                [] => to.to_string(),
                vias => format!(
                    "{to} (capturing on {})",
                    vias.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            })
            .collect();
        list.sort();
        list.dedup();
        let more = list.len().saturating_sub(NAMED_SQUARES);
        list.truncate(NAMED_SQUARES);
        let mut words = list.join(" ");
        if more > 0 {
            words.push_str(&format!(" and {more} more"));
        }
        words
    };
    let (only_second, only_first) = (describe(&b), describe(&a));
    let mut said = Vec::new();
    if !only_second.is_empty() {
        said.push(format!("{second_name} also goes to {only_second}"));
    }
    if !only_first.is_empty() {
        said.push(format!("only {first_name} goes to {only_first}"));
    }
    Comparison::Differs(format!(
        "{}: {}",
        where_words(position, &empty),
        said.join("; ")
    ))
}

/// Positions that show where XBoard counts differently: enemies (or friends and enemies) on
/// every line at one, two and three squares from the centre of a 15×15 board, for both sides,
/// and scattered pieces.
fn rings() -> &'static [Position] {
    static RINGS: std::sync::OnceLock<Vec<Position>> = std::sync::OnceLock::new();
    RINGS.get_or_init(|| {
        let size = BoardSize {
            files: 15,
            ranks: 15,
        };
        let centre = size.centre();
        let mut out = Vec::new();
        for distance in 1..=3i8 {
            let ring: Vec<Square> = crate::board::COMPASS
                .iter()
                .filter_map(|s| {
                    let step = crate::board::Step::new(s.dx * distance, s.dy * distance);
                    size.step(centre, step, false, false)
                })
                .collect();
            // Friends on the straight lines, enemies on the diagonals.
            let (friends, enemies): (Vec<Square>, Vec<Square>) = ring
                .iter()
                .partition(|s| s.file == centre.file || s.rank == centre.rank);
            for side in [Side::White, Side::Black] {
                out.extend(Position::new(size, centre, side, false, &[], &ring).ok());
                out.extend(Position::new(size, centre, side, false, &friends, &enemies).ok());
            }
        }
        // Scattered pieces near the centre and near an edge, from a fixed sequence of numbers,
        // for what regular rings miss (turns onto a piece two legs on).
        let mut seed: u32 = 0x2545_f491;
        let mut next = |bound: u8| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            u8::try_from(seed % u32::from(bound)).unwrap_or(0)
        };
        for round in 0..48u8 {
            // Sparse at first, then denser, so that locust captures with room behind show.
            let from = Square {
                file: [7, 13, 1][usize::from(round % 3)],
                rank: 2 + next(7),
            };
            let mut pieces: Vec<Square> = Vec::new();
            for _ in 0..6 + round / 8 {
                let square = Square {
                    file: from.file.saturating_sub(3) + next(7),
                    rank: from.rank.saturating_sub(3) + next(7),
                };
                if size.contains(square) && square != from && !pieces.contains(&square) {
                    pieces.push(square);
                }
            }
            let (friends, enemies) = pieces.split_at(pieces.len() / 3);
            let side = if round % 4 < 2 {
                Side::White
            } else {
                Side::Black
            };
            out.extend(Position::new(size, from, side, round % 3 == 0, friends, enemies).ok());
        }
        // Enemies on every square of one colour, so rider captures two leaps out show, on a
        // small board from near a corner and on a larger one from inside an edge.
        for (files, ranks, from) in [
            (5, 5, Square { file: 1, rank: 1 }),
            (12, 10, Square { file: 8, rank: 5 }),
        ] {
            let size = BoardSize { files, ranks };
            for parity in [0, 1] {
                let enemies: Vec<Square> = size
                    .squares()
                    .filter(|s| *s != from && (s.file + s.rank) % 2 == parity)
                    .collect();
                for side in [Side::White, Side::Black] {
                    out.extend(Position::new(size, from, side, false, &[], &enemies).ok());
                }
            }
        }
        out
    })
}

/// A position in words, for a message.
fn where_words(position: &Position, empty: &Position) -> String {
    if position == empty {
        return "from e5 on an empty 9×9 board".to_owned();
    }
    let list = |occupant: Occupant| {
        position
            .size
            .squares()
            .filter(|s| position.occupant(*s) == Some(occupant))
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut words = format!("from {} on a {} board", position.from, position.size);
    let (friends, enemies) = (list(Occupant::Friend), list(Occupant::Enemy));
    if !friends.is_empty() {
        words.push_str(&format!(", friends on {friends}"));
    }
    if !enemies.is_empty() {
        words.push_str(&format!(", enemies on {enemies}"));
    }
    if position.side == Side::Black {
        words.push_str(", for black");
    }
    if position.moved {
        words.push_str(", after the piece has moved");
    }
    words
}

/// Both readings generated on the reference boards; on a difference, the position and the
/// squares that show it.
fn engines_disagree(text: &str, findings: &mut Findings<'_>) {
    let seed = model::build(&parse(text, Dialect::XBetza).piece(), Dialect::XBetza);
    let engine = model::build(&parse(text, Dialect::Fairy).piece(), Dialect::Fairy);
    if fingerprint(&seed) == fingerprint(&engine) {
        return;
    }
    let (seed, engine) = (without_repeats(&seed), without_repeats(&engine));
    let Comparison::Differs(detail) = difference(
        ("XBetza", &|position| generate(&seed, position)),
        ("Fairy-Stockfish", &|position| generate(&engine, position)),
    ) else {
        return;
    };
    let whole = TextRange::new(0.into(), rowan::TextSize::of(text));
    findings.push(
        "engines-disagree",
        whole,
        format!("XBetza and Fairy-Stockfish read this piece differently; {detail}"),
        None,
    );
}

#[cfg(test)]
mod tests;
