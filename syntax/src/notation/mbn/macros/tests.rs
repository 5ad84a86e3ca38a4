//! Seed 002, section 16 ("Macros"), one test per rule.

use rowan::TextSize;

use super::*;
use crate::{Dialect, parse};

fn macros(text: &str) -> Macros {
    let parsed = parse(text, Dialect::Mbn);
    let root = parsed.syntax();
    Macros::collect([(TextSize::new(0), &root)])
}

fn dissolved(text: &str, index: usize) -> Result<String, ExpandError> {
    let parsed = parse(text, Dialect::Mbn);
    let root = parsed.syntax();
    let table = Macros::collect([(TextSize::new(0), &root)]);
    let definition = root
        .children()
        .filter(|n| n.kind() == DEFINITION)
        .nth(index)
        .expect("the definition exists");
    table.dissolve_definition(&definition, TextSize::new(0))
}

/// "@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR: Now the specification of Amazon-Rider
/// is correct."
#[test]
fn a_compound_macro_is_dissolved_where_it_is_used() {
    let text = "@:NR:=N0 I|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:";
    assert_eq!(dissolved(text, 1), Ok("(N0)".into()));
    assert_eq!(dissolved(text, 2), Ok("Q+(N0)".into()));
    let table = macros(text);
    assert_eq!(table.occurrences.len(), 3);
    assert!(table.unused().is_empty());
}

/// "I|Nightrider| Z|Amazon-Rider|=QI @I=N0 ... the macro definition is overwriting the basic
/// piece I", and "the set of rules is invariant considering the order of the definitions".
#[test]
fn a_single_letter_macro_overrides_the_basic_piece_in_any_order() {
    assert_eq!(
        dissolved("I|Nightrider| Z|Amazon-Rider|=QI @I=N0", 1),
        Ok("Q(N0)".into())
    );
}

/// "@I|Janus|=I J|Amazon|=I ... inside the macro still the basic piece will be referred by
/// this letter": no recursion.
#[test]
fn inside_its_own_definition_a_letter_is_the_basic_piece() {
    let text = "@I|Janus|=I J|Amazon|=I";
    assert_eq!(macros(text).expand("I"), Ok("I".into()));
    assert_eq!(dissolved(text, 1), Ok("(I)".into()));
}

/// "@C=(dWF)03 C=mC+c{C}C ... The piece letter in piece set {C} remains unchanged."
#[test]
fn piece_sets_are_not_dissolved() {
    assert_eq!(
        dissolved("@C=(dWF)03 C=mC+c{C}C", 1),
        Ok("m((dWF)03)+c{C}((dWF)03)".into())
    );
}

/// "Note that a macro definition can refer other macro definitions": `@Y=fN :X:=Y02`
/// "can be dissolved to :X:=fN02".
#[test]
fn macros_refer_to_other_macros() {
    assert_eq!(dissolved("@Y=fN :X:=Y02 :Y:=Y", 1), Ok("(fN)02".into()));
    assert_eq!(dissolved("@Z=Y0 @Y=fN Q=Z", 2), Ok("((fN)0)".into()));
}

#[test]
fn cycles_and_blowups_are_reported_not_followed() {
    let table = macros("@A=B+W @B=C @C=A");
    assert_eq!(
        table.expand("A"),
        Err(ExpandError::Recursive(Cycle {
            names: vec!["A".into(), "B".into(), "C".into()],
            length: 3
        }))
    );
    let chain: Vec<String> = (b'A'..=b'Y')
        .map(|c| format!("@{}={}{}", c as char, (c + 1) as char, (c + 1) as char))
        .collect();
    let table = macros(&chain.join(" "));
    assert_eq!(table.expand("A"), Err(ExpandError::TooLong));
}

