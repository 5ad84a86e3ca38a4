//! Hover, as Markdown: on a modifier or atom, its own documentation first; then the piece under
//! the cursor explained move by move, its text diagram in a code block and, when asked, the
//! diagram as an SVG picture. In MBN, the definition under the cursor with its macros dissolved,
//! or the macro whose name is under it. The piece's model is built once for all of it.

use super::Document;
use crate::board::BoardSize;
use crate::explain::Described;
use crate::mbn::pieces::definition_meaning;
use crate::mbn::scope::MacroScope;
use crate::tree::Parse;
use crate::vocabulary::dialects::table;
use crate::{Dialect, SyntaxKind, TextRange, TextSize, model};

/// What a hover shows besides the words.
#[derive(Debug, Clone, Copy, Default)]
pub struct HoverOptions {
    /// The diagram's board; a board that fits the piece when `None`.
    pub board: Option<BoardSize>,
    /// Add the diagram as an SVG image, for clients that render Markdown images.
    pub image: bool,
    /// For a piece of a variants.ini section that stands in the section's start position,
    /// add a diagram of it on its start square among the other pieces.
    pub start_position: bool,
}

/// A hover's Markdown and the bytes of the document it speaks of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hover {
    pub markdown: String,
    pub range: TextRange,
}

/// The hover at byte `offset` of `document`: inside a Betza string, or on a `variants.ini`
/// key or header.
pub fn hover(document: &Document, offset: usize, options: HoverOptions) -> Option<Hover> {
    let Some(region) = document.region_at(offset) else {
        // Around the strings of a variants.ini: its keys and section headers.
        return super::ini::hover(document.ini()?, offset);
    };
    let text = document.region_text(region);
    let piece = document.piece(&text, region.dialect);
    let local = offset
        .saturating_sub(usize::from(region.range.start()))
        .min(text.len());
    // A piece is drawn on the board its file gives (a variants.ini section's, an Interactive
    // Diagram's, a PGN game's start position), unless the user asked for a board of their own.
    let file_board = options
        .board
        .is_none()
        .then(|| file_board(document, region))
        .flatten();
    let options = HoverOptions {
        board: options.board.or(file_board.as_ref().map(|b| b.size)),
        ..options
    };
    // Where the piece stands, after the string's heading: `· piece a in [v]`.
    let mut whose = String::new();
    if let Some(name) = &region.context.piece {
        whose.push_str(&format!(" · piece `{name}`"));
        if let Some(section) = &region.context.section {
            whose.push_str(&format!(" in `[{section}]`"));
        }
    }
    let board_said = file_board.as_ref().map(|board| {
        format!(
            "Drawn on {} board, {} files × {} ranks.\n\n",
            board.whose, board.size.files, board.size.ranks
        )
    });
    let mut range = region.range;
    let mbn = (region.dialect == Dialect::Mbn)
        .then(|| mbn_definition(document, offset, options))
        .flatten();
    let mut markdown = match mbn {
        Some((words, definition)) => {
            range = definition;
            words
        }
        None => {
            let heading = format!(
                "**`{}`** ({}){whose}\n\n",
                crate::quote::shortened(&text),
                region.dialect.title()
            );
            let mut words = heading + &unread_groups(region.context.unread_groups);
            words.push_str(&meaning_of(
                &piece.parse,
                piece.model(),
                options,
                board_said,
            ));
            let letter = region
                .context
                .piece
                .as_deref()
                .and_then(|p| p.chars().next());
            let start = file_board
                .as_ref()
                .and_then(|b| Some((b.size, b.start_fen.as_deref()?)));
            if let (true, Some((size, fen)), Some(letter)) = (options.start_position, start, letter)
            {
                words.push_str(&on_start_square(&piece, size, fen, letter));
            }
            words
        }
    };
    // What the letter under the cursor means comes last: the piece is what a hover is for.
    let letter = token_doc(&piece.parse, local);
    if !letter.is_empty() {
        markdown.push_str("\n---\n\n");
        markdown.push_str(&letter);
    }
    Some(Hover { markdown, range })
}

/// Said before a string that is only part of its piece: the Interactive Diagram bracket groups
/// beside it were left out (host/diagram.rs), so what follows is not the whole piece.
fn unread_groups(count: usize) -> String {
    match count {
        0 => String::new(),
        1 => "Only part of the piece: its bracket group (Interactive Diagram notation) is not \
              read, so its moves are not explained or drawn here.\n\n"
            .to_owned(),
        n => format!(
            "Only part of the piece: its {n} bracket groups (Interactive Diagram notation) are \
             not read, so their moves are not explained or drawn here.\n\n"
        ),
    }
}

