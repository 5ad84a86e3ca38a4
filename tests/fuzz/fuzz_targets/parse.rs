//! Any text parses in every dialect: the tree gives back the text byte for byte, and every
//! error range lies inside the text, on character boundaries.

#![no_main]

use betza_syntax::{Dialect, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    for dialect in Dialect::ALL {
        let parsed = parse(text, dialect);
        assert_eq!(
            parsed.syntax().text().to_string(),
            text,
            "{dialect}: lossless"
        );
        assert_eq!(parsed.dialect(), dialect);
        for error in parsed.errors() {
            let (start, end) = (
                usize::from(error.range.start()),
                usize::from(error.range.end()),
            );
            assert!(
                start <= end && end <= text.len(),
                "{dialect}: error {:?} at {start}..{end} outside the text ({} bytes)",
                error.code(),
                text.len()
            );
            assert!(
                text.is_char_boundary(start) && text.is_char_boundary(end),
                "{dialect}: error {:?} at {start}..{end} splits a character",
                error.code()
            );
            assert!(!error.message.is_empty(), "{dialect}: empty message");
        }
    }
});