#[test]
fn duplicates_unused_and_undefined_are_found() {
    let table = macros("@X=W @X=F @Y=N Q=X+:NR:");
    assert_eq!(table.duplicates().len(), 1);
    assert_eq!(
        table.unused().iter().map(|u| u.0).collect::<Vec<_>>(),
        ["Y"]
    );
    assert_eq!(table.undefined.len(), 1);
    assert_eq!(table.undefined[0].key, ":NR:");
}

/// Compound letters compare in capitals (seed 002: ":Be: and :BE: are equal").
#[test]
fn compound_names_ignore_case() {
    assert_eq!(dissolved("@:Nr:=N0 Q=:NR:", 1), Ok("(N0)".into()));
}

#[test]
fn rename_edits_every_occurrence_and_refuses_captures() {
    let text = "@:NR:=N0 I=:NR: Z=Q+:NR:+{:NR:}W |:NR:|";
    let table = macros(text);
    let edits = table.rename(TextSize::new(2), ":RR:").expect("renames");
    assert_eq!(edits.len(), 3);
    let mut renamed = text.to_owned();
    for (range, new) in edits.iter().rev() {
        renamed.replace_range(std::ops::Range::<usize>::from(*range), new);
    }
    assert_eq!(renamed, "@:RR:=N0 I=:RR: Z=Q+:RR:+{:NR:}W |:NR:|");
    // The meaning is the same: every expansion is identical.
    assert_eq!(dissolved(text, 2), dissolved(&renamed, 2));
    assert!(matches!(
        table.rename(TextSize::new(2), "Q"),
        Err(RenameError::CapturesBasicPiece(..))
    ));
    assert!(matches!(
        table.rename(TextSize::new(2), ":ABCD:"),
        Err(RenameError::InvalidName(_))
    ));
    assert!(matches!(
        table.rename(TextSize::new(2), "+Q"),
        Err(RenameError::InvalidName(_))
    ));
    // Issue 41: a name of a million characters is quoted by its ends, its length said.
    let said = (table.rename(TextSize::new(2), &"x".repeat(1_000_000)))
        .map_err(|e| e.to_string())
        .expect_err("no macro name");
    assert!(said.len() < 300, "{} bytes", said.len());
    assert!(said.contains("it is 1000000 characters long"), "{said}");
    assert_eq!(
        table.rename(TextSize::new(9), "X"),
        Err(RenameError::NotAMacro)
    );
    // Found by the rename property test: a macro that uses itself cannot take a one-letter
    // name, which inside its own definition means the basic piece.
    let recursive = macros("@:DE:=N0+:DE: X=:DE:");
    assert_eq!(
        recursive.rename(TextSize::new(2), "Y"),
        Err(RenameError::SelfReference("Y".into()))
    );
    let two = macros("@A=W @B=F Q=AB");
    assert!(matches!(
        two.rename(TextSize::new(1), "B"),
        Err(RenameError::Taken(_))
    ));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Rename keeps every expansion identical: random macro sets (names, bodies that use other
    /// macros, piece sets and comments that mention them), each occurrence renamed to a random
    /// name; when the rename is allowed, every definition dissolves to the same text.
    #[test]
    fn rename_keeps_every_expansion(
        bodies in proptest::collection::vec((0usize..4, 0usize..4, 0usize..3), 1..5),
        target in 0usize..4,
        new_name in proptest::sample::select(vec![":AB:", ":Z9:", "X", "Y", ":NR:", "Q", ":CD:"]),
    ) {
        const NAMES: [&str; 4] = [":NR:", ":BC:", "I", ":DE:"];
        const ATOMS: [&str; 3] = ["N0", "W", "F2"];
        let mut text = String::new();
        for (i, (uses, piece, atom)) in bodies.iter().enumerate() {
            let name = NAMES[i % NAMES.len()];
            let used = NAMES[*uses];
            text.push_str(&format!(
                "@{name}={}+{used}+c{{{used}}}K |{used}| P{piece}={used}+{name} ",
                ATOMS[*atom]
            ));
        }
        let before = macros(&text);
        let at = before
            .occurrences
            .iter()
            .filter(|o| o.key == key_of(NAMES[target % bodies.len().min(NAMES.len())]))
            .map(|o| o.range.start())
            .next();
        let Some(at) = at else { return Ok(()) };
        let Ok(edits) = before.rename(at, new_name) else { return Ok(()) };
        let mut renamed = text.clone();
        for (range, new) in edits.iter().rev() {
            renamed.replace_range(std::ops::Range::<usize>::from(*range), new);
        }
        let count = parse(&text, Dialect::Mbn)
            .syntax()
            .children()
            .filter(|n| n.kind() == DEFINITION)
            .count();
        for index in 0..count {
            // A recursive macro stays recursive; its cycle is named with the new name.
            match (dissolved(&text, index), dissolved(&renamed, index)) {
                (Ok(a), Ok(b)) => proptest::prop_assert_eq!(a, b, "{} -> {}", text, renamed),
                (Err(_), Err(_)) => {}
                (a, b) => proptest::prop_assert!(false, "{:?} vs {:?}: {} -> {}", a, b, text, renamed),
            }
        }
    }
}

/// The way macros were dissolved before issue 56, one use at a time with the names on the way
/// in a list: what dissolving once must still give.
fn one_by_one(table: &Macros, body: &[Chunk], stack: &mut Vec<String>) -> Result<String, String> {
    let mut out = String::new();
    for chunk in body {
        match chunk {
            Chunk::Text(text) => out.push_str(text),
            Chunk::Use(key) => {
                if let Some(at) = stack.iter().position(|k| k == key) {
                    // Quoted as messages quote it now: four names, or all of five.
                    let length = stack.len() - at;
                    let shown = if length > 5 { 4 } else { length };
                    let cycle = Cycle {
                        names: stack[at..at + shown].to_vec(),
                        length,
                    };
                    return Err(cycle.to_string());
                }
                let inner = match table.definitions.get(key).and_then(|d| d.first()) {
                    None => key.clone(),
                    Some(definition) => {
                        stack.push(key.clone());
                        let inner = one_by_one(table, &definition.body, stack);
                        stack.pop();
                        inner?
                    }
                };
                out.push('(');
                out.push_str(&inner);
                out.push(')');
            }
        }
    }
    Ok(out)
}

fn quoted(result: Result<String, ExpandError>) -> Result<String, String> {
    result.map_err(|error| match error {
        ExpandError::Recursive(cycle) => cycle.to_string(),
        ExpandError::TooLong => "too long".to_owned(),
    })
}

/// Small tables of macros using each other at random (with later definitions of the same
/// name, and pieces): every macro and every definition dissolves as it did one use at a time.
#[test]
fn dissolving_once_gives_what_dissolving_use_by_use_gave() {
    let names = [":A:", ":B:", ":C:", ":D:", ":E:", ":F:", ":G:", "I"];
    let mut seed: u64 = 56;
    let mut next = |below: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        usize::try_from(seed >> 33).unwrap_or(0) % below
    };
    for _ in 0..2_000 {
        let mut definitions = Vec::new();
        for _ in 0..1 + next(10) {
            let parts: Vec<&str> = (0..1 + next(3))
                .map(|_| match next(4) {
                    0 => "W",
                    _ => names[next(names.len())],
                })
                .collect();
            let head = if next(4) == 0 {
                "P".to_owned()
            } else {
                format!("@{}", names[next(names.len())])
            };
            definitions.push(format!("{head}={}", parts.join("+")));
        }
        let text = definitions.join(" ");
        let parsed = parse(&text, Dialect::Mbn);
        let root = parsed.syntax();
        let table = Macros::collect([(TextSize::new(0), &root)]);
        for name in names {
            let expected = match table.definitions.get(name).and_then(|d| d.first()) {
                None => Ok(name.to_owned()),
                Some(d) => one_by_one(&table, &d.body, &mut vec![name.to_owned()]),
            };
            assert_eq!(quoted(table.expand(name)), expected, "{name} in {text}");
        }
        for definition in root.children().filter(|n| n.kind() == DEFINITION) {
            let own: Vec<String> = macro_name(&definition)
                .map(|(k, _)| k)
                .into_iter()
                .collect();
            let body = chunks(&definition, TextSize::new(0), &table.use_keys);
            let expected = one_by_one(&table, &body, &mut own.clone());
            let found = table.dissolve_definition(&definition, TextSize::new(0));
            assert_eq!(quoted(found), expected, "{definition} in {text}");
        }
    }
}

