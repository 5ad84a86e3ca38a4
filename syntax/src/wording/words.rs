//! Steps, directions, turns and reaches in words, composed from the atom table's names.

use crate::board::{Step, file_letter};
use crate::model::Reach;
use crate::model::piece_set::PieceSet;
use crate::model::region::{Area, Region};
use crate::vocabulary::{ATOMS, Atom, AtomShape};

pub(crate) fn reach_words(reach: Reach) -> String {
    match reach {
        Reach::Steps(1) => "one step".to_owned(),
        Reach::Steps(n) => format!("up to {n} steps"),
        Reach::Unlimited => "any distance".to_owned(),
        Reach::ToEnemyHalf => "as far as the enemy half (*)".to_owned(),
    }
}

/// "Wazir step (0,1)", "Bishop slide, any distance", "Nightrider: Knight leaps (1,2) in a line".
pub(crate) fn atom_words(atom: Atom, reach: Reach, doubled: bool, steps: &[Step]) -> String {
    let entry = atom.entry();
    let vector = steps
        .first()
        .map(|s| {
            let (a, b) = (s.dx.abs().min(s.dy.abs()), s.dx.abs().max(s.dy.abs()));
            format!(" ({a},{b})")
        })
        .unwrap_or_default();
    let single = steps.first().is_some_and(|s| s.king_distance() == 1);
    // A vector names a single leaper; compounds (K, S, T) have several.
    let vector = if matches!(entry.shape, AtomShape::Leaper { .. }) {
        vector
    } else {
        String::new()
    };
    match entry.shape {
        AtomShape::Slider { .. } => format!("{} slide, {}", entry.name, reach_words(reach)),
        _ if reach == Reach::Steps(1) => {
            format!(
                "{} {}{vector}",
                entry.name,
                if single { "step" } else { "leap" }
            )
        }
        _ => format!(
            "{} {}{vector} repeated in a line{}, {}",
            entry.name,
            if single { "steps" } else { "leaps" },
            if doubled {
                " (a doubled atom: a rider)"
            } else {
                ""
            },
            reach_words(reach)
        ),
    }
}

/// Steps with no atom letter behind them (MBN, where `K` is `W+F` and `:1,4:` names a leap)
/// in words: each leap size by the atom table's name, or as a bare vector.
pub(crate) fn steps_words(steps: &[Step], reach: Reach) -> String {
    let mut sizes: Vec<(u8, u8)> = Vec::new();
    for step in steps {
        let (x, y) = (step.dx.unsigned_abs(), step.dy.unsigned_abs());
        let size = (x.min(y), x.max(y));
        if !sizes.contains(&size) {
            sizes.push(size);
        }
    }
    let leaper = |size: (u8, u8)| {
        ATOMS
            .iter()
            .find(|e| matches!(e.shape, AtomShape::Leaper { leap } if leap == size))
    };
    // A compound with its own name (K = W+F) is named as one.
    let compound = ATOMS.iter().find(|e| match e.shape {
        AtomShape::Compound { parts } => parts.len() == sizes.len()
            && parts.iter().all(
                |p| matches!(p.entry().shape, AtomShape::Leaper { leap } if sizes.contains(&leap)),
            ),
        _ => false,
    });
    if let Some(entry) = compound {
        return atom_words(entry.atom, reach, false, steps);
    }
    let words: Vec<String> = sizes
        .iter()
        .map(|&size| {
            let own: Vec<Step> = steps
                .iter()
                .copied()
                .filter(|s| {
                    let (x, y) = (s.dx.unsigned_abs(), s.dy.unsigned_abs());
                    (x.min(y), x.max(y)) == size
                })
                .collect();
            let slider = leaper(size).and_then(|leaper| {
                ATOMS
                    .iter()
                    .find(|e| matches!(e.shape, AtomShape::Slider { step } if step == leaper.atom))
            });
            match (leaper(size), slider) {
                (Some(_), Some(slider)) if reach == Reach::Unlimited => {
                    atom_words(slider.atom, reach, false, &own)
                }
                (Some(entry), _) => atom_words(entry.atom, reach, false, &own),
                (None, _) if reach == Reach::Steps(1) => {
                    format!("leap ({},{})", size.0, size.1)
                }
                (None, _) => format!(
                    "leaps ({},{}) repeated in a line, {}",
                    size.0,
                    size.1,
                    reach_words(reach)
                ),
            }
        })
        .collect();
    if words.is_empty() {
        "move".to_owned()
    } else {
        words.join(" or ")
    }
}

/// Absolute steps in words: "forward", "forward-right (steep)", or "in every direction".
pub(crate) fn directions_words(steps: &[Step]) -> String {
    if steps.is_empty() {
        return "in no direction at all".to_owned();
    }
    let symmetric = steps.len() >= 4
        && steps.iter().all(|s| {
            steps.contains(&Step::new(-s.dx, s.dy)) && steps.contains(&Step::new(s.dx, -s.dy))
        });
    if symmetric && steps.iter().all(|s| steps.contains(&Step::new(s.dy, s.dx))) {
        return "in every direction".to_owned();
    }
    let names: Vec<String> = steps.iter().map(|s| step_name(*s)).collect();
    names.join(", ")
}

