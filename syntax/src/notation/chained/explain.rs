//! Chained Extended Betza (seed 001) in words: each written move leg by leg, as written, with
//! what each operator asks of the square where two legs meet. The model expands a move into
//! one path per orientation; the words follow the text instead, so they say it once.

use crate::model::{Reach, orientations};
use crate::notation::chained::ast::{self as written, LegElement};
use crate::notation::chained::model::atom_leaps;
use crate::notation::chained::vocabulary::{Atom, Operator};
use crate::tree::SyntaxNode;
use crate::vocabulary::{Modifier, ModifierClass};
use crate::wording::MoveExplanation;
use crate::wording::words::steps_words;

/// A move's prefix in words: its directions select by where the whole path ends (seed 001:
/// "frm(WxlW) … an F step … to your forward right"), its modes say what the last leg may do.
fn prefix_words(prefix: &written::Modifiers) -> String {
    let modifiers: Vec<Modifier> = prefix.letters().filter_map(Modifier::from_char).collect();
    let has = |modifier: Modifier| modifiers.contains(&modifier);
    let directions: String = (modifiers.iter())
        .filter(|m| m.entry().class == ModifierClass::Direction)
        .map(|m| m.entry().letter)
        .collect();
    let mut parts = Vec::new();
    if !directions.is_empty() {
        parts.push(format!(
            "only paths that end `{directions}` of the start, by their overall step"
        ));
    }
    match (has(Modifier::M), has(Modifier::C)) {
        (true, false) => parts.push("the last leg only moves to an empty square".to_owned()),
        (false, true) => parts.push("the last leg only captures".to_owned()),
        _ => {}
    }
    if has(Modifier::I) {
        parts.push("only on the piece's first move".to_owned());
    }
    if has(Modifier::N) {
        parts.push("a leap can be blocked on the way".to_owned());
    }
    if parts.is_empty() {
        parts.push("no effect on its own".to_owned());
    }
    let written: String = prefix.letters().collect();
    format!("prefix `{written}`: {}", parts.join("; "))
}

/// One line for a leg's element: its atom in words, or its group's text.
fn element_words(leg: &written::Leg) -> String {
    let atom = match leg.element() {
        Some(LegElement::Atom(atom)) => atom,
        Some(LegElement::Group(group)) => return format!("the group `{}`", group.syntax()),
        None => return "a leg".to_owned(),
    };
    let text = atom.syntax().text();
    let leaps = match (atom.vector(), atom.atom()) {
        (Some(vector), _) => vector.leap().map(|leap| (vec![leap], Reach::Steps(1))),
        (None, letter) => letter.and_then(atom_leaps),
    };
    match leaps {
        Some((leaps, reach)) => format!("`{text}`: {}", steps_words(&orientations(&leaps), reach)),
        None if atom.atom() == Some(Atom::O) => "`O`: the null move".to_owned(),
        None => format!("`{text}`"),
    }
}

/// The exponent of a leg in words: "`3`: up to 3 times, each straight on".
fn exponent_words(exponent: &written::Exponent) -> String {
    let operator = exponent.operator().map_or(Operator::Then, |o| o.operator());
    let letters: String = exponent.letters().collect();
    // The count is quoted as written. Only a lone `0` is "any number" in these words, though
    // the model reads `00` as unlimited too.
    let digits = exponent
        .digits()
        .map(|t| t.text().to_owned())
        .unwrap_or_default();
    let count = if digits == "0" {
        "any number of times".to_owned()
    } else if operator == Operator::Then {
        format!("up to {digits} times")
    } else {
        format!("exactly {digits} times")
    };
    format!(
        "`{}`: repeated {count}, each repeat turned `{}` from the one before{}",
        exponent.syntax(),
        if letters.is_empty() { "f" } else { &letters },
        if operator == Operator::Then {
            String::new()
        } else {
            format!(
                "; between repeats, `{}`: {}",
                operator.symbol(),
                operator.words()
            )
        }
    )
}

/// Each written move of a chained piece, leg by leg.
pub(crate) fn moves(root: &SyntaxNode) -> Vec<MoveExplanation> {
    let Some(piece) = written::Piece::cast(root.clone()) else {
        return Vec::new();
    };
    piece
        .moves()
        .map(|written| {
            let mut lines: Vec<String> = written
                .prefix()
                .map(|prefix| prefix_words(&prefix))
                .collect();
            for (index, leg) in written.legs().enumerate() {
                lines.extend(leg_lines(index + 1, &leg));
            }
            MoveExplanation {
                text: written.syntax().to_string(),
                lines,
            }
        })
        .collect()
}

/// The lines of the `number`th leg of a move: the leg, then its exponent if it has one.
fn leg_lines(number: usize, leg: &written::Leg) -> Vec<String> {
    let mut line = format!("{number}. {}", element_words(leg));
    if let Some(operator) = leg.operator().map(|o| o.operator()) {
        line = format!(
            "after `{}` ({}): {number}. {}",
            operator.symbol(),
            operator.words(),
            element_words(leg)
        );
    }
    if number > 1 {
        let letters: String = leg
            .modifiers()
            .map(|m| m.letters().collect())
            .unwrap_or_default();
        let turn = if letters.is_empty() { "f" } else { &letters };
        line.push_str(&format!(
            ", turned `{turn}` from the leg before{}",
            if letters.contains('e') {
                ", as many steps as it (e)"
            } else {
                ""
            }
        ));
    }
    let mut lines = vec![line];
    if let Some(exponent) = leg.exponent() {
        lines.push(format!("   {}", exponent_words(&exponent)));
    }
    lines
}
