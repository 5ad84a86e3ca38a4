//! Where XBoard's own generator reads an XBetza string differently from seed 000 (facts from
//! ../shared/reference/xboard.md and differences.md). The model follows the seed; these records
//! let a lint tell the user what XBoard will do instead.

use rowan::TextRange;

use crate::tree::ast::{self, LegElement};
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
    /// `v` or `s` combined with another letter on a diagonal atom (`lvF`, `fsF`) selects all four.
    DiagonalPairWithVOrSGivesAll { directions: TextRange },
    /// A leading `v` or `s` with another letter (`vrN`, `sfN`, `vsK`) is not distributed.
    LeadingVOrSNotDistributed { directions: TextRange },
    /// `p` or `g` on a leaper (`pW`, `gK`) has no moves in XBoard.
    LeaperHopperHasNoMoves { modifier: TextRange },
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
        let atom = a_move.atom();
        let atom_letter = atom.as_ref().and_then(|a| a.atom());
        let leg_count = a_move.legs().count();
        for (index, leg) in a_move.legs().enumerate() {
            leg_readings(&leg, atom_letter, &mut out);
            let wraps: Vec<TextRange> = leg
                .modifiers()
                .filter(|m| m.modifier() == Some(Modifier::O))
                .map(|m| m.text_range())
                .collect();
            if let [modifier] = wraps[..]
                && index + 1 < leg_count
            {
                out.push(XBoardReading::WrapsInsteadOfLeavingBoard { modifier });
            }
            let has_direction = leg.modifiers().any(|m| {
                m.modifier()
                    .is_some_and(|d| d.entry().class == ModifierClass::Direction)
            });
            if index > 0 && !has_direction {
                let range = if leg.text_range().is_empty() {
                    a_move.text_range()
                } else {
                    leg.text_range()
                };
                out.push(XBoardReading::ContinuationExcludesOnlyStraightBack { leg: range });
            }
        }
        let Some(atom) = atom else { continue };
        let atom_range = atom
            .letter_token()
            .map(|t| t.text_range())
            .unwrap_or(atom.text_range());
        if atom.is_doubled() {
            out.push(XBoardReading::DoubledAtomIsNoRider {
                atom: atom.text_range(),
            });
        }
        match atom_letter {
            Some(Atom::J | Atom::L) => {
                // A doubled atom (`LL`) is named whole: its letters change together.
                let letters = match &atom.letter_token() {
                    Some(first) if atom.is_doubled() => {
                        atom.range().map_or(atom.text_range(), |r| {
                            TextRange::new(first.text_range().start(), r.text_range().start())
                        })
                    }
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
    out
}

fn leg_readings(leg: &ast::Leg, atom: Option<Atom>, out: &mut Vec<XBoardReading>) {
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
        if slot < highest {
            out.push(XBoardReading::DropsOutOfOrder {
                letter: m.text_range(),
            });
        } else {
            highest = slot;
        }
        if matches!(modifier, Modifier::P | Modifier::G)
            && matches!(atom, Some(a) if a.rides_when_doubled())
        {
            out.push(XBoardReading::LeaperHopperHasNoMoves {
                modifier: m.text_range(),
            });
        }
    }
    let directions: Vec<&ast::Modifier> = modifiers
        .iter()
        .filter(|m| {
            m.modifier()
                .is_some_and(|d| d.entry().class == ModifierClass::Direction)
        })
        .collect();
    let (Some(first), Some(last)) = (directions.first(), directions.last()) else {
        return;
    };
    let range = first.text_range().cover(last.text_range());
    let letters: Vec<char> = directions
        .iter()
        .filter_map(|m| m.syntax().text().chars().next())
        .collect();
    let has = |c: char| letters.contains(&c);
    let diagonal = matches!(atom, Some(Atom::F | Atom::A | Atom::G | Atom::B));
    if atom == Some(Atom::K) && has('h') {
        out.push(XBoardReading::HalfOnKingGivesAll { directions: range });
    } else if diagonal && letters.len() > 1 && (has('v') || has('s')) {
        out.push(XBoardReading::DiagonalPairWithVOrSGivesAll { directions: range });
    } else if letters.len() > 1
        && matches!(letters.first(), Some('v' | 's'))
        && !matches!(atom, Some(Atom::W | Atom::D | Atom::H | Atom::R))
    {
        // On orthogonal atoms letters add up, so distributing them changes nothing.
        out.push(XBoardReading::LeadingVOrSNotDistributed { directions: range });
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
}
