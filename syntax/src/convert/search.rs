//! Strings near a candidate, tried when the first candidates leave a shorter or an exact form
//! untried (issue 54): a letter or two left out (a meaningless `n`, a doubled atom XBoard reads
//! once), an atom letter for another (XBoard's `J` and `L`, a King that only steps one way), a
//! move with several directions written once per direction (`sfN` as `sNfN`), an atom's range
//! written or changed (`cW` as `cW2`). None is trusted:
//! `choose` proves each by generation, as every candidate. The letters are read as single-leg
//! Betza (a move ends at its atom and range); a text of several legs only gets strings no
//! proof accepts.

/// Texts longer than this are not searched: the candidates grow with the square of the length.
pub(super) const LONGEST_SEARCHED: usize = 24;

/// Texts up to this long also have two letters left out and atom letters replaced.
const LONGEST_SEARCHED_WIDELY: usize = 12;

/// Texts up to this long also have a modifier left out and an atom letter replaced at once
/// (XBoard's `fnKfnN` is Fairy-Stockfish's `fWfnN`: its `n` means nothing on a King, whose
/// forward step is all the `f` leaves).
const LONGEST_SEARCHED_TWICE: usize = 8;

/// The atom letters one may stand for another.
const ATOMS: &str = "WFDNAHCZGJLKRBQ";

/// The direction letters a move may be split by.
const DIRECTIONS: &str = "fbvslrh";

/// The text with one letter left out, each way, shortest texts first in no particular order.
pub(super) fn one_left_out(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > LONGEST_SEARCHED {
        return Vec::new();
    }
    (0..chars.len())
        .map(|at| without(&chars, &[at]))
        .filter(|t| !t.is_empty())
        .collect()
}

/// The strings near `text` worth proving when nothing nearer was exact: two letters left out,
/// one atom letter replaced, a move split by its directions, a range changed.
pub(super) fn near(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > LONGEST_SEARCHED {
        return Vec::new();
    }
    let mut out = one_left_out(text);
    out.extend(split_by_direction(&chars));
    out.extend(ranges_changed(&chars));
    // The moves in another order: in Fairy-Stockfish a later atom replaces the range an
    // earlier one wrote in the same direction (`R4` after `sR` shortens it).
    let written = moves(&chars);
    let text_of = |order: &[(usize, usize)]| -> String {
        (order.iter())
            .flat_map(|&(start, end)| chars[start..end].iter())
            .collect()
    };
    if written.len() > 1 && written.last().is_some_and(|(_, end)| *end == chars.len()) {
        let mut reversed = written.clone();
        reversed.reverse();
        out.push(text_of(&reversed));
        for at in 0..written.len() {
            let mut to_front = written.clone();
            let one = to_front.remove(at);
            let mut to_back = to_front.clone();
            to_front.insert(0, one);
            to_back.push(one);
            out.push(text_of(&to_front));
            out.push(text_of(&to_back));
        }
    }
    // A whole move left out, or its letters (`blcNN`, which XBoard reads as `blcN` and `N`).
    for (start, end) in written {
        out.push(without(&chars, &(start..end).collect::<Vec<_>>()));
        let letters: Vec<usize> = (start..end)
            .filter(|at| chars[*at].is_ascii_lowercase())
            .collect();
        out.push(without(&chars, &letters));
    }
    if chars.len() <= LONGEST_SEARCHED_WIDELY {
        for first in 0..chars.len() {
            for second in first + 1..chars.len() {
                out.push(without(&chars, &[first, second]));
            }
        }
        out.extend(atoms_replaced(&chars));
    }
    if chars.len() <= LONGEST_SEARCHED_TWICE {
        for (at, letter) in chars.iter().enumerate() {
            if letter.is_ascii_lowercase() {
                let left_out: Vec<char> = without(&chars, &[at]).chars().collect();
                out.extend(atoms_replaced(&left_out));
            }
        }
    }
    out.retain(|t| !t.is_empty());
    out
}

