//! Plain-English explanations of a piece, move by move and leg by leg, built from the model and
//! worded only with the vocabulary's tables and phrases.

use std::fmt::Write;

pub mod names;

use crate::Dialect;
use crate::board::{BoardSize, Position, Side, Step, generate};
use crate::model::{self, Bend, Initial, Leg, LegSteps, Move, MoveKind, Reach, Wrap};
use crate::render;
use crate::tree::Parse;
use crate::vocabulary::phrases::{self, DEFAULT_EARLIER, DEFAULT_FINAL};
use crate::vocabulary::{Atom, AtomShape, Modifier};

/// The explanation of a whole piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// One line about the whole piece.
    pub summary: String,
    /// One paragraph per move, in source order.
    pub moves: Vec<MoveExplanation>,
    /// Letters the dialect's engine skips (Fairy-Stockfish), as written.
    pub ignored: Vec<String>,
}

/// One move: its source text and one line per leg, then notes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveExplanation {
    pub text: String,
    pub lines: Vec<String>,
}

impl Explanation {
    /// The explanation as text: the summary, each move, and any ignored letters.
    pub fn to_text(&self) -> String {
        let mut out = format!("{}\n", self.summary);
        for m in &self.moves {
            let _ = writeln!(out, "\n{}:", m.text);
            for line in &m.lines {
                let _ = writeln!(out, "  {line}");
            }
        }
        if !self.ignored.is_empty() {
            let _ = writeln!(
                out,
                "\nFairy-Stockfish skips these letters without a word: {}",
                self.ignored.join(" ")
            );
        }
        out
    }
}

/// Explains a parsed piece.
pub fn explain(parse: &Parse) -> Explanation {
    let dialect = parse.dialect();
    let tree = parse.piece();
    let piece = model::build(&tree, dialect);
    let text = parse.syntax().text().to_string();
    let slice = |range: rowan::TextRange| text[range].to_owned();
    let mut moves = Vec::new();
    for a_move in tree.moves() {
        let range = a_move.text_range();
        let models: Vec<&Move> = piece.moves.iter().filter(|m| m.source == range).collect();
        let mut lines = match models.as_slice() {
            [] => vec![
                "(no move: the letters have no atom, or Fairy-Stockfish builds nothing from them)"
                    .to_owned(),
            ],
            [only] => explain_move(
                only,
                a_move.atom().and_then(|a| a.atom()),
                a_move.atom().is_some_and(|a| a.is_doubled()),
            ),
            [first, ..] => {
                // A repeat group: explain the form with one repeat, and say how it varies.
                let one = models.get(1).copied().unwrap_or(first);
                let mut lines = vec![format!(
                    "a repeat group: the parenthesised letters may occur 0 to {} times; with one repeat:",
                    models.len() - 1
                )];
                lines.extend(explain_move(
                    one,
                    a_move.atom().and_then(|a| a.atom()),
                    false,
                ));
                lines
            }
        };
        if lines.is_empty() {
            lines.push("(no move)".to_owned());
        }
        moves.push(MoveExplanation {
            text: slice(range),
            lines,
        });
    }
    let ignored = if dialect == Dialect::Fairy {
        model::fairy::skipped_letters(&tree)
            .into_iter()
            .map(slice)
            .collect()
    } else {
        Vec::new()
    };
    // The catalogue is written in XBetza; a Fairy-Stockfish piece is named by what the engine
    // builds, which the comparison of moves handles the same way.
    let names: Vec<&str> = names::recognise(&piece).iter().map(|e| e.name).collect();
    let mut summary = summary(&piece, moves.len());
    if let Some((first, others)) = names.split_first() {
        summary = if others.is_empty() {
            format!("The {first}. {summary}")
        } else {
            format!(
                "The {first} (also known as: {}). {summary}",
                others.join(", ")
            )
        };
    }
    Explanation {
        summary,
        moves,
        ignored,
    }
}

