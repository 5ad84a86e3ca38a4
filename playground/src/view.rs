//! What the page shows for one state (a string, a dialect, a board and the pieces on it), as
//! JSON: the findings with their fixes, the explanation, the diagram and, when a reading to
//! convert to is chosen, the string written for it. Everything comes from the library, read as
//! `betza check`, `betza explain`, `betza moves` and `betza convert` read it; this file only
//! converts, and positions become UTF-16 offsets of the string.

use std::cell::RefCell;

use betza_syntax::analysis::{self, LineIndex, Lines, Options, Unit};
use betza_syntax::board::{self, BoardSize, Generated, Position, Square};
use betza_syntax::convert::{self, Conversion, Difference, Landing, NoMeaning};
use betza_syntax::diagnostic::Diagnostic;
use betza_syntax::explain::{names, pieces, said_in_turn};
use betza_syntax::{BetzaString, Dialect, Reading, model, render};
use serde_json::{Value, json};

use crate::position::{position, typed};
use crate::request::Request;

/// The readings the page can write a string for, in the order of the menu.
pub fn conversions() -> Value {
    Reading::CONVERSIONS
        .iter()
        .map(|r| json!({ "id": r.id(), "title": r.reader() }))
        .collect()
}

/// The dialects the page offers, in the order of the menu, each saying whether a conversion
/// reads it (the page offers "Convert to" only then).
pub fn dialects() -> Value {
    let mut list: Vec<Value> = Dialect::ALL
        .iter()
        .map(|d| {
            let converts = Reading::of_dialect(*d).is_some();
            json!({ "id": d.id(), "title": d.title(), "converts": converts })
        })
        .collect();
    list.push(json!({
        "id": Reading::XBOARD.id(),
        "title": "XBoard's own reading of XBetza",
        "converts": Reading::XBOARD.converts(),
    }));
    Value::Array(list)
}

/// Every named piece of the library's catalogue.
pub fn catalogue() -> Value {
    names::catalogue()
        .iter()
        .map(|p| json!({ "name": p.name, "betza": p.betza, "source": p.source }))
        .collect()
}

/// Everything the page shows for `request`. A bad dialect, board or square is a `problem`
/// said in words; what does not depend on it is still shown.
pub fn update(request: &Request) -> Value {
    let reading = match request.dialect.parse::<Reading>() {
        Ok(reading) => reading,
        Err(problem) => return json!({ "problem": problem, "findings": [] }),
    };
    let dialect = reading.dialect();
    // Read once for the findings, the words and the diagram.
    let string = BetzaString::new(request.betza, dialect);
    let board = request.board.parse::<BoardSize>();
    // An MBN text of several definitions or with macros is explained a piece at a time, as
    // `betza explain` does; the diagram is the first piece's.
    let pieces = pieces(&string);
    let seen = board.as_ref().ok().copied();
    let mut explanation = said_in_turn(&pieces, |piece| piece.explanation_on(seen).to_text());
    let first = pieces.iter().find_map(|p| Some((p.parse()?, p.model()?)));
    let drawn = first.map_or(string.parse(), |(parse, _)| parse);
    if let Some(said) = betza_syntax::registry::engine_reading_said(reading, &string, seen) {
        explanation.push('\n');
        explanation.push_str(&said);
    }
    let position = board.and_then(|size| position(size, request));
    let mut view = json!({
        "findings": findings(&string, (seen, position.as_ref().ok())),
        "explanation": explanation,
    });
    if let Some(conversion) = conversion(request, reading, position.as_ref().ok()) {
        view["conversion"] = conversion;
    }
    match position {
        Ok(position) => {
            // An engine's own reading is generated from the text, not from our model.
            let piece = matches!(reading, Reading::Dialect(_))
                .then(|| first.map_or_else(|| string.model(), |(_, model)| model));
            let generated = match piece {
                Some(piece) => board::generate(piece, &position),
                None => betza_syntax::registry::generate_as(reading, request.betza, &position),
            };
            view["diagram"] = diagram(
                &position,
                &generated,
                typed(request.pieces, position.side, position.size),
            );
            let drawn_text = drawn.syntax().text().to_string();
            let mut said = notes(&drawn_text, piece, &generated);
            let off: Vec<String> = crate::position::off_board(position.size, request)
                .iter()
                .map(ToString::to_string)
                .collect();
            if !off.is_empty() {
                said.insert(
                    0,
                    format!(
                        "Left out, off the {} board: the pieces on {}.",
                        position.size,
                        off.join(" ")
                    ),
                );
            }
            view["notes"] = said.into();
        }
        Err(problem) => view["problem"] = problem.into(),
    }
    view
}

