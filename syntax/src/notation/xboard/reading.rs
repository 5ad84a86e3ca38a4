//! Where XBoard's own generator reads an XBetza string differently from seed 000 (facts from
//! ../shared/reference/xboard.md and differences.md). The model follows the seed; these records
//! let a lint tell the user what XBoard will do instead.

use rowan::TextRange;

use crate::tree::ast::{self, LegElement, RangeValue};
use crate::vocabulary::{Atom, Modifier, ModifierClass};

/// One place where XBoard departs from the published notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XBoardReading {
    /// A modifier out of XBoard's fixed order (`i`, directions, then `u m c d e x t p g o y n
    /// j`) is silently dropped: `mfW` is `mW`.
    DropsOutOfOrder { letter: TextRange },
    /// A doubled atom is two atoms, not a rider: `NN` is `N`.
    DoubledAtomIsNoRider { atom: TextRange },
    /// J is (1,3) and L is (2,3) in XBoard, the other way round in the seed.
    SwapsCamelAndZebra { atom: TextRange },
    /// A range with a leading zero (`W03`) is read as its last digit and ends the string.
    LeadingZeroEndsString { range: TextRange },
    /// An atom XBoard does not know (S T U I X Y) ends the string there.
    UnknownAtomEndsString { atom: TextRange },
    /// `fhK`: all eight squares.
    HalfOnKingGivesAll { directions: TextRange },
    /// `h` alone (`hW`): the seed selects no move, XBoard every move of the atom; of an oblique
    /// atom (`hN`), four moves that turn one way.
    LoneHalfGivesAll {
        directions: TextRange,
        oblique: bool,
    },
    /// `v` or `s` combined with another letter on a diagonal atom (`lvF`, `fsF`) selects all four.
    DiagonalPairWithVOrSGivesAll { directions: TextRange },
    /// A leading `v` or `s` with another letter (`vrN`, `sfN`, `vsK`) is not distributed.
    LeadingVOrSNotDistributed { directions: TextRange },
    /// `p` or `g` on a final leg that leaps (`pW`, `gK`, `yafpB`) has no moves in XBoard.
    LeaperHopperHasNoMoves { modifier: TextRange },
    /// `j` on a single W or F step (`jW`, `jK`, `jR1`): XBoard skips the first square and has
    /// no move left; the seed has nothing to jump.
    JumpOnSingleStepHasNoMoves { modifier: TextRange },
    /// `n` on a leap with more than one square on its way (`nN`, `nC`, `nH`, `nG`): XBoard
    /// checks only the square halfway along the leap, rounded toward the start; the seed blocks
    /// the leap only when every shortest path is blocked.
    LameChecksOneSquare { modifier: TextRange, atom: Atom },
    /// A continuation leg without direction letters: XBoard excludes only going straight back,
    /// the seed every square already visited (`aaK`, `aR`).
    ContinuationExcludesOnlyStraightBack { leg: TextRange },
    /// One `o` on a non-final leg: the seed ends that leg off the board, XBoard wraps it around
    /// the left and right edges as it does on a final leg.
    WrapsInsteadOfLeavingBoard { modifier: TextRange },
}

/// XBoard's position of each modifier in its fixed order; directions share one slot.
fn order_slot(modifier: Modifier) -> u8 {
    match modifier {
        Modifier::I => 0,
        m if m.entry().class == ModifierClass::Direction => 1,
        Modifier::U => 2,
        Modifier::M => 3,
        Modifier::C => 4,
        Modifier::D => 5,
        Modifier::E => 6,
        Modifier::X => 7,
        Modifier::T => 8,
        Modifier::P => 9,
        Modifier::G => 10,
        Modifier::O => 11,
        Modifier::Y => 12,
        Modifier::N => 13,
        Modifier::J => 14,
        // k, q, z come last.
        _ => 15,
    }
}

/// Every place in `piece` that XBoard reads differently from seed 000.
pub fn readings(piece: &ast::Piece) -> Vec<XBoardReading> {
    let mut out = Vec::new();
    for a_move in piece.moves() {
        move_readings(&a_move, &mut out);
        if let Some(atom) = a_move.atom() {
            atom_readings(&atom, &mut out);
        }
        // XBoard reads nothing past the place where it stops: how it would have read the rest
        // (`UUU…` has one unknown atom for it, not thousands) is no departure.
        if let Some(end) = out.iter().filter_map(XBoardReading::ends_string_at).min() {
            out.retain(|reading| reading.place().start() <= end);
            break;
        }
    }
    out
}

