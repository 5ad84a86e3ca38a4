//! Rules about meaning: letters that change nothing where they stand, moves that can never be
//! made, and moves that add nothing to the rest of the piece.

use crate::diagnostic::codes;
use rowan::TextRange;

use crate::board::reference::{fingerprint, same_on_proof_positions};
use crate::lint::{Findings, Fix};
use crate::model::directions::{DirectionTerm, terms_with_sources};
use crate::model::{self, LegSteps, MoveKind, Reach};
use crate::tree::ast::{self, LegElement, RangeValue};
use crate::vocabulary::{AtomShape, Modifier, ModifierClass};
use crate::{BetzaString, Dialect};

/// The modifiers written directly in a leg (not in groups).
fn modifiers(leg: &ast::Leg) -> Vec<(Modifier, TextRange)> {
    leg.elements()
        .filter_map(|e| match e {
            LegElement::Modifier(m) => Some((m.modifier()?, m.text_range())),
            LegElement::Group(_) => None,
        })
        .collect()
}

fn has_group(a_move: &ast::Move) -> bool {
    a_move
        .legs()
        .any(|leg| leg.elements().any(|e| matches!(e, LegElement::Group(_))))
}

pub(crate) fn check(string: &BetzaString, findings: &mut Findings<'_>) {
    let (dialect, text) = (string.dialect(), string.text());
    let tree = string.parse().piece();
    let piece = string.model();
    let by_source = piece.by_source();
    for a_move in tree.moves() {
        let Some(atom) = a_move.atom() else { continue };
        let legs: Vec<ast::Leg> = a_move.legs().collect();
        let models: Vec<&model::Move> = by_source
            .get(&a_move.text_range())
            .cloned()
            .unwrap_or_default();
        // Quoted in help: a move of thousands of letters is shown by its ends.
        let written = crate::quote::shortened(&text[a_move.text_range()]);
        let written = written.as_ref();
        if !has_group(&a_move) {
            default_modes(&legs, dialect, findings);
            toggles_and_iso((&legs, written), models.first().copied(), findings);
        }
        directions(&legs, &atom, findings);
        range_one(&atom, findings);
        if let Some(model) = models.first() {
            never_possible(&a_move, written, model, findings);
            single_step_jump(&legs, model, findings);
            unload_without_capture((&legs, written), &models, findings);
        }
    }
    redundant_moves(string, findings);
}

/// Seed 000: "non-final legs (before an a) by default have mode m"; the final leg's default is
/// mc. Fairy-Stockfish reads one flat leg, so there only a single-leg `mc` is a default.
pub(crate) fn default_modes(legs: &[ast::Leg], dialect: Dialect, findings: &mut Findings<'_>) {
    if !findings.wants(codes::DEFAULT_MODE) {
        return;
    }
    let count = legs.len();
    for (index, leg) in legs.iter().enumerate() {
        let is_final = index + 1 == count;
        if dialect == Dialect::Fairy && count > 1 {
            break;
        }
        let modes: Vec<(Modifier, TextRange)> = modifiers(leg)
            .into_iter()
            .filter(|(m, _)| m.entry().class == ModifierClass::Mode)
            .collect();
        let letters: String = modes.iter().map(|(m, _)| m.entry().letter).collect();
        let ranges: Vec<TextRange> = modes.iter().map(|(_, r)| *r).collect();
        let (redundant, why) = match (is_final, letters.as_str()) {
            (true, "mc" | "cm") => (true, "a final leg moves or captures (mc) by default"),
            (false, "m") => (true, "a leg before an `a` moves (m) by default"),
            _ => (false, ""),
        };
        if redundant && let Some(range) = ranges.iter().copied().reduce(|a, b| a.cover(b)) {
            findings.push(
                codes::DEFAULT_MODE,
                range,
                format!("`{letters}` changes nothing: {why}"),
                Some(Fix::delete(format!("remove `{letters}`"), &ranges)),
            );
        }
    }
}

/// `y` on the final leg, and `i` (iso) with no slider leg before it; `written` is the move's
/// text.
fn toggles_and_iso(
    (legs, written): (&[ast::Leg], &str),
    model: Option<&model::Move>,
    findings: &mut Findings<'_>,
) {
    let count = legs.len();
    let mut slider_before = model
        .and_then(|m| m.legs.first())
        .is_some_and(|l| l.reach != Reach::Steps(1));
    for (index, leg) in legs.iter().enumerate() {
        for (modifier, range) in modifiers(leg) {
            match modifier {
                Modifier::Y if index + 1 == count => findings.push_with_help(
                    codes::TOGGLE_AT_END,
                    range,
                    "`y` toggles the range of the next leg, but this is the last leg".into(),
                    format!("remove `y` from `{written}`, or write an `a` and the leg it toggles after it"),
                    Some(Fix::delete("remove `y`", &[range])),
                ),
                Modifier::I if index > 0 && !slider_before => findings.push_with_help(
                    codes::ISO_WITHOUT_SLIDER,
                    range,
                    "`i` asks for as many steps as an earlier slider leg, but no leg before it slides".into(),
                    format!("remove `i` from `{written}`, or let a leg before it slide (a rider atom, or a range as in `W0`)"),
                    None,
                ),
                Modifier::E if index + 1 < count => findings.push_with_help(
                    codes::EN_PASSANT_BEFORE_A,
                    range,
                    "`e` (en passant) is a mode of the final leg".into(),
                    format!("move `e` to the last leg of `{written}` (after its last `a`), or remove it"),
                    None,
                ),
                _ => {}
            }
        }
        if index > 0
            && let Some(leg_model) = model.and_then(|m| m.legs.get(index))
        {
            slider_before |= leg_model.reach != Reach::Steps(1);
        }
    }
}