/// The string written for the reading `request.convert` names, as `betza convert` writes it:
/// `{"to", "title", "betza", "exact", "difference": null | words, "lost", "added", "diagram",
/// "notes"}`: the difference told of the page's position when it is good (the squares there,
/// else that both readings agree there or on its whole board, then where they differ), the
/// diagram the target's reading of the new string in the page's position (absent when the
/// position is bad, as the page's own); or `{"to", "title", "problem"}` when the string has no
/// meaning or its dialect has no conversion. None when no reading is chosen.
fn conversion(request: &Request, reading: Reading, position: Option<&Position>) -> Option<Value> {
    let id = request.convert.trim();
    if id.is_empty() {
        return None;
    }
    let to = match Reading::conversion(id) {
        Ok(to) => to,
        Err(problem) => return Some(json!({ "to": id, "problem": problem })),
    };
    let mut view = json!({ "to": to.id(), "title": to.reader() });
    // MBN and chained Betza have no conversion.
    let Some(from) = Some(reading).filter(|reading| reading.converts()) else {
        view["problem"] = format!(
            "conversion reads XBetza, Fairy-Stockfish or XBoard's reading, not {}",
            reading.dialect().title()
        )
        .into();
        return Some(view);
    };
    let conversion = match converted(request.betza, from, to) {
        Ok(conversion) => conversion,
        Err(no_meaning) => {
            view["problem"] = format!("{no_meaning}: nothing to convert").into();
            return Some(view);
        }
    };
    let landings = |moves: &[Landing]| -> Vec<Value> {
        moves
            .iter()
            .map(|m| {
                let capturing: Vec<String> = m.capturing.iter().map(ToString::to_string).collect();
                json!({ "to": m.to.to_string(), "capturing": capturing })
            })
            .collect()
    };
    // Where it differs is told of the page's position, as far as generation shows it there.
    let seen =
        position.and_then(|position| seen_from(request.betza, (from, to), &conversion, position));
    let difference = seen.as_ref().or(conversion.difference.as_ref());
    // The string itself, not exact, is no conversion to copy: say that none was found.
    if !conversion.exact && conversion.betza == request.betza {
        view["problem"] = format!(
            "no string was found that {} reads as {} reads this one; as written, {}",
            to.reader(),
            from.reader(),
            difference.map_or("the moves differ", |d| d.words.as_str())
        )
        .into();
        return Some(view);
    }
    view["betza"] = conversion.betza.clone().into();
    view["exact"] = conversion.exact.into();
    view["difference"] = difference.map(|d| d.words.clone()).into();
    view["lost"] = difference
        .map(|d| landings(&d.lost))
        .unwrap_or_default()
        .into();
    view["added"] = difference
        .map(|d| landings(&d.added))
        .unwrap_or_default()
        .into();
    if let Some(position) = position {
        let text = &conversion.betza;
        // XBoard's reading is drawn by its own generator.
        let (piece, generated) = match to {
            Reading::Engine(_) => (
                None,
                betza_syntax::registry::generate_as(to, text, position),
            ),
            Reading::Dialect(dialect) => {
                let piece = betza_syntax::registry::lower(
                    &betza_syntax::parse(text, dialect).piece(),
                    dialect,
                );
                let generated = board::generate(&piece, position);
                (Some(piece), generated)
            }
        };
        view["diagram"] = diagram(
            position,
            &generated,
            typed(request.pieces, position.side, position.size),
        );
        view["notes"] = notes(text, piece.as_ref(), &generated).into();
    }
    Some(view)
}

/// A string, the reading it is read in and the reading it is written for, with the answer.
type Asked = (String, Reading, Reading, Result<Conversion, NoMeaning>);

thread_local! {
    /// The last conversion: a click on a square or another board redraws the page with the
    /// same string, and the conversion does not depend on them.
    static LAST: RefCell<Option<Asked>> = const { RefCell::new(None) };
}

/// `text` read as `from`, written for `to`; the last answer again for the same question.
fn converted(text: &str, from: Reading, to: Reading) -> Result<Conversion, NoMeaning> {
    LAST.with_borrow_mut(|last| {
        if let Some((t, f, o, answer)) = last.as_ref()
            && t == text
            && *f == from
            && *o == to
        {
            return answer.clone();
        }
        let answer = convert::convert(text, from, to);
        *last = Some((text.to_owned(), from, to, answer.clone()));
        answer
    })
}

/// A string, the readings of its conversion and the page's position, with where the
/// conversion differs told of that position.
type Told = (String, Reading, Reading, Position, Option<Difference>);

