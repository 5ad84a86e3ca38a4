//! Fairy-Stockfish's own data model of a piece, read from the text the way the engine reads it
//! (facts from its `src/piece.cpp`, `from_betza`; notes F1–F8 in NOTATION-NOTES.md).
//!
//! The engine reads the string one character at a time. Mode, hopper, lame and initial letters
//! and direction tokens gather until an atom letter; the atom then writes its directions into
//! one of three tables (plain steps, sliders, hoppers) for each of its move kinds (quiet,
//! capture) and for initial or normal moves. A table holds one range per direction, so a later
//! atom overwrites what an earlier one wrote there. Every other character is skipped.

use rowan::{TextRange, TextSize};

use super::select;
use crate::model::Step;
use crate::model::engine::{AtomReading, EnginePiece, Entry, Modality, Overwrite, Table};

/// The engine's leapers and their (long, short) leaps; K is W and F together.
fn leaper_leaps(atom: char) -> Option<&'static [(i8, i8)]> {
    Some(match atom {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        // The engine's L and C are both the (3,1) leap, its J and Z both the (3,2) leap.
        'L' | 'C' => &[(3, 1)],
        'J' | 'Z' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// The engine's riders: R, B and Q (R and B together).
fn rider_leaps(atom: char) -> Option<&'static [(i8, i8)]> {
    Some(match atom {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

fn range_at(start: usize, end: usize) -> TextRange {
    let at = |offset: usize| TextSize::try_from(offset).unwrap_or(TextSize::new(u32::MAX));
    TextRange::new(at(start), at(end))
}

impl EnginePiece {
    /// Reads `text` as Fairy-Stockfish does.
    pub fn read(text: &str) -> EnginePiece {
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        let end_of = |index: usize| {
            chars
                .get(index + 1)
                .map_or(text.len(), |(offset, _)| *offset)
        };
        let mut piece = EnginePiece::default();
        let mut pending = Pending::default();
        let mut index = 0;
        while index < chars.len() {
            let (offset, c) = chars[index];
            let letter_range = range_at(offset, end_of(index));
            let modifier = matches!(c, 'm' | 'c' | 'p' | 'g' | 'n' | 'i') || is_direction(c);
            if modifier {
                pending.first_letter.get_or_insert(offset);
            }
            if modifier || leaper_leaps(c).is_some() || rider_leaps(c).is_some() {
                pending.start.get_or_insert(offset);
            }
            match c {
                'm' => pending.modalities.push(Modality::Quiet),
                'c' => pending.modalities.push(Modality::Capture),
                'p' | 'g' => {
                    pending.hopper = true;
                    if c == 'g' {
                        pending.range = 1;
                    }
                }
                'n' => pending.lame = Some(letter_range),
                'i' => pending.initial = true,
                _ if is_direction(c) => {
                    let next = chars.get(index + 1).map(|(_, n)| *n);
                    match next.filter(|n| super::combines(c, *n)) {
                        Some(next) => {
                            pending.tokens.push([c, next]);
                            index += 1;
                        }
                        None => pending.tokens.push([c, c]),
                    }
                }
                _ if leaper_leaps(c).is_some() || rider_leaps(c).is_some() => {
                    let suffix = chars
                        .get(index + 1)
                        .map(|(_, n)| *n)
                        .filter(|n| n.is_ascii_digit() || *n == c);
                    let start = pending.start.take().unwrap_or(offset);
                    let end = end_of(index + usize::from(suffix.is_some()));
                    piece.write(
                        std::mem::take(&mut pending),
                        c,
                        suffix,
                        range_at(start, end),
                        letter_range,
                    );
                    index += usize::from(suffix.is_some());
                }
                _ => piece.skipped.push(letter_range),
            }
            index += 1;
        }
        if let Some(start) = pending.first_letter {
            piece.dangling = Some(range_at(start, text.len()));
        }
        piece
    }

    /// What an atom writes: `from_betza`'s atom branch.
    fn write(
        &mut self,
        pending: Pending,
        atom: char,
        suffix: Option<char>,
        source: TextRange,
        atom_range: TextRange,
    ) {
        let (leaps, mut rides) = match rider_leaps(atom) {
            Some(leaps) => (leaps, true),
            None => (leaper_leaps(atom).unwrap_or(&[]), false),
        };
        let mut range = pending.range;
        if let Some(suffix) = suffix {
            rides = true;
            if let Some(digit) = suffix.to_digit(10) {
                range = digit as i32;
            }
        }
        let lame_ignored = if rides { pending.lame } else { None };
        if !rides && pending.lame.is_some() {
            range = -1;
        }
        let modalities = if pending.modalities.is_empty() {
            vec![Modality::Quiet, Modality::Capture]
        } else {
            pending.modalities
        };
        let table = if pending.hopper {
            Table::Hoppers
        } else if rides {
            Table::Sliders
        } else {
            Table::Steps
        };
        // An orthogonal atom alone splits mixed tokens (`fsW` is `ff` and `ss`); K and Q don't.
        let lone = leaps.len() == 1;
        let mut steps: Vec<Step> = Vec::new();
        for &(long, short) in leaps {
            for step in select(&pending.tokens, long, short, lone) {
                if !steps.contains(&step) {
                    steps.push(step);
                }
            }
        }
        let entry = Entry { range, source };
        for &modality in &modalities {
            for &step in &steps {
                let directions = self.directions_mut(pending.initial, modality, table);
                // The same range written again changes nothing the engine keeps: not recorded,
                // so a string of thousands of copies of one atom records nothing.
                if let Some(earlier) = directions.insert(step, entry)
                    && earlier.range != range
                {
                    self.overwrites.push(Overwrite {
                        table,
                        initial: pending.initial,
                        modality,
                        step,
                        earlier,
                        later: entry,
                    });
                }
            }
        }
        self.atoms.push(AtomReading {
            source,
            atom_range,
            atom,
            suffix,
            table,
            range,
            modalities,
            initial: pending.initial,
            lame_ignored,
            directions_select_nothing: !pending.tokens.is_empty() && steps.is_empty(),
            steps,
        });
    }
}

/// Letters gathered since the last atom.
#[derive(Debug, Default)]
struct Pending {
    start: Option<usize>,
    /// The first modifier or direction letter gathered.
    first_letter: Option<usize>,
    modalities: Vec<Modality>,
    hopper: bool,
    lame: Option<TextRange>,
    initial: bool,
    range: i32,
    tokens: Vec<[char; 2]>,
}

fn is_direction(c: char) -> bool {
    super::VERTICALS.contains(c) || super::HORIZONTALS.contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::engine::Writes;

    fn entries(piece: &EnginePiece, modality: Modality, table: Table) -> Vec<((i8, i8), i32)> {
        piece
            .directions(false, modality, table)
            .iter()
            .map(|(s, e)| ((s.dx, s.dy), e.range))
            .collect()
    }

    #[test]
    fn a_rider_ignores_n_and_a_doubled_atom_rides() {
        // piece.cpp: `if (!rider && lame) distance = -1;` and `betza[i+1] == c` makes a rider.
        let nr = EnginePiece::read("nR");
        assert_eq!(entries(&nr, Modality::Quiet, Table::Sliders).len(), 4);
        assert!(nr.atoms[0].lame_ignored.is_some());
        let nn2 = EnginePiece::read("NN2");
        assert_eq!(nn2.atoms.len(), 1);
        assert_eq!(nn2.atoms[0].suffix, Some('N'));
        // The digit after the doubled letter is skipped.
        assert_eq!(nn2.skipped, [TextRange::new(2.into(), 3.into())]);
        assert_eq!(nn2.atoms[0].range, 0);
    }

    #[test]
    fn a_later_atom_overwrites_a_direction() {
        // `v[Direction(...)] = distance`: one range per direction and move kind.
        let piece = EnginePiece::read("BbB1");
        let ranges: Vec<i32> = entries(&piece, Modality::Quiet, Table::Sliders)
            .into_iter()
            .map(|(_, r)| r)
            .collect();
        assert_eq!(ranges, [1, 0, 1, 0]);
        assert_eq!(piece.overwrites.len(), 4, "two directions, two move kinds");
    }

    /// Issue 26: an atom written again stores the same range, which replaces nothing the
    /// engine keeps: 30,000 `NN` record no overwrite (they recorded 16 each).
    #[test]
    fn the_same_range_written_again_is_no_overwrite() {
        let piece = EnginePiece::read(&"NN".repeat(5_000));
        assert_eq!(piece.atoms.len(), 5_000);
        assert!(piece.overwrites.is_empty());
        // What an atom writes does not depend on its letters' order or on skipped letters.
        let piece = EnginePiece::read("mfNfmxNfcNmmfN");
        let writes: Vec<Writes> = piece.atoms.iter().map(AtomReading::writes).collect();
        assert_eq!(writes[0], writes[1]);
        assert_ne!(writes[0], writes[2]);
        assert_eq!(writes[0], writes[3]);
    }

    #[test]
    fn g_makes_a_grasshopper_unless_a_digit_follows() {
        assert_eq!(EnginePiece::read("gR").atoms[0].range, 1);
        assert_eq!(EnginePiece::read("gR0").atoms[0].range, 0);
        assert_eq!(EnginePiece::read("pR2").atoms[0].range, 2);
        assert_eq!(EnginePiece::read("pR2").atoms[0].table, Table::Hoppers);
    }

    #[test]
    fn lame_leapers_are_stored_with_range_minus_one() {
        let piece = EnginePiece::read("nN");
        assert!(
            entries(&piece, Modality::Capture, Table::Steps)
                .iter()
                .all(|(_, r)| *r == -1)
        );
    }

    #[test]
    fn unknown_characters_are_skipped_and_trailing_letters_dangle() {
        let piece = EnginePiece::read("mafsW é3fm");
        let skipped: Vec<&str> = piece.skipped.iter().map(|r| &"mafsW é3fm"[*r]).collect();
        assert_eq!(skipped, ["a", " ", "é", "3"]);
        assert_eq!(piece.dangling, Some(TextRange::new(9.into(), 11.into())));
        assert_eq!(piece.atoms[0].source, TextRange::new(0.into(), 5.into()));
    }
}
