//! Piece letters in the values of a `variants.ini` section: where each letter's piece is
//! defined (a piece key of the section or of a parent above it, or a built-in parent), the
//! letters a piece option may take, the hover on a letter of the start position or a piece
//! option, and the way from such a letter to its definition.

use crate::host::ini::builtin_pieces::{self, BuiltInPiece};
use crate::host::ini::options::{self, ValueKind};
use crate::host::ini::{Entry, Model, Parent, SectionText};
use crate::host::span;
use crate::ide::answers::{Hover, IniCompletion, Place};
use crate::{Source, TextRange};

/// A piece letter of a section and where its piece comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Origin {
    /// Lower case.
    pub(super) letter: char,
    /// Where the piece is defined, in words.
    pub(super) detail: String,
    /// The letter in the value that defines it; none for a built-in parent's piece.
    at: Option<TextRange>,
    /// The key and value that define it; none for a built-in parent's piece.
    pub(super) definition: Option<(String, String)>,
    /// A built-in parent's piece, with the parent's name.
    pub(super) built_in: Option<(String, &'static BuiltInPiece)>,
    /// The name of the section whose key defines it; none for a built-in parent's piece.
    pub(super) section: Option<String>,
}

/// A built-in's piece named for a hover or a completion: "queen (`Q`) of the built-in `chess`".
fn built_in_detail(variant: &str, piece: &BuiltInPiece) -> String {
    let name = piece.words();
    let moves = if piece.betza.is_empty() {
        " (immobile)".to_owned()
    } else {
        format!(" (`{}`)", piece.betza)
    };
    format!("{name}{moves} of the built-in `{variant}`")
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
/// letters of the board the engine makes of the section, when it registers it. `file` is the
/// file's text.
pub(super) fn origins(model: &Model, file: &dyn Source, index: usize) -> Vec<Origin> {
    let sections = model.sections();
    let mut found: Vec<Origin> = Vec::new();
    // The keys as owned strings: each section's text is read for its own turn of the loop.
    let mut keys_seen: Vec<String> = Vec::new();
    for parent in std::iter::once(Parent::Section(index)).chain(model.ancestors(index)) {
        let at = match parent {
            Parent::Section(at) => at,
            Parent::BuiltIn(name) => {
                for letter in options::built_in(&name).map_or("", |b| &b.letters).chars() {
                    if found.iter().all(|o| o.letter != letter) {
                        // A letter of no piece type the table knows keeps the plain words.
                        let piece = builtin_pieces::piece(&name, letter).filter(|p| p.piece != "-");
                        found.push(Origin {
                            letter,
                            detail: piece.map_or_else(
                                || format!("a piece of the built-in `{name}`"),
                                |p| built_in_detail(&name, p),
                            ),
                            at: None,
                            definition: None,
                            built_in: piece.map(|p| (name.clone(), p)),
                            section: None,
                        });
                    }
                }
                break;
            }
        };
        let section = sections[at].read_in(file);
        for entry in section.entries().rev() {
            if !is_piece_key(entry.key) || keys_seen.iter().any(|seen| seen == entry.key) {
                continue;
            }
            keys_seen.push(entry.key.to_owned());
            let value = entry.trimmed_value();
            let Some(letter) = value.chars().next().filter(char::is_ascii_alphabetic) else {
                continue;
            };
            let letter = letter.to_ascii_lowercase();
            if found.iter().all(|o| o.letter != letter) {
                found.push(Origin {
                    letter,
                    detail: format!(
                        "`{} = {}` in `[{}]`",
                        entry.key,
                        crate::quote::shortened(value),
                        section.name().unwrap_or_default()
                    ),
                    at: Some(section.range((entry.value_at, entry.value_at + 1))),
                    definition: Some((entry.key.to_owned(), value.to_owned())),
                    built_in: None,
                    section: section.name().map(str::to_owned),
                });
            }
        }
    }
    if let Some(board) = sections[index].board() {
        found.retain(|o| board.letters.contains(o.letter));
    }
    found.sort_by_key(|o| o.letter);
    found
}

/// Letters to offer in the value of a piece option of section `index`, typed so far as
/// `typed` up to byte `offset`: the section's pieces not listed yet (a list grows at the
/// cursor; a single letter is replaced), and `*` or `-` in an empty value.
pub(super) fn letter_values(
    model: &Model,
    file: &dyn Source,
    index: usize,
    kind: ValueKind,
    typed: &str,
    offset: usize,
) -> Vec<IniCompletion> {
    let typed = typed.trim_start();
    let (replace, listed) = match kind {
        ValueKind::PieceSet => (span(offset, offset), typed.to_ascii_lowercase()),
        _ => (span(offset - typed.len(), offset), String::new()),
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
    origins(model, file, index)
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

/// The letters of an entry that name pieces: the start position's placement, or the whole
/// value of a piece option.
fn piece_letters<'s>(entry: &Entry<'s>) -> &'s str {
    match entry.key {
        "startFen" => entry.value.split(' ').next().unwrap_or(""),
        key if holds_piece_letters(key) => entry.value,
        _ => "",
    }
}

/// The piece letter at byte `offset` of `section`, with its entry: a letter of the start
/// position's placement, or of a piece option.
fn letter_at<'s>(section: &'s SectionText, offset: usize) -> Option<(Entry<'s>, char, TextRange)> {
    let within = offset.checked_sub(section.start)?;
    section.entries().find_map(|entry| {
        let at = within.checked_sub(entry.value_at)?;
        let letter = piece_letters(&entry).get(at..)?.chars().next()?;
        let range = section.range((entry.value_at + at, entry.value_at + at + 1));
        letter
            .is_ascii_alphabetic()
            .then_some((entry, letter, range))
    })
}

