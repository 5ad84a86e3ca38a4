//! Piece letters in the values of a `variants.ini` section: where each letter's piece is
//! defined (a piece key of the section or of a parent above it, or a built-in parent), the
//! letters a piece option may take, and the way from a letter in `startFen` or a piece option
//! to its definition.

use super::{Entry, IniCompletion, Section, offset_of, range};
use crate::TextRange;
use crate::host::ini::options::{self, ValueKind};
use crate::host::ini::{SectionBoard, boards};
use crate::ide::macros::Place;

/// A piece letter of a section and where its piece comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Origin {
    /// Lower case.
    letter: char,
    /// Where the piece is defined, in words.
    detail: String,
    /// The letter in the value that defines it; none for a built-in parent's piece.
    at: Option<TextRange>,
}

fn is_piece_key(key: &str) -> bool {
    options::lookup(key)
        .is_some_and(|o| matches!(o.kind, ValueKind::Piece | ValueKind::PieceWithBetza))
}

/// Whether every letter in `key`'s value names a piece (the start position's placement aside).
fn holds_piece_letters(key: &str) -> bool {
    key == "pieceToCharTable"
        || options::lookup(key).is_some_and(|o| {
            matches!(
                o.kind,
                ValueKind::PieceSet
                    | ValueKind::PieceType
                    | ValueKind::PieceValues
                    | ValueKind::PieceCounts
                    | ValueKind::PiecePieces
            )
        })
}

/// The pieces of section `index`: the piece keys of the section and of its parents above it,
/// the nearest section's value of a key counting, then a built-in parent's letters; only
/// letters of the board the engine makes of the section, when it registers it.
fn origins(sections: &[Section], index: usize, board: Option<&SectionBoard>) -> Vec<Origin> {
    let mut found: Vec<Origin> = Vec::new();
    let mut keys_seen: Vec<&str> = Vec::new();
    let mut chain = vec![index];
    let mut at = index;
    loop {
        let section = &sections[at];
        for entry in section.entries.iter().rev() {
            if !is_piece_key(&entry.key) || keys_seen.contains(&entry.key.as_str()) {
                continue;
            }
            keys_seen.push(&entry.key);
            let Some(letter) = entry.value.chars().next().filter(char::is_ascii_alphabetic) else {
                continue;
            };
            let letter = letter.to_ascii_lowercase();
            if found.iter().all(|o| o.letter != letter) {
                found.push(Origin {
                    letter,
                    detail: format!(
                        "`{} = {}` in `[{}]`",
                        entry.key,
                        crate::quote::shortened(&entry.value),
                        section.name
                    ),
                    at: Some(range(entry.value_at, entry.value_at + 1)),
                });
            }
        }
        let Some(parent) = &section.parent else {
            break;
        };
        match sections[..at].iter().rposition(|s| &s.name == parent) {
            Some(above) if !chain.contains(&above) => {
                chain.push(above);
                at = above;
            }
            _ => {
                if let Some(built_in) = options::built_in(parent) {
                    for letter in built_in.letters.chars() {
                        if found.iter().all(|o| o.letter != letter) {
                            found.push(Origin {
                                letter,
                                detail: format!("a piece of the built-in `{parent}`"),
                                at: None,
                            });
                        }
                    }
                }
                break;
            }
        }
    }
    if let Some(board) = board {
        found.retain(|o| board.letters.contains(&o.letter));
    }
    found.sort_by_key(|o| o.letter);
    found
}

/// Letters to offer in the value of `key` of section `index`, typed so far as `typed` up to
/// byte `offset`: the section's pieces not listed yet (a list grows at the cursor; a single
/// letter is replaced), and `*` or `-` in an empty value.
pub(super) fn letter_values(
    text: &str,
    sections: &[Section],
    index: usize,
    kind: ValueKind,
    typed: &str,
    offset: usize,
) -> Vec<IniCompletion> {
    let boards = boards(text);
    let board = boards.get(&sections[index].name);
    let typed = typed.trim_start();
    let (replace, listed) = match kind {
        ValueKind::PieceSet => (range(offset, offset), typed.to_ascii_lowercase()),
        _ => (range(offset - typed.len(), offset), String::new()),
    };
    let marks = typed
        .is_empty()
        .then_some([("*", "every piece"), ("-", "no piece")])
        .into_iter()
        .flatten()
        .map(|(mark, detail)| IniCompletion::Value {
            value: mark.to_owned(),
            detail: Some(detail.to_owned()),
            replace,
        });
    origins(sections, index, board)
        .into_iter()
        .filter(|o| !listed.contains(o.letter))
        .map(|o| IniCompletion::Value {
            value: o.letter.to_string(),
            detail: Some(o.detail),
            replace,
        })
        .chain(marks)
        .collect()
}

