//! Every fix keeps its promise (notes P1–P4): the cases of issue 40, and thousands of random
//! strings of each dialect whose every offered fix is applied and checked by generating both
//! strings on the proof positions, here with a comparison of its own.

use super::super::{Diagnostic, Engine, LintConfig, Promise};
use crate::board::reference::proof_positions;
use crate::board::{Position, Square, generate};
use crate::diagnostic::{Code, codes};
use crate::notation::xboard::board as xboard;
use crate::{Dialect, parse};

/// Every finding, XBoard and Fairy-Stockfish both asked for.
fn findings(text: &str, dialect: Dialect) -> Vec<Diagnostic> {
    let mut config = LintConfig::for_dialect(dialect);
    for engine in Engine::ALL {
        if !config.engines.contains(&engine) {
            config.engines.push(engine);
        }
    }
    crate::BetzaString::new(text, dialect).lint(&config)
}

/// The syntax findings of a Fairy-Stockfish string with their fixes, which promise to keep
/// what the engine plays: it reads every string (notes F10, F11).
fn syntax_findings(text: &str, dialect: Dialect) -> Vec<Diagnostic> {
    if dialect != Dialect::Fairy {
        return Vec::new();
    }
    crate::BetzaString::new(text, dialect).syntax_findings()
}

fn codes(text: &str, dialect: Dialect) -> Vec<Code> {
    findings(text, dialect).iter().map(|d| d.code).collect()
}

/// Where a piece ends its moves in `position`, with the squares of their side effects; `None`
/// when the search was cut short.
type Landings = Option<Vec<(Square, Vec<Square>)>>;

fn landings(text: &str, reading: Option<Dialect>, position: &Position) -> Landings {
    let generated = match reading {
        Some(dialect) => generate(
            &crate::registry::lower(&parse(text, dialect).piece(), dialect),
            position,
        ),
        None => xboard::generate(text, position),
    };
    if generated.truncated {
        return None;
    }
    let mut moves: Vec<(Square, Vec<Square>)> = generated
        .moves
        .iter()
        .map(|m| {
            let mut side_effects = m.captured.clone();
            side_effects.extend(m.unload.filter(|u| *u != position.from));
            side_effects.sort();
            (m.to, side_effects)
        })
        .collect();
    moves.sort();
    moves.dedup();
    Some(moves)
}

/// The first proof position where `a` read as `a_reading` and `b` read as `b_reading` differ.
fn first_difference(
    a: &str,
    a_reading: Option<Dialect>,
    b: &str,
    b_reading: Option<Dialect>,
) -> Option<String> {
    proof_positions().iter().find_map(|position| {
        let (x, y) = (
            landings(a, a_reading, position),
            landings(b, b_reading, position),
        );
        (x.is_some() && y.is_some() && x != y).then(|| format!("{position:?}: {x:?} / {y:?}"))
    })
}

/// What is wrong with the fix of `finding` on `text`, if anything.
fn broken_promise(text: &str, dialect: Dialect, finding: &Diagnostic) -> Option<String> {
    let fix = finding.fix.as_ref()?;
    let fixed = fix.apply(text);
    let syntax_keeps = finding.code.family == crate::diagnostic::Family::Syntax;
    let promise = finding
        .code
        .fix
        .or(syntax_keeps.then_some(Promise::Keeps))?;
    if promise == Promise::Intended {
        return None;
    }
    if let Some(difference) = first_difference(text, Some(dialect), &fixed, Some(dialect)) {
        return Some(format!("`{fixed}` changes the moves: {difference}"));
    }
    if promise == Promise::Ports && finding.code.engine == Some(Engine::XBoard) {
        // Proven together with the other XBoard fixes of the string, or alone.
        let together = findings(text, dialect)
            .into_iter()
            .filter(|d| d.code.engine == Some(Engine::XBoard))
            .filter_map(|d| d.fix)
            .fold(text.to_owned(), |out, fix| {
                super::super::Fix {
                    title: String::new(),
                    edits: fix.edits,
                }
                .apply(&out)
            });
        let alone = first_difference(text, Some(dialect), &fixed, None);
        let with_others = first_difference(text, Some(dialect), &together, None);
        if alone.is_some() && with_others.is_some() {
            return Some(format!("XBoard reads `{fixed}` otherwise: {alone:?}"));
        }
    }
    None
}

