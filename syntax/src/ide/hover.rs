//! Hover, as Markdown: the piece under the cursor, its diagram first (a text grid in a code
//! block or, when asked, an SVG picture sized to be seen whole), then the string's heading and
//! the piece explained move by move; on a modifier or atom, its own documentation last. The
//! diagram opens the hover because a client's hover may be a few lines tall (Helix at 80×24
//! opens it in as few as 5 rows below the cursor, VS Code in 250 pixels under the findings
//! there): what is seen without scrolling is the piece's moves. In MBN, the definition under the cursor
//! with its macros dissolved, or the macro whose name is under it. The piece's model is built
//! once for all of it.

pub use super::answers::Hover;
use super::{Document, message_lines};
use crate::BetzaString;
use crate::board::BoardSize;
use crate::explain::Described;
use crate::host::FileBoard;
use crate::tree::Parse;
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

/// The hover at byte `offset` of `document`: inside a Betza string, or on a `variants.ini`
/// key or header.
pub fn hover(document: &Document, offset: usize, options: HoverOptions) -> Option<Hover> {
    let Some(region) = document.region_at(offset) else {
        // Around the strings of a variants.ini: its keys and section headers.
        return super::ini::hover(document.ini()?, document.text(), offset);
    };
    let text = document.region_text(region);
    let string = document.string(&text, region.dialect);
    let local = offset
        .saturating_sub(usize::from(region.range.start()))
        .min(text.len());
    // A piece is drawn on the board its file gives (a variants.ini section's, an Interactive
    // Diagram's, a PGN game's start position), unless the user asked for a board of their own.
    let file_board = options
        .board
        .is_none()
        .then(|| {
            let host = crate::host::of(document.format()?);
            host.board_of(region, document.ini())
        })
        .flatten();
    let options = HoverOptions {
        board: options.board.or(file_board.as_ref().map(|b| b.size)),
        ..options
    };
    // Problems at the mouse are shown above the hover: the picture leaves them room.
    let mouse = TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX));
    let height = picture_height(
        (document.diagnostics().iter())
            .filter(|d| d.range.contains_inclusive(mouse))
            .map(|d| (d.code.name(), d.message.as_str(), d.help.as_deref())),
    );
    let mut range = region.range;
    let mbn = crate::registry::notation(region.dialect)
        .has_macros()
        .then(|| mbn_definition(document, (offset, region.dialect), (options, height)))
        .flatten();
    let mut markdown = match mbn {
        Some((words, definition)) => {
            range = definition;
            words
        }
        None => piece_words(
            document,
            region,
            &string,
            (options, height),
            file_board.as_ref(),
        ),
    };
    // What the letter under the cursor means comes last: the piece is what a hover is for.
    let letter = token_doc(string.parse(), local);
    if !letter.is_empty() {
        markdown.push_str("\n---\n\n");
        markdown.push_str(&letter);
    }
    Some(Hover { markdown, range })
}

