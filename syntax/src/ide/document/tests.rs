use super::{Document, rope_in_pieces};
use crate::Dialect;
use crate::analysis::Options;

/// A hover and a symbol list about the same string read it once between them.
#[test]
fn a_string_is_read_once_for_every_request() {
    let document = Document::new("p.betza", "", "mafsW\n", &Options::default());
    let first = document.string("mafsW", Dialect::XBetza);
    let again = document.string("mafsW", Dialect::XBetza);
    assert!(std::sync::Arc::ptr_eq(&first, &again));
}

/// One analysis per string: the model the lints built is the one a hover reads, for every
/// copy of the string in the file.
#[test]
fn requests_read_the_string_the_analysis_read() {
    let built = || {
        crate::model::BUILT.with(|built| built.borrow().iter().filter(|t| *t == "mafsW").count())
    };
    let before = built();
    let document = Document::new("p.betza", "", "mafsW\nmafsW\n", &Options::default());
    let _ = document.string("mafsW", Dialect::XBetza).model();
    assert_eq!(built() - before, 1);
}

/// Strings asked about while typing are let go once they are no longer in the document, so
/// a long session does not grow without bound.
#[test]
fn strings_no_longer_in_the_document_are_let_go() {
    let options = Options::default();
    let mut document = Document::new("p.betza", "", "W\n", &options);
    for n in 0..5000 {
        document.string(&format!("W{n}"), Dialect::XBetza);
    }
    document.edit(&options, |edits| edits.replace(0, 1, "F"));
    let kept = document.strings.lock().map_or(usize::MAX, |s| s.len());
    assert!(kept <= 2, "{kept}");
}

#[test]
fn offsets_past_the_end_or_inside_a_character_are_clamped() {
    let options = Options::default();
    let mut document = Document::new("p.betza", "", "😀W\n", &options);
    document.edit(&options, |edits| {
        edits.replace(2, 1, "x");
        edits.replace(99, 200, "F");
    });
    assert_eq!(document.text().to_string(), "x😀W\nF");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// The model a document keeps through edits equals that of its text read afresh, after
    /// any edits: each section read again where an edit falls, and checked again with
    /// every section whose outcome can change.
    #[test]
    fn the_model_follows_every_edit(
        edits in proptest::collection::vec(
            (0usize..120, 0usize..8, proptest::sample::select(vec![
                "", "6", "\n", "maxRank = 6\n", "[w:v]\n", "a", "=", "k", "10", "R", "\r",
                "startFen = 8/8/8/8/8/KAk5 w - - 0 1\n", "customPiece2 = b:W\n", "#", ":",
            ])),
            1..8,
        )
    ) {
        let options = Options::default();
        let start = "[v:chess]\nmaxFile = 9\ncustomPiece1 = a:WF\nmaxRank = 8\n[w:v]\nking = k:K\n";
        let mut document = Document::new("variants.ini", "", start, &options);
        for (at, length, inserted) in edits {
            let end = at.saturating_add(length);
            document.edit(&options, |e| e.replace(at, end, inserted));
            let text = document.text().to_string();
            let fresh = crate::host::scan(
                crate::host::HostFormat::VariantsIni,
                &text,
                crate::Dialect::Fairy,
            );
            proptest::prop_assert_eq!(document.ini(), fresh.ini.as_deref(), "{:?}", text);
        }
    }
}

/// One analysis per string: the MBN strings that share macros are the ones the analysis read,
/// not parsed again for a rename, a hover or the macro findings.
#[test]
fn a_macro_scope_reads_the_strings_the_analysis_read() {
    let document = Document::new("game.mbn", "", "C=RN K=K+{C}W2F2\n", &Options::default());
    let scope = document.macro_scope_at(0).expect("an MBN string");
    let parses: Vec<_> = scope.parses().collect();
    assert_eq!(parses.len(), 2);
    for (parse, text) in parses.into_iter().zip(["C=RN", "K=K+{C}W2F2"]) {
        let read = document.string(text, Dialect::Mbn);
        assert!(std::ptr::eq(parse, read.parse()), "{text}");
    }
}

