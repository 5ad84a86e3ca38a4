//! Every host format reads any text: every finding, and every edit of its fix, lies inside the
//! text on character boundaries, and so does every region and host token.

#![no_main]

use betza_syntax::analysis::{self, Options};
use betza_syntax::host::HostFormat;
use betza_syntax::{Dialect, TextRange};
use libfuzzer_sys::fuzz_target;

mod common;

const FORMATS: [HostFormat; 6] = HostFormat::ALL;

fn check(text: &str, range: TextRange, what: &str) {
    let (start, end) = (usize::from(range.start()), usize::from(range.end()));
    assert!(
        start <= end && end <= text.len(),
        "{what} at {start}..{end} outside the text ({} bytes)",
        text.len()
    );
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{what} at {start}..{end} splits a character"
    );
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    for format in FORMATS {
        if common::slow_file(format, text, common::MANY) {
            continue;
        }
        for default_dialect in [Dialect::XBetza, Dialect::Fairy] {
            let options = Options {
                default_dialect,
                ..Options::default()
            };
            let analysis = analysis::analyse(format, text, &options);
            assert_eq!(analysis.format, format);
            for region in &analysis.regions {
                check(text, region.range, &format!("{format:?}: region"));
                // The region's text is readable (decoded or a slice of the file).
                let _ = region.text(text);
            }
            for (range, token) in analysis.host_tokens.iter() {
                check(text, range, &format!("{format:?}: host token {token:?}"));
            }
            for d in &analysis.diagnostics {
                let what = format!("{format:?}: diagnostic {}", d.code);
                check(text, d.range, &what);
                if let Some(fix) = &d.fix {
                    for edit in &fix.edits {
                        check(text, edit.range, &format!("{what}: fix edit"));
                    }
                }
            }
        }
    }
});
