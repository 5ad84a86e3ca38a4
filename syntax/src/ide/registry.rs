//! Every diagnostic code the project emits, in one registry: syntax errors of each dialect,
//! problems of the host file, MBN macros, and the lint rules (whose own table is
//! `lint::RULES`). Each code has its severity, a one-line summary, why it matters, and an
//! example that gets it next to the same text corrected (a test checks both). The command line's
//! `--allow`/`--deny`, the server's `rules` setting and `syntax/DIAGNOSTICS.md` all read it.

use crate::host::HostFormat;
use crate::lint::{Engine, RULES, Rule};
use crate::{Dialect, Severity};

/// Where a finding comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// The string does not parse in its dialect.
    Syntax,
    /// The file around the strings (a `variants.ini` section, an XML attribute, a header).
    Host,
    /// MBN macros across a file.
    Macro,
    /// The string parses but says something other than it seems to, or not what an engine reads.
    Lint,
}

impl Family {
    pub fn name(self) -> &'static str {
        match self {
            Family::Syntax => "syntax",
            Family::Host => "host file",
            Family::Macro => "MBN macros",
            Family::Lint => "lint",
        }
    }
}

/// A text that gets a finding, and the same text corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// One Betza string read in a dialect.
    Betza {
        dialect: Dialect,
        bad: &'static str,
        good: &'static str,
    },
    /// A whole file of a host format.
    File {
        format: HostFormat,
        bad: &'static str,
        good: &'static str,
    },
    /// Too large to show: what it takes, in words.
    Described(&'static str),
}

/// One diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    pub code: &'static str,
    pub family: Family,
    /// The severity it has unless the user sets another.
    pub severity: Severity,
    /// What it finds, in one line.
    pub summary: &'static str,
    /// Why it matters.
    pub explanation: &'static str,
    pub example: Example,
}

const fn syntax(
    code: &'static str,
    severity: Severity,
    summary: &'static str,
    explanation: &'static str,
    (dialect, bad, good): (Dialect, &'static str, &'static str),
) -> Code {
    Code {
        code,
        family: Family::Syntax,
        severity,
        summary,
        explanation,
        example: Example::Betza { dialect, bad, good },
    }
}

const fn file(
    code: &'static str,
    family: Family,
    severity: Severity,
    (summary, explanation): (&'static str, &'static str),
    (format, bad, good): (HostFormat, &'static str, &'static str),
) -> Code {
    Code {
        code,
        family,
        severity,
        summary,
        explanation,
        example: Example::File { format, bad, good },
    }
}

use Dialect::{Chained, Fairy, Mbn, XBetza};
use Severity::{Error, Hint, Warning};