/// The board a file gives a string's piece, and where it comes from.
struct FileBoard {
    size: BoardSize,
    /// Whose board it is, in words: "the section's".
    whose: &'static str,
    /// The start position the pieces stand in, where the file gives one.
    start_fen: Option<String>,
}

/// The board of `region`'s piece as its file gives it: a variants.ini section's once its
/// parents are applied (none for a section the engine does not register), an Interactive
/// Diagram's `files=` and `ranks=`, a PGN game's `FEN` tag.
fn file_board(document: &Document, region: &crate::host::Region) -> Option<FileBoard> {
    use crate::host::HostFormat;
    match document.format()? {
        HostFormat::VariantsIni => {
            let board = document.section_board(usize::from(region.range.start()))?;
            Some(FileBoard {
                size: BoardSize {
                    files: board.files,
                    ranks: board.ranks,
                },
                whose: "the section's",
                start_fen: Some(board.start_fen.clone()),
            })
        }
        HostFormat::Diagram => {
            let text = document.text().to_string();
            let number = |key: &str| {
                text.split_whitespace()
                    .find_map(|word| word.strip_prefix(key)?.parse::<u8>().ok())
                    .filter(|n| (1..=crate::board::MAX_SIDE).contains(n))
            };
            Some(FileBoard {
                size: BoardSize {
                    files: number("files=")?,
                    ranks: number("ranks=")?,
                },
                whose: "the diagram's",
                start_fen: None,
            })
        }
        HostFormat::Pgn => {
            let text = document.text().to_string();
            // The FEN tag of the game whose tags hold the string: the tag lines around it.
            let start = usize::from(region.range.start());
            let before = text.get(..start)?;
            let block_start = before.rfind("\n\n").map_or(0, |i| i + 2);
            let block_end = text[start..].find("\n\n").map_or(text.len(), |i| start + i);
            let fen = text[block_start..block_end]
                .lines()
                .find_map(|line| line.trim().strip_prefix("[FEN \"")?.split('"').next())?;
            Some(FileBoard {
                size: super::start_position::size_of(fen)?,
                whose: "the game's",
                start_fen: Some(fen.to_owned()),
            })
        }
        _ => None,
    }
}

/// The piece `letter` on its start square of `fen`, among the other pieces of the start
/// position; nothing when white has no such piece there or the position does not fit.
fn on_start_square(
    piece: &super::document::Piece,
    size: BoardSize,
    fen: &str,
    letter: char,
) -> String {
    let Some(pieces) = super::start_position::placement(fen, size) else {
        return String::new();
    };
    let Some((from, friends, enemies)) = super::start_position::start_of(&pieces, letter) else {
        return String::new();
    };
    let described = Described::with_model(&piece.parse, piece.model());
    described
        .diagram_in_position(size, from, (&friends, &enemies))
        .map(|grid| {
            format!(
                "\nOn its start square {from}, among the start position's pieces (F friend, E \
                 enemy):\n\n```text\n{grid}```\n"
            )
        })
        .unwrap_or_default()
}

