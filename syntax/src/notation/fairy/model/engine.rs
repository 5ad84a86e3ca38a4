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

/// What a move of this kind may do where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Modality {
    /// `m`: to an empty square.
    Quiet,
    /// `c`: onto an enemy, taking it.
    Capture,
}

/// Which of the engine's three tables an atom writes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Table {
    /// Leaps, plain (range 0) or lame (range -1).
    Steps,
    /// Riders: a slider atom, a doubled atom or an atom with a digit.
    Sliders,
    /// `p` or `g`: hoppers, whatever the atom.
    Hoppers,
}

/// One direction's entry: the engine's range and the atom that wrote it last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The engine's `distance`: for steps 0 is a plain leap and -1 a lame one; for sliders and
    /// hoppers 0 is unlimited and n > 0 at most n squares, except that a hopper's 1 (from `g`)
    /// makes it land just behind the hurdle.
    pub range: i32,
    pub source: TextRange,
}

/// The directions a table holds for one move kind, in white's orientation, each once, in the
/// order of [`Step`] (the engine's map orders its keys too; a handful of entries, so a sorted
/// list).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Directions(Vec<(Step, Entry)>);

impl Directions {
    /// Sets the entry of `step`, returning the one it replaces.
    fn insert(&mut self, step: Step, entry: Entry) -> Option<Entry> {
        match self.0.binary_search_by_key(&step, |(s, _)| *s) {
            Ok(index) => Some(std::mem::replace(&mut self.0[index].1, entry)),
            Err(index) => {
                self.0.insert(index, (step, entry));
                None
            }
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = (&Step, &Entry)> {
        self.0.iter().map(|(step, entry)| (step, entry))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// An atom as the engine read it, with the letters that applied to it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AtomReading {
    /// From the first letter the engine reads after the previous atom to the end of its digit or
    /// doubled letter.
    pub source: TextRange,
    /// The atom letter itself.
    pub atom_range: TextRange,
    pub atom: char,
    /// The digit or doubled letter after the atom, if any.
    pub suffix: Option<char>,
    pub table: Table,
    pub range: i32,
    /// The move kinds it writes (`m`, `c`; both when neither is written).
    pub modalities: Vec<Modality>,
    pub initial: bool,
    /// `n` was written on an atom that rides: the engine ignores it.
    pub lame_ignored: Option<TextRange>,
    /// The directions it writes, in white's orientation.
    pub steps: Vec<Step>,
    /// Direction letters were written but select none of the atom's directions.
    pub directions_select_nothing: bool,
}

impl AtomReading {
    /// What the atom writes into the engine's tables, which is all the engine generates from
    /// (the letters and their places do not matter).
    pub fn writes(&self) -> Writes {
        let mut modalities = self.modalities.clone();
        modalities.sort();
        modalities.dedup();
        let mut steps = self.steps.clone();
        steps.sort();
        Writes {
            table: self.table,
            range: self.range,
            initial: self.initial,
            modalities,
            steps,
        }
    }

    /// Why an atom that builds nothing on its own builds nothing, from what the engine stored.
    pub fn why_no_moves(&self) -> String {
        let letter = self.atom;
        let riding_lines = matches!(letter, 'W' | 'F' | 'N' | 'K' | 'R' | 'B' | 'Q');
        let hopping_lines = matches!(letter, 'W' | 'F' | 'K' | 'R' | 'B' | 'Q');
        if self.directions_select_nothing {
            format!(
                "its direction letters select none of `{letter}`'s directions in the engine's reading"
            )
        } else if self.initial && !self.modalities.contains(&Modality::Quiet) {
            "the engine has no initial captures".to_owned()
        } else if self.table == Table::Steps && self.range == -1 {
            format!(
                "`n` on `{letter}` stores a lame leap, and the engine has lame leaps only for D, N, A and Z (J)"
            )
        } else if self.table == Table::Sliders && !riding_lines {
            let made_by = match self.suffix {
                Some(c) if c.is_ascii_digit() => format!("the range `{c}`"),
                _ => "the doubled letter".to_owned(),
            };
            format!(
                "{made_by} makes `{letter}` a rider, and the engine has riders only along W, F and N lines (write `{letter}` for the leap)"
            )
        } else if self.table == Table::Hoppers && !hopping_lines {
            format!("the engine hops only along rook and bishop lines, and `{letter}` has none")
        } else {
            "it has no rider, hopper or lame leap for these directions".to_owned()
        }
    }
}

/// What an atom writes into the engine's tables: two atoms that write the same are the same
/// piece on their own, whatever their letters (`mfN`, `fmN` and `fmxN`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Writes {
    table: Table,
    range: i32,
    initial: bool,
    /// Sorted, each once.
    modalities: Vec<Modality>,
    /// Sorted.
    steps: Vec<Step>,
}

/// An entry an atom wrote that a later atom replaced with a different range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Overwrite {
    pub table: Table,
    pub initial: bool,
    pub modality: Modality,
    pub step: Step,
    pub earlier: Entry,
    pub later: Entry,
}

/// A piece as Fairy-Stockfish stores it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct EnginePiece {
    /// Indexed by [initial][modality][table].
    tables: [[[Directions; 3]; 2]; 2],
    pub atoms: Vec<AtomReading>,
    pub overwrites: Vec<Overwrite>,
    /// Characters the engine passes over without effect.
    pub skipped: Vec<TextRange>,
    /// Letters after the last atom, which no atom takes.
    pub dangling: Option<TextRange>,
}

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

    fn directions_mut(
        &mut self,
        initial: bool,
        modality: Modality,
        table: Table,
    ) -> &mut Directions {
        &mut self.tables[usize::from(initial)][modality as usize][table as usize]
    }

    /// The directions of one table for one move kind.
    pub fn directions(&self, initial: bool, modality: Modality, table: Table) -> &Directions {
        &self.tables[usize::from(initial)][modality as usize][table as usize]
    }

    /// Whether some move hops (a cannon or a grasshopper).
    pub fn hops(&self) -> bool {
        self.atoms.iter().any(|a| a.table == Table::Hoppers)
    }

    /// Whether some move is a lame leap.
    pub fn is_lame(&self) -> bool {
        self.atoms
            .iter()
            .any(|a| a.table == Table::Steps && a.range == -1)
    }

    /// Whether normal quiet moves and captures have the same tables (no `m` or `c` written).
    pub fn quiet_and_capture_alike(&self) -> bool {
        self.tables[0][Modality::Quiet as usize] == self.tables[0][Modality::Capture as usize]
    }

    /// Whether the engine stores nothing at all.
    pub fn is_empty(&self) -> bool {
        self.tables
            .iter()
            .flatten()
            .flatten()
            .all(Directions::is_empty)
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