/// Hovers, renames and references of one revision share one build of the file's macro scopes;
/// an edit makes a new revision, whose first request builds them again, and a snapshot taken
/// for a request shares its document's. (A whole analysis builds scopes of its own for the
/// macro findings, and keeps only the findings: memory stays within the strings' budget until
/// a request asks.)
#[test]
fn macro_scopes_are_built_once_per_revision() {
    let builds = || crate::notation::scope::BUILDS.with(std::cell::Cell::get);
    let options = Options::default();
    let text = "@:NR:=N0\nI|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:\n";
    let mut document = Document::new("p.mbn", "", text, &options);
    let at_use = text.rfind(":NR:").expect("a use") + 1;
    let ask_everything = |document: &Document| {
        assert_eq!(crate::ide::macros::places(document, at_use).len(), 3);
        assert!(crate::ide::macros::prepare_rename(document, at_use).is_ok());
        assert!(crate::ide::macros::rename(document, at_use, ":NX:").is_ok());
        let hover = crate::ide::hover::hover(document, at_use, Default::default());
        assert!(hover.is_some_and(|h| h.markdown.contains("macro `:NR:`")));
    };
    let before = builds();
    for _ in 0..3 {
        ask_everything(&document);
    }
    ask_everything(&document.clone());
    assert_eq!(builds() - before, 1, "one revision");
    document.edit(&options, |e| e.replace(0, 0, " "));
    let edited = builds();
    ask_everything(&document);
    ask_everything(&document);
    assert_eq!(builds() - edited, 1, "a second revision");
}

/// Issue 56: a batch of edits inside one long string (a replace-all: thousands of changes in
/// one message) read the string again for each, 70 s for 30,000 changes in 2.4 MB. Once the
/// edits have read more than the whole text, the rest is one analysis after the last edit,
/// which gives the same findings as analysing the result afresh.
#[test]
fn many_edits_of_one_long_string_are_analysed_once_they_cost_more_than_the_text() {
    let options = Options::default();
    let long = "fmWfcF".repeat(2_000);
    let mut document = Document::new("p.betza", "", &format!("{long}\n"), &options);
    let built = || crate::model::BUILT.with(|built| built.borrow().len());
    let before = built();
    document.edit(&options, |edits| {
        for at in 0..200 {
            edits.replace(at * 6, at * 6 + 1, "b");
        }
    });
    // The first edit reads the string again, the second would read it past the text's
    // length: from then on, one analysis at the end.
    assert!(built() - before <= 3, "{} builds", built() - before);
    let text = document.text().to_string();
    assert_eq!(
        document.diagnostics(),
        Document::new("p.betza", "", &text, &options).diagnostics()
    );
}

/// Issue 56: a rope built from the text's end a piece at a time is the rope of the whole text,
/// whatever the cuts part: a carriage return from its line feed, or the bytes of a character.
#[test]
fn a_rope_built_in_pieces_is_the_rope_of_the_text() {
    let text = "[chess]\r\ncustomPiece1 = a:mWfceF\r\n# é𝄞€\n\rx\r\n".repeat(7);
    let whole = ropey::Rope::from_str(&text);
    for piece in [1, 2, 3, 5, 8, 13, text.len(), text.len() + 1] {
        let rope = rope_in_pieces(text.clone(), piece);
        assert_eq!(rope.to_string(), text, "pieces of {piece}");
        assert_eq!(rope.len_lines(), whole.len_lines(), "pieces of {piece}");
        for line in 0..whole.len_lines() {
            assert_eq!(
                rope.line(line),
                whole.line(line),
                "line {line}, pieces of {piece}"
            );
        }
    }
    assert_eq!(rope_in_pieces(String::new(), 4).len_bytes(), 0);
}
