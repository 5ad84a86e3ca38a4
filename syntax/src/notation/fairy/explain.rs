//! The `fairy` explanation: each atom as Fairy-Stockfish stores it, then how the atoms combine,
//! read only from the engine's data model ([`EnginePiece`]) and its generated moves.
//!
//! A string may hold tens of thousands of atoms: each atom's overwrites are found through an
//! index, and what an atom does on its own is generated once for each distinct thing atoms
//! write ([`Writes`]), so a string of one atom repeated costs one generation.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::board::reference::{MoveTrace, centred, fingerprint, shown_positions};
use crate::board::{BoardSize, Square, Step, generate};
use crate::model;
use crate::notation::fairy::model::{
    self as fairy, AtomReading, EnginePiece, Modality, Overwrite, Table, Writes,
};
use crate::vocabulary::Atom;
use crate::vocabulary::phrases::{DEFAULT_FINAL, INITIAL};
use crate::wording::words::directions_words;
use crate::wording::{MoveExplanation, Paragraphs};
use rowan::TextRange;

/// The fairy explanation: one paragraph per atom the engine read, and one on the atoms
/// together when they do more or less than each does alone.
pub(crate) fn moves(piece: &model::Piece, text: &str, seen: Option<BoardSize>) -> Paragraphs {
    let Some(engine) = piece.engine.as_deref() else {
        return Paragraphs {
            moves: Vec::new(),
            together: None,
        };
    };
    let alone = Alone::of(engine, text);
    let mut overwrites: HashMap<TextRange, Vec<&Overwrite>> = HashMap::new();
    for overwrite in &engine.overwrites {
        overwrites
            .entry(overwrite.earlier.source)
            .or_default()
            .push(overwrite);
        overwrites
            .entry(overwrite.later.source)
            .or_default()
            .push(overwrite);
    }
    let atoms = engine
        .atoms
        .iter()
        .zip(&alone.of_atom)
        .map(|(atom, &distinct)| MoveExplanation {
            text: text[atom.source].to_owned(),
            lines: atom_lines(
                atom,
                overwrites.get(&atom.source).map_or(&[], Vec::as_slice),
                alone.distinct[distinct].builds_nothing,
                text,
            ),
        })
        .collect();
    let together = (engine.atoms.len() > 1)
        .then(|| together(piece, &alone, seen))
        .flatten()
        .map(|line| MoveExplanation {
            text: "all moves together".to_owned(),
            lines: vec![line],
        });
    Paragraphs {
        moves: atoms,
        together,
    }
}

/// What each atom does on its own, generated once for each distinct thing atoms write.
struct Alone {
    distinct: Vec<AlonePiece>,
    /// For each atom, in order, its index in `distinct`.
    of_atom: Vec<usize>,
}

/// A piece made of one atom.
struct AlonePiece {
    piece: model::Piece,
    builds_nothing: bool,
}

impl Alone {
    fn of(engine: &EnginePiece, text: &str) -> Alone {
        let mut index: HashMap<Writes, usize> = HashMap::new();
        let mut distinct: Vec<AlonePiece> = Vec::new();
        let of_atom = engine
            .atoms
            .iter()
            .map(|atom| {
                *index.entry(atom.writes()).or_insert_with(|| {
                    let piece = fairy::piece(&text[atom.source]);
                    let builds_nothing = fingerprint(&piece)
                        .iter()
                        .all(|(m, could)| m.is_empty() && could.is_empty());
                    distinct.push(AlonePiece {
                        piece,
                        builds_nothing,
                    });
                    distinct.len() - 1
                })
            })
            .collect();
        Alone { distinct, of_atom }
    }
}