fn step_name(step: Step) -> String {
    let vertical = match step.dy.signum() {
        1 => "forward",
        -1 => "backward",
        _ => "",
    };
    let horizontal = match step.dx.signum() {
        1 => "right",
        -1 => "left",
        _ => "",
    };
    let (x, y) = (step.dx.abs(), step.dy.abs());
    match (vertical.is_empty(), horizontal.is_empty()) {
        (true, _) => horizontal.to_owned(),
        (_, true) => vertical.to_owned(),
        _ if x == y => format!("{vertical}-{horizontal}"),
        _ if y > x => format!("{vertical}-{horizontal} (steep)"),
        _ => format!("{vertical}-{horizontal} (flat)"),
    }
}

/// What a continuation leg moves as after its turns: "continuing as a Ferz step", "as a Rook
/// slide", from the atom table's names.
pub(crate) fn continues_as(step: Step, turns: &[u8], reach: Reach) -> String {
    let mut names: Vec<String> = Vec::new();
    for turn in turns {
        let turned = step.turned(*turn);
        let (a, b) = (
            turned.dx.abs().min(turned.dy.abs()),
            turned.dx.abs().max(turned.dy.abs()),
        );
        let Some(entry) = ATOMS
            .iter()
            .find(|e| matches!(e.shape, AtomShape::Leaper { leap } if (leap.0 as i8, leap.1 as i8) == (a, b)))
        else {
            continue;
        };
        let slider = ATOMS
            .iter()
            .find(|e| matches!(e.shape, AtomShape::Slider { step } if step == entry.atom));
        let name = match (reach, slider) {
            (Reach::Steps(1), _) => {
                format!(
                    "{} {}",
                    entry.name,
                    if turned.king_distance() == 1 {
                        "step"
                    } else {
                        "leap"
                    }
                )
            }
            (Reach::Unlimited, Some(slider)) => format!("{} slide", slider.name),
            _ => format!("{} rider, {}", entry.name, reach_words(reach)),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if names.is_empty() {
        "continuing".to_owned()
    } else {
        format!("continuing as a {}", names.join(" or "))
    }
}

/// Turns relative to the previous leg: "straight on", "45° left or right".
pub(crate) fn turn_words(turns: &[u8]) -> String {
    let name = |t: u8| match t {
        0 => "straight on",
        1 => "turning 45° right",
        2 => "turning 90° right",
        3 => "turning 135° right",
        4 => "straight back",
        5 => "turning 135° left",
        6 => "turning 90° left",
        _ => "turning 45° left",
    };
    let mut words: Vec<String> = Vec::new();
    let mut remaining: Vec<u8> = turns.to_vec();
    for (right, left, both) in [
        (1, 7, "turning 45° left or right"),
        (2, 6, "turning 90° left or right"),
        (3, 5, "turning 135° left or right"),
    ] {
        if remaining.contains(&right) && remaining.contains(&left) {
            remaining.retain(|t| *t != right && *t != left);
            words.push(both.to_owned());
        }
    }
    words.extend(remaining.iter().map(|t| name(*t).to_owned()));
    if words.is_empty() {
        "in no direction".to_owned()
    } else {
        words.join(", or ")
    }
}

/// A board range in words, ranks as White counts them: "ranks 1–2; Black counts ranks from its
/// own side", "files d–f of ranks 1–3", "the edge squares", "any square but a1 and h8".
pub(crate) fn region_words(region: &Region) -> String {
    let span = |(a, b): (u8, u8), name: &dyn Fn(u8) -> String, one: &str, many: &str| {
        if a == b {
            format!("{one} {}", name(a))
        } else {
            format!("{many} {}–{}", name(a), name(b))
        }
    };
    let file = |f: u8| file_letter(f).to_string();
    let rank = |r: u8| (u32::from(r) + 1).to_string();
    let areas: Vec<String> = region
        .areas
        .iter()
        .map(|area| match *area {
            Area::Squares {
                files: Some((f, g)),
                ranks: Some((r, s)),
            } if f == g && r == s => format!("{}{}", file(f), rank(r)),
            Area::Squares { files, ranks } => match (files, ranks) {
                (Some(f), Some(r)) => format!(
                    "{} of {}",
                    span(f, &file, "file", "files"),
                    span(r, &rank, "rank", "ranks")
                ),
                (Some(f), None) => span(f, &file, "file", "files"),
                (None, Some(r)) => span(r, &rank, "rank", "ranks"),
                (None, None) => "any square".to_owned(),
            },
            Area::Edge => "the edge squares".to_owned(),
            Area::Inner => "the inner squares".to_owned(),
        })
        .collect();
    let listed = match areas.as_slice() {
        [] => "no square".to_owned(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    let said = match (region.complement, region.areas.is_empty()) {
        (true, true) => "any square".to_owned(),
        (true, false) => format!("any square but {listed}"),
        (false, _) => listed,
    };
    let counted = region
        .areas
        .iter()
        .any(|a| matches!(a, Area::Squares { ranks: Some(_), .. }));
    if counted {
        format!("{said}; Black counts ranks from its own side")
    } else {
        said
    }
}

/// A piece set in words: "L", "a friendly P", "any piece but C", "Q or an enemy B".
pub(crate) fn set_words(set: &PieceSet) -> String {
    let members: Vec<String> = set
        .members
        .iter()
        .map(|m| match m.friendly {
            None => m.name.clone(),
            Some(true) => format!("a friendly {}", m.name),
            Some(false) => format!("an enemy {}", m.name),
        })
        .collect();
    let listed = match members.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    match (set.complement, members.is_empty()) {
        (true, true) => "any piece".to_owned(),
        (true, false) => format!("any piece but {listed}"),
        (false, true) => "no piece".to_owned(),
        (false, false) => listed,
    }
}
