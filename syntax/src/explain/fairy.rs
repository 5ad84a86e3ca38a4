//! The `fairy` explanation: each atom as Fairy-Stockfish stores it, then how the atoms combine,
//! read only from the engine's data model ([`EnginePiece`]) and its generated moves.

use super::MoveExplanation;
use super::words::directions_words;
use crate::board::reference::fingerprint;
use crate::board::{BoardSize, Position, Side, Square, Step, generate};
use crate::model;
use crate::model::fairy::{self, AtomReading, EnginePiece, Modality, Table};
use crate::vocabulary::Atom;
use crate::vocabulary::phrases::{DEFAULT_FINAL, INITIAL};
use rowan::TextRange;

/// One paragraph per atom the engine read, then one on the atoms together when they do more
/// or less than each does alone.
pub(super) fn moves(piece: &model::Piece, text: &str) -> Vec<MoveExplanation> {
    let Some(engine) = piece.fairy.as_deref() else {
        return Vec::new();
    };
    let mut out: Vec<MoveExplanation> = engine
        .atoms
        .iter()
        .map(|atom| MoveExplanation {
            text: text[atom.source].to_owned(),
            lines: atom_lines(engine, atom, text),
        })
        .collect();
    if engine.atoms.len() > 1
        && let Some(line) = together(piece, engine, text)
    {
        out.push(MoveExplanation {
            text: "all moves together".to_owned(),
            lines: vec![line],
        });
    }
    out
}

fn atom_lines(engine: &EnginePiece, atom: &AtomReading, text: &str) -> Vec<String> {
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
    for overwrite in engine.overwrites.iter().filter(|o| {
        o.later.range != o.earlier.range
            && (o.later.source == atom.source || o.earlier.source == atom.source)
    }) {
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
    let alone = fingerprint(&fairy::piece(&text[atom.source]));
    if alone
        .iter()
        .all(|(m, could)| m.is_empty() && could.is_empty())
    {
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
fn together(piece: &model::Piece, engine: &EnginePiece, text: &str) -> Option<String> {
    let whole = fingerprint(piece);
    let parts: Vec<_> = engine
        .atoms
        .iter()
        .map(|a| fingerprint(&fairy::piece(&text[a.source])))
        .collect();
    let union_has = |position: usize, m: &_| parts.iter().any(|p| p[position].0.contains(m));
    let more = whole
        .iter()
        .enumerate()
        .any(|(i, (moves, _))| moves.iter().any(|m| !union_has(i, m)));
    let fewer = parts.iter().any(|p| {
        p.iter()
            .zip(&whole)
            .any(|((moves, _), (all, _))| moves.iter().any(|m| !all.contains(m)))
    });
    if !more && !fewer {
        return None;
    }
    let size = BoardSize { files: 9, ranks: 9 };
    let position = Position::new(size, size.centre(), Side::White, false, &[], &[]).ok()?;
    let squares =
        |text: &str| -> Vec<Square> { generate(&fairy::piece(text), &position).destinations() };
    let all = generate(piece, &position).destinations();
    let alone: Vec<Square> = engine
        .atoms
        .iter()
        .flat_map(|a| squares(&text[a.source]))
        .collect();
    let list = |squares: Vec<Square>| -> String {
        squares
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let gained = list(all.iter().copied().filter(|s| !alone.contains(s)).collect());
    let mut lost: Vec<Square> = alone.into_iter().filter(|s| !all.contains(s)).collect();
    lost.sort();
    lost.dedup();
    let lost = list(lost);
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
        (false, true) => format!("from e5 on an empty 9×9 board they add {gained}"),
        (true, false) => format!("from e5 on an empty 9×9 board they lose {lost}"),
        (false, false) => {
            format!("from e5 on an empty 9×9 board they add {gained} and lose {lost}")
        }
    };
    Some(format!(
        "In Fairy-Stockfish {} ({detail})",
        said.join("; and ")
    ))
}
