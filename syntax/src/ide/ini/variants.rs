//! The variants of a whole `variants.ini` at a glance, as data for a page that lists them and
//! draws one (issue 55): every section of the file with the board Fairy-Stockfish makes of it,
//! or in the engine's checks' own words why it registers none; a chosen variant's board, start
//! position and pieces (letter, Betza, catalogue name, where it is defined); and the position a
//! piece of the start position moves in, among the others. Everything is read from the one
//! model of the file and from the piece origins the hover's glance reads (`glance.rs`,
//! `pieces.rs`); nothing here reads the file's lines again. Any text is answered: a section
//! that cannot be read is listed with what is wrong, never a panic.

use crate::TextRange;
use crate::board::{BoardSize, Position, Side, Square};
use crate::host::ini::Model;
use crate::host::position::placement;
use crate::host::{HostFormat, scan};

use super::glance::{catalogue_name, origin_betza};
use super::pieces::{Origin, origins};

/// A whole file, read once: the model, and the errors its checks found, which say why the
/// engine registers no board for a section.
#[derive(Debug, Clone)]
pub struct Variants {
    model: Model,
    /// The file's text, which the model reads its lines from.
    text: Box<str>,
    errors: Vec<(TextRange, String)>,
}

/// One section of the file, as a list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The section's place among the file's sections, for [`Variants::glance`].
    pub index: usize,
    pub name: String,
    /// The parent its header names, as written.
    pub parent: Option<String>,
    /// The board the engine registers the section with; none when it registers none.
    pub size: Option<BoardSize>,
    /// Why the engine registers no board, in words; none when it registers one.
    pub problem: Option<String>,
}

/// The sections a list shows: at most the number asked for, of those whose name holds the
/// filter, with how many hold it and how many sections the file has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    pub shown: Vec<Listed>,
    /// Sections whose name holds the filter, shown or not.
    pub matching: usize,
    /// Sections of the file (the text before the first header aside).
    pub total: usize,
}

/// A registered variant at a glance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glance {
    pub name: String,
    pub parent: Option<String>,
    /// The built-in variant its chain of parents starts from, if any.
    pub built_in: Option<&'static str>,
    pub size: BoardSize,
    /// The start position's pieces, white's in upper case; empty when the position does not
    /// fit the board ([`Glance::start_problem`] says so).
    pub start: Vec<(Square, char)>,
    pub start_problem: Option<String>,
    /// Each piece letter of the variant, in letter order.
    pub pieces: Vec<GlancePiece>,
}

/// One piece letter of a variant: how it moves and where that is said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GlancePiece {
    /// Lower case.
    pub letter: char,
    /// In Fairy-Stockfish's reading; empty for a piece that does not move, or whose moves the
    /// file does not say.
    pub betza: String,
    /// The catalogue's name for its moves.
    pub name: Option<&'static str>,
    /// A built-in piece's type in words (`shogi pawn`).
    pub kind: Option<String>,
    /// Where it is defined, in words.
    pub origin: String,
    /// The rules of a built-in variant that move the piece beyond its Betza (a palace).
    pub beyond_betza: Option<String>,
}

impl Variants {
    /// Reads `text` as Fairy-Stockfish reads a `variants.ini`.
    pub fn read(text: &str) -> Variants {
        let format = HostFormat::VariantsIni;
        let scan = scan(format, text, format.dialect());
        let errors = (scan.errors.iter())
            .filter(|d| d.severity == crate::Severity::Error)
            .map(|d| (d.range, d.message.clone()))
            .collect();
        Variants {
            model: scan.ini.map_or_else(|| Model::read(text), |model| *model),
            text: text.into(),
            errors,
        }
    }

    /// The sections whose name holds `filter` (any case), in file order, at most `most`.
    pub fn list(&self, filter: &str, most: usize) -> Listing {
        let filter = filter.trim().to_lowercase();
        let mut listing = Listing {
            shown: Vec::new(),
            matching: 0,
            total: 0,
        };
        for (index, section) in self.model.sections().iter().enumerate() {
            let Some(header) = &section.header else {
                continue;
            };
            listing.total += 1;
            if !header.name().to_lowercase().contains(&filter) {
                continue;
            }
            listing.matching += 1;
            if listing.shown.len() < most {
                listing.shown.push(self.listed(index));
            }
        }
        listing
    }