fn summary(piece: &model::Piece, written: usize) -> String {
    let captures = piece.moves.iter().any(|m| {
        m.legs
            .last()
            .is_some_and(|l| l.modes.capture_enemy || l.modes.capture_friend)
    });
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

fn explain_move(a_move: &Move, atom: Option<Atom>, doubled: bool) -> Vec<String> {
    let mut lines = Vec::new();
    match &a_move.kind {
        MoveKind::Universal => lines.push("leaps to any square of the board except its own (U)".to_owned()),
        MoveKind::Castling { king_step, directions, next_closer } => lines.push(format!(
            "castles {}: moves {king_step} squares toward {} friendly piece on the edge, which jumps over it",
            directions_words(directions),
            if *next_closer { "the next" } else { "the" }
        )),
        MoveKind::Imitator => lines.push("moves like the piece that moved last (I); it has no squares of its own".to_owned()),
        MoveKind::OffBoardLeg => lines.push("has a leg that must end off the board (o before a)".to_owned()),
        MoveKind::Legs => {
            let count = a_move.legs.len();
            // The shape the move has reached: turns rotate it (W↔F, D↔A, H↔G), so later legs
            // can say what they continue as.
            let mut shape = match a_move.legs.first().map(|l| &l.steps) {
                Some(LegSteps::Absolute(steps)) => steps.first().copied(),
                _ => None,
            };
            for (index, leg) in a_move.legs.iter().enumerate() {
                let number = if count > 1 && !leg.hidden {
                    format!("{}. ", index + 1)
                } else {
                    String::new()
                };
                lines.push(format!(
                    "{number}{}",
                    leg_line(leg, index + 1 == count, atom, doubled, shape)
                ));
                if let (LegSteps::Relative(turns), Some(step)) = (&leg.steps, shape) {
                    shape = turns.first().map(|t| step.turned(*t));
                }
            }
        }
    }
    match a_move.initial {
        Initial::Always => {}
        Initial::FirstMove => lines.push(format!("({})", phrases::INITIAL)),
        Initial::FromStartSquare => lines.push(format!("({})", phrases::INITIAL_SQUARE)),
    }
    lines
}

fn leg_line(
    leg: &Leg,
    is_final: bool,
    atom: Option<Atom>,
    doubled: bool,
    shape: Option<Step>,
) -> String {
    let mut parts = Vec::new();
    match &leg.steps {
        LegSteps::Absolute(steps) => {
            parts.push(format!(
                "{}, {}",
                atom.map_or_else(
                    || "move".to_owned(),
                    |a| atom_words(a, leg.reach, doubled, steps)
                ),
                directions_words(steps)
            ));
        }
        LegSteps::Relative(_) if leg.hidden => {
            parts.push(format!(
                "{}, {}",
                phrases::HIDDEN_HOP_OFF,
                reach_words(leg.reach)
            ));
        }
        LegSteps::Relative(turns) => parts.push(match shape {
            Some(step) => format!(
                "then {}, {}",
                turn_words(turns),
                continues_as(step, turns, leg.reach)
            ),
            None => format!("then {}, {}", turn_words(turns), reach_words(leg.reach)),
        }),
        LegSteps::Unvisited(_) => parts.push(format!(
            "then in any direction of its atom, except onto a square already visited, {}",
            reach_words(leg.reach)
        )),
    }
    parts.push(mode_words(leg, is_final || leg.hidden));
    if leg.lame.is_some() {
        parts.push(phrases::LAME.to_owned());
    }
    if leg.jumping {
        parts.push(
            if leg.reach == Reach::Steps(1) {
                phrases::MUST_JUMP
            } else {
                phrases::SKIPS_FIRST
            }
            .to_owned(),
        );
    }
    if leg.iso {
        parts.push(phrases::ISO.to_owned());
    }
    if leg.unload {
        parts.push(phrases::UNLOAD.to_owned());
    }
    match leg.wrap {
        Wrap::None => {}
        Wrap::Cylinder => parts.push(phrases::CYLINDER.to_owned()),
        Wrap::Torus => parts.push(phrases::TORUS.to_owned()),
    }
    match leg.bend {
        None => {}
        Some(Bend::Circular) => parts.push(phrases::CIRCULAR.to_owned()),
        Some(Bend::ZigZag) => parts.push(phrases::ZIG_ZAG.to_owned()),
    }
    parts.join("; ")
}

fn mode_words(leg: &Leg, is_final: bool) -> String {
    if leg.default_modes {
        return if is_final {
            DEFAULT_FINAL
        } else {
            DEFAULT_EARLIER
        }
        .to_owned();
    }
    let m = leg.modes;
    let toggles = leg.toggles_next;
    let letters = [
        (m.to_empty && !(toggles && !m.hop && !is_final), Modifier::M),
        (m.to_empty && toggles && !m.hop && !is_final, Modifier::Y),
        (m.capture_enemy, Modifier::C),
        (m.capture_friend, Modifier::D),
        (m.en_passant, Modifier::E),
        (m.hop && !toggles, Modifier::P),
        (m.hop && toggles, Modifier::G),
        (m.royal, Modifier::K),
        (m.excite, Modifier::X),
    ];
    let words: Vec<&str> = letters
        .iter()
        .filter(|(on, _)| *on)
        .filter_map(|(_, modifier)| modifier.mode_phrase())
        .map(|p| if is_final { p.final_leg } else { p.earlier_leg })
        .collect();
    words.join(", or ")
}

fn reach_words(reach: Reach) -> String {
    match reach {
        Reach::Steps(1) => "one step".to_owned(),
        Reach::Steps(n) => format!("up to {n} steps"),
        Reach::Unlimited => "any distance".to_owned(),
        Reach::ToEnemyHalf => "as far as the enemy half (*)".to_owned(),
    }
}

/// "Wazir step (0,1)", "Bishop slide, any distance", "Nightrider: Knight leaps (1,2) in a line".
fn atom_words(atom: Atom, reach: Reach, doubled: bool, steps: &[Step]) -> String {
    let entry = atom.entry();
    let vector = steps
        .first()
        .map(|s| {
            let (a, b) = (s.dx.abs().min(s.dy.abs()), s.dx.abs().max(s.dy.abs()));
            format!(" ({a},{b})")
        })
        .unwrap_or_default();
    let single = steps.first().is_some_and(|s| s.king_distance() == 1);
    // A vector names a single leaper; compounds (K, S, T) have several.
    let vector = if matches!(entry.shape, AtomShape::Leaper { .. }) {
        vector
    } else {
        String::new()
    };
    match entry.shape {
        AtomShape::Slider { .. } => format!("{} slide, {}", entry.name, reach_words(reach)),
        _ if reach == Reach::Steps(1) => {
            format!(
                "{} {}{vector}",
                entry.name,
                if single { "step" } else { "leap" }
            )
        }
        _ => format!(
            "{} {}{vector} repeated in a line{}, {}",
            entry.name,
            if single { "steps" } else { "leaps" },
            if doubled {
                " (a doubled atom: a rider)"
            } else {
                ""
            },
            reach_words(reach)
        ),
    }
}

/// Absolute steps in words: "forward", "forward-right (steep)", or "in every direction".
fn directions_words(steps: &[Step]) -> String {
    if steps.is_empty() {
        return "in no direction at all".to_owned();
    }
    let symmetric = steps.len() >= 4
        && steps.iter().all(|s| {
            steps.contains(&Step::new(-s.dx, s.dy)) && steps.contains(&Step::new(s.dx, -s.dy))
        });
    if symmetric && steps.iter().all(|s| steps.contains(&Step::new(s.dy, s.dx))) {
        return "in every direction".to_owned();
    }
    let names: Vec<String> = steps.iter().map(|s| step_name(*s)).collect();
    names.join(", ")
}

fn step_name(step: Step) -> String {
    let vertical = match step.dy.signum() {
        1 => "forward",
        -1 => "backward",
        _ => "",
    };
    let horizontal = match step.dx.signum() {
        1 => "right",
        -1 => "left",
        _ => "",
    };
    let (x, y) = (step.dx.abs(), step.dy.abs());
    match (vertical.is_empty(), horizontal.is_empty()) {
        (true, _) => horizontal.to_owned(),
        (_, true) => vertical.to_owned(),
        _ if x == y => format!("{vertical}-{horizontal}"),
        _ if y > x => format!("{vertical}-{horizontal} (steep)"),
        _ => format!("{vertical}-{horizontal} (flat)"),
    }
}

/// What a continuation leg moves as after its turns: "continuing as a Ferz step", "as a Rook
/// slide", from the atom table's names.
fn continues_as(step: Step, turns: &[u8], reach: Reach) -> String {
    let mut names: Vec<String> = Vec::new();
    for turn in turns {
        let turned = step.turned(*turn);
        let (a, b) = (
            turned.dx.abs().min(turned.dy.abs()),
            turned.dx.abs().max(turned.dy.abs()),
        );
        let Some(entry) = crate::vocabulary::ATOMS
            .iter()
            .find(|e| matches!(e.shape, AtomShape::Leaper { leap } if (leap.0 as i8, leap.1 as i8) == (a, b)))
        else {
            continue;
        };
        let slider = crate::vocabulary::ATOMS
            .iter()
            .find(|e| matches!(e.shape, AtomShape::Slider { step } if step == entry.atom));
        let name = match (reach, slider) {
            (Reach::Steps(1), _) => {
                format!(
                    "{} {}",
                    entry.name,
                    if turned.king_distance() == 1 {
                        "step"
                    } else {
                        "leap"
                    }
                )
            }
            (Reach::Unlimited, Some(slider)) => format!("{} slide", slider.name),
            _ => format!("{} rider, {}", entry.name, reach_words(reach)),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.is_empty() {
        "continuing".to_owned()
    } else {
        format!("continuing as a {}", names.join(" or "))
    }
}

/// Turns relative to the previous leg: "straight on", "45° left or right".
fn turn_words(turns: &[u8]) -> String {
    let name = |t: u8| match t {
        0 => "straight on",
        1 => "turning 45° right",
        2 => "turning 90° right",
        3 => "turning 135° right",
        4 => "straight back",
        5 => "turning 135° left",
        6 => "turning 90° left",
        _ => "turning 45° left",
    };
    let mut words: Vec<String> = Vec::new();
    let mut remaining: Vec<u8> = turns.to_vec();
    for (right, left, both) in [
        (1, 7, "turning 45° left or right"),
        (2, 6, "turning 90° left or right"),
        (3, 5, "turning 135° left or right"),
    ] {
        if remaining.contains(&right) && remaining.contains(&left) {
            remaining.retain(|t| *t != right && *t != left);
            words.push(both.to_owned());
        }
    }
    words.extend(remaining.iter().map(|t| name(*t).to_owned()));
    if words.is_empty() {
        "in no direction".to_owned()
    } else {
        words.join(", or ")
    }
}

/// The squares of the piece on an empty board, drawn around it. Without a board: a 15×15 board
/// cut to a window at least 7×7 and large enough for its nearest moves; with one, the whole
/// board with the piece in the centre.
pub fn diagram(parse: &Parse, board: Option<BoardSize>) -> String {
    let dialect = parse.dialect();
    let size = board.unwrap_or(BoardSize {
        files: 15,
        ranks: 15,
    });
    let from = size.centre();
    let Ok(position) = Position::new(size, from, Side::White, false, &[], &[]) else {
        return String::new();
    };
    let piece = model::build(&parse.piece(), dialect);
    let generated = generate(&piece, &position);
    let uses = generated.summary();
    let reach = uses
        .keys()
        .map(|s| s.file.abs_diff(from.file).max(s.rank.abs_diff(from.rank)))
        .max()
        .unwrap_or(0);
    let window = board.is_none().then(|| reach.clamp(3, 7));
    let mut text = render::grid(&position, &uses, window);
    if generated.truncated {
        text.push_str("(the search was cut short at its budget: some squares may be missing)\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use crate::{Dialect, parse};

    fn check(betza: &str, dialect: Dialect, expected: Expect) {
        let parsed = parse(betza, dialect);
        let mut text = super::explain(&parsed).to_text();
        text.push_str(&super::diagram(&parsed, None));
        expected.assert_eq(&text);
    }

    #[test]
    fn xiangqi_horse_leg_by_leg() {
        // Seed 000: "mafsW is the Xiangqi Horse, and after the initial mW the second leg is
        // really an F move."
        check(
            "mafsW",
            Dialect::XBetza,
            expect![[r#"
                The Xiangqi Horse (also known as: Mao). 1 move in XBetza; it can capture; some moves have several legs.

                mafsW:
                  1. Wazir step (0,1), in every direction; must land on an empty square
                  2. then turning 45° left or right, continuing as a Ferz step; moves to an empty square or captures an enemy (mc, the default)
                 11  . . . . . . .
                 10  . . * . * . .
                  9  . * . . . * .
                  8  . . . @ . . .
                  7  . * . . . * .
                  6  . . * . * . .
                  5  . . . . . . .
                     e f g h i j k
                @ the piece   * moves there, or captures an enemy there
            "#]],
        );
    }

    #[test]
    fn valkyrie_move_by_move() {
        check(
            "QudQafudQ",
            Dialect::XBetza,
            expect![[r#"
                The Valkyrie. 3 moves in XBetza; it can capture; some moves have several legs.

                Q:
                  Queen slide, any distance, in every direction; moves to an empty square or captures an enemy (mc, the default)

                udQ:
                  Queen slide, any distance, in every direction; captures a friendly piece there; the captured piece reappears where this leg started (u)

                afudQ:
                  1. Queen slide, any distance, in every direction; must land on an empty square (m, the default before an a)
                  2. then straight on, continuing as a Rook slide; captures a friendly piece there; the captured piece reappears where this leg started (u)
                 15  * . . . . . . * . . . . . . *
                 14  . * . . . . . * . . . . . * .
                 13  . . * . . . . * . . . . * . .
                 12  . . . * . . . * . . . * . . .
                 11  . . . . * . . * . . * . . . .
                 10  . . . . . * . * . * . . . . .
                  9  . . . . . . * * * . . . . . .
                  8  * * * * * * * @ * * * * * * *
                  7  . . . . . . * * * . . . . . .
                  6  . . . . . * . * . * . . . . .
                  5  . . . . * . . * . . * . . . .
                  4  . . . * . . . * . . . * . . .
                  3  . . * . . . . * . . . . * . .
                  2  . * . . . . . * . . . . . * .
                  1  * . . . . . . * . . . . . . *
                     a b c d e f g h i j k l m n o
                @ the piece   * moves there, or captures an enemy there
            "#]],
        );
    }

    #[test]
    fn fide_pawn_with_initial_and_en_passant() {
        check(
            "fmWfceFifmnD",
            Dialect::XBetza,
            expect![[r#"
                The Pawn. 3 moves in XBetza; it can capture.

                fmW:
                  Wazir step (0,1), forward; moves to an empty square

                fceF:
                  Ferz step (1,1), forward-right, forward-left; captures an enemy there, or captures en passant

                ifmnD:
                  Dabbaba leap (0,2), forward; moves to an empty square; non-jumping: it is blocked by a piece on the way
                  (only on the piece's first move)
                 11  . . . . . . .
                 10  . . . i . . .
                  9  . . x o x . .
                  8  . . . @ . . .
                  7  . . . . . . .
                  6  . . . . . . .
                  5  . . . . . . .
                     e f g h i j k
                @ the piece   x captures there (an enemy there, or if one stood there)   i moves there on its first move only   o moves there
            "#]],
        );
    }

    /// Explanation and diagram of many strings, one after the other, for a file snapshot.
    fn explain_all<'a>(strings: impl Iterator<Item = (&'a str, &'a str)>) -> String {
        let mut out = String::new();
        for (title, betza) in strings {
            let parsed = parse(betza, Dialect::XBetza);
            out.push_str(&format!("===== {title}: {betza}\n"));
            out.push_str(&super::explain(&parsed).to_text());
            out.push_str(&super::diagram(&parsed, None));
            out.push('\n');
        }
        out
    }

    #[test]
    fn every_catalogue_piece_is_explained_and_drawn() {
        let entries = super::names::catalogue();
        let text = explain_all(entries.iter().map(|e| (e.name, e.betza)));
        expect_test::expect_file!["../../test_data/explain/catalogue.txt"].assert_eq(&text);
    }

    #[test]
    fn every_seed_example_is_explained_and_drawn() {
        let folder =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/parser/xbetza/ok");
        let mut inputs: Vec<(String, String)> = std::fs::read_dir(folder)
            .expect("snapshot inputs")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "betza"))
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().contains("_seed_"))
            })
            .filter_map(|p| {
                Some((
                    p.file_stem()?.to_string_lossy().into_owned(),
                    std::fs::read_to_string(&p).ok()?,
                ))
            })
            .collect();
        inputs.sort();
        let text = explain_all(
            inputs
                .iter()
                .map(|(name, betza)| (name.as_str(), betza.as_str())),
        );
        expect_test::expect_file!["../../test_data/explain/seed_examples.txt"].assert_eq(&text);
    }

    #[test]
    fn fairy_says_which_letters_the_engine_skips() {
        check(
            "mafsW",
            Dialect::Fairy,
            expect![[r#"
            1 move in Fairy-Stockfish Betza; it never captures.

            mafsW:
              Wazir step (0,1), forward, right, left; moves to an empty square

            Fairy-Stockfish skips these letters without a word: a
             11  . . . . . . .
             10  . . . . . . .
              9  . . . o . . .
              8  . . o @ o . .
              7  . . . . . . .
              6  . . . . . . .
              5  . . . . . . .
                 e f g h i j k
            @ the piece   o moves there
        "#]],
        );
    }
}