/// Issue 56: a cycle of 1,000 macros, and a chain of 2,000, each dissolved once; the message
/// quotes four names of a cycle and says how many more it holds.
#[test]
fn long_cycles_and_chains_are_dissolved_once_and_quoted_briefly() {
    let count = 1_000;
    let mut text: String = (1..=count)
        .map(|i| format!("@:{}:=:{}: ", name(i), name(i % count + 1)))
        .collect();
    text.push_str("P=:AAB:");
    let table = macros(&text);
    let Err(ExpandError::Recursive(cycle)) = table.expand(":AAB:") else {
        panic!("a cycle");
    };
    assert_eq!(cycle.length, count);
    assert_eq!(
        cycle.to_string(),
        ":AAB: → :AAC: → :AAD: → :AAE: → … 996 more → :AAB:"
    );
    let failing = table.readings().filter(|e| e.2.is_err()).count();
    assert_eq!(failing, count);
    // A chain into a cycle enters it where the walk first meets it.
    let table = macros("@A=B @B=C+W @C=B");
    assert_eq!(quoted(table.expand("A")), Err("B → C → B".to_owned()));
    // A chain 2,000 long dissolves from its end, with no recursion.
    let chain: String = (1..2_000)
        .map(|i| format!("@:{}:=:{}: ", name(i), name(i + 1)))
        .chain(["@:ZZZ:=W".to_owned()])
        .collect::<String>()
        .replace(&format!(":{}:", name(2_000)), ":ZZZ:");
    let table = macros(&chain);
    let first = table.expand(&format!(":{}:", name(1))).expect("dissolves");
    assert_eq!(first.len(), 2 * 1_999 + 1);
}

