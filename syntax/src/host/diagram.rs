//! Interactive Diagram definitions: whitespace-separated `key=value` settings and piece lines
//! `name:ID:betza:image:squares` (seed 000 shows one: `checker:P:fmFcafmFimfD:pawn:a2-l2`). An
//! empty Betza field (`rook::::a1,l1`) keeps the piece's standard moves.

use super::{Region, RegionContext, Scan, span};
use crate::Dialect;

pub(super) fn scan(text: &str) -> Scan {
    let mut scan = Scan::default();
    let mut offset = 0;
    for word in text.split_inclusive(char::is_whitespace) {
        let at = offset;
        offset += word.len();
        let word = word.trim_end();
        if word.contains('=') {
            continue;
        }
        let fields: Vec<&str> = word.split(':').collect();
        if fields.len() < 3 || fields[2].is_empty() {
            continue;
        }
        let betza_at = at + fields[0].len() + fields[1].len() + 2;
        scan.regions.push(Region {
            range: span(betza_at, betza_at + fields[2].len()),
            dialect: Dialect::XBetza,
            context: Box::new(RegionContext {
                piece: Some(fields[1].to_owned()).filter(|id| !id.is_empty()),
                name: Some(fields[0].to_owned()).filter(|name| !name.is_empty()),
                ..RegionContext::default()
            }),
            decoded: None,
        });
    }
    scan
}