/// In MBN the hover is about one definition, its macros dissolved (seed 002: "Before any
/// piece definition will be interpreted, all the macro definitions have to be dissolved"); on
/// a macro's name, about the macro. Also gives the file range it speaks of.
fn mbn_definition(
    document: &Document,
    offset: usize,
    options: HoverOptions,
) -> Option<(String, TextRange)> {
    let analysis = document.analysis()?;
    let regions = &analysis.regions;
    let scope = MacroScope::at(analysis.format, document.text(), regions, offset)?;
    let at = scope.to_scope(regions, offset)?;
    let (definition, start) = scope.definition_at(at)?;
    let mut markdown = String::new();
    let (range, written, dissolved) = match scope.macros.occurrence_at(at) {
        Some(occurrence) => {
            let key = &occurrence.key;
            let written = scope.macros.written(key).unwrap_or_default();
            let uses = scope
                .macros
                .occurrences_of(key)
                .filter(|o| !o.definition)
                .count();
            markdown.push_str(&format!(
                "**macro `{key}`** = `{written}` (used {uses} time{})\n\n",
                if uses == 1 { "" } else { "s" }
            ));
            (occurrence.range, written, scope.macros.expand(key))
        }
        None => {
            let meaning = definition_meaning(&scope.macros, &definition, start);
            let what = if meaning.is_macro { "macro" } else { "piece" };
            let title = meaning
                .title
                .as_ref()
                .map(|t| format!(" ({t})"))
                .unwrap_or_default();
            match &meaning.name {
                Some(name) => markdown.push_str(&format!(
                    "**{what} `{name}`**{title} = `{}` (Modified Betza Notation)\n\n",
                    crate::quote::shortened(&meaning.written)
                )),
                None => markdown.push_str(&format!(
                    "**`{}`** (Modified Betza Notation)\n\n",
                    crate::quote::shortened(&meaning.written)
                )),
            }
            (meaning.range, meaning.written, meaning.dissolved)
        }
    };
    match dissolved {
        Ok(text) => {
            let piece = document.piece(&text, Dialect::Mbn);
            if text != written {
                markdown.push_str(&format!("with macros dissolved: `{text}`\n\n"));
            }
            // A set of attackers (`K=K+{C}W2F2`) names pieces the game may define (`C=RN`):
            // such a piece is built again with the game's definitions; the rest keep the
            // model cached on their own text.
            let has_attackers = piece
                .model()
                .moves
                .iter()
                .any(|m| !m.regions.attacked_by.is_empty());
            let attackers_defined = has_attackers.then(|| {
                let game: Vec<_> = scope.parses().map(crate::tree::Parse::piece).collect();
                model::build_in_game(&piece.parse.piece(), &game)
            });
            let model = attackers_defined.as_ref().unwrap_or_else(|| piece.model());
            markdown.push_str(&meaning_of(&piece.parse, model, options, None));
        }
        Err(error) => markdown.push_str(&format!("cannot be dissolved: {error}\n")),
    }
    Some((markdown, scope.to_file(regions, range)))
}

/// The documentation of the token at byte `offset` of a parsed string, from the dialect's own
/// table: a letter, an operator, a range; empty for anything else.
pub fn token_doc(parsed: &Parse, offset: usize) -> String {
    let table = table(parsed.dialect());
    let token = parsed
        .syntax()
        .token_at_offset(TextSize::new(u32::try_from(offset).unwrap_or(0)))
        .right_biased();
    let Some(token) = token else {
        return String::new();
    };
    match token.kind() {
        SyntaxKind::DIGITS | SyntaxKind::STAR => table.count_doc().to_owned(),
        SyntaxKind::WHITESPACE | SyntaxKind::UNKNOWN => String::new(),
        _ => token
            .text()
            .chars()
            .next()
            .map(|symbol| table.symbol_doc(symbol))
            .unwrap_or_default(),
    }
}

/// What a hover says about a parsed piece and its model: the summary, then the diagram (the
/// SVG picture, small enough to be seen whole, for clients that render images; the text grid
/// for the others, which would show the picture's data), then the moves leg by leg.
/// `board_said` follows the diagram when the board is the section's.
fn meaning_of(
    parsed: &Parse,
    model: &model::Piece,
    options: HoverOptions,
    board_said: Option<String>,
) -> String {
    let HoverOptions { board, image, .. } = options;
    let described = Described::with_model(parsed, model);
    let explanation = described.explanation();
    let mut markdown = explanation.summary.clone();
    markdown.push_str("\n\n");
    // Shown after the moves: the other boards (pieces around, where limited moves start).
    let mut more_boards = String::new();
    if image {
        if let Some(picture) = described.picture(board, HOVER_DIAGRAM_HEIGHT) {
            markdown.push_str(&format!(
                "![move diagram](data:image/svg+xml;base64,{})\n\n",
                base64(picture.svg.as_bytes())
            ));
            if !picture.notes.is_empty() {
                markdown.push_str(&format!("{}\n", picture.notes));
            }
            more_boards = picture.more_boards;
        }
    } else {
        let grid = described.diagram(board);
        if !grid.is_empty() {
            markdown.push_str("```text\n");
            markdown.push_str(&grid);
            markdown.push_str("```\n\n");
        }
    }
    markdown.push_str(&board_said.unwrap_or_default());
    for m in &explanation.moves {
        markdown.push_str(&format!("- `{}`\n", m.text));
        for line in &m.lines {
            // A numbered leg (`1. Wazir step …`) is an item of an ordered list of its own: under
            // a bullet it would be a list nested one level deeper than the move's other lines.
            let numbered = line.split_once(". ").is_some_and(|(number, _)| {
                !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
            });
            if numbered {
                markdown.push_str(&format!("  {line}\n"));
            } else {
                markdown.push_str(&format!("  - {line}\n"));
            }
        }
    }
    if !explanation.ignored.is_empty() {
        markdown.push_str(&format!(
            "\nFairy-Stockfish skips: {}\n",
            explanation.ignored.join(" ")
        ));
    }
    if !more_boards.is_empty() {
        markdown.push_str(&format!("\n```text{more_boards}```\n"));
    }
    markdown
}

