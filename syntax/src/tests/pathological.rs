//! Pathological input, each finishing without a crash: very long lines, very many sections,
//! every kind of line break, and NUL bytes, through the whole-file analysis.

use crate::document::{Options, analyse};
use crate::host::HostFormat;

#[test]
fn a_one_megabyte_line_of_betza() {
    let line = "fmWfcF".repeat(1_000_000 / 6);
    let analysis = analyse(HostFormat::Betza, &line, &Options::default());
    assert_eq!(analysis.regions.len(), 1);
}

#[test]
fn a_variants_ini_with_100_000_sections() {
    let mut text = String::new();
    for i in 0..100_000 {
        text.push_str(&format!("[v{i}:chess]\ncustomPiece1 = x:fmWfcF\n"));
    }
    let analysis = analyse(HostFormat::VariantsIni, &text, &Options::default());
    assert_eq!(analysis.regions.len(), 100_000);
}

#[test]
fn every_line_break_nul_and_unicode_separator() {
    let text = "[v:chess]\r\ncustomPiece1 = x:fmW\rcustomPiece2 = y:N\u{2028}\u{85}\0\ncustomPiece3 = z:\0W\n\r\n";
    for format in [
        HostFormat::VariantsIni,
        HostFormat::Betza,
        HostFormat::Pgn,
        HostFormat::Diagram,
        HostFormat::Mbn,
        HostFormat::Cif,
    ] {
        let analysis = analyse(format, text, &Options::default());
        for d in &analysis.diagnostics {
            assert!(
                text.is_char_boundary(d.range.start().into())
                    && text.is_char_boundary(d.range.end().into())
            );
        }
    }
}