/// `overwrites` are those where `atom` is the earlier or the later.
fn atom_lines(
    atom: &AtomReading,
    overwrites: &[&Overwrite],
    builds_nothing: bool,
    text: &str,
) -> Vec<String> {
    let mut lines = vec![format!(
        "{}, {}; {}",
        what(atom),
        directions_words(&atom.steps),
        modality_words(atom)
    )];
    if let Some(letter) = atom.lame_ignored {
        lines.push(format!(
            "`{}` is ignored: Fairy-Stockfish makes only an atom that does not ride lame",
            &text[letter]
        ));
    }
    // One line per pair of atoms, with the directions where the later replaced the earlier.
    let mut pairs: Vec<(TextRange, TextRange, Vec<Step>)> = Vec::new();
    for overwrite in overwrites {
        let key = (overwrite.earlier.source, overwrite.later.source);
        match pairs.iter_mut().find(|(e, l, _)| (*e, *l) == key) {
            Some((_, _, steps)) if steps.contains(&overwrite.step) => {}
            Some((_, _, steps)) => steps.push(overwrite.step),
            None => pairs.push((key.0, key.1, vec![overwrite.step])),
        }
    }
    for (earlier, later, steps) in pairs {
        let directions = directions_words(&steps);
        lines.push(if later == atom.source {
            format!(
                "replaces the range `{}` stored {directions}: the engine keeps one range per direction and move kind",
                &text[earlier]
            )
        } else {
            format!("its range {directions} is replaced by the later `{}`", &text[later])
        });
    }
    if builds_nothing {
        lines.push(format!(
            "builds no moves on its own: {}",
            atom.why_no_moves()
        ));
    }
    lines
}

/// What the atom is in the engine's tables.
fn what(atom: &AtomReading) -> String {
    let name = Atom::from_char(atom.atom).map_or("?", |a| a.entry().name);
    let reach = match atom.range {
        0 => "any distance".to_owned(),
        1 => "one step".to_owned(),
        n => format!("up to {n} steps"),
    };
    match atom.table {
        Table::Steps if atom.range == -1 => {
            format!("lame {name} leap: blocked by a piece on the one path the engine checks (n)")
        }
        Table::Steps => format!("{name} leap"),
        Table::Sliders => format!("{name} rider, {reach}"),
        Table::Hoppers if atom.range == 1 => format!(
            "{name} grasshopper: over the first piece in the line to the square just behind it"
        ),
        Table::Hoppers => format!(
            "{name} cannon: over the first piece in the line, then on up to the next piece, {}",
            match atom.range {
                0 | -1 => "any distance".to_owned(),
                n => format!("at most {n} squares from its start, the piece hopped over included"),
            }
        ),
    }
}

fn modality_words(atom: &AtomReading) -> String {
    let quiet = atom.modalities.contains(&Modality::Quiet);
    let capture = atom.modalities.contains(&Modality::Capture);
    let mut words = match (quiet, capture) {
        (true, true) => DEFAULT_FINAL.to_owned(),
        (true, false) => "moves to an empty square (m)".to_owned(),
        _ => "captures an enemy (c)".to_owned(),
    };
    if atom.initial {
        words.push_str(&format!("; {INITIAL} (i)"));
        if capture {
            words.push_str(", and never captures: the engine has no initial captures");
        }
    }
    words
}