    fn listed(&self, index: usize) -> Listed {
        let section = &self.model.sections()[index];
        let header = section.header.as_ref();
        let board = section.board();
        Listed {
            index,
            name: header.map(|h| h.name().to_owned()).unwrap_or_default(),
            parent: header.and_then(|h| h.parent().map(str::to_owned)),
            size: board.map(|b| BoardSize {
                files: b.files,
                ranks: b.ranks,
            }),
            problem: board.is_none().then(|| self.problem(index)),
        }
    }

    /// Why section `index` has no board: the first error its checks found in it, else the
    /// engine's verdict in general words.
    fn problem(&self, index: usize) -> String {
        let section = &self.model.sections()[index];
        let (start, end) = (section.start, section.end());
        let found = self.errors.iter().find(|(range, _)| {
            let at = usize::from(range.start());
            start <= at && at < end.max(start + 1)
        });
        if let Some((_, message)) = found {
            return message.clone();
        }
        match section.outcome {
            crate::host::ini::Outcome::Dropped => {
                "its board is larger than Fairy-Stockfish's, which drops the variant".to_owned()
            }
            _ => "Fairy-Stockfish does not register this section".to_owned(),
        }
    }

    /// Section `index` at a glance; what is wrong, in words, when the engine registers no board
    /// for it or there is no such section.
    pub fn glance(&self, index: usize) -> Result<Glance, String> {
        let Some(section) = self
            .model
            .sections()
            .get(index)
            .filter(|s| s.header.is_some())
        else {
            return Err(format!("the file has no section {}", index + 1));
        };
        let name = section.name().unwrap_or_default().to_owned();
        let Some(board) = section.board() else {
            return Err(format!("`[{name}]`: {}", self.problem(index)));
        };
        let size = BoardSize {
            files: board.files,
            ranks: board.ranks,
        };
        if size.files == 0 || size.ranks == 0 {
            return Err(format!(
                "`[{name}]`: its board has no squares ({} files × {} ranks)",
                size.files, size.ranks
            ));
        }
        let placed = placement(&board.start_fen, size);
        let start_problem = placed.is_none().then(|| {
            format!(
                "the start position `{}` does not fit the board of {} files × {} ranks: no \
                 piece is drawn",
                crate::quote::shortened(&board.start_fen),
                size.files,
                size.ranks
            )
        });
        Ok(Glance {
            name,
            parent: section
                .header
                .as_ref()
                .and_then(|h| h.parent().map(str::to_owned)),
            built_in: board.built_in,
            size,
            start: placed.unwrap_or_default(),
            start_problem,
            pieces: origins(&self.model, &&*self.text, index)
                .iter()
                .map(piece)
                .collect(),
        })
    }
}

/// A piece of the list, from where its letter is defined.
fn piece(origin: &Origin) -> GlancePiece {
    let (betza, kind, origin_words, beyond_betza) = match &origin.built_in {
        Some((variant, built_in)) => (
            built_in.betza.clone(),
            Some(built_in.words()),
            format!("of the built-in `{variant}`"),
            built_in.rules_beyond_betza().map(str::to_owned),
        ),
        None => {
            let defined = match (&origin.definition, &origin.section) {
                (Some((key, _)), Some(section)) => format!("`{key}` in `[{section}]`"),
                _ => origin.detail.clone(),
            };
            (
                origin_betza(origin).unwrap_or_default(),
                None,
                defined,
                None,
            )
        }
    };
    GlancePiece {
        letter: origin.letter,
        name: (!betza.is_empty())
            .then(|| catalogue_name(&betza))
            .flatten(),
        betza,
        kind,
        origin: origin_words,
        beyond_betza,
    }
}

impl Glance {
    /// The piece of `letter` (either case).
    pub fn piece(&self, letter: char) -> Option<&GlancePiece> {
        let letter = letter.to_ascii_lowercase();
        self.pieces.iter().find(|p| p.letter == letter)
    }

