//! What one host format knows, behind one interface: how its files are recognised, where their
//! Betza strings are, what ends a string, how MBN macros are shared, and the board a string's
//! piece is played on. Each format implements it in its own module; `super::HOSTS` registers
//! them.

use super::ini::Model;
use super::kinds::FileKind;
use super::scan::Scan;
use crate::Dialect;
use crate::region::{FileBoard, Region};

/// One kind of file that carries Betza.
pub trait Host: Sync {
    /// How its files are recognised, what editors call them, the dialect of their strings.
    fn kind(&self) -> &'static FileKind;

    /// The whole file: its Betza strings, its own findings (at most `per_code` of each code,
    /// the others counted) and the tokens worth colouring. `default_dialect` is the dialect of
    /// strings whose file says none.
    fn scan(&self, text: &str, default_dialect: Dialect, per_code: Option<usize>) -> Scan;

    /// Whether `c`, typed into one of its strings or left beside one, may end the string or
    /// start another: the file is then scanned again rather than the one string read again.
    fn separates(&self, c: char) -> bool {
        // What any of the formats reads as punctuation or a separator (scanners trim and
        // split at Unicode whitespace).
        const STRUCTURAL: &[char] = &[';', ':', '"', '\'', '=', '#', '[', ']', '<', '>', '&', '|'];
        STRUCTURAL.contains(&c) || c.is_whitespace() || c.is_control()
    }

    /// Whether each MBN string of a file defines its own macros (a C/CIF file holds one game
    /// per `pieces` attribute) rather than all of a file's strings sharing them.
    fn macros_per_string(&self) -> bool {
        false
    }

    /// The board the file gives `region`'s piece, where it gives one; `model` is the file's
    /// model, for a format that keeps one (`variants.ini`). Read by hovers and findings alike.
    fn board_of(&self, region: &Region, model: Option<&Model>) -> Option<FileBoard> {
        let _ = model;
        region.context.board().map(|b| b.as_ref().clone())
    }
}
