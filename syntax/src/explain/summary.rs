//! The first lines of an explanation: what the piece does in a sentence, how many moves it
//! has and whether it captures, a swap said as a swap, and what sets it apart from a twin.

use super::MoveExplanation;
use crate::Dialect;
use crate::board::reference::fingerprint;
use crate::model;

/// What a piece of plain moves does, in a sentence, its moves grouped by what they do:
/// "Moves: Wazir step (0,1), forward; captures: Ferz step (1,1), forward-right, forward-left."
/// Only for a piece whose every move is one leg (in Fairy-Stockfish, every atom is a leap or a
/// ride, and none combines with another) that moves and/or captures an enemy, each with its
/// explanation at hand; a longer piece is left to its list of moves.
pub(super) fn plain_words(
    piece: &model::Piece,
    moves: &[MoveExplanation],
    slice: &dyn Fn(rowan::TextRange) -> String,
    atoms_combine: bool,
) -> Option<String> {
    // The first clause of the explanation of the move written at `source`: its reach. A move
    // whose explanation says more than that and a note in brackets (a Fairy-Stockfish atom that
    // builds nothing on its own, or whose range a later atom replaces) is not plain.
    let reach = |source: rowan::TextRange, first_move_only: bool| {
        let written = slice(source);
        let [line, notes @ ..] = moves.iter().find(|e| e.text == written)?.lines.as_slice() else {
            return None;
        };
        if !notes.iter().all(|note| note.starts_with('(')) {
            return None;
        }
        let mut reach = line.split(';').next()?.trim().to_owned();
        if first_move_only {
            reach.push_str(" (first move only)");
        }
        Some(reach)
    };
    let verb = |moves: bool, captures: bool| match (moves, captures) {
        (true, true) => Some("moves or captures"),
        (true, false) => Some("moves"),
        (false, true) => Some("captures"),
        (false, false) => None,
    };
    let items: Vec<Option<(&str, String)>> = match &piece.fairy {
        Some(_) if atoms_combine => return None,
        Some(engine) => engine
            .atoms
            .iter()
            .map(|atom| {
                let plain = atom.table != model::fairy::Table::Hoppers
                    && atom.range >= 0
                    && !atom.directions_select_nothing;
                let quiet = atom.modalities.contains(&model::fairy::Modality::Quiet);
                let capture = atom.modalities.contains(&model::fairy::Modality::Capture);
                plain.then_some(())?;
                Some((verb(quiet, capture)?, reach(atom.source, atom.initial)?))
            })
            .collect(),
        None => piece
            .moves
            .iter()
            .map(|m| {
                let [leg] = m.legs.as_slice() else {
                    return None;
                };
                let modes = leg.modes;
                let plain = !(leg.unload
                    || leg.jumping
                    || leg.lame.is_some()
                    || modes.hop
                    || modes.capture_friend
                    || modes.en_passant
                    || modes.excite
                    || modes.swap_enemy
                    || modes.swap_friend)
                    && m.kind == model::MoveKind::Legs;
                plain.then_some(())?;
                let first_move_only = m.initial != model::Initial::Always;
                Some((
                    verb(modes.to_empty, modes.capture_enemy)?,
                    reach(m.source, first_move_only)?,
                ))
            })
            .collect(),
    };
    const LONGEST: usize = 160;
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for item in items {
        let (verb, reach) = item?;
        match groups.iter_mut().find(|(v, _)| *v == verb) {
            Some((_, reaches)) if !reaches.contains(&reach) => reaches.push(reach),
            Some(_) => {}
            None => groups.push((verb, vec![reach])),
        }
    }
    let mut sentence = groups
        .iter()
        .map(|(verb, reaches)| format!("{verb}: {}", reaches.join("; ")))
        .collect::<Vec<_>>()
        .join("; ");
    if sentence.is_empty() || sentence.len() > LONGEST {
        return None;
    }
    sentence[..1].make_ascii_uppercase();
    Some(format!("{sentence}."))
}