/// A fixed sequence of numbers, so a failure names a string that can be checked again.
struct Numbers(u64);

impl Numbers {
    fn below(&mut self, bound: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % u64::try_from(bound).unwrap_or(1)).unwrap_or(0)
    }

    fn pick(&mut self, letters: &str) -> char {
        let chars: Vec<char> = letters.chars().collect();
        chars[self.below(chars.len())]
    }
}

/// A random piece: one to four moves, each of one to three legs, with directions, modes and
/// ranges, weighted toward the letters whose meaning needs pieces around.
fn random_piece(numbers: &mut Numbers, dialect: Dialect) -> String {
    let (atoms, modifiers) = match dialect {
        Dialect::Fairy => ("WFDNAHCZGRBQKLJ", "fbrlvshmcpgnji"),
        _ => ("WFDNAHCZGRBQKLJU", "fbrlvshmcdpgnjyoiuxt"),
    };
    let mut text = String::new();
    for _ in 0..=numbers.below(4) {
        let legs = if dialect == Dialect::Fairy {
            1
        } else {
            1 + numbers.below(3)
        };
        for leg in 0..legs {
            if leg > 0 {
                text.push('a');
            }
            for _ in 0..numbers.below(4) {
                text.push(numbers.pick(modifiers));
                // Characters Fairy-Stockfish skips, between modifiers and their atom.
                if dialect == Dialect::Fairy && numbers.below(6) == 0 {
                    text.push(numbers.pick("[]?-0123456789yuxoatz( )*"));
                }
            }
        }
        let atom = numbers.pick(atoms);
        // An Interactive Diagram's bracket group around the atom and what follows.
        let group = dialect == Dialect::Fairy && numbers.below(8) == 0;
        if group {
            text.push('[');
        }
        text.push(atom);
        if group {
            text.push(numbers.pick("?-"));
            text.push(numbers.pick(atoms));
            text.push(']');
        }
        match numbers.below(10) {
            0 => text.push(atom),
            1 | 2 => text.push(numbers.pick("012345")),
            _ => {}
        }
    }
    text
}

