//! The catalogue of lint rules: one row per rule, read by the linter, the CLI's rule list and
//! the generated table of syntax/DIAGNOSTICS.md.

use crate::Severity;

/// Which engine a portability rule speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    XBoard,
    FairyStockfish,
}

impl Engine {
    pub const ALL: [Engine; 2] = [Engine::XBoard, Engine::FairyStockfish];

    /// The name settings and the command line use.
    pub fn id(self) -> &'static str {
        match self {
            Engine::XBoard => "xboard",
            Engine::FairyStockfish => "fairy-stockfish",
        }
    }
}

impl std::str::FromStr for Engine {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Engine::ALL
            .into_iter()
            .find(|e| e.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = Engine::ALL.iter().map(|e| e.id()).collect();
                format!("unknown engine `{s}`: expected one of {}", names.join(", "))
            })
    }
}

/// What a rule's fix promises, and so what generating the fixed string must show before the
/// fix is offered (notes P1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Promise {
    /// The finding says the letters change nothing: without them the piece makes every move it
    /// made, in every proof position, or the claim is false and the finding is not made.
    Unchanged,
    /// The rewrite keeps every move in the string's own reading, or it is not offered.
    Keeps,
    /// The rule's engine reads the rewritten string as the string's own dialect reads the
    /// original, and the dialect's reading stays; else the finding says what cannot be kept.
    Ports,
    /// The fix changes the moves on purpose, as its title says (a comment taken out of the
    /// value, a rider range rewritten as the stepper the author meant).
    Intended,
}

/// One lint rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    /// Stable code, used in diagnostics and in `--allow`/`--deny`.
    pub code: &'static str,
    pub severity: Severity,
    /// The letters have no effect (editors grey them out).
    pub unnecessary: bool,
    /// Only reported when this engine is a target.
    pub engine: Option<Engine>,
    /// What the rule finds, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub explanation: &'static str,
    /// A string that triggers it, and the corrected string.
    pub example: (&'static str, &'static str),
    /// What the rule's fix promises, when it offers one (an exact text edit, proven by
    /// generation before it is offered).
    pub fix: Option<Promise>,
}

/// One row of the table, in column order (a table row is naturally wide).
#[allow(clippy::too_many_arguments)]
const fn rule(
    code: &'static str,
    severity: Severity,
    unnecessary: bool,
    engine: Option<Engine>,
    summary: &'static str,
    explanation: &'static str,
    example: (&'static str, &'static str),
    fix: Option<Promise>,
) -> Rule {
    Rule {
        code,
        severity,
        unnecessary,
        engine,
        summary,
        explanation,
        example,
        fix,
    }
}

use Engine::{FairyStockfish, XBoard};
use Promise::{Intended, Keeps, Ports, Unchanged};
use Severity::{Error, Hint, Info, Warning};

