//! A piece as an engine stores it: for initial and normal moves and for each move kind (quiet,
//! capture), three tables (plain steps, sliders, hoppers) of directions with one range each, and
//! what each atom of the text wrote there. Fairy-Stockfish's reading fills it as the engine's
//! `from_betza` does (`notation::fairy`); the board generates from it as the engine's bitboard
//! code does (`board::engine`), and the explanation and conversions read it. It is data: the
//! reading lives with its notation.

use rowan::TextRange;

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
    pub(crate) fn insert(&mut self, step: Step, entry: Entry) -> Option<Entry> {
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

impl EnginePiece {
    pub(crate) fn directions_mut(
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

/// The squares a lame leap must find empty in Fairy-Stockfish: one path, stepping along the
/// axis with more distance left, diagonally when both are equal.
pub fn lame_path(step: Step) -> impl Iterator<Item = Step> {
    let (mut x, mut y) = (0i8, 0i8);
    std::iter::from_fn(move || {
        let (left_x, left_y) = ((step.dx - x).abs(), (step.dy - y).abs());
        if left_x >= left_y {
            x += (step.dx - x).signum();
        }
        if left_y >= left_x {
            y += (step.dy - y).signum();
        }
        ((x, y) != (step.dx, step.dy)).then(|| Step::new(x, y))
    })
}