/// Checks every fix offered on `count` random strings of `dialect`: at least 300 are offered,
/// and none breaks its promise.
fn every_fix_keeps_its_promise(dialect: Dialect, count: usize, seed: u64) {
    let mut numbers = Numbers(seed);
    let mut offered = 0;
    let mut broken = Vec::new();
    for _ in 0..count {
        let text = random_piece(&mut numbers, dialect);
        for finding in findings(&text, dialect)
            .into_iter()
            .chain(syntax_findings(&text, dialect))
        {
            if finding.fix.is_some() {
                offered += 1;
            }
            if let Some(why) = broken_promise(&text, dialect, &finding) {
                broken.push(format!("{text} [{}]: {why}", finding.code.name));
            }
        }
    }
    eprintln!(
        "{dialect:?}: {offered} fixes offered on {count} random strings, {} broken",
        broken.len()
    );
    assert!(offered > 300, "{offered} fixes");
    assert!(
        broken.is_empty(),
        "{} broken:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn every_fix_on_random_xbetza_strings_keeps_its_promise() {
    every_fix_keeps_its_promise(Dialect::XBetza, 1500, 0x9e37_79b9_7f4a_7c15);
}

#[test]
fn every_fix_on_random_fairy_strings_keeps_its_promise() {
    every_fix_keeps_its_promise(Dialect::Fairy, 1500, 0x2545_f491_4f6c_dd1d);
}

/// Issue 40: `d` counts. `K` adds the King's captures of enemies to `KdU`, `dL` the captures of
/// friends to `brQdL`; neither is redundant, and `KdU` is not named the Universal Leaper.
#[test]
fn moves_that_capture_friends_are_not_redundant() {
    assert!(!codes("KdU", Dialect::XBetza).contains(&codes::REDUNDANT_MOVE));
    assert!(!codes("brQdL", Dialect::XBetza).contains(&codes::REDUNDANT_MOVE));
    assert!(codes("KW", Dialect::XBetza).contains(&codes::REDUNDANT_MOVE));
}

/// Issue 40: moves that need pieces around to show (a hop, a screen, a lame leg) are not
/// called redundant, as no position with pieces around proves them so.
#[test]
fn moves_that_need_pieces_around_are_not_redundant() {
    for text in ["mZblpablcK", "sgasDpD", "afFbmdQ2vgnA"] {
        assert!(
            !codes(text, Dialect::XBetza).contains(&codes::REDUNDANT_MOVE),
            "{text}"
        );
    }
}

/// Issue 40: a fix that does not port the piece is not offered, and the finding says what no
/// rewrite keeps: reordering `mfW` leaves XBoard reading `sfF` otherwise (as reordering
/// `lrycR1` left it reading `sfB` in `lrycR1sfBcafsxabucF`).
#[test]
fn a_rewrite_that_does_not_port_the_piece_is_not_offered() {
    let found = findings("mfWsfF", Dialect::XBetza);
    let order = found
        .iter()
        .find(|d| d.code == codes::XBOARD_MODIFIER_ORDER)
        .expect("modifier order");
    assert!(order.fix.is_none());
    assert!(
        order.message.contains("no rewrite is offered"),
        "{}",
        order.message
    );
}

/// Issue 40: one cause, one finding, whatever the number of places it is written.
#[test]
fn a_wrapping_leg_written_three_times_is_one_finding() {
    let found = findings("oabKoabKoabK", Dialect::XBetza);
    let wraps: Vec<&Diagnostic> = found
        .iter()
        .filter(|d| d.message.starts_with("XBoard wraps this leg"))
        .collect();
    assert_eq!(wraps.len(), 1);
    assert!(
        wraps[0].message.contains("and 2 more times in this string"),
        "{}",
        wraps[0].message
    );
}

/// Issue 40: the seed's `hW` selects no move (a lone `h`); XBoard plays a Wazir, and says so.
#[test]
fn a_lone_half_is_read_as_every_move_by_xboard() {
    let found = findings("hW", Dialect::XBetza);
    assert!(found.iter().any(|d| d.code == codes::LONE_HALF));
    assert!(
        found
            .iter()
            .any(|d| d.code == codes::XBOARD_READS_DIFFERENTLY
                && d.message.starts_with("XBoard ignores a lone `h`"))
    );
}

/// On an oblique atom XBoard reads a lone `h` as a chiral set, four of the eight moves (its
/// `moves.c`; the XBoard generator here goes from d4 to b3 c6 e2 f5 only), so the finding does
/// not say "every move" there.
#[test]
fn a_lone_half_on_an_oblique_atom_is_four_moves_in_xboard() {
    let found = findings("hN", Dialect::XBetza);
    let said = found
        .iter()
        .find(|d| d.code == codes::XBOARD_READS_DIFFERENTLY)
        .map(|d| d.message.as_str())
        .unwrap_or_default();
    assert!(
        said.starts_with("XBoard reads a lone `h` on an oblique atom as four of its moves")
            && said.contains("XBoard also goes to b3 c6 e2 f5"),
        "{said}"
    );
}

/// Issue 40: in `fairy`, what the engine plays without an ignored `n` is said only when it is
/// true: without the `n` of `vnlfB5` the engine pairs `vl`, which it did not.
#[test]
fn what_the_engine_plays_without_a_letter_is_said_only_when_true() {
    let found = findings("vnlfB5", Dialect::Fairy);
    let lame = found
        .iter()
        .find(|d| d.code == codes::FAIRY_LAME_IGNORED)
        .expect("lame ignored");
    assert!(!lame.message.contains("as `vlfB5`"), "{}", lame.message);
    assert!(lame.fix.is_none());
    let found = findings("nR", Dialect::Fairy);
    assert!(found[0].message.contains("plays `nR` as `R`"));
}
