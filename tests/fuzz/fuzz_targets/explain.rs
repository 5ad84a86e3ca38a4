//! The explanation, the text diagram and the SVG diagram of any string, in every dialect: no
//! panic, and the SVG is one well-formed-looking document.
//!
//! Input: one byte choosing the board (the default window, or a small board), then the string.

#![no_main]

use betza_syntax::board::BoardSize;
use betza_syntax::explain::{diagram, diagram_svg, explain};
use betza_syntax::{Dialect, parse};
use libfuzzer_sys::fuzz_target;

mod common;

/// Longer strings only repeat what short ones exercise, slower.
const MAX_BETZA: usize = 256;

fuzz_target!(|data: &[u8]| {
    let [board, betza @ ..] = data else {
        return;
    };
    let board = (board & 1 == 1).then(|| BoardSize {
        files: 5 + (board >> 1) % 12,
        ranks: 5 + (board >> 4) % 12,
    });
    let betza = String::from_utf8_lossy(&betza[..betza.len().min(MAX_BETZA)]);
    if common::slow_string(&betza, common::MANY) {
        return;
    }
    for dialect in Dialect::ALL {
        let parsed = parse(&betza, dialect);
        let explanation = explain(&parsed);
        let text = explanation.to_text();
        assert!(
            text.starts_with(&explanation.summary),
            "{dialect}: summary first"
        );
        let _grid = diagram(&parsed, board);
        let svg = diagram_svg(&parsed, board);
        if !svg.is_empty() {
            assert!(svg.contains("<svg"), "{dialect}: SVG without <svg");
            assert!(
                svg.trim_end().ends_with("</svg>"),
                "{dialect}: SVG not closed"
            );
        }
    }
});
