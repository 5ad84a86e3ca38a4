//! What a host format finds in a file: its Betza strings (regions), its own findings and
//! tokens, and for a `variants.ini` the model of its sections; and the part of a file an edit
//! is confined to, scanned again alone.

use rowan::TextRange;

use super::errors::HostErrors;
use super::ini::Model;
use crate::Severity;
use crate::diagnostic::{Diagnostic, codes};
use crate::region::Region;

/// Host syntax worth colouring around the Betza.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostToken {
    /// A key that holds a piece (`customPiece1`, `king`).
    Key,
    /// A section header (`[name:parent]`).
    Section,
    Comment,
}

/// What a scanner found in a file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Scan {
    pub regions: Vec<Region>,
    pub errors: HostErrors,
    /// Host keys, sections and comments, in file order.
    pub host_tokens: Vec<(TextRange, HostToken)>,
    /// A `variants.ini` as the engine reads it, its sections checked.
    pub ini: Option<Box<Model>>,
}

/// Moves the strings too long to analyse from the regions to the errors.
pub(crate) fn drop_long_regions(scan: &mut Scan) {
    // In place: a file of a million strings is not copied for the few too long.
    let long: Vec<Region> = (scan.regions)
        .extract_if(.., |r| usize::from(r.range.len()) > REGION_LIMIT)
        .collect();
    for region in long {
        let message = format!(
            "this Betza string is {} bytes long; strings over {} KiB are not analysed",
            usize::from(region.range.len()),
            REGION_LIMIT / 1024
        );
        scan.errors.push(
            Diagnostic::new(
                region.range,
                codes::STRING_TOO_LONG,
                Severity::Error,
                message,
            )
            .with_help(
                "split the piece's moves over shorter strings, or check the file is the \
                     one meant",
            ),
        );
    }
    scan.errors.sort_by_key(|e| e.range.start());
}

impl Scan {
    /// An empty scan whose errors are bounded as [`scan_bounded`] says.
    pub(crate) fn bounded(per_code: Option<usize>) -> Scan {
        Scan {
            errors: HostErrors::bounded(per_code),
            ..Scan::default()
        }
    }

    /// Adds what `other`, a later part of the file, holds.
    pub(crate) fn extend(&mut self, other: Scan) {
        self.regions.extend(other.regions);
        self.errors.append(other.errors);
        self.host_tokens.extend(other.host_tokens);
    }
}

/// The part of a file that an edit is confined to, scanned again alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rescan {
    /// The part's bytes before the edit.
    pub old: (usize, usize),
    /// Its bytes after the edit.
    pub new: (usize, usize),
    /// Whether an empty finding at its end is its own: a string's findings may point just past
    /// its last letter, and so may those of a file's last section; any other section ends at
    /// the start of a line that is not its own.
    pub closed: bool,
    /// What the part holds now, in the new text's offsets.
    pub scan: Scan,
}

/// Betza strings longer than this are not analysed, hovered or coloured. Real pieces are at
/// most a few hundred characters; a 10 MB one took 13 s and 2 GB to analyse.
pub const REGION_LIMIT: usize = 64 * 1024;