/// Three capitals for `i`: `AAB` for 1.
fn name(i: usize) -> String {
    let letter = |n: usize| char::from(b'A' + u8::try_from(n % 26).unwrap_or(0));
    [letter(i / 676), letter(i / 26), letter(i)]
        .iter()
        .collect()
}

/// Issue 56: a chain of 17,000 macros is not written out 17,000 times; each macro deeper than
/// the parser reads is read from a text of bounded length, and quoted by its ends.
#[test]
fn a_chain_deeper_than_the_parser_reads_is_not_written_out() {
    let count = 17_000;
    let chain: String = (1..count)
        .map(|i| format!("@:{}:=:{}: ", name(i), name(i + 1)))
        .chain(["@:ZZZ:=W".to_owned()])
        .collect::<String>()
        .replace(&format!(":{}:", name(count)), ":ZZZ:");
    let table = macros(&chain);
    let first = format!(":{}:", name(1));
    let shallow = (table.dissolved())
        .expand_shallow(&first, 128)
        .expect("dissolves");
    assert!(shallow.text.len() < 300, "{}", shallow.text.len());
    let mut unreadable = 0;
    for (_, _, reading) in table.readings() {
        let reading = reading.expect("dissolves");
        assert!(reading.quoted.chars().count() <= crate::quote::MOST_QUOTED + 1);
        if let Some(error) = reading.first {
            assert_eq!(error.code(), crate::diagnostic::codes::NESTING_TOO_DEEP);
            unreadable += 1;
        }
    }
    assert!(unreadable > count - 100, "{unreadable}");
    let Ok(reading) = table.reading(&first, &mut ErrorsRead::default()) else {
        panic!("dissolves");
    };
    assert_eq!(
        reading.quoted,
        format!("{}…{}", "(".repeat(30), ")".repeat(15))
    );
    // The length said is the whole expansion's, written out here once.
    let whole = table.expand(&first).expect("dissolves");
    assert_eq!(reading.length, crate::quote::length_if_cut(&whole));
    assert_eq!(reading.quoted, crate::quote::shortened(&whole));
}