impl XBoardReading {
    /// Where XBoard stops reading the string, for a reading that ends it.
    fn ends_string_at(&self) -> Option<rowan::TextSize> {
        match self {
            XBoardReading::UnknownAtomEndsString { atom: range }
            | XBoardReading::LeadingZeroEndsString { range } => Some(range.start()),
            _ => None,
        }
    }

    /// The letters the reading is about.
    fn place(&self) -> TextRange {
        match *self {
            XBoardReading::DropsOutOfOrder { letter: range }
            | XBoardReading::DoubledAtomIsNoRider { atom: range }
            | XBoardReading::SwapsCamelAndZebra { atom: range }
            | XBoardReading::LeadingZeroEndsString { range }
            | XBoardReading::UnknownAtomEndsString { atom: range }
            | XBoardReading::HalfOnKingGivesAll { directions: range }
            | XBoardReading::LoneHalfGivesAll {
                directions: range, ..
            }
            | XBoardReading::DiagonalPairWithVOrSGivesAll { directions: range }
            | XBoardReading::LeadingVOrSNotDistributed { directions: range }
            | XBoardReading::LeaperHopperHasNoMoves { modifier: range }
            | XBoardReading::JumpOnSingleStepHasNoMoves { modifier: range }
            | XBoardReading::LameChecksOneSquare {
                modifier: range, ..
            }
            | XBoardReading::ContinuationExcludesOnlyStraightBack { leg: range }
            | XBoardReading::WrapsInsteadOfLeavingBoard { modifier: range } => range,
        }
    }
}

/// XBoard's departures in the legs of one move, each leg read in its place.
fn move_readings(a_move: &ast::Move, out: &mut Vec<XBoardReading>) {
    let atom = a_move.atom();
    let atom_letter = atom.as_ref().and_then(|a| a.atom());
    let leg_count = a_move.legs().count();
    let (mut rides, single_step) = first_leg_reach(atom.as_ref());
    for (index, leg) in a_move.legs().enumerate() {
        let place = LegPlace {
            first: index == 0,
            last: index + 1 == leg_count,
            rides,
            single_step: index == 0 && single_step,
        };
        leg_readings(&leg, atom_letter, place, out);
        rides ^= leg
            .modifiers()
            .any(|m| matches!(m.modifier(), Some(Modifier::G | Modifier::Y)));
        let wraps: Vec<TextRange> = leg
            .modifiers()
            .filter(|m| m.modifier() == Some(Modifier::O))
            .map(|m| m.text_range())
            .collect();
        if let [modifier] = wraps[..]
            && !place.last
        {
            out.push(XBoardReading::WrapsInsteadOfLeavingBoard { modifier });
        }
        let has_direction = leg.modifiers().any(|m| {
            m.modifier()
                .is_some_and(|d| d.entry().class == ModifierClass::Direction)
        });
        if !place.first && !has_direction {
            let range = if leg.text_range().is_empty() {
                a_move.text_range()
            } else {
                leg.text_range()
            };
            out.push(XBoardReading::ContinuationExcludesOnlyStraightBack { leg: range });
        }
    }
}

/// Whether the first leg rides (a doubled atom, a slider, a range other than 1), and whether it
/// is a single W or F step (W, F, K, or R, B, Q with range 1). Later legs toggle the ride after
/// `g` and `y`, in seed 000 and XBoard alike.
fn first_leg_reach(atom: Option<&ast::Atom>) -> (bool, bool) {
    let atom_letter = atom.and_then(|a| a.atom());
    let doubled = atom.is_some_and(|a| a.is_doubled());
    let range = atom.and_then(|a| a.range()).and_then(|r| r.value());
    let rides = doubled
        || atom_letter.is_some_and(|a| !a.rides_when_doubled())
        || !matches!(range, None | Some(RangeValue::Steps(1)));
    let single_step = matches!(atom_letter, Some(Atom::W | Atom::F | Atom::K))
        && !doubled
        && matches!(range, None | Some(RangeValue::Steps(1)))
        || matches!(atom_letter, Some(Atom::R | Atom::B | Atom::Q))
            && range == Some(RangeValue::Steps(1));
    (rides, single_step)
}

