//! A whole `variants.ini` on the page (issue 55, "the variant at a glance"): its variants
//! listed, a chosen one's start position drawn on its own board with its pieces, and the moves
//! of the piece on a clicked square among the start position's other pieces. The library's
//! model of the file answers every question ([`Variants`]); this file only converts, and draws
//! with the page's own diagram. The file is read once and kept while the page asks about the
//! same text again (a click, another variant, a filter).

use std::cell::RefCell;
use std::rc::Rc;

use betza_syntax::BetzaString;
use betza_syntax::board::{self, Generated, Position, Side, Square};
use betza_syntax::host::HostFormat;
use betza_syntax::host::ini::Model;
use betza_syntax::ide::ini::{Glance, GlancePiece, Listed, Variants};
use serde_json::{Value, json};

use crate::view::{diagram, notes};

/// The most sections a list shows at once: a file of thousands of sections is found by
/// filtering, not by scrolling, and its list costs the page no more than this.
pub const LIST_MOST: usize = 300;

/// The most bytes and sections of a file read: Fairy-Stockfish's own file has 143 sections in
/// 80 kB, and a page must not hang on a file of a million. The rest is left out from the start
/// of a section, and said.
pub const TEXT_MOST: usize = 1 << 20;
pub const SECTIONS_MOST: usize = 10_000;

thread_local! {
    /// The last file read, with its text.
    static LAST: RefCell<Option<(String, Rc<Variants>)>> = const { RefCell::new(None) };
}

/// `text` read as a `variants.ini`, cut at [`TEXT_MOST`]; the last reading again for the same
/// text.
fn read(text: &str) -> Rc<Variants> {
    let text = within_bound(text);
    LAST.with_borrow_mut(|last| {
        if let Some((read, variants)) = last.as_ref()
            && read == text
        {
            return Rc::clone(variants);
        }
        let variants = Rc::new(Variants::read(text));
        *last = Some((text.to_owned(), Rc::clone(&variants)));
        variants
    })
}

/// `text` up to its [`SECTIONS_MOST`]th section and its [`TEXT_MOST`]th byte, cut where a
/// section starts (or a line, in a section longer than that).
fn within_bound(text: &str) -> &str {
    let mut end = text.len();
    if end > TEXT_MOST {
        end = TEXT_MOST;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        end = text[..end].rfind('\n').map_or(end, |at| at + 1);
    }
    // The one reader of the file says where its sections start.
    let model = Model::read(&text[..end]);
    let sections = model.sections();
    let last = sections.last().map_or(0, |s| s.start);
    let cut = match sections.get(SECTIONS_MOST + 1) {
        Some(beyond) => beyond.start,
        // A section cut short in its middle is left out whole, where another stands before it.
        None if end < text.len() && last > 0 => last,
        None => end,
    };
    &text[..cut]
}

/// What of `text` is left out of the reading, in words.
fn left_out(text: &str) -> Option<String> {
    let read = within_bound(text);
    (read.len() < text.len()).then(|| {
        let sections = Model::read(read).sections().len().saturating_sub(1);
        format!(
            "The file is too long for the page ({} bytes): only its first {sections} sections \
             are read.",
            text.len()
        )
    })
}

/// The sections whose name holds `filter`: `{"total", "matching", "variants": [{"index",
/// "name", "parent", "files", "ranks"}], "unregistered": [{"index", "name", "problem"}],
/// "notes": [...]}`, at most [`LIST_MOST`] of both lists together, in file order.
pub fn list(text: &str, filter: &str) -> Value {
    let variants = read(text);
    let listing = variants.list(filter, LIST_MOST);
    let (registered, unregistered): (Vec<&Listed>, Vec<&Listed>) =
        listing.shown.iter().partition(|l| l.size.is_some());
    let registered: Vec<Value> = registered
        .iter()
        .filter_map(|l| {
            let size = l.size?;
            Some(json!({
                "index": l.index,
                "name": l.name,
                "parent": l.parent,
                "files": size.files,
                "ranks": size.ranks,
            }))
        })
        .collect();
    let unregistered: Vec<Value> = unregistered
        .iter()
        .map(|l| json!({ "index": l.index, "name": l.name, "problem": l.problem }))
        .collect();
    let mut said: Vec<String> = left_out(text).into_iter().collect();
    if listing.matching > listing.shown.len() {
        said.push(format!(
            "{} of {} sections are listed: type part of a name to find the others.",
            listing.shown.len(),
            listing.matching
        ));
    }
    json!({
        "total": listing.total,
        "matching": listing.matching,
        "variants": registered,
        "unregistered": unregistered,
        "notes": said,
    })
}