/// What a hover says of the piece `region` holds: its heading, its meaning drawn on the board
/// of its file (`file_board`) or the user's, where it stands in the start position, and what
/// to write for an engine that reads it otherwise.
fn piece_words(
    document: &Document,
    region: &crate::host::Region,
    string: &BetzaString,
    (options, height): (HoverOptions, u32),
    file_board: Option<&FileBoard>,
) -> String {
    // Where the piece stands, after the string's heading: `· piece a in [v]`.
    let mut whose = String::new();
    if let Some(name) = &region.context.piece {
        whose.push_str(&format!(" · piece `{name}`"));
        if let Some(section) = &region.context.section {
            whose.push_str(&format!(" in `[{section}]`"));
        }
    }
    let board_said = file_board.map(|board| {
        format!(
            "Drawn on {} board, {} files × {} ranks.\n\n",
            board.whose, board.size.files, board.size.ranks
        )
    });
    let heading = format!(
        "**`{}`** ({}){whose}\n\n",
        crate::quote::shortened(&document.region_text(region)),
        region.dialect.title()
    );
    let meaning = meaning_of(
        string.parse(),
        string.model(),
        (options, height),
        board_said,
    );
    let mut words = meaning.diagram + &heading + &unread_groups(region.context.unread_groups());
    words.push_str(&meaning.words);
    let letter = region
        .context
        .piece
        .as_deref()
        .and_then(|p| p.chars().next());
    let start = file_board.and_then(|b| Some((b.size, b.start_fen.as_deref()?)));
    if let (true, Some((size, fen)), Some(letter)) = (options.start_position, start, letter) {
        words.push_str(&on_start_square(string, size, fen, letter));
    } else if let (true, Some(board)) = (options.start_position, file_board) {
        words.push_str(&on_listed_start_square(
            document, region, string, board.size,
        ));
    }
    // An engine that reads the string otherwise: what to write for it, proven.
    for port in super::conversions::ports_of(document, region) {
        words.push_str(&format!(
            "\n{} reads this string otherwise: for it to play the piece as {} reads it, write \
             `{}`.\n",
            port.engine, port.meaning, port.betza
        ));
    }
    words
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

/// The piece `letter` on its start square of `fen`, among the other pieces of the start
/// position; nothing when white has no such piece there or the position does not fit.
fn on_start_square(string: &BetzaString, size: BoardSize, fen: &str, letter: char) -> String {
    let Some(pieces) = crate::host::position::placement(fen, size) else {
        return String::new();
    };
    let Some((from, friends, enemies)) = crate::host::position::start_of(&pieces, letter) else {
        return String::new();
    };
    let described = Described::with_model(string.parse(), string.model());
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

/// The piece on the first start square its line lists (an Interactive Diagram's), among the
/// white pieces the other lines start on: its moves there, which may differ from the board's
/// centre (`fmW*fceF` steps up to the enemy half, issue 54). Black's pieces are not placed:
/// the line lists White's squares only.
fn on_listed_start_square(
    document: &Document,
    region: &crate::host::Region,
    string: &BetzaString,
    size: BoardSize,
) -> String {
    let square = |s: &crate::region::StartSquare| crate::board::Square {
        file: s.file,
        rank: s.rank,
    };
    let Some(from) = region.context.start_squares().first().map(square) else {
        return String::new();
    };
    if !size.contains(from) {
        return String::new();
    }
    let mut friends: Vec<crate::board::Square> = (document.regions().iter())
        .flat_map(|other| other.context.start_squares().iter().map(square))
        .filter(|s| *s != from && size.contains(*s))
        .collect();
    friends.sort();
    friends.dedup();
    let described = Described::with_model(string.parse(), string.model());
    described
        .diagram_in_position(size, from, (&friends, &[]))
        .map(|grid| {
            format!(
                "\nOn its start square {from}, among White's other pieces as the diagram starts \
                 them (F friend):\n\n```text\n{grid}```\n"
            )
        })
        .unwrap_or_default()
}

/// In MBN the hover is about one definition, its macros dissolved (seed 002: "Before any
/// piece definition will be interpreted, all the macro definitions have to be dissolved"); on
/// a macro's name, about the macro. Also gives the file range it speaks of.
fn mbn_definition(
    document: &Document,
    (offset, dialect): (usize, Dialect),
    (options, height): (HoverOptions, u32),
) -> Option<(String, TextRange)> {
    let analysis = document.analysis()?;
    let regions = &analysis.regions;
    let scope = document.macro_scope_at(offset)?;
    let at = scope.to_scope(regions, offset)?;
    let (definition, start) = scope.definition_at(at)?;
    // The heading of the definition or macro, then the diagram is put before it.
    let mut markdown = String::new();
    let shared = scope.shared();
    let (range, written, dissolved) = match shared.occurrence_at(at) {
        Some(occurrence) => {
            let key = &occurrence.key;
            let written = shared.written(key).unwrap_or_default();
            let uses = shared.occurrences_of(key).filter(|o| !o.definition).count();
            let (shown, length) = crate::quote::shown(&written);
            markdown.push_str(&format!(
                "**macro `{key}`** = `{shown}`{length} (used {uses} time{})\n\n",
                if uses == 1 { "" } else { "s" }
            ));
            (occurrence.range, written, shared.expand(key))
        }
        None => {
            let meaning = shared.meaning(&definition, start);
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
            let string = document.string(&text, dialect);
            if text != written {
                let (shown, length) = crate::quote::shown(&text);
                markdown.push_str(&format!("with macros dissolved: `{shown}`{length}\n\n"));
            }
            // A set of attackers (`K=K+{C}W2F2`) names pieces the game may define (`C=RN`):
            // such a piece is built again with the game's definitions; the rest keep the
            // model cached on their own text.
            let has_attackers = string
                .model()
                .moves
                .iter()
                .any(|m| !m.regions.attacked_by.is_empty());
            let attackers_defined = has_attackers.then(|| {
                let game: Vec<_> = scope.parses().map(crate::tree::Parse::piece).collect();
                (string.notation()).model_in_game(&string.parse().piece(), &game)
            });
            let model = attackers_defined.as_ref().unwrap_or_else(|| string.model());
            let meaning = meaning_of(string.parse(), model, (options, height), None);
            markdown = meaning.diagram + &markdown + &meaning.words;
        }
        Err(error) => markdown.push_str(&format!("cannot be dissolved: {error}\n")),
    }
    Some((markdown, scope.to_file(regions, range)))
}

/// The documentation of the token at byte `offset` of a parsed string, from the dialect's own
/// table: a letter, an operator, a range; empty for anything else.
pub fn token_doc(parsed: &Parse, offset: usize) -> String {
    let table = crate::registry::notation(parsed.dialect()).letters();
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

/// What a hover says about a piece: its diagram, which opens the hover, and the words that
/// follow the string's heading.
struct Meaning {
    diagram: String,
    words: String,
}

/// What a hover says about a parsed piece and its model: the diagram (the SVG picture, at most
/// `picture_height` pixels tall, for clients that render images; the text grid for the others,
/// which would show the picture's data), then the summary and the moves leg by leg.
/// `board_said` opens the words when the board is the section's.
fn meaning_of(
    parsed: &Parse,
    model: &model::Piece,
    (options, picture_height): (HoverOptions, u32),
    board_said: Option<String>,
) -> Meaning {
    let HoverOptions { board, image, .. } = options;
    let described = Described::with_model(parsed, model);
    let explanation = described.explanation_on(board);
    let mut diagram = String::new();
    // Shown after the moves: the other boards (pieces around, where limited moves start).
    let mut more_boards = String::new();
    if image {
        if let Some(picture) = described.picture(board, picture_height) {
            diagram.push_str(&format!(
                "![move diagram](data:image/svg+xml;base64,{})\n\n",
                base64(picture.svg.as_bytes())
            ));
            if !picture.notes.is_empty() {
                diagram.push_str(&format!("{}\n", picture.notes));
            }
            more_boards = picture.more_boards;
        }
    } else {
        let grid = described.diagram(board);
        if !grid.is_empty() {
            diagram.push_str("```text\n");
            diagram.push_str(&grid);
            diagram.push_str("```\n\n");
        }
    }
    let mut markdown = board_said.unwrap_or_default();
    markdown.push_str(&explanation.summary);
    markdown.push_str("\n\n");
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
    Meaning {
        diagram,
        words: markdown,
    }
}

/// The tallest diagram picture in a hover, in pixels.
const HOVER_DIAGRAM_HEIGHT: u32 = 170;

/// What a client that renders images (VS Code) shows of a hover before it scrolls, in pixels,
/// less the hover's margin above the picture, which opens it.
const HOVER_ROOM: u32 = 250 - 12;

/// How tall the picture may be when `findings` (code, message and help) are shown above the
/// hover, as VS Code shows the problems at the mouse: each line the client is sent (the message
/// in [`message_lines`], then the help), folded at about 52 characters (VS Code 1.100 folds a
/// finding of `NN` at 54 in its 500-pixel hover), the code after the last, a gap after each
/// finding, and one bar of actions. The picture is never drawn smaller than a board one can
/// still read (render/svg.rs): under several long findings VS Code's hover scrolls to it.
fn picture_height<'m>(findings: impl Iterator<Item = (&'m str, &'m str, Option<&'m str>)>) -> u32 {
    const LINE: u32 = 19;
    const GAP: u32 = 12;
    const CHARACTERS_PER_LINE: usize = 52;
    const ACTIONS: u32 = 30;
    let taken = findings.fold(0u32, |taken, (code, message, help)| {
        let shown = match help {
            Some(help) => message_lines(&format!("{message}\n{help}")),
            None => message_lines(message),
        };
        let count = shown.split('\n').count();
        let lines: usize = (shown.split('\n').enumerate())
            .map(|(index, line)| {
                // VS Code writes `betza(code)` after the last line.
                let code = if index + 1 == count {
                    code.len() + 8
                } else {
                    0
                };
                (line.chars().count() + code)
                    .div_ceil(CHARACTERS_PER_LINE)
                    .max(1)
            })
            .sum();
        let lines = u32::try_from(lines).unwrap_or(u32::MAX);
        taken.saturating_add(LINE.saturating_mul(lines).saturating_add(GAP))
    });
    let taken = if taken == 0 {
        0
    } else {
        taken.saturating_add(ACTIONS)
    };
    HOVER_ROOM
        .saturating_sub(taken)
        .clamp(90, HOVER_DIAGRAM_HEIGHT)
}

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
mod tests;
