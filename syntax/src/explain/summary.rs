//! The first lines of an explanation: what the piece does in a sentence, how many moves it
//! has and whether it captures, a swap said as a swap, and what sets it apart from a twin.

use std::borrow::Cow;

use super::MoveExplanation;
use crate::board::reference::fingerprint;
use crate::model;
use crate::wording::legs::can_be_blocked;

/// What a piece does, in a sentence, its moves grouped by what they do: "Moves: Wazir step
/// (0,1), forward; captures: Ferz step (1,1), forward-right, forward-left." Each move is said by
/// the motions of its explanation, its legs joined ("Wazir step (0,1), in every direction,
/// through an empty square, then turning 45° left or right, continuing as a Ferz step"), for a
/// piece whose every move only moves and/or captures an enemy (in Fairy-Stockfish, no atom
/// combines with another or builds nothing on its own); a piece with any other move is left to
/// its list of moves, which says everything.
pub(super) fn plain_words(
    piece: &model::Piece,
    moves: &[MoveExplanation],
    slice: &dyn Fn(rowan::TextRange) -> String,
    atoms_combine: bool,
) -> Option<String> {
    let lines_of = |source: rowan::TextRange| {
        let written = slice(source);
        moves
            .iter()
            .find(|e| e.text == written)
            .map(|e| e.lines.as_slice())
    };
    let items: Vec<Option<(&str, String)>> = match &piece.engine {
        Some(_) if atoms_combine => return None,
        Some(engine) => engine
            .atoms
            .iter()
            .map(|atom| {
                (!atom.directions_select_nothing).then_some(())?;
                let quiet = atom
                    .modalities
                    .contains(&crate::model::engine::Modality::Quiet);
                let capture = atom
                    .modalities
                    .contains(&crate::model::engine::Modality::Capture);
                // A note in brackets after the line (a range a later atom replaces) is no
                // part of the motion; any other line is.
                let [line, notes @ ..] = lines_of(atom.source)? else {
                    return None;
                };
                notes
                    .iter()
                    .all(|note| note.starts_with('('))
                    .then_some(())?;
                Some((verb(quiet, capture)?, motion(line, atom.initial)?))
            })
            .collect(),
        None => piece
            .moves
            .iter()
            .map(|m| move_words(m, lines_of(m.source)?))
            .collect(),
    };
    const LONGEST: usize = 220;
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
    if sentence.is_empty() || sentence.chars().count() > LONGEST {
        return None;
    }
    sentence[..1].make_ascii_uppercase();
    Some(format!("{sentence}."))
}

fn verb(moves: bool, captures: bool) -> Option<&'static str> {
    match (moves, captures) {
        (true, true) => Some("moves or captures"),
        (true, false) => Some("moves"),
        (false, true) => Some("captures"),
        (false, false) => None,
    }
}

