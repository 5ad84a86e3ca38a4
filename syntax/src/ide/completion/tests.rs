//! Completion at the cursor, as the editor lists it.

use expect_test::expect;

use super::*;
use crate::fixture::{check_completion, completions};

/// A piece whose Betza is not typed yet gets the letters of its start (found by the
/// Helix test: `customPiece3 = z:` had no completion until a first letter was typed).
#[test]
fn an_empty_piece_string_is_completed_with_letters() {
    check_completion(
        "variants.ini",
        "[v:chess]\ncustomPiece3 = z:$0\ncastling = \n",
        expect![[r#"
            letter `b` over ``: backward (modifier)
            letter `c` over ``: capture (modifier)
            letter `f` over ``: forward (modifier)
            letter `g` over ``: grasshop (modifier)
            letter `h` over ``: half (modifier)
            letter `i` over ``: initial / iso (modifier)
            letter `l` over ``: left (modifier)
            letter `m` over ``: move (modifier)
            letter `n` over ``: non-jumping (modifier)
            letter `p` over ``: hop (modifier)
            letter `r` over ``: right (modifier)
            letter `s` over ``: sideways (modifier)
            letter `v` over ``: vertical (modifier)
            letter `W` over ``: Wazir (atom)
            letter `F` over ``: Ferz (atom)
            letter `D` over ``: Dabbaba (atom)
            letter `N` over ``: Knight (atom)
            letter `A` over ``: Alfil (atom)
            letter `H` over ``: Threeleaper (atom)
            letter `C` over ``: Camel (atom)
            letter `Z` over ``: Zebra (atom)
            letter `G` over ``: Tripper (atom)
            letter `L` over ``: Camel (atom)
            letter `J` over ``: Zebra (atom)
            letter `K` over ``: King (atom)
            letter `R` over ``: Rook (atom)
            letter `B` over ``: Bishop (atom)
            letter `Q` over ``: Queen (atom)
        "#]],
    );
    // Not after a value that holds more than a letter and `:`.
    check_completion(
        "variants.ini",
        "[v:chess]\ncustomPiece3 = z:\ncastling = $0\n",
        expect![[r#"
            value `true` over ``: -
            value `false` over ``: -
        "#]],
    );
}

#[test]
fn the_next_custom_piece_takes_the_first_free_number_and_letter() {
    let section = "[v:chess]\ncustomPiece1 = a:N\ncustomPiece3 = b:mW\nking = k:K\n";
    let model = crate::ide::ini::tests::model(section);
    let next = next_custom_piece(&model.sections()[1].read_in(&section)).expect("a free number");
    assert_eq!(next.insert, "customPiece2 = c:");
    let full: String = (1..=25)
        .map(|n| format!("customPiece{n} = a:W\n"))
        .collect();
    let file = format!("[v:chess]\n{full}");
    let model = crate::ide::ini::tests::model(&file);
    assert_eq!(next_custom_piece(&model.sections()[1].read_in(&file)), None);
}

/// MBN's own letters, each typed over the word around the cursor.
#[test]
fn completion_in_an_mbn_file_offers_mbn_letters_at_the_cursor() {
    let items = completions("p.mbn", "w$0fK\n");
    assert!(
        items.contains(&"letter `w` over `wfK`: swap (MBN modifier)".to_owned()),
        "{items:?}"
    );
    assert!(
        items.iter().all(|item| item.contains(" over `wfK`: ")),
        "{items:?}"
    );
}

/// Issue 42: Helix and Eglot keep only the items that start with the word before the
/// cursor (`fmWfc` after `a:`), so each letter replaces that word with itself and the
/// letter; the word stops at what is not a letter or digit (`(`, `-`) and at the string's
/// start (`:`).
#[test]
fn a_letter_replaces_the_word_before_the_cursor() {
    let typed_over = |host: &'static str, fixture: &str, word: &str| {
        let items = completions(host, fixture);
        assert!(!items.is_empty());
        let over = format!(" over `{word}`: ");
        assert!(items.iter().all(|item| item.contains(&over)), "{items:?}");
    };
    typed_over(
        "variants.ini",
        "[v:chess]\ncustomPiece1 = a:fmWfc$0\n",
        "fmWfc",
    );
    typed_over("p.betza", "W-f$0F\n", "fF");
}

/// Issue 55: in the middle of a word the item covers the word's rest too, since Eglot 1.9
/// replaces the whole word with the item (and filtered by both halves, it inserted the one
/// item `RN` unasked: `e:R|N` became `e:RNN`); the word ends at what is not a letter or digit.
#[test]
fn in_the_middle_of_a_word_a_letter_replaces_the_whole_word() {
    let over = |fixture: &str| {
        let items = completions("variants.ini", fixture);
        let words: std::collections::BTreeSet<String> = items
            .iter()
            .filter_map(|item| Some(item.split('`').nth(3)?.to_owned()))
            .collect();
        words.into_iter().collect::<Vec<_>>()
    };
    assert_eq!(over("[v:chess]\ncustomPiece5 = e:R$0N\n"), ["RN"]);
    assert_eq!(over("[v:chess]\ncustomPiece5 = e:$0RN\n"), ["RN"]);
    assert_eq!(over("[v:chess]\ncustomPiece5 = e:R$04N\n"), ["R4N"]);
    assert_eq!(over("[v:chess]\ncustomPiece5 = e:RN$0\n"), ["RN"]);
    assert_eq!(over("[v:chess]\ncustomPiece5 = e:R$0(N)\n"), ["R"]);
}

/// The custom piece comes first, then the options the section may still set.
#[test]
fn outside_any_string_a_variants_ini_offers_the_next_custom_piece() {
    let first_two = |fixture: &str| {
        let items = completions("variants.ini", fixture);
        assert!(items.len() > 2, "{items:?}");
        let (piece, option) = (items[0].clone(), items[1].clone());
        assert!(option.starts_with("key `"), "{items:?}");
        piece
    };
    assert_eq!(
        first_two("[v:chess]\ncustomPiece1 = a:N\n$0\n[w:chess]\n"),
        "custom piece `customPiece2 = b:`: a custom piece with the free letter `b`"
    );
    assert_eq!(
        first_two("[v:chess]\ncustomPiece1 = a:N\n\n[w:chess]\n$0"),
        "custom piece `customPiece1 = a:`: a custom piece with the free letter `a`"
    );
}

/// Seed 001: in chained Betza `a` is "all: short for vs" and a leg continues after an operator
/// (`t - + ? ! x d y`), so the letters after an `a` are those of any leg, `h` ("forward half"
/// with `f`) among them. In XBetza an `a` starts a leg whose directions are relative, where
/// `h` has nothing to combine with (seed 000).
#[test]
fn only_xbetza_starts_a_leg_at_an_a() {
    let offers_h = |fixture: &str| {
        completions("p.betza", fixture)
            .iter()
            .any(|item| item.starts_with("letter `h`"))
    };
    assert!(!offers_h("mafs$0W\n"));
    assert!(offers_h("# dialect: chained\nfa$0W\n"));
    assert!(offers_h("# dialect: chained\nFt$0R\n"));
}
