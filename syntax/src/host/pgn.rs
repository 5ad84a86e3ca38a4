//! PGN: the `[VariantMen "P:fmWfceFifmnD;N:N"]` tag, a `;`-separated list of `ID:betza`, with
//! `+ID` for promoted pieces (XBoard's `-men` format).

use super::{Context, Region, RegionContext, Scan, lines, span};
use crate::Dialect;

pub(super) fn scan(text: &str, per_code: Option<usize>) -> Scan {
    let mut scan = Scan::bounded(per_code);
    for (offset, line) in lines(text) {
        let mut search = 0;
        while let Some(found) = line[search..].find("[VariantMen") {
            let tag = search + found;
            let Some(open) = line[tag..].find('"').map(|i| tag + i + 1) else {
                break;
            };
            let close = line[open..].find('"').map_or(line.len(), |i| open + i);
            pieces(&line[open..close], offset + open, &mut scan);
            search = close.min(line.len());
            if search >= line.len() {
                break;
            }
            search += 1;
        }
    }
    scan
}

/// `ID:betza;ID:betza…` starting at byte `offset`.
pub(super) fn pieces(list: &str, offset: usize, scan: &mut Scan) {
    let mut start = 0;
    for item in list.split(';') {
        let item_at = offset + start;
        start += item.len() + 1;
        let Some((id, betza)) = item.split_once(':') else {
            continue;
        };
        let betza_at = item_at + id.len() + 1;
        let trimmed = betza.trim_end();
        let lead = trimmed.len() - trimmed.trim_start().len();
        if trimmed.trim().is_empty() {
            continue;
        }
        scan.regions.push(Region {
            range: span(betza_at + lead, betza_at + trimmed.len()),
            dialect: Dialect::XBetza,
            context: Context::new(RegionContext {
                piece: Some(id.trim().to_owned()),
                ..RegionContext::default()
            }),
            decoded: None,
        });
    }
}