/// The motion of an explanation line (its first clause, without a leg's number), marked as
/// first move only where it is.
fn motion(line: &str, first_move_only: bool) -> Option<String> {
    let clause = line.split(';').next()?.trim();
    let unnumbered = clause
        .split_once(". ")
        .filter(|(number, _)| !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .map_or(clause, |(_, rest)| rest);
    // Chained Betza names each leg's letters first ("`W`: Wazir step (0,1)").
    let unlabelled = unnumbered
        .strip_prefix('`')
        .and_then(|rest| rest.split_once("`: "))
        .map_or(unnumbered, |(_, motion)| motion);
    let mut motion = unlabelled.to_owned();
    if first_move_only {
        motion.push_str(" (first move only)");
    }
    Some(motion)
}

/// One XBetza (or chained) move in words from its explanation `lines` (one per leg, in order),
/// with the verb of what its last leg does; `None` for a move that does anything but move or
/// capture an enemy where it ends and pass through, hop over or capture on the squares before.
fn move_words(m: &model::Move, lines: &[String]) -> Option<(&'static str, String)> {
    // A move limited to parts of the board, or an entry of several forms (MBN), is left to
    // its list, which says which form is which and where each applies.
    let forms = lines.first().is_some_and(|l| l.starts_with("form "));
    // One line per leg, then only notes in brackets ("(only on the piece's first move)"): a
    // line of anything else (chained Betza's "prefix `m`: …") is not a leg's motion.
    let aligned =
        lines.len() >= m.legs.len() && lines[m.legs.len()..].iter().all(|l| l.starts_with('('));
    (m.kind == model::MoveKind::Legs && aligned && m.regions.is_empty() && !forms).then_some(())?;
    let mut words = String::new();
    for (index, (leg, line)) in m.legs.iter().zip(lines).enumerate() {
        let modes = leg.modes;
        let special = leg.unload
            || leg.sets.is_some()
            || leg.jumping
            || leg.iso
            || leg.when_open
            || leg.ends_off_board
            || leg.bend.is_some()
            || leg.wrap != model::Wrap::None
            || modes.capture_friend
            || modes.en_passant
            || modes.excite
            || modes.swap_enemy
            || modes.swap_friend
            || modes.tame
            || modes.hop_enemy_only
            || modes.royal;
        if special {
            return None;
        }
        let said = motion(line, false)?;
        if index == 0 {
            words.push_str(&said);
        } else {
            // A later leg's motion says how it goes on from the one before ("then …").
            said.starts_with("then ").then_some(())?;
            words.push_str(", ");
            words.push_str(&said);
        }
        if can_be_blocked(leg) {
            words.push_str(", unless blocked on the way");
        }
        if index + 1 < m.legs.len() {
            words.push_str(match (modes.to_empty, modes.capture_enemy, modes.hop) {
                (true, false, false) => ", onto an empty square",
                (false, true, false) => ", onto an enemy, capturing it",
                (true, true, false) => ", onto an empty square or an enemy, capturing it",
                (false, false, true) => ", onto a piece",
                (true, false, true) => ", onto an empty square or a piece",
                _ => return None,
            });
        }
    }
    let last = m.legs.last()?;
    if m.initial != model::Initial::Always {
        words.push_str(" (first move only)");
    }
    Some((verb(last.modes.to_empty, last.modes.capture_enemy)?, words))
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
/// it has a feature that says so; a move that hops several times says how many (`(paf)3R`
/// hops over up to three pieces, its repeat group counted).
pub(super) fn difference_words(piece: &model::Piece) -> Option<Cow<'static, str>> {
    let hops = (piece.moves.iter())
        .map(|m| m.legs.iter().filter(|l| l.modes.hop).count())
        .max()
        .unwrap_or(0);
    let said = one_difference(piece)?;
    Some(match said {
        HOPS if hops > 1 => Cow::Owned(format!("it can also hop over up to {hops} pieces")),
        said => Cow::Borrowed(said),
    })
}

/// The words for hopping over a piece.
const HOPS: &str = "it can also hop over a piece";

fn one_difference(piece: &model::Piece) -> Option<&'static str> {
    let earlier_legs = || {
        piece
            .moves
            .iter()
            .flat_map(|m| m.legs.iter().rev().skip(1).filter(|l| !l.hidden))
    };
    let legs = || piece.moves.iter().flat_map(|m| m.legs.iter());
    if let Some(engine) = &piece.engine {
        return if engine.hops() {
            Some(HOPS)
        } else if engine.is_lame() {
            Some("it can be blocked on the way")
        } else {
            None
        };
    }
    if legs().any(|l| l.when_open) {
        Some("it stops early where its next leg is blocked")
    } else if legs().any(|l| l.modes.hop && !l.modes.to_empty) {
        // What it does with a piece there adds to its moves; `mpafsW` (the Knight) lands on
        // a piece or an empty square alike, and is no different.
        Some("it can also hop over a piece")
    } else if earlier_legs().any(|l| l.modes.capture_enemy || l.modes.capture_friend) {
        Some("it can capture on the way")
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
    let captures = match &piece.engine {
        // Decided by generating: a capture entry may build nothing (`cD1`).
        Some(_) => fingerprint(piece)
            .iter()
            .any(|(moves, could)| !could.is_empty() || moves.iter().any(|m| m.1.is_some())),
        // The universal leaper (`U`) and castling have no legs: `U` takes an enemy where it
        // lands, castling never does.
        None => piece.moves.iter().any(|m| {
            matches!(m.kind, model::MoveKind::Universal(modes) if modes.capture_enemy || modes.capture_friend)
                || m.legs
                    .iter()
                    .any(|l| l.modes.capture_enemy || l.modes.capture_friend || l.modes.en_passant)
        }),
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