/// Where the atoms together differ from the union of each alone: the engine generates each of
/// its rider types in all directions within the reach of every atom of the same move kind, and
/// a later range replaces an earlier one.
fn together(piece: &model::Piece, alone: &Alone, seen: Option<BoardSize>) -> Option<String> {
    let whole = fingerprint(piece);
    // The moves of the atoms alone, in each reference position: atoms that write the same make
    // the same moves, so the distinct ones make the union.
    let mut union: Vec<HashSet<MoveTrace>> = vec![HashSet::new(); whole.len()];
    for part in &alone.distinct {
        for (moves, (position_moves, _)) in union.iter_mut().zip(fingerprint(&part.piece)) {
            moves.extend(position_moves);
        }
    }
    let more = whole
        .iter()
        .zip(&union)
        .any(|((moves, _), union)| moves.iter().any(|m| !union.contains(m)));
    let fewer = whole.iter().zip(&union).any(|((all, _), union)| {
        let all: HashSet<&MoveTrace> = all.iter().collect();
        union.iter().any(|m| !all.contains(m))
    });
    if !more && !fewer {
        return None;
    }
    let list = |squares: Vec<Square>| -> String {
        squares
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    // On the first empty board users see where the squares differ (the last one otherwise).
    let boards = shown_positions(seen.and_then(centred).as_ref());
    let (position, gained, lost) = boards
        .iter()
        .map(|position| {
            let all = generate(piece, position).destinations();
            let alone: BTreeSet<Square> = alone
                .distinct
                .iter()
                .flat_map(|part| generate(&part.piece, position).destinations())
                .collect();
            let gained = list(all.iter().copied().filter(|s| !alone.contains(s)).collect());
            let lost = list(alone.into_iter().filter(|s| !all.contains(s)).collect());
            (position, gained, lost)
        })
        .find(|(_, gained, lost)| !gained.is_empty() || !lost.is_empty())
        .or_else(|| {
            let last = boards.last()?;
            Some((last, String::new(), String::new()))
        })?;
    let board = format!("from {} on an empty {} board", position.from, position.size);
    let mut said = Vec::new();
    if more {
        said.push(
            "they make moves none makes alone: the engine generates rook lines, bishop lines, cannons, grasshoppers and lame leaps in all their directions, within the reach of every move of the same kind"
                .to_owned(),
        );
    }
    if fewer {
        said.push("a later range replaces an earlier one in the same direction".to_owned());
    }
    let detail = match (gained.is_empty(), lost.is_empty()) {
        (true, true) => "the difference shows once other pieces stand around".to_owned(),
        (false, true) => format!("{board} they add {gained}"),
        (true, false) => format!("{board} they lose {lost}"),
        (false, false) => format!("{board} they add {gained} and lose {lost}"),
    };
    Some(format!(
        "In Fairy-Stockfish {} ({detail})",
        said.join("; and ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dialect, parse};

    fn explained(text: &str) -> Vec<MoveExplanation> {
        let parsed = parse(text, Dialect::Fairy);
        let paragraphs = moves(
            &crate::registry::lower(&parsed.piece(), Dialect::Fairy),
            text,
            None,
        );
        assert!(paragraphs.together.is_none(), "{:?}", paragraphs.together);
        paragraphs.moves
    }

    /// Issue 26: each atom looked through every overwrite of the piece and was generated alone,
    /// so 30,000 `NN` took seconds. The copies replace nothing (the same range), and one of them
    /// is generated for all.
    #[test]
    fn thousands_of_copies_of_an_atom_are_generated_once() {
        let text = "fN".repeat(10_000);
        let explained = explained(&text);
        assert_eq!(explained.len(), 10_000);
        assert!(explained.iter().all(|m| m.lines.len() == 1));
        let engine = EnginePiece::read(&text);
        assert_eq!(Alone::of(&engine, &text).distinct.len(), 1);
        // Letters that write the same are the same piece alone.
        let engine = EnginePiece::read("mfNfmxNfcN");
        assert_eq!(Alone::of(&engine, "mfNfmxNfcN").of_atom, [0, 0, 1]);
    }

    /// Each atom of alternating ranges names the one it replaces and the one that replaces it,
    /// found through the index rather than by reading every overwrite for every atom.
    #[test]
    fn alternating_ranges_name_their_neighbours() {
        let text = "B1B2".repeat(5_000);
        let explained = explained(&text);
        assert_eq!(explained.len(), 10_000);
        let count = |index: usize, words: &str| {
            explained[index]
                .lines
                .iter()
                .filter(|l| l.contains(words))
                .count()
        };
        assert_eq!(count(0, "replaces the range"), 0);
        assert_eq!(count(0, "is replaced by the later `B2`"), 1);
        assert_eq!(count(5_001, "replaces the range `B1`"), 1);
        assert_eq!(count(5_001, "is replaced by the later `B1`"), 1);
        assert_eq!(count(9_999, "replaces the range `B1`"), 1);
        assert_eq!(count(9_999, "is replaced by the later"), 0);
    }

    /// The paragraph on the atoms together is about the whole piece: it stays when the list of
    /// atoms is cut, after the count of those not listed.
    #[test]
    fn the_atoms_together_are_said_when_the_list_is_cut() {
        let explanation = crate::explain::explain(&parse(&"RmR1".repeat(40), Dialect::Fairy));
        let texts: Vec<&str> = explanation.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts.len(), 66);
        assert_eq!(texts[64..], ["…", "all moves together"]);
        assert_eq!(explanation.moves[64].lines, ["and 16 more, not listed"]);
    }

    /// Issue 42: the paragraph on the atoms together names squares on the board the reader
    /// sees (a section's 10×8 board), not on an 8×8 board beside it.
    #[test]
    fn the_atoms_together_speak_of_the_board_the_reader_sees() {
        let parsed = parse("RmR1", Dialect::Fairy);
        let described = crate::explain::Described::new(&parsed);
        let together = |board| {
            let explanation = described.explanation_on(board);
            explanation.moves.last().unwrap().lines.join(" ")
        };
        let ten_by_eight = "10x8".parse().ok();
        assert!(
            together(ten_by_eight).contains("from e4 on an empty 10x8 board they lose a4 b4 c4 e1"),
            "{}",
            together(ten_by_eight)
        );
        assert!(together(None).contains("from d4 on an empty 8x8 board"));
    }
}