/// XBoard's departures in how it reads an atom: doubled, swapped, unknown, or with a range
/// that starts with `0`.
fn atom_readings(atom: &ast::Atom, out: &mut Vec<XBoardReading>) {
    let atom_range = atom
        .letter_token()
        .map(|t| t.text_range())
        .unwrap_or(atom.text_range());
    if atom.is_doubled() {
        out.push(XBoardReading::DoubledAtomIsNoRider {
            atom: atom.text_range(),
        });
    }
    match atom.atom() {
        Some(Atom::J | Atom::L) => {
            // A doubled atom (`LL`) is named whole: its letters change together.
            let letters = match &atom.letter_token() {
                Some(first) if atom.is_doubled() => atom.range().map_or(atom.text_range(), |r| {
                    TextRange::new(first.text_range().start(), r.text_range().start())
                }),
                _ => atom_range,
            };
            out.push(XBoardReading::SwapsCamelAndZebra { atom: letters })
        }
        Some(Atom::S | Atom::T | Atom::U | Atom::I) => {
            out.push(XBoardReading::UnknownAtomEndsString { atom: atom_range });
        }
        _ => {}
    }
    if atom.extension().is_some() {
        out.push(XBoardReading::UnknownAtomEndsString {
            atom: atom.text_range(),
        });
    }
    if let Some(range) = atom.range().and_then(|r| r.token())
        && range.text().len() > 1
        && range.text().starts_with('0')
    {
        out.push(XBoardReading::LeadingZeroEndsString {
            range: range.text_range(),
        });
    }
}

/// Where a leg stands in its move, as far as XBoard's departures depend on it.
#[derive(Debug, Clone, Copy)]
struct LegPlace {
    first: bool,
    last: bool,
    /// The leg slides (a slider, a doubled atom, a range, or toggled by `g`/`y`).
    rides: bool,
    /// The first leg of a single W or F step (W, F, K, or R, B, Q with range 1).
    single_step: bool,
}

/// XBoard's departures in how it reads a leg's modifiers: their order, and on the first leg
/// its direction letters.
fn leg_readings(leg: &ast::Leg, atom: Option<Atom>, place: LegPlace, out: &mut Vec<XBoardReading>) {
    let modifiers: Vec<ast::Modifier> = leg
        .elements()
        .filter_map(|e| match e {
            LegElement::Modifier(m) => Some(m),
            LegElement::Group(_) => None,
        })
        .collect();
    let mut highest = 0;
    for m in &modifiers {
        let Some(modifier) = m.modifier() else {
            continue;
        };
        let slot = order_slot(modifier);
        // XBoard reads each letter of its order once (only `j` and `i` repeat, and direction
        // letters), so a repeat is dropped like a letter out of order.
        let repeated = slot == highest && slot > 1 && modifier != Modifier::J;
        if slot < highest || repeated {
            out.push(XBoardReading::DropsOutOfOrder {
                letter: m.text_range(),
            });
        } else {
            highest = slot;
        }
        out.extend(no_moves_reading(modifier, m.text_range(), atom, place));
    }
    // Direction letters are absolute only on the first leg; later legs turn from the one
    // before, where XBoard reads them as the seed does.
    if place.first {
        out.extend(direction_reading(&modifiers, atom));
    }
}

/// Where a modifier written at `range` leaves a leg with fewer moves in XBoard than the seed
/// gives it: a hop on a leaper's last leg, a jump on a single step, a lame leaper's one
/// square.
fn no_moves_reading(
    modifier: Modifier,
    range: TextRange,
    atom: Option<Atom>,
    place: LegPlace,
) -> Option<XBoardReading> {
    match modifier {
        Modifier::P | Modifier::G if place.last && !place.rides => {
            Some(XBoardReading::LeaperHopperHasNoMoves { modifier: range })
        }
        Modifier::J if place.single_step => {
            Some(XBoardReading::JumpOnSingleStepHasNoMoves { modifier: range })
        }
        Modifier::N if place.first && !place.rides => match atom {
            Some(atom @ (Atom::N | Atom::C | Atom::Z | Atom::H | Atom::G | Atom::L | Atom::J)) => {
                Some(XBoardReading::LameChecksOneSquare {
                    modifier: range,
                    atom,
                })
            }
            _ => None,
        },
        _ => None,
    }
}

