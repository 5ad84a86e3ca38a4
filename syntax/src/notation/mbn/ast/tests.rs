//! The views read what seed 002 writes, each test quoting the passage it checks.

use super::*;
use crate::Dialect;
use crate::notation::mbn::vocabulary::{
    Direction, Directional, Modifier as Letter, ModifierLetters, Operator,
};

fn definitions(text: &str) -> Vec<Definition> {
    let parse = crate::parse(text, Dialect::Mbn);
    assert!(parse.errors().is_empty(), "{text}: {:?}", parse.errors());
    parse.piece().definitions().collect()
}

fn definition(text: &str) -> Definition {
    definitions(text).remove(0)
}

/// The only term of a definition's first move.
fn term(text: &str) -> Term {
    match definition(text).moves().next() {
        Some(Expression::Term(term)) => term,
        other => panic!("{text}: not a term: {other:?}"),
    }
}

fn moves(term: &Term) -> Vec<Move> {
    term.elements()
        .filter_map(|e| match e {
            TermElement::Move(m) => Some(m),
            _ => None,
        })
        .collect()
}

fn letters(term: &Term) -> Vec<ModifierLetters> {
    term.elements()
        .filter_map(|e| match e {
            TermElement::Modification(Modification::Letter(m)) => m.letters(),
            _ => None,
        })
        .collect()
}

fn one(modifier: Letter) -> ModifierLetters {
    ModifierLetters {
        modifier,
        doubled: false,
        any: false,
    }
}

/// The steps of the only move of `text`.
fn steps(text: &str) -> Option<StepsValue> {
    moves(&term(text)).first()?.steps()?.value()
}

/// "mfW Move one step forward, but do not capture": the modifiers are values of the table, the
/// atom is the Wazir's letter, and each points back at its text.
#[test]
fn the_modifiers_and_atom_of_fmw() {
    let term = term("fmW");
    assert_eq!(letters(&term), [one(Letter::Forward), one(Letter::Move)]);
    let directions: Vec<_> = term
        .elements()
        .filter_map(|e| match e {
            TermElement::Modification(m) => m.directional(),
            _ => None,
        })
        .collect();
    assert_eq!(directions, [Directional::One(Direction::Forward)]);
    let atom = moves(&term).remove(0);
    assert_eq!(atom.text_range(), TextRange::new(2.into(), 3.into()));
    assert_eq!(base("fmW"), Some(Base::Letter('W')));
}

/// The base of the only atom of `text`.
fn base(text: &str) -> Option<Base> {
    match moves(&term(text)).first()? {
        Move::Atom(atom) => atom.base(),
        Move::Rider(_) => None,
    }
}

/// "Z Zebra :2,3:"; "More generally :α,β:, α ≤ β, defines a leaper that moves by a vector".
#[test]
fn a_vector_holds_its_leap() {
    let Some(Base::Vector(vector)) = base(":2,3:") else {
        panic!("a vector");
    };
    assert_eq!(vector.leap(), Some((2, 3)));
    let Some(Base::Vector(long)) = base(":1,99999999999:") else {
        panic!("a vector");
    };
    assert_eq!(long.leap(), None);
}

/// "B|Blue Whale|=vW+fF"; "a compound letter may be used, enclosed inside colons, e.g. :BM:";
/// "R<s>"; "+G/DragonResurrection/==+D".
#[test]
fn a_definition_has_a_name_and_a_title() {
    let whale = definition("B|Blue Whale|=vW+fF");
    let name = whale.identifiers().next().expect("a name");
    assert_eq!(name.bare_letter(), Some('B'));
    assert_eq!(
        whale.title().map(|c| c.words()),
        Some("Blue Whale".to_owned())
    );
    assert_eq!(whale.moves().count(), 1);

    let lone = definitions("I|Nightrider| Q");
    assert!(lone[0].lone_identifier().is_some());
    assert_eq!(
        lone[0].title().map(|c| c.words()),
        Some("Nightrider".to_owned())
    );
    assert_eq!(lone[1].title(), None);

    let monkey = definition(":BM:=W").identifiers().next().expect("a name");
    let letter = monkey.letter().expect("a compound letter");
    assert_eq!(letter.letters(), ['B', 'M']);
    assert_eq!(letter.to_string(), ":BM:");
    assert_eq!(monkey.bare_letter(), None);

    let rook = definition("R<s>=W0").identifiers().next().expect("a name");
    assert_eq!(rook.bare_letter(), Some('R'));
    assert!(rook.suffix().is_some() && rook.boards().next().is_none());

    let dragon = definition("+G/DragonResurrection/==+D");
    let name = dragon.identifiers().next().expect("a name");
    assert_eq!(name.prefixes().collect::<Vec<_>>(), [Prefix::Promoted]);
    assert_eq!(name.letter().map(|l| l.letters()), Some(vec!['G']));
    assert!(name.announcement().is_some());
    let list = dragon.piece_list().expect("a list");
    assert_eq!(list.identifiers().count(), 1);
}

/// "$K==@k@K@w@S" (drops in order), "##Q==Q" (two prefixes), "'P" (a side-mover).
#[test]
fn prefixes_at_signs_and_side_movers() {
    let drops = definition("$K==@k@K@w@S");
    let head = drops.identifiers().next().expect("a name");
    assert_eq!(head.prefixes().collect::<Vec<_>>(), [Prefix::Game('$')]);
    let list = drops.piece_list().expect("a list");
    assert!(list.identifiers().all(|i| i.has_at()));
    let twice = definition("##Q==Q").identifiers().next().expect("a name");
    assert_eq!(twice.prefixes().count(), 2);
    let side = definition("'P").lone_identifier().expect("a lone name");
    assert!(side.is_side_mover() && side.bare_letter().is_none());
}

