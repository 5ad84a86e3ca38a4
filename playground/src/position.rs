//! The position the page asks for, read as `betza moves --from --side --moved --friend --enemy
//! --piece` reads it: the piece's square (the centre when none is given), its side, whether
//! it has moved, untyped friends and enemies, and pieces of known type (`N@e4` White, `p@d5`
//! Black), each a friend or an enemy by the piece's side. Whatever the page or a link passes,
//! the answer is a position or a message naming the control at fault; never a panic.

use betza_syntax::board::{BoardSize, PlacedPiece, Position, Side, Square};
use serde_json::{Value, json};

use crate::request::Request;

/// The position of `request` on a board of `size`, with its typed pieces named.
pub fn position(size: BoardSize, request: &Request) -> Result<Position, String> {
    let from = match request.from.trim() {
        "" => size.centre(),
        text => text
            .parse::<Square>()
            .map_err(|e| format!("Piece on: {e}"))?,
    };
    // Said here rather than by Position::new, whose message does not say whose square it is.
    if !size.contains(from) {
        return Err(format!("Piece on: square {from} is off the {size} board"));
    }
    let side = side(request.side)?;
    // More entries than squares cannot all stand on the board; the bound also keeps a long
    // link from costing more than a board's worth of work.
    let most = usize::from(size.files) * usize::from(size.ranks);
    let mut friends: Vec<Square> = entries(request.friends, "friend", most)?;
    let mut enemies: Vec<Square> = entries(request.enemies, "enemy", most)?;
    let mut typed: Vec<PlacedPiece> = entries(request.pieces, "Typed pieces", most)?;
    // Pieces a smaller board leaves off stay in the page's lists, for a larger board again;
    // the position is what stands on this one (`off_board` says which were left out).
    friends.retain(|s| size.contains(*s));
    enemies.retain(|s| size.contains(*s));
    typed.retain(|p| size.contains(p.square));
    for piece in &typed {
        if piece.white == (side == Side::White) {
            friends.push(piece.square);
        } else {
            enemies.push(piece.square);
        }
    }
    let mut position = Position::new(size, from, side, request.moved, &friends, &enemies)
        .map_err(|e| e.to_string())?;
    for piece in &typed {
        position.name_piece(piece.square, &piece.name);
    }
    Ok(position)
}

/// The squares of the page's other pieces that are off a board of `size`, in the order given:
/// left out of the position, and said beside the diagram.
pub fn off_board(size: BoardSize, request: &Request) -> Vec<Square> {
    let squares = |list: &str| -> Vec<Square> {
        (list.split(',').map(str::trim))
            .filter_map(|entry| entry.parse::<Square>().ok())
            .collect()
    };
    let typed = (request.pieces.split(',').map(str::trim))
        .filter_map(|entry| entry.parse::<PlacedPiece>().ok())
        .map(|piece| piece.square);
    let mut out: Vec<Square> = squares(request.friends)
        .into_iter()
        .chain(squares(request.enemies))
        .chain(typed)
        .filter(|s| !size.contains(*s))
        .collect();
    out.dedup();
    out
}

/// `white` or `black`, as the page's menu and `betza moves --side` write it; white when empty.
fn side(text: &str) -> Result<Side, String> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(format!("Side: `{text}` is not a side: white or black")),
    }
}

/// A comma-separated list, empty entries skipped, at most `most` entries; an error names the
/// control (`what`) it came from.
fn entries<T: std::str::FromStr<Err = String>>(
    list: &str,
    what: &str,
    most: usize,
) -> Result<Vec<T>, String> {
    let mut parsed = Vec::new();
    for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        if parsed.len() == most {
            return Err(format!("{what}: more pieces than the board has squares"));
        }
        // `N@e` is wrong in its square, and the library's words then quote the square alone.
        parsed.push(entry.parse().map_err(|e: String| {
            if e.contains(&format!("`{entry}`")) {
                format!("{what}: {e}")
            } else {
                format!("{what}: in `{entry}`, {e}")
            }
        })?);
    }
    Ok(parsed)
}

/// The typed pieces as the page draws their letters: `[{"index", "square", "name", "friend"}]`,
/// `index` the entry's place among the non-empty entries of `pieces` (the page changes that
/// entry when the square is clicked), `name` upper case for White and lower case for Black, as
/// written; those off a board of `size` are not drawn. Only called once [`position`] has read
/// the same list without error.
pub fn typed(pieces: &str, side: Side, size: BoardSize) -> Value {
    pieces
        .split(',')
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .enumerate()
        .filter_map(|(index, entry)| Some((index, entry.parse::<PlacedPiece>().ok()?)))
        .filter(|(_, piece)| size.contains(piece.square))
        .map(|(index, piece)| {
            let name = if piece.white {
                piece.name.clone()
            } else {
                piece.name.to_ascii_lowercase()
            };
            json!({
                "index": index,
                "square": piece.square.to_string(),
                "name": name,
                "friend": piece.white == (side == Side::White),
            })
        })
        .collect()
}