/// A reading written out only as deep as the parser reads says what the whole text's reading
/// says: for chains whose depth crosses the parser's limit, with text at every level, with a
/// bracket or a colon deep down (not plain, so written out whole), and with an error past the
/// cut (unseen by the parser either way).
#[test]
fn a_reading_cut_short_is_the_reading_of_the_whole_text() {
    // 150 macros, each written `usual` but the one at `odd.0`, written `odd.1`; `NEXT` is the
    // next macro's name and `PLACE` the macro's place.
    let chain = |usual: &str, odd: (usize, &str), last: &str| -> String {
        (1..150)
            .map(|i| {
                let body = if i == odd.0 { odd.1 } else { usual };
                let body = body
                    .replace("PLACE", &i.to_string())
                    .replace("NEXT", &name(i + 1));
                format!("@:{}:={body} ", name(i))
            })
            .chain([format!("@:{}:={last}", name(150))])
            .collect()
    };
    let tables = [
        chain(":NEXT:", (0, ""), "W"),
        chain("mWPLACE:NEXT:", (0, ""), "cF"),
        chain(":NEXT:", (120, "(W):NEXT:"), "W"),
        chain("W+:NEXT:", (0, ""), "W+X"),
        chain("mW:NEXT:", (20, "[W]:NEXT:"), "W"),
        chain(":NEXT:", (2, ":NEXT:-:NEXT:"), "W"),
        chain(":NEXT:", (5, "[:NEXT:"), "W"),
        chain(":NEXT:", (5, "):NEXT:"), "W"),
        chain(":NEXT:", (5, "{:NEXT:"), "W"),
    ];
    for text in tables {
        let table = macros(&text);
        let mut read = ErrorsRead::default();
        let mut cut_short = 0;
        for (key, _, reading) in table.readings() {
            let whole = table.expand(key).expect("dissolves");
            let reading = reading.expect("dissolves");
            assert_eq!(reading.quoted, crate::quote::shortened(&whole), "{key}");
            assert_eq!(reading.length, crate::quote::length_if_cut(&whole), "{key}");
            // What a message says of the first error; its range is in the text read.
            let said = |e: &SyntaxError| (e.code(), e.message.clone(), e.help.clone());
            let first = super::super::parser::errors_of(&whole);
            assert_eq!(
                reading.first.as_ref().map(said),
                first.first().map(said),
                "{key}"
            );
            assert_eq!(table.reading(key, &mut read).ok(), Some(reading));
            let shallow = (table.dissolved())
                .expand_shallow(key, SHALLOWEST)
                .expect("dissolves");
            cut_short += usize::from(!shallow.cuts.is_empty());
        }
        // The test reaches the texts cut short, not only the whole ones.
        assert!(cut_short > 0, "{text}");
    }
}

/// The macros of a scope are read one at a time, and a request no longer wanted stops between
/// two: the macros dissolved before, only the readings left.
#[test]
fn reading_the_macros_stops_once_cancelled() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let chain: String = (1..2_000)
        .map(|i| format!("@:{}:=:{}: ", name(i), name(i + 1)))
        .collect();
    let table = macros(&format!("{chain}@:{}:=W", name(2_000)));
    assert!(table.expand(&format!(":{}:", name(1))).is_ok());
    let flag = Arc::new(AtomicBool::new(false));
    let raise = flag.clone();
    let outcome = crate::cancel::run(flag, || {
        // The client cancels as the work starts.
        raise.store(true, Ordering::Relaxed);
        table.readings().count()
    });
    assert_eq!(outcome, Err(crate::cancel::Cancelled));
}