/// "W0" (unlimited), "W3" (limited), "W03 … exact three steps", "suffix 00 … a null slider",
/// "B0*" (maximal), "B*" (edge rider).
#[test]
fn steps_say_how_far() {
    assert_eq!(steps("W0"), Some(StepsValue::Unlimited));
    assert_eq!(steps("W3"), Some(StepsValue::AtMost(3)));
    assert_eq!(steps("W03"), Some(StepsValue::Exactly(3)));
    assert_eq!(steps("W00"), Some(StepsValue::Exactly(0)));
    assert_eq!(steps("B0*"), Some(StepsValue::Maximal));
    assert_eq!(steps("B*"), Some(StepsValue::ToEdge));
    assert_eq!(steps("mW"), None);
}

/// "W-fF This is the Horse in Xiangqi"; "N--N"; "aK--[K]"; "K-{(fr)K}".
#[test]
fn chains_say_how_their_parts_join() {
    let joints = |text: &str| -> Vec<Option<Joint>> {
        match definition(text).moves().next() {
            Some(Expression::Chain(chain)) => chain.parts().map(|(joint, _)| joint).collect(),
            other => panic!("{text}: not a chain: {other:?}"),
        }
    };
    assert_eq!(joints("W-fF"), [None, Some(Joint::Chained)]);
    assert_eq!(joints("N--N"), [None, Some(Joint::Sequenced)]);
    let Some(Expression::Chain(lion)) = definition("aK--[K]").moves().next() else {
        panic!("a chain");
    };
    let Some((_, Expression::Optional(choice))) = lion.parts().nth(1) else {
        panic!("an optional leg");
    };
    assert!(choice.is_choice());
    assert!(matches!(choice.body(), Some(Expression::Term(_))));
    let Some(Expression::Chain(king)) = definition("K-{(fr)K}").moves().next() else {
        panic!("a chain");
    };
    let Some((_, Expression::Optional(open))) = king.parts().nth(1) else {
        panic!("an optional leg");
    };
    assert!(!open.is_choice());
}

/// ":Ro:=(N)(rf)8": "the parentheses are mandatory"; the rider turns `(rf)` up to 8 times.
#[test]
fn a_circular_rider_has_its_turn_and_steps() {
    let rider = moves(&term(":Ro:=(N)(rf)8")).remove(0);
    let Move::Rider(rose) = &rider else {
        panic!("a complex rider");
    };
    assert_eq!(
        rider.circular().and_then(|c| c.directional()),
        Some(Directional::Amalgam(Direction::Right, Direction::Forward))
    );
    assert_eq!(
        rider.steps().and_then(|s| s.value()),
        Some(StepsValue::AtMost(8))
    );
    assert!(matches!(
        rose.parts().collect::<Vec<_>>().as_slice(),
        [Expression::Term(_)]
    ));
}

/// "!c{R}R Remove one enemy rook"; "imefW02"; "[d-f1-3]pB[d-f1-3]"; "cy"; "B=pp?{QRNP}B".
#[test]
fn terms_hold_operators_restrictions_and_modifiers() {
    let setup = term("!c{R}R");
    assert!(matches!(
        setup.elements().next(),
        Some(TermElement::Operator(Operator::Setup))
    ));
    let capture = setup
        .elements()
        .find_map(|e| match e {
            TermElement::Modification(Modification::Letter(m)) => Some(m),
            _ => None,
        })
        .expect("c");
    assert!(capture.piece_set().is_some());

    let palace = term("[d-f1-3]pB[d-f1-3]");
    let ranges = palace
        .elements()
        .filter(|e| matches!(e, TermElement::Restriction(Restriction::BoardRange(_))))
        .count();
    assert_eq!(ranges, 2);

    let any = letters(&term("cyW"));
    assert_eq!(any[0].to_string(), "cy");
    let doubled = letters(&term("ffN"));
    assert_eq!(
        doubled[0].directional(),
        Some(Directional::Amalgam(Direction::Forward, Direction::Forward))
    );
    let hop = term("pp?{QRNP}B");
    let Some(TermElement::Modification(Modification::Letter(pp))) = hop.elements().next() else {
        panic!("a modifier");
    };
    assert!(pp.is_optional() && pp.piece_set().is_some());
    assert!(
        pp.letters()
            .is_some_and(|l| l.doubled && l.modifier == Letter::Hop)
    );
}

/// "O-O=[*]isR[g]=isR[f]": short castling, "not allowed if the King is in check (usage of
/// [*])", the King's move then the Rook's.
#[test]
fn a_castling_rule_has_two_moves() {
    let rule = definition("O-O=[*]isR[g]=isR[f]");
    let castling = rule.castling().expect("castling");
    assert_eq!(castling.kind(), Some(CastlingKind::Short));
    let moves = castling.moves();
    assert_eq!(moves.len(), 2);
    let Expression::Term(king) = &moves[0] else {
        panic!("a term");
    };
    let Some(TermElement::Restriction(Restriction::BoardRange(unattacked))) =
        king.elements().next()
    else {
        panic!("a range");
    };
    assert_eq!(unattacked.special(), Some(SpecialRange::Unthreatened));
    assert!(!unattacked.is_complement());
    let long = definition("O-O-O=[*]isR[c]=isR[d]");
    assert_eq!(
        long.castling().and_then(|c| c.kind()),
        Some(CastlingKind::Long)
    );
}