    /// The letter of the start position's piece on `square`, and the position it moves in
    /// there: its side's pieces its friends, the other side's its enemies, unmoved.
    pub fn position_at(&self, square: Square) -> Option<(char, Position)> {
        let letter = self.start.iter().find(|(s, _)| *s == square)?.1;
        let white = letter.is_ascii_uppercase();
        let (friends, enemies): (Vec<_>, Vec<_>) = (self.start.iter())
            .filter(|(s, _)| *s != square)
            .partition(|(_, c)| c.is_ascii_uppercase() == white);
        let squares = |list: Vec<&(Square, char)>| list.into_iter().map(|(s, _)| *s).collect();
        let (friends, enemies): (Vec<Square>, Vec<Square>) = (squares(friends), squares(enemies));
        let side = if white { Side::White } else { Side::Black };
        let position = Position::new(self.size, square, side, false, &friends, &enemies).ok()?;
        Some((letter, position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "# a comment before any section\n\
                        [tiny:chess]\nmaxRank = 6\nmaxFile = 6\n\
                        customPiece1 = a:NB\n\
                        startFen = rnakbr/pppppp/6/6/PPPPPP/RNAKBR w - - 0 1\n\
                        [tiny:chess]\n\
                        [orphan:nothere]\n\
                        [half\n";

    #[test]
    fn every_section_is_listed_with_its_board_or_what_is_wrong() {
        let variants = Variants::read(FILE);
        let listing = variants.list("", 10);
        assert_eq!((listing.total, listing.matching), (4, 4));
        let names: Vec<&str> = listing.shown.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["tiny", "tiny", "orphan", "half"]);
        let tiny = &listing.shown[0];
        assert_eq!(tiny.size, Some(BoardSize { files: 6, ranks: 6 }));
        assert_eq!(
            (tiny.parent.as_deref(), &tiny.problem),
            (Some("chess"), &None)
        );
        // A second `tiny` is skipped, and so is a section whose parent is nowhere; an unclosed
        // header is read as the engine reads it, up to the line's end.
        assert!(listing.shown[3].problem.is_none());
        for skipped in &listing.shown[1..3] {
            assert!(skipped.size.is_none(), "{skipped:?}");
            assert!(
                skipped.problem.as_ref().is_some_and(|p| !p.is_empty()),
                "{skipped:?}"
            );
        }
        let orphan = listing.shown[2].problem.clone().unwrap_or_default();
        assert!(orphan.contains("nothere"), "{orphan}");
        // A filter, and a bound.
        let found = variants.list("ORPH", 10);
        assert_eq!((found.matching, found.shown.len()), (1, 1));
        let bounded = variants.list("", 1);
        assert_eq!((bounded.matching, bounded.shown.len()), (4, 1));
    }

    #[test]
    fn a_variant_has_its_board_start_position_and_pieces() {
        let variants = Variants::read(FILE);
        let glance = variants.glance(1).expect("tiny is registered");
        assert_eq!(glance.size, BoardSize { files: 6, ranks: 6 });
        assert_eq!(glance.start.len(), 24);
        assert_eq!(glance.built_in, Some("chess"));
        let a = glance.piece('A').expect("the custom piece");
        assert_eq!(
            (a.betza.as_str(), a.origin.as_str()),
            ("NB", "`customPiece1` in `[tiny]`")
        );
        let n = glance.piece('n').expect("the knight");
        assert_eq!((n.betza.as_str(), n.name), ("N", Some("Knight")));
        assert_eq!(n.kind.as_deref(), Some("knight"));
        // The white knight on b1, among the start position's pieces.
        let (letter, position) = glance
            .position_at("b1".parse().expect("a square"))
            .expect("N");
        assert_eq!((letter, position.side), ('N', Side::White));
        let (letter, position) = glance
            .position_at("b6".parse().expect("a square"))
            .expect("n");
        assert_eq!((letter, position.side), ('n', Side::Black));
        assert!(
            glance
                .position_at("c3".parse().expect("a square"))
                .is_none()
        );
        assert!(variants.glance(3).is_err_and(|e| e.contains("orphan")));
        assert!(
            variants.glance(0).is_err(),
            "the text before the first header"
        );
        assert!(variants.glance(99).is_err());
    }

    #[test]
    fn a_start_position_that_does_not_fit_is_said() {
        let variants = Variants::read("[wide:chess]\nmaxFile = 10\n");
        let glance = variants.glance(1).expect("registered");
        assert_eq!(glance.size.files, 10);
        assert!(glance.start.is_empty());
        assert!(glance.start_problem.is_some());
    }

    #[test]
    fn any_text_is_read() {
        for text in [
            "",
            "[",
            "[]",
            "[:]\n=\n",
            "[a:a]\n[b:b]\nmaxRank = x\nstartFen = 9/9",
        ] {
            let variants = Variants::read(text);
            let listing = variants.list("", 5);
            for listed in &listing.shown {
                let _ = variants.glance(listed.index);
            }
        }
    }
}
