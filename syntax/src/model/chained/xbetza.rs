//! Chained Betza rewritten in XBetza where the two have the same moves (notes C7).

use super::directions::relative;
use super::{Link, Lower, Prefix, build};
use crate::board::Step;
use crate::board::reference::{empty_board_trace, fingerprint};
use crate::model::{Reach, orientations};
use crate::tree::SyntaxNode;
use crate::{Dialect, SyntaxKind::*};

/// The same piece written in XBetza, when one simple rewriting gives the same moves on every
/// reference board: one leaper or slider per leg, later legs as turns of the first leg's atom
/// (XBetza's continuation legs), operators as modes. `None` when no rewriting is found.
pub(crate) fn to_xbetza(root: &SyntaxNode) -> Option<String> {
    let mut lower = Lower::default();
    let mut out = String::new();
    for written in root.children().filter(|n| n.kind() == MOVE) {
        for (prefix, links) in lower.a_move(&written)? {
            for end in 0..links.len() {
                let ends_here = end + 1 == links.len() || links[end + 1].operator == Some('t');
                if ends_here {
                    out.push_str(&path_in_xbetza(&prefix, &links[..=end])?);
                }
            }
        }
    }
    // A rewriting much longer than the text (a one-way Rose) helps no reader.
    if !lower.not_drawn.is_empty() || out.is_empty() || out.len() > 64 {
        return None;
    }
    let xbetza = crate::parse(&out, Dialect::XBetza);
    if xbetza.has_errors() {
        return None;
    }
    let (chained, xbetza) = (
        build(root),
        crate::model::build(&xbetza.piece(), Dialect::XBetza),
    );
    // The quick empty-board comparison first: a costly piece is not compared at all.
    let same = empty_board_trace(&chained)? == empty_board_trace(&xbetza)?
        && fingerprint(&chained) == fingerprint(&xbetza);
    same.then_some(out)
}

/// One path (no `t` inside) in XBetza letters.
fn path_in_xbetza(prefix: &Prefix, links: &[Link]) -> Option<String> {
    const TURNS: [&str; 8] = ["f", "fr", "r", "br", "b", "bl", "l", "fl"];
    let first = links.first()?;
    let atom = xbetza_atom(&first.shapes)?;
    let mut text = String::new();
    for (index, link) in links.iter().enumerate() {
        if index > 0 {
            // A later leg: the turns from the leg before that its letters select.
            let previous = *first.shapes.first()?;
            let chosen = relative(previous, &link.shapes, &link.letters);
            let turns: String = (0u8..8)
                .filter(|k| chosen.contains(&previous.turned(*k)))
                .map(|k| TURNS[usize::from(k)])
                .collect();
            if turns.is_empty() || link.reach != first.reach || link.equal {
                return None;
            }
            text.push_str(&turns);
        } else {
            text.push_str(&prefix.directions);
        }
        if index + 1 < links.len() {
            text.push_str(match links[index + 1].operator {
                Some('x') => "c",
                Some('d') => "cd",
                Some('+') => "p",
                Some('-' | 't') => "",
                _ => return None,
            });
            text.push('a');
        } else if let Some(modes) = prefix.modes {
            if modes.to_empty {
                text.push('m');
            }
            if modes.capture_enemy {
                text.push('c');
            }
        }
    }
    if prefix.initial {
        text.insert(0, 'i');
    }
    text.push_str(atom);
    match first.reach {
        Reach::Steps(1) => {}
        Reach::Steps(n) => text.push_str(&n.to_string()),
        Reach::Unlimited => text.push('0'),
        Reach::ToEnemyHalf => return None,
    }
    Some(text)
}

/// The XBetza atom with exactly these orientations.
fn xbetza_atom(shapes: &[Step]) -> Option<&'static str> {
    [
        ("W", &[(0, 1)][..]),
        ("F", &[(1, 1)]),
        ("D", &[(0, 2)]),
        ("A", &[(2, 2)]),
        ("H", &[(0, 3)]),
        ("N", &[(1, 2)]),
        ("C", &[(1, 3)]),
        ("Z", &[(2, 3)]),
        ("G", &[(3, 3)]),
        ("K", &[(0, 1), (1, 1)]),
    ]
    .into_iter()
    .find(|(_, leaps)| {
        let all = orientations(leaps);
        all.len() == shapes.len() && all.iter().all(|s| shapes.contains(s))
    })
    .map(|(letter, _)| letter)
}
