use crate::Dialect;
use crate::vocabulary::{self, Extension};

use super::{LegElement, RangeValue};

fn modifiers_of_legs(text: &str) -> Vec<String> {
    let parse = crate::parse(text, Dialect::XBetza);
    let a_move = parse.piece().moves().next().expect("a move");
    a_move
        .legs()
        .map(|leg| {
            leg.modifiers()
                .map(|m| m.syntax().text().to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn again_divides_the_modifiers_into_one_group_per_leg() {
    // Seed 000, "The XBetza extension": "The a modifier ('again') ... acts as punctuation of
    // the other modifiers, dividing the latter into groups, each group applying to a
    // different leg. Thus camK would mean an initial cK leg, mandatorily followed by an mK leg".
    assert_eq!(modifiers_of_legs("camK"), ["c", "m"]);
    // "So aK means a double-moving King": two legs, both without modifiers.
    assert_eq!(modifiers_of_legs("aK"), ["", ""]);
    assert_eq!(modifiers_of_legs("gabyabsR"), ["g", "by", "bs"]);
}

#[test]
fn the_atom_and_its_range_follow_the_last_leg() {
    // Seed 000, "Basics": "The capital can optionally be followed by a number indicating the
    // maximum number of times a step can be repeated. (E.g. W4 is a range-4 Rook.)"
    let parse = crate::parse("ifnmW6", Dialect::XBetza);
    let atom = parse
        .piece()
        .moves()
        .next()
        .and_then(|m| m.atom())
        .expect("atom");
    assert_eq!(atom.atom(), Some(vocabulary::Atom::W));
    assert_eq!(
        atom.range().and_then(|r| r.value()),
        Some(RangeValue::Steps(6))
    );
    // Seed 000: "an asterisk * as a special range indicator, indicating a location-dependent
    // range".
    let star = crate::parse("fW*", Dialect::XBetza);
    let atom = star
        .piece()
        .moves()
        .next()
        .and_then(|m| m.atom())
        .expect("atom");
    assert_eq!(
        atom.range().and_then(|r| r.value()),
        Some(RangeValue::ToEnemyHalf)
    );
}

#[test]
fn a_doubled_leaper_is_one_rider_atom() {
    // Seed 000, "Basics": "Riders with unlimited range can be indicated by doubling the
    // letter of the atom (e.g. NN for Nightrider)". Sliders do not double: BB is two Bishops.
    let parse = crate::parse("NNBB", Dialect::XBetza);
    let atoms: Vec<_> = parse
        .piece()
        .moves()
        .filter_map(|m| m.atom())
        .map(|a| (a.atom(), a.is_doubled()))
        .collect();
    assert_eq!(
        atoms,
        [
            (Some(vocabulary::Atom::N), true),
            (Some(vocabulary::Atom::B), false),
            (Some(vocabulary::Atom::B), false)
        ]
    );
}

#[test]
fn extension_suffixes_belong_to_their_atom() {
    // Seed 000, new atoms: "X Extended. Suffix to leaper atoms ... (FX = Giraffe)", "Y ...
    // (DY = Di-Knight)".
    let parse = crate::parse("FXDY", Dialect::XBetza);
    let extensions: Vec<_> = parse
        .piece()
        .moves()
        .filter_map(|m| m.atom()?.extension())
        .collect();
    assert_eq!(extensions, [Extension::X, Extension::Y]);
    assert!(parse.errors().is_empty());
}

#[test]
fn a_repeat_group_holds_its_own_legs_and_count() {
    // Seed 000: "A group of modifiers can be surrounded by parentheses to indicate it can be
    // repeated indefinitely ... (caf)R would be 'Juggernaut Rook' ... A number behind the
    // closing parenthesis would put a maximum on the number of repeats."
    let parse = crate::parse("s(paf)2cR", Dialect::XBetza);
    let a_move = parse.piece().moves().next().expect("a move");
    let leg = a_move.legs().next().expect("one top-level leg");
    let elements: Vec<_> = leg.elements().collect();
    assert_eq!(elements.len(), 3);
    let LegElement::Group(group) = &elements[1] else {
        panic!("expected a group, got {elements:?}");
    };
    assert!(group.is_closed());
    assert_eq!(group.max_repeats(), Some(2));
    assert_eq!(group.legs().count(), 2);
}

#[test]
fn views_point_back_at_the_letters() {
    let parse = crate::parse("fmWfcF", Dialect::XBetza);
    let second = parse.piece().moves().nth(1).expect("two moves");
    let c = second
        .legs()
        .next()
        .and_then(|leg| leg.modifiers().nth(1))
        .expect("c");
    assert_eq!(c.modifier(), Some(vocabulary::Modifier::C));
    assert_eq!(u32::from(c.text_range().start()), 4);
    assert_eq!(
        second.text_range(),
        rowan::TextRange::new(3.into(), 6.into())
    );
}