/// The piece letter at byte `offset` in a value of section `index`, with the entry: a letter
/// of the start position's placement, or of a piece option.
fn letter_at(section: &Section, offset: usize) -> Option<(&Entry, char)> {
    section.entries.iter().find_map(|entry| {
        let within = offset.checked_sub(entry.value_at)?;
        let letters = match entry.key.as_str() {
            "startFen" => entry.value.split(' ').next().unwrap_or(""),
            key if holds_piece_letters(key) => entry.value.as_str(),
            _ => return None,
        };
        let letter = letters.get(within..)?.chars().next()?;
        letter.is_ascii_alphabetic().then_some((entry, letter))
    })
}

/// From a piece letter at byte `offset` in `startFen` or a piece option: the letter where its
/// piece is defined, and the letter's uses in the section's start position and piece options.
pub(super) fn letter_places(text: &str, sections: &[Section], offset: usize) -> Vec<Place> {
    let at = offset_of(offset);
    let Some(index) = sections.iter().rposition(|s| s.header.start() < at) else {
        return Vec::new();
    };
    let Some((_, letter)) = letter_at(&sections[index], offset) else {
        return Vec::new();
    };
    let lower = letter.to_ascii_lowercase();
    let boards = boards(text);
    let definition = origins(sections, index, boards.get(&sections[index].name))
        .into_iter()
        .find(|o| o.letter == lower)
        .and_then(|o| o.at)
        .map(|range| Place {
            range,
            definition: true,
        });
    let uses = sections[index].entries.iter().flat_map(|entry| {
        let letters = match entry.key.as_str() {
            "startFen" => entry.value.split(' ').next().unwrap_or(""),
            key if holds_piece_letters(key) => entry.value.as_str(),
            _ => "",
        };
        letters
            .char_indices()
            .filter(|(_, c)| c.to_ascii_lowercase() == lower)
            .map(|(i, _)| Place {
                range: range(entry.value_at + i, entry.value_at + i + 1),
                definition: false,
            })
            .collect::<Vec<_>>()
    });
    definition.into_iter().chain(uses).collect()
}

#[cfg(test)]
mod tests {
    use super::super::sections;
    use super::*;

    const FILE: &str = "[a:chess]\ncustomPiece1 = z:WF\ncustomPiece3 = w:F\n[b:a]\n\
                        customPiece1 = x:W\ncustomPiece2 = y:W\npromotionPieceTypes = qy\n\
                        startFen = 8/8/8/8/8/8/8/KYk5 w - - 0 1\n";

    fn values(text: &str) -> Vec<(String, Option<String>)> {
        let index = sections(text).len() - 1;
        let (line_start, offset) = (text.rfind('\n').map_or(0, |i| i + 1), text.len());
        let (key, typed) = text[line_start..].split_once('=').expect("a value");
        let kind = options::lookup(key.trim_end()).expect("an option").kind;
        letter_values(text, &sections(text), index, kind, typed, offset)
            .into_iter()
            .filter_map(|c| match c {
                IniCompletion::Value { value, detail, .. } => Some((value, detail)),
                IniCompletion::Key { .. } => None,
            })
            .collect()
    }

    #[test]
    fn a_piece_list_offers_the_pieces_it_does_not_list_yet() {
        let offered = values(&format!("{FILE}extinctionPieceTypes = qy"));
        let letters: Vec<&str> = offered.iter().map(|(v, _)| v.as_str()).collect();
        // The child's `customPiece1` replaces the parent's: `z` is gone, `x` is there.
        assert_eq!(letters, ["b", "k", "n", "p", "r", "w", "x"], "{offered:?}");
        let detail = |letter: &str| {
            offered
                .iter()
                .find(|(v, _)| v == letter)
                .and_then(|(_, d)| d.clone())
        };
        assert_eq!(
            detail("w").as_deref(),
            Some("`customPiece3 = w:F` in `[a]`")
        );
        assert_eq!(
            detail("x").as_deref(),
            Some("`customPiece1 = x:W` in `[b]`")
        );
        assert_eq!(
            detail("b").as_deref(),
            Some("a piece of the built-in `chess`")
        );
        let empty = values("[a:chess]\nflagPiece = ");
        assert!(empty.iter().any(|(v, _)| v == "*") && empty.iter().any(|(v, _)| v == "k"));
    }

    #[test]
    fn a_letter_in_the_start_position_leads_to_its_piece() {
        let sections = sections(FILE);
        let y = FILE.find("KYk5").expect("fen") + 1;
        let places = letter_places(FILE, &sections, y);
        let defined = FILE.find("y:W").expect("y");
        assert_eq!(places[0].range, range(defined, defined + 1), "{places:?}");
        assert!(places[0].definition);
        // Its uses: in the promotion list and the start position.
        assert_eq!(places.len(), 3, "{places:?}");
        // `w` in the side-to-move field is no piece.
        let side = FILE.find(" w - -").expect("side") + 1;
        assert!(letter_places(FILE, &sections, side).is_empty());
    }
}