/// Section `index` at a glance, with the moves of the piece on `square` (a square of the start
/// position; empty, or a square with no piece, for the first of White's pieces that can move):
/// `{"name", "parent", "built_in", "files", "ranks", "pieces": [{"letter", "betza", "name",
/// "origin"}], "start_problem", "diagram", "moving": {"square", "letter", "side",
/// "betza", "name", "destinations"}, "notes", "notice"}`, or `{"problem"}` when the section
/// has no board. `notice` says why the square asked for is not the one drawn.
pub fn variant(text: &str, index: usize, square: &str) -> Value {
    let variants = read(text);
    let glance = match variants.glance(index) {
        Ok(glance) => glance,
        Err(problem) => return json!({ "problem": problem }),
    };
    let pieces: Vec<Value> = glance
        .pieces
        .iter()
        .map(|p| {
            json!({
                "letter": p.letter.to_string(),
                "betza": p.betza,
                "name": piece_name(p),
                "origin": p.origin,
            })
        })
        .collect();
    let mut view = json!({
        "name": glance.name,
        "parent": glance.parent,
        "built_in": glance.built_in,
        "files": glance.size.files,
        "ranks": glance.size.ranks,
        "pieces": pieces,
        "start_problem": glance.start_problem,
    });
    let asked = square.trim();
    let chosen = (!asked.is_empty())
        .then(|| asked.parse::<Square>().ok())
        .flatten()
        .and_then(|s| Some((s, glance.position_at(s)?)));
    if !asked.is_empty() && chosen.is_none() {
        view["notice"] = format!("No piece stands on {asked} in the start position.").into();
    }
    let Some((from, (letter, position))) = chosen.or_else(|| first_mover(&glance)) else {
        return view;
    };
    let piece = glance.piece(letter);
    let betza = piece.map_or("", |p| p.betza.as_str());
    let string = BetzaString::new(betza, HostFormat::VariantsIni.dialect());
    let generated = board::generate(string.model(), &position);
    view["diagram"] = diagram(&position, &generated, letters(&glance, &position));
    let destinations: Vec<String> = (generated.destinations().iter())
        .map(Square::to_string)
        .collect();
    view["moving"] = json!({
        "square": from.to_string(),
        "letter": letter.to_string(),
        "side": if position.side == Side::White { "White" } else { "Black" },
        "betza": betza,
        "name": piece.and_then(piece_name),
        "destinations": destinations,
    });
    view["notes"] = said_of(&glance, piece, letter, (&string, &generated)).into();
    view
}

/// A piece's name as the list says it: a built-in piece's type (`pawn`, the xiangqi `king`),
/// else the catalogue's name for its moves.
fn piece_name(piece: &GlancePiece) -> Option<&str> {
    piece.kind.as_deref().or(piece.name)
}

/// The piece that is drawn when none is chosen: the first of White's pieces (from White's
/// side: lowest rank, then file) that has a square to go to in the start position, else the
/// first piece there is.
fn first_mover(glance: &Glance) -> Option<(Square, (char, Position))> {
    let mut placed: Vec<(Square, char)> = glance.start.clone();
    placed.sort_by_key(|(s, c)| (c.is_ascii_lowercase(), s.rank, s.file));
    let at = |square: Square| Some((square, glance.position_at(square)?));
    let moves = |(square, letter): &(Square, char)| {
        let betza = glance.piece(*letter).map_or("", |p| p.betza.as_str());
        let (_, position) = glance.position_at(*square)?;
        let string = BetzaString::new(betza, HostFormat::VariantsIni.dialect());
        (!board::generate(string.model(), &position)
            .destinations()
            .is_empty())
        .then_some(*square)
    };
    placed
        .iter()
        .find_map(moves)
        .or_else(|| placed.first().map(|(s, _)| *s))
        .and_then(at)
}

/// Every piece of the start position lettered on its square, as the page letters typed
/// pieces: upper case White, lower case Black, a friend or an enemy of the piece that moves.
fn letters(glance: &Glance, position: &Position) -> Value {
    let white = position.side == Side::White;
    (glance.start.iter().enumerate())
        .map(|(index, (square, letter))| {
            json!({
                "index": index,
                "square": square.to_string(),
                "name": letter.to_string(),
                "friend": letter.is_ascii_uppercase() == white,
            })
        })
        .collect()
}

/// What the diagram of the piece `letter` shows and leaves out.
fn said_of(
    glance: &Glance,
    piece: Option<&GlancePiece>,
    letter: char,
    (string, generated): (&BetzaString, &Generated),
) -> Vec<String> {
    let Some(piece) = piece else {
        return vec![format!(
            "`{letter}` is no piece of `[{}]`: Fairy-Stockfish has no piece with this letter \
             here, so no move is drawn.",
            glance.name
        )];
    };
    if piece.betza.is_empty() {
        return vec![format!(
            "`{letter}` does not move: its piece has no Betza string."
        )];
    }
    let mut said = vec![
        "Its moves as its Betza string gives them, from its start square among the start \
         position's pieces; the variant's own rules (check, castling, a pawn's double step, \
         promotion, drops) are not drawn."
            .to_owned(),
    ];
    if let (Some(rules), Some(variant)) = (&piece.beyond_betza, glance.built_in) {
        said.push(format!(
            "In `{variant}` it does not go everywhere its Betza says: the variant sets {rules}."
        ));
    }
    said.extend(notes(&piece.betza, Some(string.model()), generated));
    said
}

/// How a test says that the shared corpus it reads is missing (failing in CI).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../tests/common/tool.rs"]
mod tool;

#[cfg(test)]
mod tests;