/// `h` alone, and chiral sets on atoms that are not oblique.
fn directions(legs: &[ast::Leg], atom: &ast::Atom, findings: &mut Findings<'_>) {
    let oblique = matches!(
        atom.atom().map(|a| a.entry().shape),
        Some(AtomShape::Leaper { leap: (a, b) }) if a != 0 && a != b
    ) || atom.extension().is_some();
    for (index, leg) in legs.iter().enumerate() {
        let letters: Vec<(char, TextRange)> = modifiers(leg)
            .into_iter()
            .filter(|(m, _)| m.entry().class == ModifierClass::Direction)
            .map(|(m, r)| (m.entry().letter, r))
            .collect();
        let atom_letter = atom.letter_token().map(|t| t.text().to_owned());
        let atom_letter = atom_letter.as_deref().unwrap_or("N");
        for (term, sources) in terms_with_sources(&letters) {
            let Some(range) = sources.iter().copied().reduce(|a, b| a.cover(b)) else {
                continue;
            };
            match term {
                DirectionTerm::LoneHalf => findings.push_with_help(
                    codes::LONE_HALF,
                    range,
                    "`h` has no direction to combine with, so it selects no move (write `fh`, `rh`, `hr`, …)".into(),
                    lone_half_help(atom_letter, oblique),
                    None,
                ),
                DirectionTerm::Chiral { right } if index == 0 && !oblique => findings.push_with_help(
                    codes::CHIRAL_WITHOUT_EFFECT,
                    range,
                    format!(
                        "`{}` picks a chiral set of an oblique atom; this atom has none",
                        if right { "hr" } else { "hl" }
                    ),
                    format!(
                        "remove `{}` from `{atom_letter}`'s directions, or write it on an oblique atom (as `hrN`)",
                        if right { "hr" } else { "hl" }
                    ),
                    None,
                ),
                _ => {}
            }
        }
    }
}

/// What to write for a lone `h` on `atom`: a direction beside it, or nothing.
fn lone_half_help(atom: &str, oblique: bool) -> String {
    let chiral = if oblique {
        format!(", or `hr{atom}` (the right-handed set)")
    } else {
        String::new()
    };
    format!("write a direction with `h`, as `fh{atom}` (the forward half){chiral}; or remove `h`")
}

/// Range 1 on a leaper is the leaper itself.
fn range_one(atom: &ast::Atom, findings: &mut Findings<'_>) {
    let Some(range) = atom.range() else { return };
    let leaper = matches!(
        atom.atom().map(|a| a.entry().shape),
        Some(AtomShape::Leaper { .. } | AtomShape::Compound { .. })
    );
    if leaper && !atom.is_doubled() && range.value() == Some(RangeValue::Steps(1)) {
        let name = atom
            .letter_token()
            .map(|t| t.text().to_owned())
            .unwrap_or_default();
        findings.push(
            codes::RANGE_ONE,
            range.text_range(),
            format!("range 1 changes nothing: `{name}` already leaps once"),
            Some(Fix::delete("remove the range", &[range.text_range()])),
        );
    }
}

/// A move (`written`) whose direction letters select no step exists on no board.
fn never_possible(
    a_move: &ast::Move,
    written: &str,
    model: &model::Move,
    findings: &mut Findings<'_>,
) {
    let empty = model.kind == MoveKind::Legs
        && matches!(model.legs.first().map(|l| &l.steps), Some(LegSteps::Absolute(steps)) if steps.is_empty());
    if empty {
        findings.push_with_help(
            codes::NO_MOVES,
            a_move.text_range(),
            "its direction letters select no move of the atom: this move can never be made".into(),
            no_moves_help(written),
            None,
        );
    }
}

/// What to write for a move (`written`) that can never be made: other direction letters, or
/// nothing. Shared by every notation that says so.
pub(crate) fn no_moves_help(written: &str) -> String {
    let written = crate::quote::shortened(written);
    format!(
        "change the direction letters of `{written}` to ones that select moves of its atom, or \
         remove `{written}`"
    )
}