/// The hover on a piece letter of the start position or of a piece option: the piece it
/// stands for, its side in a start position, and where it is defined.
pub(super) fn letter_hover(
    model: &Model,
    file: &dyn Source,
    index: usize,
    offset: usize,
) -> Option<Hover> {
    let section = model.sections().get(index)?.read_in(file);
    let (entry, letter, range) = letter_at(&section, offset)?;
    let lower = letter.to_ascii_lowercase();
    let side = match (entry.key, letter.is_ascii_uppercase()) {
        ("startFen", true) => "a white ",
        ("startFen", false) => "a black ",
        _ => "",
    };
    let Some(origin) = origins(model, file, index)
        .into_iter()
        .find(|o| o.letter == lower)
    else {
        return Some(Hover {
            markdown: format!(
                "`{letter}` is no piece of `[{}]`: Fairy-Stockfish has no piece with this letter \
                 here",
                section.name().unwrap_or_default()
            ),
            range,
        });
    };
    if let Some((variant, piece)) = &origin.built_in {
        return Some(Hover {
            markdown: built_in_hover(letter, side, variant, piece),
            range,
        });
    }
    let mut markdown = format!("**`{letter}`**: {side}piece defined by {}\n", origin.detail);
    if let Some((key, value)) = &origin.definition
        && let Some((_, betza)) = value.split_once(':')
        && !betza.is_empty()
    {
        markdown.push_str(&moves_as(key, betza));
    }
    Some(Hover { markdown, range })
}

/// A paragraph saying how piece key `key` moves, `betza` in words.
fn moves_as(key: &str, betza: &str) -> String {
    let parse = crate::parse(betza, crate::host::HostFormat::VariantsIni.dialect());
    let summary = crate::explain::explain(&parse).summary;
    format!("\n`{key}` moves as `{betza}`: {summary}\n")
}

/// The hover on `letter`, a piece of built-in parent `variant`: the piece, its Betza in words,
/// and the variant's rules that move it beyond its Betza (xiangqi's palace).
fn built_in_hover(letter: char, side: &str, variant: &str, piece: &BuiltInPiece) -> String {
    let detail = built_in_detail(variant, piece);
    let side = match side {
        "" if detail.starts_with(['a', 'e', 'i', 'o', 'u']) => "an ",
        "" => "a ",
        side => side,
    };
    let mut markdown = format!("**`{letter}`**: {side}{detail}\n");
    if !piece.betza.is_empty() {
        markdown.push_str(&moves_as(&piece.piece, &piece.betza));
    }
    if let Some(rules) = piece.rules_beyond_betza() {
        markdown.push_str(&format!(
            "\nIn `{variant}` it does not go everywhere its Betza says: the variant sets \
             {rules}.\n"
        ));
    }
    markdown
}