/// The text with one atom letter replaced by another, each way.
fn atoms_replaced(chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for (at, letter) in chars.iter().enumerate() {
        if !ATOMS.contains(*letter) {
            continue;
        }
        for other in ATOMS.chars().filter(|a| a != letter) {
            let mut replaced = chars.to_vec();
            replaced[at] = other;
            out.push(replaced.into_iter().collect());
        }
    }
    out
}

/// Where each move is: its lowercase letters, the atom after them and its range.
fn moves(chars: &[char]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < chars.len() {
        if chars[at].is_ascii_uppercase() {
            let mut end = at + 1;
            while end < chars.len() && chars[end].is_ascii_digit() {
                end += 1;
            }
            out.push((start, end));
            start = end;
            at = end;
        } else {
            at += 1;
        }
    }
    out
}

/// The ranges an atom may be given in its stead: none, unlimited, or one digit.
const RANGES: [&str; 10] = ["", "0", "2", "3", "4", "5", "6", "7", "8", "9"];

/// The text with one atom's range written, changed or left out: a step the source reads as
/// part of a longer leap may need a range in the target (XBoard's `cWcnD4`, whose lame D
/// captures on the second square, is Fairy-Stockfish's `cW2cnD4`).
fn ranges_changed(chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for (_, end) in moves(chars) {
        let digits = (chars[..end].iter().rev())
            .take_while(|c| c.is_ascii_digit())
            .count();
        let (atom_end, written) = (end - digits, &chars[end - digits..end]);
        for range in RANGES {
            if range.chars().eq(written.iter().copied()) {
                continue;
            }
            let mut changed: String = chars[..atom_end].iter().collect();
            changed.push_str(range);
            changed.extend(&chars[end..]);
            out.push(changed);
        }
    }
    out
}

fn without(chars: &[char], left_out: &[usize]) -> String {
    (chars.iter().enumerate())
        .filter(|(i, _)| !left_out.contains(i))
        .map(|(_, c)| *c)
        .collect()
}

/// Each move (its lowercase letters and the atom after them, with a range) that has two
/// direction letters or more, written once per direction letter with its other letters:
/// `sfN` is `sNfN`, `mfsW` is `mfWmsW`.
fn split_by_direction(chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for (start, end) in moves(chars) {
        let letters = &chars[start..end];
        let directions: Vec<char> = (letters.iter().copied())
            .filter(|c| DIRECTIONS.contains(*c))
            .collect();
        if directions.len() < 2 {
            continue;
        }
        let rest: String = (letters.iter().copied())
            .filter(|c| !DIRECTIONS.contains(*c))
            .collect();
        let (modes, atom) = rest.split_at(
            rest.find(|c: char| c.is_ascii_uppercase())
                .unwrap_or(rest.len()),
        );
        // The mode first (Fairy-Stockfish's files) and the direction first (XBoard's order).
        for direction_first in [false, true] {
            let mut whole: String = chars[..start].iter().collect();
            for d in &directions {
                if direction_first {
                    whole.push(*d);
                    whole.push_str(modes);
                } else {
                    whole.push_str(modes);
                    whole.push(*d);
                }
                whole.push_str(atom);
            }
            whole.extend(&chars[end..]);
            out.push(whole);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_strings_leave_out_replace_and_split() {
        assert_eq!(one_left_out("bnW"), ["nW", "bW", "bn"]);
        let near = near("sfN");
        for expected in ["sNfN", "N", "sfC", "fN"] {
            assert!(near.iter().any(|t| t == expected), "{expected}: {near:?}");
        }
        assert!(
            split_by_direction(&"mfsW".chars().collect::<Vec<_>>()).contains(&"mfWmsW".to_owned())
        );
        assert!(one_left_out(&"W".repeat(LONGEST_SEARCHED + 1)).is_empty());
        let changed = ranges_changed(&"cWcnD4".chars().collect::<Vec<_>>());
        for expected in ["cW2cnD4", "cW0cnD4", "cWcnD", "cWcnD9"] {
            assert!(
                changed.iter().any(|t| t == expected),
                "{expected}: {changed:?}"
            );
        }
        assert!(!changed.iter().any(|t| t == "cWcnD4"));
    }
}