/// The syntax errors of every dialect (`parser::Problem`); codes two dialects share appear once.
const SYNTAX: [Code; 35] = [
    syntax(
        "unknown-modifier",
        Error,
        "a lower-case letter that is no modifier of the dialect",
        "The letter means nothing here, so the piece is not the one written; often a typo.",
        (XBetza, "wN", "N"),
    ),
    syntax(
        "unknown-atom",
        Error,
        "a capital that is no atom of the dialect",
        "The letter moves nowhere; engines skip it or stop reading there.",
        (XBetza, "fE", "fF"),
    ),
    syntax(
        "unknown-character",
        Error,
        "a character that is not part of Betza notation",
        "Engines stop reading or skip it; what follows may be lost.",
        (XBetza, "N§", "N"),
    ),
    syntax(
        "stray-punctuation",
        Error,
        "punctuation the dialect has no use for",
        "Only MBN and chained Betza give punctuation a meaning; in XBetza it is a mistake.",
        (XBetza, "N-F", "NF"),
    ),
    syntax(
        "missing-atom",
        Error,
        "modifiers with no atom after them",
        "Modifiers describe the atom that follows; without it they describe nothing.",
        (XBetza, "mf", "mfW"),
    ),
    syntax(
        "stray-number",
        Error,
        "a number with no atom before it",
        "A range follows its atom (`W4`); a number before any atom limits nothing.",
        (XBetza, "3N", "N3"),
    ),
    syntax(
        "stray-star",
        Error,
        "`*` with no atom before it",
        "`*` is a range and follows its atom.",
        (XBetza, "*W", "W*"),
    ),
    syntax(
        "stray-extension",
        Error,
        "`X` or `Y` with no leaper before it",
        "The suffixes extend the leaper they follow (`FX`, the Giraffe).",
        (XBetza, "X", "FX"),
    ),
    syntax(
        "unclosed-paren",
        Error,
        "a `(` never closed",
        "A repeat group needs its `)`; the rest of the string is read as inside it.",
        (XBetza, "(cafR", "(caf)R"),
    ),
    syntax(
        "unmatched-paren",
        Error,
        "a `)` with no `(`",
        "Nothing opened the group it closes.",
        (XBetza, "caf)R", "(caf)R"),
    ),
    syntax(
        "empty-group",
        Error,
        "parentheses with nothing inside",
        "An empty group repeats nothing.",
        (XBetza, "()R", "R"),
    ),
    syntax(
        "nested-paren",
        Error,
        "a group inside a group",
        "XBetza's repeat groups do not nest.",
        (XBetza, "((caf))R", "(caf)R"),
    ),
    syntax(
        "duplicate-range",
        Error,
        "a second range on one atom",
        "An atom takes one range; which one an engine keeps is anyone's guess.",
        (XBetza, "W3*", "W3"),
    ),
    syntax(
        "duplicate-extension",
        Error,
        "a second `X` or `Y` on one atom",
        "An atom takes one extension suffix.",
        (XBetza, "FXX", "FX"),
    ),
    syntax(
        "extension-on-non-leaper",
        Error,
        "`X` or `Y` after an atom that is not a single leaper",
        "The suffixes extend single leapers (W F D N A H C Z G L J) only.",
        (XBetza, "RX", "FX"),
    ),
    syntax(
        "range-too-long",
        Error,
        "a range of more than two digits",
        "No board is that large; the number is a typo.",
        (XBetza, "R123", "R12"),
    ),
    syntax(
        "fairy-one-digit-range",
        Warning,
        "a range of two digits, of which Fairy-Stockfish reads the first",
        "`R12` is a rook of range 1 to Fairy-Stockfish, not of range 12.",
        (Fairy, "R12", "R7"),
    ),
    syntax(
        "castling-bad-step",
        Error,
        "castling `O` with a king step of 0 or `*`",
        "The number after `O` is how far the king moves; it must be 1 or more.",
        (XBetza, "O0", "O2"),
    ),
    syntax(
        "range-without-effect",
        Warning,
        "a range on an atom with no step to repeat",
        "`U` and `I` reach their squares in one move; a range changes nothing.",
        (XBetza, "U3", "U"),
    ),
    syntax(
        "range-on-doubled-atom",
        Error,
        "a range after a doubled atom",
        "A doubled atom already rides without limit; the range contradicts it.",
        (XBetza, "NN2", "NN"),
    ),
    syntax(
        "unclosed-bracket",
        Error,
        "an MBN bracket, comment bar or compound colon never closed",
        "Everything after it is read as inside it.",
        (Mbn, "{W", "{W}"),
    ),
    syntax(
        "unmatched-bracket",
        Error,
        "an MBN closing bracket with no opening one",
        "Nothing opened what it closes.",
        (Mbn, "W}", "W"),
    ),
    syntax(
        "nesting-too-deep",
        Error,
        "MBN brackets nested deeper than the parser descends",
        "The part beyond the limit is not read, so no stack can overflow.",
        (
            Mbn,
            "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((W))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))",
            "(W)",
        ),
    ),
    syntax(
        "expected",
        Error,
        "MBN needs something else at this place",
        "The message says what was expected; the definition is incomplete.",
        (Mbn, ":2,:", ":2,1:"),
    ),
    syntax(
        "unexpected",
        Error,
        "a token that cannot stand where it is in MBN",
        "The message says where it stands; MBN's grammar (seed 002) has no place for it.",
        (Mbn, "Q*=W", "Q=W"),
    ),
    syntax(
        "empty-definition",
        Error,
        "an MBN definition with nothing after `=`",
        "A definition needs moves; whitespace ends a definition, so `P= W` defines nothing.",
        (Mbn, "P=", "P=W"),
    ),
    syntax(
        "second-equals",
        Error,
        "a second `=` outside a castling rule",
        "Only castling rules have two `=`.",
        (Mbn, "P=W=F", "P=WF"),
    ),
    syntax(
        "macro-with-prefix",
        Error,
        "an MBN macro name with a prefix",
        "Seed 002: \"a prefixed letter for the macro identifier is not allowed\".",
        (Mbn, "@+Q=K", "@Q=K"),
    ),
    syntax(
        "compound-too-long",
        Error,
        "an MBN compound letter of more than three characters",
        "Seed 002: \"the maximal length for compound letters is three\".",
        (Mbn, "@:ABCD:=W", "@:ABC:=W"),
    ),
    syntax(
        "missing-move",
        Error,
        "MBN modifiers or prefixes with no move after them",
        "Modifiers describe the move that follows: a piece letter, `:m,n:` or a group.",
        (Mbn, "P=lf", "P=lfW"),
    ),
    syntax(
        "second-steps",
        Error,
        "a second exponent on one MBN move",
        "A move takes one exponent.",
        (Mbn, "W0*0", "W0*"),
    ),
    syntax(
        "unused-modifier",
        Error,
        "MBN's `q`, the one letter it leaves unused",
        "Seed 002: \"q (still unused)\".",
        (Mbn, "qW", "W"),
    ),
    syntax(
        "lone-y",
        Error,
        "MBN's `y` not after `c`, `j`, `w` or `x`",
        "`y` means \"any\" only in `cy`, `jy`, `wy` and `xy`.",
        (Mbn, "yW", "cyW"),
    ),
    syntax(
        "operator-without-leg",
        Error,
        "a chaining operator with no leg before it",
        "An operator joins two legs (`W-F`); the first is missing.",
        (Chained, "-F", "W-F"),
    ),
    syntax(
        "missing-leg",
        Error,
        "chained modifiers or an operator with no leg after them",
        "The move ends before the leg they describe.",
        (Chained, "W-", "W-F"),
    ),
];