/// The tallest diagram picture in a hover, in pixels: with a heading and a summary above it,
/// it fits the about 250 pixels VS Code shows of a hover before it scrolls.
const HOVER_DIAGRAM_HEIGHT: u32 = 170;

/// Standard base64 (RFC 4648, with padding).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | u32::from(*b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Options;
    use crate::parse;

    #[test]
    fn base64_matches_rfc_4648_examples() {
        for (input, expected) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(input.as_bytes()), expected);
        }
    }

    #[test]
    fn a_letter_is_documented_by_its_dialects_table() {
        // Seed 002: MBN's `d` is any direction; seed 000: XBetza's `d` destroys (captures a
        // friend); seed 001: chained Betza's `-` is an operator.
        assert!(token_doc(&parse("dK", Dialect::Mbn), 0).contains("any direction"));
        assert!(token_doc(&parse("dK", Dialect::XBetza), 0).contains("friend"));
        assert!(!token_doc(&parse("W-F", Dialect::Chained), 1).is_empty());
        assert!(token_doc(&parse("R4", Dialect::XBetza), 1).starts_with("**range**"));
    }

    /// Issue 24: a hover (explanation, diagram, picture) builds its model once, and hovers
    /// after it on the same string build none.
    #[test]
    fn a_hover_builds_the_model_once() {
        for (file, text) in [
            ("p.betza", "mafsWcK"),
            ("variants.ini", "fRbpRnN"),
            ("p.betza", "W-fF"),
        ] {
            let contents = match file {
                "variants.ini" => format!("[v:chess]\ncustomPiece1 = a:{text}\n"),
                _ if text.contains('-') => format!("# dialect: chained\n{text}\n"),
                _ => format!("{text}\n"),
            };
            let document = Document::new(file, "", &contents, &Options::default());
            crate::model::BUILT.with(|built| built.borrow_mut().clear());
            let offset = contents.find(text).expect("the string") + 1;
            let options = HoverOptions {
                image: true,
                ..HoverOptions::default()
            };
            for _ in 0..3 {
                let shown = hover(&document, offset, options).expect("a hover");
                assert!(shown.markdown.contains("data:image/svg+xml;base64,"));
            }
            let builds = crate::model::BUILT
                .with(|built| built.borrow().iter().filter(|t| t.as_str() == text).count());
            assert_eq!(builds, 1, "{text}");
        }
    }

    /// Issue 27: a piece of a variants.ini is drawn on its section's board (its parents'
    /// size, its own `maxFile` and `maxRank`), unless the user set a board of their own.
    #[test]
    fn a_piece_of_a_section_is_drawn_on_the_sections_board() {
        let contents = "[big:chess]\nmaxFile = 10\n[v:big]\nmaxRank = 6\ncustomPiece1 = a:R\n";
        let document = Document::new("variants.ini", "", contents, &Options::default());
        let offset = contents.find("a:R").expect("the string") + 2;
        let own = hover(&document, offset, HoverOptions::default()).expect("a hover");
        assert!(
            own.markdown
                .contains("Drawn on the section's board, 10 files × 6 ranks."),
            "{}",
            own.markdown
        );
        let files_drawn = |markdown: &str| markdown.contains(" a b c d e f g h i j");
        let ranks_drawn = |markdown: &str, ranks: usize| {
            markdown
                .lines()
                .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
                .count()
                == ranks
        };
        assert!(
            files_drawn(&own.markdown) && ranks_drawn(&own.markdown, 6),
            "{}",
            own.markdown
        );
        let chosen = HoverOptions {
            board: Some(BoardSize::CHESS),
            ..HoverOptions::default()
        };
        let asked = hover(&document, offset, chosen).expect("a hover");
        assert!(
            !asked.markdown.contains("drawn on its board"),
            "{}",
            asked.markdown
        );
        assert!(ranks_drawn(&asked.markdown, 8), "{}", asked.markdown);
    }

    /// Issue 28: where the section's start position holds the piece, the hover also draws it
    /// on its start square among the other pieces: the Cannon on b1 reaches along the first
    /// rank only by hopping, and up the b-file to its own pawn.
    #[test]
    fn a_piece_is_drawn_on_its_start_square() {
        let contents = "[v:chess]\ncustomPiece1 = a:mRcpR\n\
                        startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RANQKBNR w KQkq - 0 1\n";
        let document = Document::new("variants.ini", "", contents, &Options::default());
        let offset = contents.find("a:mRcpR").expect("the string") + 3;
        let options = HoverOptions {
            start_position: true,
            ..HoverOptions::default()
        };
        let shown = hover(&document, offset, options).expect("a hover").markdown;
        let at = shown
            .find("On its start square b1")
            .unwrap_or_else(|| panic!("{shown}"));
        let grid: Vec<&str> = shown[at..].lines().collect();
        let rank = |n: &str| {
            grid.iter()
                .find(|l| l.trim_start().starts_with(&format!("{n}  ")))
                .copied()
                .unwrap_or("")
        };
        // Blocked by its own pawn on b2: no move on the b-file; on rank 1 only its friends.
        assert_eq!(rank("1").split_whitespace().nth(2), Some("@"), "{shown}");
        assert!(
            !rank("3").contains('o') && !rank("4").contains('o'),
            "{shown}"
        );
        let off = hover(&document, offset, HoverOptions::default()).expect("a hover");
        assert!(!off.markdown.contains("On its start square"));
    }

    /// Issue 40: a string that is only part of its piece (an Interactive Diagram bracket group
    /// left out, host/diagram.rs) says so; inside the group there is nothing to explain or draw.
    #[test]
    fn a_string_beside_a_bracket_group_is_only_part_of_its_piece() {
        let text = "files=8 ranks=8\nbeast:B:K[F?fsR]:beast:e1\n";
        let document = Document::new("a.diagram", "", text, &Options::default());
        let at = text.find("K[").expect("the part");
        let shown = hover(&document, at, HoverOptions::default()).expect("a hover");
        assert!(
            shown.markdown.contains("Only part of the piece"),
            "{}",
            shown.markdown
        );
        let inside = text.find("?fs").expect("the group");
        assert!(hover(&document, inside, HoverOptions::default()).is_none());
    }

    /// Issue 28: an Interactive Diagram's `files=`/`ranks=` and a PGN game's `FEN` tag give
    /// the board a piece is drawn on; the game's start position holds its pieces.
    #[test]
    fn diagrams_and_games_give_their_own_boards() {
        let diagram = "satellite=x files=10 ranks=6\nbetza1:X:mRcpR:cannon:b1\n";
        let document = Document::new("a.diagram", "", diagram, &Options::default());
        let offset = diagram.find("mRcpR").expect("string") + 1;
        let shown = hover(&document, offset, HoverOptions::default()).expect("a hover");
        assert!(
            shown
                .markdown
                .contains("Drawn on the diagram's board, 10 files × 6 ranks."),
            "{}",
            shown.markdown
        );
        let game = "[Variant \"fairy\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4K3A w - - 0 1\"]\n\
                    [VariantMen \"A:BN\"]\n\n1. Ah9 *\n";
        let document = Document::new("g.pgn", "", game, &Options::default());
        let offset = game.find("A:BN").expect("string") + 2;
        let options = HoverOptions {
            start_position: true,
            ..HoverOptions::default()
        };
        let shown = hover(&document, offset, options).expect("a hover").markdown;
        assert!(
            shown.contains("Drawn on the game's board, 9 files × 9 ranks.")
                && shown.contains("On its start square i1"),
            "{shown}"
        );
    }

    /// Issue 28: the legs of a move are one ordered list under the move, not a list nested in a
    /// bullet (which a Markdown view indents deeper than the move's other lines).
    #[test]
    fn the_legs_of_a_move_are_one_ordered_list() {
        let document = Document::new("p.betza", "", "mafsW\n", &Options::default());
        let shown = hover(&document, 1, HoverOptions::default())
            .expect("a hover")
            .markdown;
        assert!(shown.contains("- `mafsW`\n  1. Wazir"), "{shown}");
        assert!(shown.contains("\n  2. then turning"), "{shown}");
        assert!(!shown.contains("- 1."), "{shown}");
    }
}

#[cfg(test)]
mod cancel_tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::cancel;
    use crate::document::Options;

    /// Issue 41: the work of a hover on a costly piece (`(aK)` repeats a King step up to 25
    /// times: the explanation takes most of a second) stops once its flag goes up. The flag
    /// goes up a few milliseconds in, long before the hover could be done.
    #[test]
    fn hover_work_stops_when_cancelled() {
        let document = Document::new("p.betza", "betza", "(aK)\n", &Options::default());
        let flag = Arc::new(AtomicBool::new(false));
        let raise = flag.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(5));
            raise.store(true, Ordering::Relaxed);
        });
        let outcome = cancel::run(flag, || hover(&document, 1, HoverOptions::default()));
        raiser.join().expect("the flag is raised");
        assert!(outcome.is_err(), "the hover ran to its end");
    }
}