/// Whether a catalogue piece (written in XBetza) has no feature that sets it apart from the
/// pieces moving like it on an empty board: no lameness, hop, capture on the way.
pub(super) fn is_plain(betza: &str) -> bool {
    let parse = crate::parse(betza, Dialect::XBetza);
    difference_words(&model::build(&parse.piece(), Dialect::XBetza)).is_none()
}

/// A move of one leg whose capture puts the captured piece back where the leg started
/// (`ucdQ`) swaps places with it: said in plain words, with the leg's own reach, before the
/// rest of the summary.
pub(super) fn swaps_said(
    piece: &model::Piece,
    moves: &[MoveExplanation],
    slice: &dyn Fn(rowan::TextRange) -> String,
) -> Option<String> {
    piece.moves.iter().find_map(|m| {
        let mut visible = m.legs.iter().filter(|l| !l.hidden);
        let (Some(leg), None) = (visible.next(), visible.next()) else {
            return None;
        };
        let modes = leg.modes;
        if !leg.unload || !(modes.capture_enemy || modes.capture_friend) {
            return None;
        }
        let written = slice(m.source);
        let line = moves.iter().find(|e| e.text == written)?.lines.first()?;
        let reach = line.split(';').next()?.trim();
        let whom = match (modes.capture_enemy, modes.capture_friend) {
            (true, true) => "any piece",
            (true, false) => "an enemy",
            _ => "a friendly piece",
        };
        Some(format!(
            "`{written}` swaps places with {whom} it reaches ({reach})."
        ))
    })
}

/// Why a piece that matches another on an empty board differs once pieces stand around, when
/// it has a feature that says so.
pub(super) fn difference_words(piece: &model::Piece) -> Option<&'static str> {
    let earlier_legs = || {
        piece
            .moves
            .iter()
            .flat_map(|m| m.legs.iter().rev().skip(1).filter(|l| !l.hidden))
    };
    let legs = || piece.moves.iter().flat_map(|m| m.legs.iter());
    if let Some(engine) = &piece.fairy {
        return if engine.hops() {
            Some("it needs a piece to hop over")
        } else if engine.is_lame() {
            Some("it can be blocked on the way")
        } else {
            None
        };
    }
    if legs().any(|l| l.when_open) {
        Some("it stops early where its next leg is blocked")
    } else if legs().any(|l| l.modes.hop) {
        Some("it needs a piece to hop over")
    } else if earlier_legs().any(|l| l.modes.capture_enemy || l.modes.capture_friend) {
        Some("it captures on the way")
    } else if legs().any(|l| l.jumping) {
        Some("it must jump over a piece")
    } else if legs().any(|l| l.lame.is_some()) || earlier_legs().any(|l| l.modes.to_empty) {
        Some("it can be blocked on the way")
    } else {
        None
    }
}

pub(super) fn summary(piece: &model::Piece, written: usize) -> String {
    if written == 0 {
        return format!("No move to draw in {}.", piece.dialect.title());
    }
    let captures = match &piece.fairy {
        // Decided by generating: a capture entry may build nothing (`cD1`).
        Some(_) => fingerprint(piece)
            .iter()
            .any(|(moves, could)| !could.is_empty() || moves.iter().any(|m| m.1.is_some())),
        None => piece
            .moves
            .iter()
            .flat_map(|m| m.legs.iter())
            .any(|l| l.modes.capture_enemy || l.modes.capture_friend || l.modes.en_passant),
    };
    let multi = piece
        .moves
        .iter()
        .any(|m| m.legs.iter().filter(|l| !l.hidden).count() > 1);
    format!(
        "{written} move{} in {}{}{}.",
        if written == 1 { "" } else { "s" },
        piece.dialect.title(),
        if captures {
            "; it can capture"
        } else {
            "; it never captures"
        },
        if multi {
            "; some moves have several legs"
        } else {
            ""
        },
    )
}
