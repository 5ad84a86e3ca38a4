//! Whether an `.ini` of any name is a Fairy-Stockfish variants file, by its content: a key the
//! engine knows (`options::all`, the option list of its parser), or a section inheriting from
//! a variant. It reads the file's lines once, keeps nothing, and compares keys through sets
//! built once. Editors that read content themselves are given the same lists (`IniContent`).
//!
//! Most of the engine's keys are names no other file uses (`maxRank`, `startFen`,
//! `promotionPieceTypes`), so one of them, in any case, is enough: a misspelt case still gets
//! its finding. A few are plain words other `.ini` files use too (`pass` for a password, `gold`
//! for a game's money): those count only with a value the engine reads as theirs, a piece
//! letter for a piece (`pawn = p`, `king = k:WF`) and `true` or `false` for a rule
//! (`castling = false`).

use std::collections::HashSet;
use std::sync::OnceLock;

use super::model::Model;
use super::options::{self, ValueKind};

/// Keys that end in a number (`customPiece1`): any digits, or none, count.
pub(super) const NUMBERED_KEYS: &[&str] = &["customPiece"];

/// Whether `text` is a Fairy-Stockfish variants file, whatever its name: it sets a key the
/// engine knows (see the module), or a section inherits from a built-in variant or from a
/// section above it (`[mini:chess]`). Keys and names are compared in any case. A parent alone
/// is not enough: tox.ini's `[testenv:lint]` and supervisord's `[program:web]` have one too.
pub fn is_variants_file(text: &str) -> bool {
    let model = Model::read(text);
    // A set: a file of many sections each naming an unknown parent stays linear.
    let mut names_above: HashSet<String> = HashSet::new();
    for section in model.sections() {
        if let Some(header) = &section.header {
            if let Some(parent) = header.parent() {
                let parent = parent.trim().to_ascii_lowercase();
                if options::built_in(&parent).is_some() || names_above.contains(&parent) {
                    return true;
                }
            }
            names_above.insert(header.name().trim().to_ascii_lowercase());
        }
        if (section.read_in(&text).entries()).any(|entry| is_engine_key(entry.key, entry.value)) {
            return true;
        }
    }
    false
}

/// The engine's options whose names no other file uses, but those of [`NUMBERED_KEYS`].
pub fn keys() -> Vec<&'static str> {
    (options::all().iter())
        .filter(|option| !is_plain_word(&option.key) && numbered(&option.key).is_none())
        .map(|option| option.key.as_str())
        .collect()
}

/// The pieces named by a plain word (`pawn`, `king`): they count with a piece letter.
pub fn piece_keys() -> Vec<&'static str> {
    plain_words(|kind| matches!(kind, ValueKind::Piece | ValueKind::PieceWithBetza))
}

/// The rules named by a plain word (`pass`, `castling`): they count with `true` or `false`.
pub fn switch_keys() -> Vec<&'static str> {
    plain_words(|kind| kind == ValueKind::Bool)
}

fn plain_words(wanted: impl Fn(ValueKind) -> bool) -> Vec<&'static str> {
    (options::all().iter())
        .filter(|option| is_plain_word(&option.key) && wanted(option.kind))
        .map(|option| option.key.as_str())
        .collect()
}

/// A word of lower-case letters only, as other files name their keys too.
fn is_plain_word(key: &str) -> bool {
    key.bytes().all(|b| b.is_ascii_lowercase())
}

/// The family of a numbered key (`customPiece7`, `CUSTOMPIECE`), in any case.
fn numbered(key: &str) -> Option<&'static str> {
    NUMBERED_KEYS.iter().copied().find(|family| {
        key.get(..family.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(family))
            && key[family.len()..].bytes().all(|b| b.is_ascii_digit())
    })
}

/// The lists of the module in lower case, built once.
struct Folded {
    keys: HashSet<String>,
    pieces: HashSet<String>,
    switches: HashSet<String>,
}

fn folded() -> &'static Folded {
    static FOLDED: OnceLock<Folded> = OnceLock::new();
    FOLDED.get_or_init(|| {
        let fold = |keys: Vec<&str>| keys.iter().map(|k| k.to_ascii_lowercase()).collect();
        Folded {
            keys: fold(keys()),
            pieces: fold(piece_keys()),
            switches: fold(switch_keys()),
        }
    })
}

/// Whether `key = value` is a line only a variants file has (see the module).
fn is_engine_key(key: &str, value: &str) -> bool {
    let key = key.trim();
    if numbered(key).is_some() {
        return true;
    }
    let (folded, lists) = (key.to_ascii_lowercase(), folded());
    let value = value.trim();
    lists.keys.contains(&folded)
        || lists.pieces.contains(&folded) && is_piece_letter(value)
        || lists.switches.contains(&folded)
            && (value.eq_ignore_ascii_case("true") || value.eq_ignore_ascii_case("false"))
}

/// A letter, alone or before `:` (`p`, `k:WF`).
fn is_piece_letter(value: &str) -> bool {
    let mut bytes = value.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && matches!(bytes.next(), None | Some(b':'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_key_of_the_engine_makes_a_variants_file() {
        for text in [
            "[v:chesss]\nmaxRank = 6\n",
            "[v]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n",
            "[chess]\nmaxFile = 10\n",
            "[v:chess:extra]\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n",
            "[v:shogun]\npocketSize = 8\n",
            "[v]\nking = k:WF\n",
            "[v]\nmobilityRegionWhiteKing = *1 *2\n",
            "[v]\nSTARTFEN = x\n",
            "[v]\n  customPiece9 = a:W\n",
            "[v]\npass = true\n",
            "[v]\ncastling = False\n",
            "[v]\ngold = G\n",
        ] {
            assert!(is_variants_file(text), "{text}");
        }
    }

    #[test]
    fn other_ini_files_are_not_claimed() {
        for text in [
            "[server]\nport = 8080\nhost = example.org\n",
            "[database]\nuser = me\npass = secret\n",
            "[economy]\ngold = 100\nsilver = 20\n",
            "[colours]\nking = red\nqueen = blue\n",
            "[features]\nchecking = on\n",
            "[testenv]\ndeps = pytest\n[testenv:lint]\ncommands = ruff\n",
            "[x]\n; customPiece1 = a:W\nnote = pieceToCharTable\n",
            "[x]\nmaxRank6 = 1\n",
            "",
        ] {
            assert!(!is_variants_file(text), "{text}");
        }
    }

    #[test]
    fn every_key_of_the_engine_is_in_one_list() {
        let (keys, pieces, switches) = (keys(), piece_keys(), switch_keys());
        for option in options::all() {
            let key = option.key.as_str();
            let listed = [&keys, &pieces, &switches]
                .iter()
                .filter(|list| list.contains(&key))
                .count()
                + usize::from(numbered(key).is_some());
            assert_eq!(listed, 1, "{key}");
        }
        assert!(
            pieces.contains(&"king") && pieces.contains(&"pawn") && !pieces.contains(&"shogiPawn")
        );
        assert_eq!(switches, ["castling", "checking", "gating", "pass"]);
    }
}
