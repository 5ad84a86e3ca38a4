//! One Betza string inside a file, as a host format found it: its bytes, its dialect, and
//! where it stands (section, piece, start squares). Every layer from the notations up reads
//! regions; the host formats make them.

use std::borrow::Cow;
use std::sync::Arc;

use rowan::{TextRange, TextSize};

use crate::board::BoardSize;
use crate::{Dialect, Source};

/// A square a piece starts on, 0-based: file 0 is `a`, rank 0 is `1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StartSquare {
    pub file: u8,
    pub rank: u8,
}

/// Where a region stands in its file, for messages and symbols.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RegionContext {
    /// The variant section (`variants.ini`), shared by the section's regions.
    pub section: Option<Arc<str>>,
    /// The piece's letter or ID; a `variants.ini`'s letter and key are borrowed from tables,
    /// as a large file has tens of thousands of them (issue 56).
    pub piece: Option<Cow<'static, str>>,
    /// The piece's name, where the file gives one.
    pub name: Option<Cow<'static, str>>,
    /// What only the Interactive Diagram and PGN hosts give; boxed apart, so that the tens of
    /// thousands of contexts of a large `variants.ini` are half the size (issue 56).
    pub diagram: Option<Box<DiagramContext>>,
}

/// Where a region stands on a board, as an Interactive Diagram or a PGN game gives it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DiagramContext {
    /// The squares the piece starts on, as an Interactive Diagram's piece line gives them
    /// (White's, as written; shared by the regions of one line).
    pub start_squares: Arc<[StartSquare]>,
    /// How many bracket groups of the same piece were left out of the region because they
    /// are a notation this tool does not read (Interactive Diagram): the region is then only
    /// part of the piece.
    pub unread_groups: usize,
    /// The board the file gives the piece where its scanner reads one (an Interactive
    /// Diagram's `files=` and `ranks=`, a PGN game's `FEN` tag), shared by the file's regions.
    pub board: Option<Arc<FileBoard>>,
}

impl DiagramContext {
    fn says_nothing(&self) -> bool {
        // Every field named, so that a new one is weighed here too.
        let DiagramContext {
            start_squares,
            unread_groups,
            board,
        } = self;
        start_squares.is_empty() && *unread_groups == 0 && board.is_none()
    }

    /// The context boxed, or none when it says nothing: one saying nothing is never held, so
    /// that contexts compare as they did before it was boxed apart.
    pub fn boxed(self) -> Option<Box<DiagramContext>> {
        (!self.says_nothing()).then(|| Box::new(self))
    }
}

/// The board a file gives a string's piece, and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileBoard {
    pub size: BoardSize,
    /// Whose board it is, in words: "the section's", "the diagram's", "the game's".
    pub whose: &'static str,
    /// The start position the pieces stand in, where the file gives one.
    pub start_fen: Option<String>,
}

impl RegionContext {
    fn says_nothing(&self) -> bool {
        // Every field named, so that a new one is weighed here too.
        let RegionContext {
            section,
            piece,
            name,
            diagram,
        } = self;
        section.is_none()
            && piece.is_none()
            && name.is_none()
            && diagram.as_deref().is_none_or(DiagramContext::says_nothing)
    }

    /// The squares the piece starts on (none outside an Interactive Diagram).
    pub fn start_squares(&self) -> &[StartSquare] {
        self.diagram.as_deref().map_or(&[], |d| &d.start_squares)
    }

    /// How many bracket groups of the piece were left out of the region.
    pub fn unread_groups(&self) -> usize {
        self.diagram.as_deref().map_or(0, |d| d.unread_groups)
    }

    /// The board the file gives the piece, where its scanner reads one.
    pub fn board(&self) -> Option<&Arc<FileBoard>> {
        self.diagram.as_deref().and_then(|d| d.board.as_ref())
    }

    /// Sets the board the file gives the piece.
    pub fn set_board(&mut self, board: Option<Arc<FileBoard>>) {
        let diagram = self
            .diagram
            .take()
            .map_or_else(DiagramContext::default, |d| *d);
        self.diagram = DiagramContext { board, ..diagram }.boxed();
    }
}

/// A region's context, held only when it says something: the strings of a plain file mostly
/// have none, and a million of them then take no memory for it. Reads as a [`RegionContext`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Context(Option<Box<RegionContext>>);

impl Context {
    pub fn new(mut context: RegionContext) -> Context {
        // A diagram context saying nothing is dropped, so that equal contexts compare equal.
        context.diagram = context.diagram.and_then(|d| d.boxed());
        Context((!context.says_nothing()).then(|| Box::new(context)))
    }
}

impl std::ops::Deref for Context {
    type Target = RegionContext;

    fn deref(&self) -> &RegionContext {
        static NOTHING: std::sync::LazyLock<RegionContext> =
            std::sync::LazyLock::new(RegionContext::default);
        self.0.as_deref().unwrap_or(&NOTHING)
    }
}

/// One Betza string inside a file. An edit moves every region after it, so what is not its
/// range is boxed: a large file's regions then move in a quarter of the memory traffic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// The string's bytes in the file.
    pub range: TextRange,
    pub dialect: Dialect,
    pub context: Context,
    /// For hosts that escape text (XML entities): the decoded string and, for each of its
    /// bytes plus its end, the offset in the file.
    pub decoded: Option<Box<Decoded>>,
}

/// A string decoded from its host's escapes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    pub text: String,
    /// For each byte of `text`, and its end, the offset in the file.
    pub offsets: Vec<TextSize>,
}

impl Region {
    /// The string to parse (empty when its range is not in `file`).
    pub fn text<'a, S: Source + ?Sized>(&'a self, file: &'a S) -> Cow<'a, str> {
        match &self.decoded {
            Some(decoded) => Cow::Borrowed(&decoded.text),
            None => file.text_at(self.range.into()).unwrap_or_default(),
        }
    }

    /// A range in the region's text, as a range in the file.
    pub fn to_file(&self, range: TextRange) -> TextRange {
        match &self.decoded {
            Some(decoded) => {
                let at = |offset: TextSize| {
                    decoded
                        .offsets
                        .get(usize::from(offset))
                        .copied()
                        .unwrap_or(self.range.end())
                };
                TextRange::new(at(range.start()), at(range.end()).max(at(range.start())))
            }
            None => range + self.range.start(),
        }
    }
}