/// From a piece letter at byte `offset` in `startFen` or a piece option: the letter where its
/// piece is defined, and the letter's uses in the section's start position and piece options.
pub(super) fn letter_places(model: &Model, file: &dyn Source, offset: usize) -> Vec<Place> {
    let index = model.section_at(offset);
    let Some(section) = model.sections().get(index).map(|s| s.read_in(file)) else {
        return Vec::new();
    };
    let Some((_, letter, _)) = letter_at(&section, offset) else {
        return Vec::new();
    };
    let lower = letter.to_ascii_lowercase();
    let definition = origins(model, file, index)
        .into_iter()
        .find(|o| o.letter == lower)
        .and_then(|o| o.at)
        .map(|range| Place {
            range,
            definition: true,
        });
    let uses = section.entries().flat_map(|entry| {
        piece_letters(&entry)
            .char_indices()
            .filter(|(_, c)| c.to_ascii_lowercase() == lower)
            .map(|(i, _)| Place {
                range: section.range((entry.value_at + i, entry.value_at + i + 1)),
                definition: false,
            })
            .collect::<Vec<_>>()
    });
    definition.into_iter().chain(uses).collect()
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::super::tests::model;
    use super::*;
    use crate::fixture::{Fixture, Host, check_hover};

    const FILE: &str = "[a:chess]\ncustomPiece1 = z:WF\ncustomPiece3 = w:F\n[b:a]\n\
                        customPiece1 = x:W\ncustomPiece2 = y:W\npromotionPieceTypes = qy\n\
                        startFen = 8/8/8/8/8/8/8/KYk5 w - - 0 1\n";

    fn values(text: &str) -> Vec<(String, Option<String>)> {
        let model = model(text);
        let index = model.sections().len() - 1;
        let (line_start, offset) = (text.rfind('\n').map_or(0, |i| i + 1), text.len());
        let (key, typed) = text[line_start..].split_once('=').expect("a value");
        let kind = options::lookup(key.trim_end()).expect("an option").kind;
        letter_values(&model, &text, index, kind, typed, offset)
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
            Some("bishop (`B`) of the built-in `chess`")
        );
        let empty = values("[a:chess]\nflagPiece = ");
        assert!(empty.iter().any(|(v, _)| v == "*") && empty.iter().any(|(v, _)| v == "k"));
    }

    /// The issue's "hover on a start-position letter shows the piece it stands for": its side,
    /// where it is defined, and for a custom piece its moves in words.
    #[test]
    fn a_letter_of_the_start_position_says_its_piece() {
        let y = FILE.find("KYk5").expect("fen") + 1;
        check_hover(
            "variants.ini",
            &FILE.replace("KYk5", "K$0Yk5"),
            expect![[r#"
                hover on `Y`

                **`Y`**: a white piece defined by `customPiece2 = y:W` in `[b]`

                `customPiece2` moves as `W`: The Wazir. Moves or captures: Wazir leap, in every direction. 1 move in Fairy-Stockfish Betza; it can capture.
            "#]],
        );
        // A built-in parent's piece, and a letter of no piece.
        check_hover(
            "variants.ini",
            &FILE.replace("KYk5", "KY$0k5"),
            expect![[r#"
                hover on `k`

                **`k`**: a black king (`K`) of the built-in `chess`

                `king` moves as `K`: The King (also known as: Commoner). Moves or captures: King leap, in every direction. 1 move in Fairy-Stockfish Betza; it can capture.
            "#]],
        );
        check_hover(
            "variants.ini",
            "[a:chess]\nstartFen = 8/8/8/8/8/8/8/K$0Zk5 w - - 0 1\n",
            expect![[r#"
                hover on `Z`

                `Z` is no piece of `[a]`: Fairy-Stockfish has no piece with this letter here"#]],
        );
        // The model's own answer is the one the document gives an editor.
        let model = model(FILE);
        let direct = letter_hover(&model, &FILE, model.section_at(y), y).expect("a hover");
        let document = crate::ide::Document::new(
            "variants.ini",
            "",
            FILE,
            &crate::analysis::Options::default(),
        );
        let through = crate::ide::hover::hover(&document, y, crate::ide::HoverOptions::default());
        assert_eq!(through, Some(direct));
    }

    /// Issue 42's example: a chess start position under a built-in parent, hovered as an editor
    /// asks, says the letter's piece and side.
    #[test]
    fn a_letter_of_a_chess_start_position_is_hovered() {
        check_hover(
            "variants.ini",
            "[makruk:chess]\n\
             startFen = rnb$0qkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
            expect![[r#"
                hover on `q`

                **`q`**: a black queen (`Q`) of the built-in `chess`

                `queen` moves as `Q`: The Queen. Moves or captures: Queen rider, any distance, in every direction. 1 move in Fairy-Stockfish Betza; it can capture.
            "#]],
        );
    }

    /// A letter only a non-chess built-in has: shogi's dragon horse (`h`), named with the
    /// engine's Betza for it.
    #[test]
    fn a_letter_of_a_shogi_parent_names_its_piece() {
        check_hover(
            "variants.ini",
            "[myshogi:shogi]\n\
             startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5$0H1/LNSGKGSNL[-] w 0 1\n",
            expect![[r#"
                hover on `H`

                **`H`**: a white dragon horse (`BW`) of the built-in `shogi`

                `dragonHorse` moves as `BW`: The Dragon Horse. Moves or captures: Bishop rider, any distance, in every direction; Wazir leap, in every direction. 2 moves in Fairy-Stockfish Betza; it can capture.
            "#]],
        );
        let offered = values("[myshogi:shogi]\nextinctionPieceTypes = k");
        assert!(
            offered.contains(&(
                "h".to_owned(),
                Some("dragon horse (`BW`) of the built-in `shogi`".to_owned())
            )),
            "{offered:?}"
        );
    }

    /// Xiangqi's advisor is a fers kept to the palace: the hover says its Betza and that the
    /// variant's rules hold it back; so for the elephant, by its FEN synonym `e` in a list.
    #[test]
    fn a_xiangqi_piece_says_the_rules_beyond_its_betza() {
        check_hover(
            "variants.ini",
            "[myxiangqi:xiangqi]\n\
             startFen = rnbak$0abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
            expect![[r#"
                hover on `a`

                **`a`**: a black fers (`F`) of the built-in `xiangqi`

                `fers` moves as `F`: The Ferz. Moves or captures: Ferz leap, in every direction. 1 move in Fairy-Stockfish Betza; it can capture.

                In `xiangqi` it does not go everywhere its Betza says: the variant sets a `mobilityRegion` for `fers`.
            "#]],
        );
        check_hover(
            "variants.ini",
            "[myxiangqi:xiangqi]\nextinctionPieceTypes = c$0e\n",
            expect![[r#"
                hover on `e`

                **`e`**: an elephant (`nA`) of the built-in `xiangqi`

                `elephant` moves as `nA`: The Xiangqi Elephant. Moves like the Alfil on an empty board, but it can be blocked on the way. Moves or captures: lame Alfil leap: blocked by a piece on the one path the engine checks (n), in every direction. 1 move in Fairy-Stockfish Betza; it can capture.

                In `xiangqi` it does not go everywhere its Betza says: the variant sets a `mobilityRegion` for `elephant`.
            "#]],
        );
    }

    #[test]
    fn a_letter_in_the_start_position_leads_to_its_piece() {
        let model = model(FILE);
        let at = |marked: &str| Fixture::parse(Host::File("variants.ini"), marked).cursor();
        let y = at(&FILE.replace("KYk5", "K$0Yk5"));
        let places = letter_places(&model, &FILE, y);
        let defined = FILE.find("y:W").expect("y");
        assert_eq!(places[0].range, span(defined, defined + 1), "{places:?}");
        assert!(places[0].definition);
        // Its uses: in the promotion list and the start position.
        assert_eq!(places.len(), 3, "{places:?}");
        // `w` in the side-to-move field is no piece.
        let side = at(&FILE.replace(" w - -", " $0w - -"));
        assert!(letter_places(&model, &FILE, side).is_empty());
    }
}
