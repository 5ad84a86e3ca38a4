//! Shared by the targets: a guard against inputs known to be slow.
//!
//! Move generation is bounded by a step budget per move, but a repeat group such as `(aK)`
//! expands into 26 moves of up to 50 direction-less legs, and explanations, hovers, symbols and
//! some lints generate a piece's moves ten times or more (diagrams, catalogue fingerprints, both
//! engines' readings): `betza explain '(aK)'` takes seconds even in a release build. Those
//! inputs are reported, not fuzzed over and over; targets skip a string whose model (in XBetza
//! or in Fairy-Stockfish Betza) has a move with more legs than `per_move` or more legs in all
//! than `total`. `BETZA_FUZZ_SLOW=1` in the environment turns the guard off, to reproduce them.

#![allow(dead_code)]

use std::sync::OnceLock;

use betza_syntax::host::{self, HostFormat};
use betza_syntax::{Dialect, model, parse};

/// Limits for targets that generate a piece's moves many times (explain, hover, lints).
pub const MANY: (usize, usize) = (6, 24);
/// Limits for targets that generate once per dialect.
pub const ONCE: (usize, usize) = (12, 64);

fn guard_off() -> bool {
    static OFF: OnceLock<bool> = OnceLock::new();
    *OFF.get_or_init(|| std::env::var_os("BETZA_FUZZ_SLOW").is_some())
}

/// Whether one Betza string is known to be slow to generate.
pub fn slow_string(text: &str, (per_move, total): (usize, usize)) -> bool {
    if guard_off() {
        return false;
    }
    Dialect::ALL
        .into_iter()
        .any(|dialect| {
            let piece = betza_syntax::registry::lower(&parse(text, dialect).piece(), dialect);
            piece.moves.iter().any(|m| m.legs.len() > per_move)
                || piece.moves.iter().map(|m| m.legs.len()).sum::<usize>() > total
        })
}

/// Whether any Betza string a host file holds is known to be slow to generate.
pub fn slow_file(format: HostFormat, text: &str, limits: (usize, usize)) -> bool {
    if guard_off() {
        return false;
    }
    [Dialect::XBetza, Dialect::Fairy]
        .into_iter()
        .any(|default| {
            host::scan(format, text, default)
                .regions
                .iter()
                .any(|region| slow_string(&region.text(text), limits))
        })
}