/// `j` on a single step has nothing to jump.
fn single_step_jump(legs: &[ast::Leg], model: &model::Move, findings: &mut Findings<'_>) {
    for (leg, leg_model) in legs.iter().zip(&model.legs) {
        let single = leg_model.reach == Reach::Steps(1)
            && matches!(&leg_model.steps, LegSteps::Absolute(steps) if steps.iter().all(|s| s.king_distance() == 1));
        if !single {
            continue;
        }
        for (modifier, range) in modifiers(leg) {
            if modifier == Modifier::J {
                findings.push(
                    codes::JUMP_WITHOUT_EFFECT,
                    range,
                    "`j` on a single step: there is no square to jump".into(),
                    Some(Fix::delete("remove `j`", &[range])),
                );
            }
        }
    }
}

/// `u` puts back what the move (`written`) captured; a move that never captures has nothing
/// to put back.
fn unload_without_capture(
    (legs, written): (&[ast::Leg], &str),
    models: &[&model::Move],
    findings: &mut Findings<'_>,
) {
    let captures = models.iter().any(|m| {
        m.legs
            .iter()
            .any(|l| l.modes.capture_enemy || l.modes.capture_friend || l.modes.en_passant)
    });
    if captures {
        return;
    }
    for leg in legs {
        for (modifier, range) in modifiers(leg) {
            if modifier == Modifier::U {
                findings.push_with_help(
                    codes::UNLOAD_WITHOUT_CAPTURE,
                    range,
                    "`u` puts back a captured piece, but this move never captures".into(),
                    format!("remove `u` from `{written}`, or let a leg of it capture (`c`) the piece `u` puts back"),
                    None,
                );
            }
        }
    }
}

/// A move that adds no square (or capture) the rest of the piece does not already have,
/// compared on reference boards. Skipped for pieces whose moves are costly to generate, and
/// for any not drawn whole (a move cut short, or said in words only, would compare as less
/// than it is).
pub(crate) fn redundant_moves(string: &BetzaString, findings: &mut Findings<'_>) {
    let (tree, piece) = (string.parse().piece(), string.model());
    let moves: Vec<ast::Move> = tree.moves().collect();
    let cheap = piece.moves.len() <= 12
        && piece.moves.iter().all(|m| {
            m.legs.len() <= 2
                && m.legs
                    .iter()
                    .all(|l| !matches!(l.steps, LegSteps::Unvisited(_)))
        });
    if moves.len() < 2 || !cheap || piece.incomplete || !findings.wants(codes::REDUNDANT_MOVE) {
        return;
    }
    let whole = fingerprint(piece);
    let text = string.text();
    // From the last move back, each judged against the moves still kept: of two that make the
    // same moves (`WW` in chained Betza) only the later is called redundant, since removing
    // both would lose them.
    let mut redundant: Vec<TextRange> = Vec::new();
    for (index, a_move) in moves.iter().enumerate().rev() {
        let range = a_move.text_range();
        let (its_own, rest): (Vec<model::Move>, Vec<model::Move>) = piece
            .moves
            .iter()
            .filter(|m| !redundant.contains(&m.source))
            .cloned()
            .partition(|m| m.source == range);
        // Royal captures, en passant, borrowing, castling and e.p. rights do not show on the
        // reference boards, so a move with them is never called redundant; nor is one with
        // nothing drawn, or with a part only said in words.
        let unobservable = its_own.iter().any(|m| {
            !matches!(m.kind, MoveKind::Legs | MoveKind::Universal(_))
                || m.legs
                    .iter()
                    .any(|l| l.modes.royal || l.modes.en_passant || l.modes.excite || l.ep_rights)
        });
        let partly_drawn = its_own.is_empty()
            || piece
                .not_drawn
                .iter()
                .any(|(part, _)| range.contains_range(*part));
        if unobservable || partly_drawn || rest.is_empty() {
            continue;
        }
        let rest = model::Piece {
            dialect: piece.dialect,
            moves: rest,
            incomplete: false,
            not_drawn: Vec::new(),
            engine: None,
            walk: piece.walk,
        };
        if fingerprint(&rest) != whole || !same_on_proof_positions(&rest, piece) {
            continue;
        }
        redundant.push(range);
        // Removing the move must not join two equal atoms into a rider (`NWN` is not `NN`).
        let before = index.checked_sub(1).and_then(|i| moves.get(i));
        let after = moves.get(index + 1);
        let joins_atoms = match (before, after) {
            (Some(b), Some(a)) => {
                let last = text[b.text_range()].chars().last();
                let first = text[a.text_range()].chars().next();
                last.is_some() && last == first
            }
            _ => false,
        };
        let written = crate::quote::shortened(&text[range]);
        findings.push_with_help(
            codes::REDUNDANT_MOVE,
            range,
            format!(
                "`{}` adds nothing: the rest of the piece already makes every one of its moves",
                &text[range]
            ),
            format!(
                "remove `{written}`, writing the moves beside it so that they do not join into \
                 one atom"
            ),
            (!joins_atoms).then(|| Fix::delete(format!("remove `{}`", &text[range]), &[range])),
        );
    }
}