thread_local! {
    /// The last difference told: an update that changes nothing it depends on (another
    /// dialect's menu, a bad square elsewhere) does not compare the readings again.
    static TOLD: RefCell<Option<Told>> = const { RefCell::new(None) };
}

/// Where `conversion`, of `text` read as `from` written for `to`, differs from it, told of the
/// page's `position` ([`convert::difference_seen`]); `None` when it is exact or makes the same
/// moves.
fn seen_from(
    text: &str,
    (from, to): (Reading, Reading),
    conversion: &Conversion,
    position: &Position,
) -> Option<Difference> {
    TOLD.with_borrow_mut(|told| {
        if let Some((t, f, o, p, difference)) = told.as_ref()
            && t == text
            && *f == from
            && *o == to
            && p == position
        {
            return difference.clone();
        }
        let difference = convert::difference_seen(text, (from, to), conversion, position);
        *told = Some((
            text.to_owned(),
            from,
            to,
            position.clone(),
            difference.clone(),
        ));
        difference
    })
}

/// What `betza check` finds in the string alone, ranges and edits in UTF-16 offsets; findings
/// that name squares speak of the page's position first (its board and pieces), else of its
/// empty `board`.
fn findings(
    string: &BetzaString,
    (board, position): (Option<BoardSize>, Option<&Position>),
) -> Value {
    // Offsets as JavaScript counts them: UTF-16 units from the string's start.
    let offsets = LineIndex::new(string.text());
    let range = |r: betza_syntax::TextRange| {
        (
            offsets.offset_in(usize::from(r.start()), Unit::Utf16),
            offsets.offset_in(usize::from(r.end()), Unit::Utf16),
        )
    };
    let options = Options {
        default_dialect: string.dialect(),
        board,
        position: position.cloned(),
        ..Options::default()
    };
    let one = |d: &Diagnostic| {
        let (start, end) = range(d.range);
        let fix = d.fix.as_ref().map(|fix| {
            let edits: Vec<Value> = fix
                .edits
                .iter()
                .map(|e| {
                    let (start, end) = range(e.range);
                    json!({ "start": start, "end": end, "text": e.text })
                })
                .collect();
            json!({ "title": fix.title, "edits": edits })
        });
        json!({
            "start": start,
            "end": end,
            "severity": d.severity.as_str(),
            "code": d.code.name(),
            "message": d.message,
            "help": d.help,
            "fix": fix,
        })
    };
    analysis::analyse_string(string, &options)
        .iter()
        .map(one)
        .collect()
}

/// The whole board as SVG, with what the page needs to find the square under a click (the
/// board is drawn whole, top rank first, in squares of `cell` pixels) and to letter the typed
/// pieces over it.
pub(crate) fn diagram(position: &Position, generated: &Generated, typed: Value) -> Value {
    let destinations: Vec<String> = generated
        .destinations()
        .iter()
        .map(Square::to_string)
        .collect();
    json!({
        "svg": render::svg(position, &generated.summary(), None),
        "cell": render::SVG_CELL,
        "files": position.size.files,
        "ranks": position.size.ranks,
        "from": position.from.to_string(),
        "destinations": destinations,
        "typed": typed,
    })
}

/// What the diagram leaves out, each said once: parts not drawn, moves with no squares,
/// borrowed moves, a search cut short.
pub(crate) fn notes(
    text: &str,
    piece: Option<&model::Piece>,
    generated: &Generated,
) -> Vec<String> {
    let quoted = |range: &betza_syntax::TextRange| {
        let letters = text
            .get(std::ops::Range::<usize>::from(*range))
            .unwrap_or("");
        betza_syntax::quote::shortened(letters).to_string()
    };
    let mut notes: Vec<String> = Vec::new();
    let not_drawn = piece.into_iter().flat_map(|p| &p.not_drawn);
    let said = not_drawn
        .map(|(r, why)| format!("`{}` is not fully drawn: {why}", quoted(r)))
        .chain(
            generated
                .not_generated
                .iter()
                .map(|(r, why)| format!("`{}` has no squares drawn: {why}", quoted(r))),
        );
    for note in said {
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    if !generated.borrowed_from.is_empty() {
        let friends: Vec<String> = generated
            .borrowed_from
            .iter()
            .map(Square::to_string)
            .collect();
        notes.push(format!(
            "the piece borrows the moves of the friends on {}, which depend on what they are",
            friends.join(", ")
        ));
    }
    for set in &generated.assumed {
        notes.push(format!(
            "pieces here have no type: they are taken to be in `{}`; give their types under \
             Typed pieces (as in N@e4)",
            quoted(set)
        ));
    }
    if generated.truncated {
        notes.push("the search was cut short at its budget: some squares may be missing".into());
    }
    notes
}