use HostFormat::{Betza, Cif, VariantsIni};

/// Problems of the file around the strings, and of MBN macros across it.
const FILE: [Code; 25] = [
    file(
        "unclosed-section",
        Family::Host,
        Error,
        (
            "a `variants.ini` section header with no `]`",
            "Fairy-Stockfish does not read the section as a variant.",
        ),
        (
            VariantsIni,
            "[v:chess\ncustomPiece1 = a:W\n",
            "[v:chess]\ncustomPiece1 = a:W\n",
        ),
    ),
    file(
        "unknown-parent",
        Family::Host,
        Error,
        (
            "a variant inherits from one neither defined above it nor built in",
            "Fairy-Stockfish skips the section: it reads sections in order, and names keep \
             their spaces.",
        ),
        (VariantsIni, "[v:nosuchvariant]\n", "[v:chess]\n"),
    ),
    file(
        "duplicate-section",
        Family::Host,
        Error,
        (
            "a section named like one above it or like a built-in variant",
            "Fairy-Stockfish skips the second section whole.",
        ),
        (
            VariantsIni,
            "[chess]\nmaxRank = 6\n",
            "[minichess:chess]\nmaxRank = 6\n",
        ),
    ),
    file(
        "byte-order-mark",
        Family::Host,
        Error,
        (
            "a line that starts with a byte-order mark",
            "Fairy-Stockfish sees no header on the line and drops the section.",
        ),
        (
            VariantsIni,
            "\u{feff}[v:chess]\nmaxRank = 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    file(
        "indented-header",
        Family::Host,
        Error,
        (
            "a section header with spaces before it",
            "Fairy-Stockfish ignores the line; the keys below it stay in the section above.",
        ),
        (
            VariantsIni,
            "[v:chess]\n  [w:chess]\nmaxRank = 6\n",
            "[v:chess]\n[w:chess]\nmaxRank = 6\n",
        ),
    ),
    file(
        "unknown-key",
        Family::Host,
        Warning,
        (
            "a key that is no Fairy-Stockfish option (misspelt, other case, spaces around it)",
            "Fairy-Stockfish ignores it without a word.",
        ),
        (
            VariantsIni,
            "[v:chess]\nmaxRanks = 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    file(
        "wrong-value",
        Family::Host,
        Error,
        (
            "a value Fairy-Stockfish reads as something else, or cannot read",
            "The variant is not what the file says: `yes` is false, an unknown letter ends a \
             list, some values make the engine drop the variant or abort.",
        ),
        (
            VariantsIni,
            "[v:chess]\ncastling = yes\n",
            "[v:chess]\ncastling = true\n",
        ),
    ),
    file(
        "start-position",
        Family::Host,
        Error,
        (
            "a start position that does not fit the variant's board or pieces",
            "Fairy-Stockfish rejects the position: the variant cannot be played.",
        ),
        (
            VariantsIni,
            "[v:chess]\nmaxRank = 6\n",
            "[v:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
    ),
    file(
        "empty-value",
        Family::Host,
        Warning,
        (
            "a key with nothing after its `=`",
            "Fairy-Stockfish stores nothing: the parent's value or the default stays.",
        ),
        (
            VariantsIni,
            "[v:chess]\nmaxRank =\n",
            "[v:chess]\nmaxRank = 8\n",
        ),
    ),
    file(
        "duplicate-key",
        Family::Host,
        Warning,
        (
            "a key set twice in one section",
            "Fairy-Stockfish keeps only the last value.",
        ),
        (
            VariantsIni,
            "[v:chess]\nmaxFile = 6\nmaxFile = 7\n",
            "[v:chess]\nmaxFile = 7\n",
        ),
    ),
    file(
        "deprecated-key",
        Family::Host,
        Hint,
        (
            "a key Fairy-Stockfish still reads but has replaced",
            "It works today; the newer key says more exactly what it sets.",
        ),
        (
            VariantsIni,
            "[v:chess]\nwhiteDropRegion = *1\n",
            "[v:chess]\ndropRegionWhite = *1\n",
        ),
    ),
    file(
        "no-equals",
        Family::Host,
        Warning,
        (
            "a line in a section that is neither a key, a header nor a comment",
            "Fairy-Stockfish ignores the line.",
        ),
        (
            VariantsIni,
            "[v:chess]\nmaxRank 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    file(
        "outside-section",
        Family::Host,
        Warning,
        (
            "a key before the first section header",
            "Fairy-Stockfish ignores everything above the first header.",
        ),
        (
            VariantsIni,
            "maxRank = 6\n[v:chess]\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    file(
        "custom-piece-number",
        Family::Host,
        Error,
        (
            "a custom piece key outside `customPiece1` to `customPiece25`",
            "Fairy-Stockfish has 25 custom pieces; the key defines nothing.",
        ),
        (
            VariantsIni,
            "[v:chess]\ncustomPiece26 = a:W\n",
            "[v:chess]\ncustomPiece25 = a:W\n",
        ),
    ),
    file(
        "malformed-piece",
        Family::Host,
        Error,
        (
            "a piece value that is not a letter, `:` and a Betza string",
            "Fairy-Stockfish cannot read the piece.",
        ),
        (
            VariantsIni,
            "[v:chess]\ncustomPiece1 = :W\n",
            "[v:chess]\ncustomPiece1 = a:W\n",
        ),
    ),
    file(
        "letter-used-twice",
        Family::Host,
        Error,
        (
            "two pieces of one variant with the same letter",
            "One of the two pieces is hidden: a position names pieces by letter.",
        ),
        (
            VariantsIni,
            "[v:chess]\ncustomPiece1 = a:W\ncustomPiece2 = a:F\n",
            "[v:chess]\ncustomPiece1 = a:W\ncustomPiece2 = b:F\n",
        ),
    ),
    file(
        "unclosed-attribute",
        Family::Host,
        Error,
        (
            "a C/CIF `pieces` attribute with no closing quote",
            "The rest of the file would be read as pieces.",
        ),
        (
            Cif,
            "<game name=\"x\" pieces=\"P=fW\n",
            "<game name=\"x\" pieces=\"P=fW\"/>\n",
        ),
    ),
    file(
        "unknown-dialect",
        Family::Host,
        Error,
        (
            "a `# dialect:` line naming no dialect",
            "The lines after it are read in the dialect before; the message lists the known.",
        ),
        (Betza, "# dialect: klingon\nW\n", "# dialect: xbetza\nW\n"),
    ),
    Code {
        code: "string-too-long",
        family: Family::Host,
        severity: Error,
        summary: "a Betza string too long to analyse",
        explanation: "Analysis is bounded so an editor never waits; no real piece is this long.",
        example: Example::Described("a Betza string over 64 KiB"),
    },
    file(
        "undefined-macro",
        Family::Macro,
        Error,
        (
            "an MBN compound letter used but never defined",
            "Compound letters have no moves of their own; the piece is missing moves.",
        ),
        (HostFormat::Mbn, "P=:NR:\n", "@:NR:=N0\nP=:NR:\n"),
    ),
    file(
        "duplicate-macro",
        Family::Macro,
        Error,
        (
            "an MBN macro defined twice",
            "The first definition counts; the second is ignored.",
        ),
        (
            HostFormat::Mbn,
            "@:NR:=N0\n@:NR:=W0\nP=:NR:\n",
            "@:NR:=N0\nP=:NR:\n",
        ),
    ),
    file(
        "unused-macro",
        Family::Macro,
        Hint,
        (
            "an MBN macro never used",
            "It changes nothing; perhaps a piece meant to use it.",
        ),
        (HostFormat::Mbn, "@:NR:=N0\nP=W\n", "@:NR:=N0\nP=:NR:\n"),
    ),
    file(
        "recursive-macro",
        Family::Macro,
        Error,
        (
            "an MBN macro that uses itself, directly or through others",
            "It cannot be dissolved, so the pieces using it have no meaning.",
        ),
        (
            HostFormat::Mbn,
            "@:A:=:B:\n@:B:=:A:\nP=:A:\n",
            "@:A:=W\n@:B:=:A:\nP=:B:\n",
        ),
    ),
    Code {
        code: "macro-too-long",
        family: Family::Macro,
        severity: Error,
        summary: "an MBN macro that dissolves to a string too long to analyse",
        explanation: "Macros using macros can grow exponentially; dissolving is bounded.",
        example: Example::Described("macros each using the one before ten times, ten deep"),
    },
    file(
        "macro-expansion-error",
        Family::Macro,
        Error,
        (
            "an MBN macro whose dissolved text does not parse",
            "Each definition reads well alone, but together they make no piece.",
        ),
        (
            HostFormat::Mbn,
            "@:B:=(W\n@:A:=:B:F\nP=:A:\n",
            "@:B:=(W)\n@:A:=:B:F\nP=:A:\n",
        ),
    ),
];

/// The dialect a lint rule's example is written in: its engine's, or its dialect's.
pub(crate) fn lint_dialect(rule: &Rule) -> Dialect {
    match rule.engine {
        Some(Engine::FairyStockfish) => Fairy,
        _ if rule.code.starts_with("mbn-") => Mbn,
        _ if rule.code.starts_with("chained-") => Chained,
        _ => XBetza,
    }
}

fn lint_code(rule: &'static Rule) -> Code {
    Code {
        code: rule.code,
        family: Family::Lint,
        severity: rule.severity,
        summary: rule.summary,
        explanation: rule.explanation,
        example: Example::Betza {
            dialect: lint_dialect(rule),
            bad: rule.example.0,
            good: rule.example.1,
        },
    }
}

/// Every code, syntax first, then the host file, macros and lints.
pub fn codes() -> impl Iterator<Item = Code> {
    SYNTAX
        .into_iter()
        .chain(FILE)
        .chain(RULES.iter().map(lint_code))
}

/// The code named `code`.
pub fn lookup(code: &str) -> Option<Code> {
    codes().find(|c| c.code == code)
}

#[cfg(test)]
mod tests;
