//! `betza moves BETZA …`: where one piece can go on a board. Human output is the destination
//! list and a small diagram; `--json` prints `{"destinations": [...], "moves": [...]}`.

use std::collections::{HashMap, HashSet};
use std::process::ExitCode;

use betza_syntax::board::{
    BoardSize, Generated, GeneratedMove, Occupant, PlacedPiece, Position, Side, Square, generate,
};
use betza_syntax::{BetzaString, Reading, TextRange, model};
use serde_json::json;

use super::output::{EXIT_BAD_INPUT, print};
use super::report;

/// Everything `betza moves` was asked.
#[derive(Debug)]
pub struct Request {
    pub betza: String,
    /// How the string is read: in a dialect, or by an engine's own generator (XBoard's).
    pub reading: Reading,
    pub board: BoardSize,
    pub from: Option<Square>,
    pub side: Side,
    pub moved: bool,
    pub friends: Vec<Square>,
    pub enemies: Vec<Square>,
    /// Pieces of known type: friends or enemies by their side.
    pub pieces: Vec<PlacedPiece>,
    pub json: bool,
}

pub fn run(request: &Request) -> ExitCode {
    let string = BetzaString::new(&request.betza, request.reading.dialect());
    report::eprint_syntax_errors("<betza>", &request.betza, string.parse().errors());
    // An engine's own generator (XBoard's) reads the text itself, and what it can of any
    // string: our model is not needed for it.
    let engines_own = matches!(request.reading, Reading::Engine(_));
    if betza_syntax::registry::is_meaningless(string.parse()) && !engines_own {
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    let from = request.from.unwrap_or_else(|| request.board.centre());
    let mover_is_white = request.side == Side::White;
    let (mut friends, mut enemies) = (request.friends.clone(), request.enemies.clone());
    for piece in &request.pieces {
        if piece.white == mover_is_white {
            friends.push(piece.square);
        } else {
            enemies.push(piece.square);
        }
    }
    let mut position = match Position::new(
        request.board,
        from,
        request.side,
        request.moved,
        &friends,
        &enemies,
    ) {
        Ok(position) => position,
        Err(error) => {
            say!("error: {error}");
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    for piece in &request.pieces {
        position.name_piece(piece.square, &piece.name);
    }
    warn_of_a_board_too_large(&string, request.board);
    let piece = (!engines_own).then(|| string.model());
    let generated = match piece {
        Some(piece) => generate(piece, &position),
        None => betza_syntax::registry::generate_as(request.reading, &request.betza, &position),
    };
    // An MBN text of several definitions (a game) is several pieces: each is drawn on its own
    // (the JSON keeps every move of the text at its top, as before, and adds them).
    let split = if engines_own {
        Vec::new()
    } else {
        each_piece(&string, &position)
    };
    let out = if split.is_empty() {
        print_notes(&request.betza, piece, &generated);
        if request.json {
            json_output(&generated, &[])
        } else {
            human_output(&generated, &position)
        }
    } else {
        for one in &split {
            print_notes(&one.text, Some(&one.model), &one.generated);
        }
        if request.json {
            json_output(&generated, &split)
        } else {
            let said: Vec<String> = split
                .iter()
                .map(|one| format!("{}{}", one.header, human_output(&one.generated, &position)))
                .collect();
            said.join("\n----\n\n")
        }
    };
    match print(&out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(status) => status,
    }
}

/// Where the string's notation is an engine's reading with a limit on boards (Fairy-Stockfish's).
fn warn_of_a_board_too_large(string: &BetzaString, board: BoardSize) {
    let Some((engine, largest)) = string.board_limit() else {
        return;
    };
    if board.files > largest.files || board.ranks > largest.ranks {
        say!(
            "warning: {} accepts boards up to {largest}; {board} is larger",
            Reading::Engine(engine).reader()
        );
    }
}

/// What the squares shown leave out, on stderr: parts not drawn, friends whose moves are
/// borrowed, a search cut short.
fn print_notes(betza: &str, piece: Option<&model::Piece>, generated: &Generated) {
    let quoted = |range: &TextRange| {
        betza
            .get(usize::from(range.start())..usize::from(range.end()))
            .unwrap_or_default()
    };
    let shortened = betza_syntax::quote::shortened;
    let not_drawn = piece
        .into_iter()
        .flat_map(|piece| &piece.not_drawn)
        .map(|(r, why)| (*r, quoted(r), why.as_str()));
    for (text, why, times) in each_once(not_drawn) {
        say!(
            "note: `{}`{times} is not fully drawn: {why}",
            shortened(text)
        );
    }
    let not_generated = generated
        .not_generated
        .iter()
        .map(|(r, why)| (*r, quoted(r), *why));
    for (text, why, times) in each_once(not_generated) {
        say!(
            "note: `{}`{times} has no squares drawn: {why}",
            shortened(text)
        );
    }
    if !generated.borrowed_from.is_empty() {
        let friends: Vec<String> = generated
            .borrowed_from
            .iter()
            .map(|s| s.to_string())
            .collect();
        say!(
            "note: the piece borrows the moves of the friends on {}, which depend on what they are",
            friends.join(", ")
        );
    }
    for set in &generated.assumed {
        say!(
            "note: pieces of unknown type were taken to be in `{}`: give their types with \
             --piece (as in N@e4)",
            shortened(quoted(set))
        );
    }
    if generated.truncated {
        say!(
            "warning: the search was cut short at its budget; the squares shown are the ones found so far"
        );
    }
}

/// Each distinct note once, in the order first written, saying in how many places when more
/// than one: `UU…U` leaves sixty thousand identical parts undrawn, worth one line. A note the
/// model gives twice for the same place is one place.
fn each_once<'a>(
    notes: impl Iterator<Item = (TextRange, &'a str, &'a str)>,
) -> Vec<(&'a str, &'a str, String)> {
    let mut counted: Vec<((&str, &str), usize)> = Vec::new();
    let mut index: HashMap<(&str, &str), usize> = HashMap::new();
    let mut places: HashSet<(TextRange, &str)> = HashSet::new();
    for (range, text, why) in notes {
        let at = *index.entry((text, why)).or_insert_with(|| {
            counted.push(((text, why), 0));
            counted.len() - 1
        });
        if places.insert((range, why)) {
            counted[at].1 += 1;
        }
    }
    counted
        .into_iter()
        .map(|((text, why), places)| {
            let times = if places > 1 {
                format!(" (written in {places} places)")
            } else {
                String::new()
            };
            (text, why, times)
        })
        .collect()
}

fn destinations(generated: &Generated) -> Vec<String> {
    generated
        .destinations()
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// One piece of a text of several, with its moves in the position.
struct OnePiece {
    header: String,
    /// Its text, macros dissolved: where its notes point.
    text: String,
    model: model::Piece,
    generated: Generated,
}

/// The pieces of an MBN text of several definitions, each generated in `position`; none for a
/// text of one piece.
fn each_piece(string: &BetzaString, position: &Position) -> Vec<OnePiece> {
    let pieces = betza_syntax::explain::pieces(string);
    if pieces.len() < 2 {
        return Vec::new();
    }
    pieces
        .iter()
        .filter_map(|piece| {
            let model = piece.model()?.clone();
            let text = piece.parse()?.syntax().text().to_string();
            Some(OnePiece {
                header: piece.header.clone(),
                generated: generate(&model, position),
                text,
                model,
            })
        })
        .collect()
}

fn json_output(generated: &Generated, pieces: &[OnePiece]) -> String {
    let moves: Vec<_> = generated.moves.iter().map(move_json).collect();
    let mut value = json!({
        "destinations": destinations(generated),
        "moves": moves,
        "truncated": generated.truncated,
    });
    if !pieces.is_empty() {
        value["pieces"] = pieces
            .iter()
            .map(|one| {
                json!({
                    "piece": one.header.lines().next().unwrap_or_default(),
                    "betza": one.text,
                    "destinations": destinations(&one.generated),
                    "moves": one.generated.moves.iter().map(move_json).collect::<Vec<_>>(),
                    "truncated": one.generated.truncated,
                })
            })
            .collect();
    }
    let mut text = value.to_string();
    text.push('\n');
    text
}

fn human_output(generated: &Generated, position: &Position) -> String {
    let destinations = destinations(generated);
    let list = if destinations.is_empty() {
        "none".to_owned()
    } else {
        destinations.join(" ")
    };
    let mut text = format!("destinations: {list}\n");
    text.push_str(&betza_syntax::render::grid(
        position,
        &generated.summary(),
        None,
    ));
    text
}

fn move_json(m: &GeneratedMove) -> serde_json::Value {
    let names = |squares: &[Square]| squares.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    json!({
        "to": m.to.to_string(),
        "capture": m.capture.is_some(),
        "captures_friend": m.capture == Some(Occupant::Friend),
        "swap": m.swap,
        "path": names(&m.path),
        "hopped": names(&m.hopped),
        "initial_only": m.initial_only,
        "unload": m.unload.map(|s| s.to_string()),
        "captured_on_the_way": names(&m.captured),
        "waypoints": names(&m.waypoints),
        "ep_rights": names(&m.ep_rights),
    })
}

#[cfg(test)]
mod tests {
    use betza_syntax::TextRange;

    use super::each_once;

    /// Identical notes are one line saying in how many places, in the order first written; the
    /// same note twice for one place is one place.
    #[test]
    fn identical_notes_are_said_once_with_their_places() {
        let at = |start: u32| TextRange::new(start.into(), (start + 1).into());
        let notes = [
            (at(0), "U", "why"),
            (at(1), "K", "other"),
            (at(2), "U", "why"),
            (at(2), "U", "why"),
            (at(3), "U", "why"),
            (at(1), "K", "other"),
        ];
        assert_eq!(
            each_once(notes.into_iter()),
            [
                ("U", "why", " (written in 3 places)".to_owned()),
                ("K", "other", String::new())
            ]
        );
    }
}