/// Where XBoard reads a first leg's direction letters to other directions than the seed
/// does.
fn direction_reading(modifiers: &[ast::Modifier], atom: Option<Atom>) -> Option<XBoardReading> {
    let directions: Vec<&ast::Modifier> = modifiers
        .iter()
        .filter(|m| {
            m.modifier()
                .is_some_and(|d| d.entry().class == ModifierClass::Direction)
        })
        .collect();
    let (first, last) = (directions.first()?, directions.last()?);
    let range = first.text_range().cover(last.text_range());
    let letters: Vec<char> = directions
        .iter()
        .filter_map(|m| m.syntax().text().chars().next())
        .collect();
    let has = |c: char| letters.contains(&c);
    let diagonal = matches!(atom, Some(Atom::F | Atom::A | Atom::G | Atom::B));
    let oblique = matches!(atom, Some(Atom::N | Atom::C | Atom::Z | Atom::L | Atom::J));
    if atom != Some(Atom::K) && letters == ['h'] {
        Some(XBoardReading::LoneHalfGivesAll {
            directions: range,
            oblique,
        })
    } else if atom == Some(Atom::K) && has('h') {
        Some(XBoardReading::HalfOnKingGivesAll { directions: range })
    } else if diagonal && letters.len() > 1 && (has('v') || has('s')) {
        Some(XBoardReading::DiagonalPairWithVOrSGivesAll { directions: range })
    } else if letters.len() > 1
        && matches!(letters.first(), Some('v' | 's'))
        && !matches!(atom, Some(Atom::W | Atom::D | Atom::H | Atom::R))
    {
        // On orthogonal atoms letters add up, so distributing them changes nothing.
        Some(XBoardReading::LeadingVOrSNotDistributed { directions: range })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    fn kinds(betza: &str) -> Vec<String> {
        let parsed = parse(betza, Dialect::XBetza);
        readings(&parsed.piece())
            .iter()
            .map(|r| {
                format!("{r:?}")
                    .split(' ')
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            })
            .collect()
    }

    #[test]
    fn each_known_departure_is_recorded() {
        // Reference differences.md: "drops the direction written after m/c: mfW = mW".
        assert_eq!(kinds("mfW"), ["DropsOutOfOrder"]);
        assert_eq!(kinds("fmW"), Vec::<String>::new());
        assert_eq!(kinds("NN"), ["DoubledAtomIsNoRider"]);
        assert_eq!(kinds("J"), ["SwapsCamelAndZebra"]);
        assert_eq!(kinds("W03"), ["LeadingZeroEndsString"]);
        assert_eq!(kinds("U"), ["UnknownAtomEndsString"]);
        // XBoard stops at the first: what follows it is never read.
        assert_eq!(kinds("UUU"), ["UnknownAtomEndsString"]);
        assert_eq!(kinds("fmWSmfW"), ["UnknownAtomEndsString"]);
        assert_eq!(
            kinds("mfWSmfW"),
            ["DropsOutOfOrder", "UnknownAtomEndsString"]
        );
        assert_eq!(kinds("fhK"), ["HalfOnKingGivesAll"]);
        assert_eq!(kinds("lvF"), ["DiagonalPairWithVOrSGivesAll"]);
        assert_eq!(kinds("vrN"), ["LeadingVOrSNotDistributed"]);
        assert_eq!(kinds("pW"), ["LeaperHopperHasNoMoves"]);
        assert_eq!(kinds("fmWfcF"), Vec::<String>::new());
        // Oracle README: XBoard departs from the seed on default continuation directions.
        assert_eq!(
            kinds("aaK"),
            [
                "ContinuationExcludesOnlyStraightBack",
                "ContinuationExcludesOnlyStraightBack"
            ]
        );
        assert_eq!(kinds("mafsW"), Vec::<String>::new());
    }

    /// Facts from XBoard's `moves.c` (`MovesFromString`) and its answers in
    /// ../shared/oracle/xbetza-random-visible.jsonl: `p`/`g` on a leg that another follows and
    /// direction pairs on continuation legs read as the seed says (Fairy-Max's `NmpafsafF`,
    /// the Griffon `FyafsF`, `mafsB`); a final leg made a leaper by `y` does not hop (xv2-1581
    /// `yavpQ`, xv2-1617 `yabrmaspB`: no moves); `j` on a W or F step skips the only square
    /// (`dy == 1` sets the skip), and `n` checks the square halfway along the leap.
    #[test]
    fn xboard_departures_depend_on_the_legs_place() {
        for agreed in [
            "pafcF",
            "mpafK",
            "NmpafsafF",
            "FyafsF",
            "mafsB",
            "nA",
            "nD",
            "pR",
            "jB",
        ] {
            assert_eq!(kinds(agreed), Vec::<String>::new(), "{agreed}");
        }
        assert_eq!(kinds("yafpB"), ["LeaperHopperHasNoMoves"]);
        assert_eq!(kinds("yavpQ"), ["LeaperHopperHasNoMoves"]);
        for jump in ["jR1", "jW", "jK"] {
            assert_eq!(kinds(jump), ["JumpOnSingleStepHasNoMoves"], "{jump}");
        }
        for lame in ["nN", "nC", "nZ", "nH", "nG"] {
            assert_eq!(kinds(lame), ["LameChecksOneSquare"], "{lame}");
        }
    }
}