/// Every rule, in the order of the generated documentation.
pub const RULES: [Rule; 26] = [
    rule(
        "default-mode",
        Hint,
        true,
        None,
        "a mode that is the default anyway",
        "A final leg moves or captures (mc) and a leg before an `a` moves (m) unless told otherwise (seed 000), so writing them changes nothing.",
        ("mafW", "afW"),
        Some(Unchanged),
    ),
    rule(
        "range-one",
        Hint,
        true,
        None,
        "range 1 on a leaper",
        "A leaper makes one leap; `N1` is `N`.",
        ("N1", "N"),
        Some(Unchanged),
    ),
    rule(
        "lone-half",
        Warning,
        false,
        None,
        "`h` with no direction to combine with",
        "`h` only means something next to a direction (`fhN`, `hrN`); alone it selects no move.",
        ("hN", "fhN"),
        None,
    ),
    rule(
        "chiral-without-effect",
        Hint,
        false,
        None,
        "`hr` or `hl` on an atom that is not oblique",
        "Chiral sets (seed 000) pick four of an oblique atom's eight moves; on W, F or their riders they pick every move.",
        ("hrW", "W"),
        None,
    ),
    rule(
        "no-moves",
        Error,
        false,
        None,
        "a move that can never be made",
        "Its direction letters select no move of its atom, so the move exists on no board.",
        ("hW", "W"),
        None,
    ),
    rule(
        "jump-without-effect",
        Hint,
        true,
        None,
        "`j` on a single step",
        "A single W, F or K step has no square to jump over; `j` skips the first square of a slide or makes a leap jump (seed 000).",
        ("jK", "K"),
        Some(Unchanged),
    ),
    rule(
        "toggle-at-end",
        Warning,
        true,
        None,
        "`y` on the final leg",
        "`y` toggles the range of the next leg; the final leg has none.",
        ("yafyF", "yafF"),
        Some(Unchanged),
    ),
    rule(
        "iso-without-slider",
        Warning,
        false,
        None,
        "`i` (iso) with no slider leg before it",
        "On a continuation leg `i` means as many steps as the previous slider leg (seed 000); with no slider leg before, it has nothing to match.",
        ("WaiW", "WaW"),
        None,
    ),
    rule(
        "unload-without-capture",
        Warning,
        true,
        None,
        "`u` in a move that never captures",
        "`u` puts back the piece the move captured (seed 004); a move that cannot capture has nothing to put back.",
        ("umQ", "mQ"),
        None,
    ),
    rule(
        "en-passant-before-a",
        Warning,
        false,
        None,
        "`e` on a leg before an `a`",
        "En-passant capture (e) is a final-leg mode in seed 000's list.",
        ("eafF", "fceF"),
        None,
    ),
    rule(
        "redundant-move",
        Hint,
        true,
        None,
        "a move that adds nothing the rest of the piece does not already do",
        "Compared by move sets on reference boards, not by text: in `KW` the `W` adds no square.",
        ("KW", "K"),
        Some(Unchanged),
    ),
    rule(
        "mbn-rider-range",
        Warning,
        false,
        None,
        "a number after a rider letter in MBN (`R4`), which does not make it short",
        "Seed 002: `R4` dissolves to `(W0)4`, whole rook moves repeated, which is a normal rook. A rook limited to four squares is `W4`, a bishop `F4`, a queen `K4`.",
        ("R4", "W4"),
        Some(Intended),
    ),
    rule(
        "mbn-leap-order",
        Error,
        false,
        None,
        "an MBN leap written larger number first (`:4,2:`)",
        "Seed 002: \"the first ordinate must be less or equal to the second ordinate, i.e. (4,2) is not a valid notation, instead (2,4) has to be used\".",
        (":4,2:", ":2,4:"),
        Some(Keeps),
    ),
    rule(
        "mbn-doubled-direction",
        Hint,
        true,
        None,
        "a doubled MBN direction letter that selects what the single letter does",
        "Seed 002 reads a doubled direction letter as an amalgam (`ffN` is `(ff)N`), not as the letter twice; where the amalgam selects the same leaps as the single letter, the second letter changes nothing.",
        ("ffN", "fN"),
        Some(Unchanged),
    ),
    rule(
        "xboard-modifier-order",
        Warning,
        false,
        Some(XBoard),
        "modifiers out of XBoard's order, which it silently drops",
        "XBoard reads `i`, then directions, then `u m c d e x t p g o y n j`, dropping any letter out of that order: it reads `mfW` as `mW`.",
        ("mfW", "fmW"),
        Some(Ports),
    ),
    rule(
        "xboard-camel-zebra",
        Warning,
        false,
        Some(XBoard),
        "`J` or `L`, which engines read as opposite leapers",
        "Seed 000 and Fairy-Stockfish take L = C = (1,3) and J = Z = (2,3); XBoard takes them the other way round. C and Z mean the same everywhere.",
        ("L", "C"),
        Some(Ports),
    ),
    rule(
        "xboard-doubled-atom",
        Warning,
        false,
        Some(XBoard),
        "a doubled atom, which XBoard reads as two atoms",
        "XBoard reads `NN` as two Knights, not a Nightrider; `N0` is a Nightrider for every engine.",
        ("NN", "N0"),
        Some(Ports),
    ),
    rule(
        "xboard-leading-zero",
        Warning,
        false,
        Some(XBoard),
        "a range with a leading zero",
        "XBoard reads `W03N` as `W3` and stops reading there: the `N` is lost.",
        ("W03N", "W3N"),
        Some(Ports),
    ),
    rule(
        "xboard-stops-reading",
        Warning,
        false,
        Some(XBoard),
        "a letter XBoard does not know, after which it ignores the rest",
        "XBoard's generator stops at S, T, U, I, X and Y; write S as AD and T as GH.",
        ("S", "AD"),
        Some(Ports),
    ),
    rule(
        "xboard-reads-differently",
        Warning,
        false,
        Some(XBoard),
        "directions or a hop that XBoard reads differently from the seed",
        "XBoard gives `fhK` all eight squares, `lvF` and `fsF` all four diagonals, does not distribute a leading `v` or `s` (`vrN`), has no moves for `pW` or `gK`, lets a continuation leg without directions revisit squares, and wraps a leg with one `o` before an `a` around the edges instead of ending it off the board.",
        ("fsF", "fF"),
        None,
    ),
    rule(
        "fairy-skipped-letter",
        Warning,
        false,
        Some(FairyStockfish),
        "a letter Fairy-Stockfish skips without a word",
        "Fairy-Stockfish ignores letters it does not know and builds a different piece: `mafsW` moves as `mfsW`.",
        ("mafsW", "nN"),
        None,
    ),
    rule(
        "fairy-no-moves",
        Error,
        false,
        Some(FairyStockfish),
        "a move Fairy-Stockfish builds no moves for",
        "Fairy-Stockfish has riders only along W, F and N lines (a range or a doubled letter makes any atom a rider: `D1`, `DD`), hoppers only along rook and bishop lines, lame leaps only on N, A, D and Z, no initial captures, and no moves for letters it does not know as atoms.",
        ("D1", "D"),
        None,
    ),
    rule(
        "fairy-lame-ignored",
        Warning,
        true,
        Some(FairyStockfish),
        "`n` on a rider, which Fairy-Stockfish ignores",
        "Fairy-Stockfish makes a move lame only when its atom does not ride: `nR` is a Rook and `nN2` a Nightrider of two leaps.",
        ("nR", "R"),
        Some(Keeps),
    ),
    rule(
        "fairy-range-overwritten",
        Warning,
        false,
        Some(FairyStockfish),
        "a move that takes moves away by replacing an earlier range",
        "Fairy-Stockfish keeps one range per direction and move kind; a later atom in the same direction replaces it, so `RmR1` moves only one square. Decided by generating the piece with and without the move.",
        ("RmR1", "R"),
        None,
    ),
    rule(
        "fairy-inline-comment",
        Warning,
        false,
        Some(FairyStockfish),
        "a `#` or `;` comment after a piece, which Fairy-Stockfish reads as part of its Betza",
        "Fairy-Stockfish has no inline comments: a value runs to the end of its line, so the comment's letters are read as Betza (`a:W # not a Knight` gives a piece with no moves). Put the comment on a line of its own; the findings inside the comment are not repeated.",
        ("W # the Wazir", "W"),
        Some(Intended),
    ),
    rule(
        "engines-disagree",
        Info,
        false,
        Some(FairyStockfish),
        "XBetza and Fairy-Stockfish give this piece different moves",
        "Decided by generating both readings on reference boards; the message shows where they differ.",
        ("fK", "fW"),
        None,
    ),
];

/// The rule with this code.
pub fn rule_by_code(code: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.code == code)
}
