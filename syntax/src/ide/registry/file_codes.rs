//! The problems of the file around the strings (`variants.ini` sections and keys, C/CIF
//! attributes, MBN macros), each with its example and its correction.

use super::{Code, Example, Family, file};
use crate::Severity::{Error, Hint, Info, Warning};
use crate::host::HostFormat::{self, Betza, Cif, Diagram, VariantsIni};

/// Problems of the file around the strings, and of MBN macros across it.
pub(super) const FILE: [Code; 30] = [
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
        "line-ending",
        Family::Host,
        Error,
        (
            "a carriage return that does not end the line for Fairy-Stockfish",
            "The engine ends lines only at line feeds (dropping one carriage return before \
             them): what an editor shows as the next lines is part of this one.",
        ),
        (
            VariantsIni,
            "[v:chess]\rmaxRank = 6\n",
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
        Error,
        (
            "a key before the first section header, or a file with no header at all",
            "Fairy-Stockfish skips every line above the first header: those keys belong to no \
             variant, and a file without a header defines none. Said once, at the first key, with \
             a fix that moves the header up.",
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
            "[v:chess]\ncustomPiece1 = a:W\ncustomPiece2 = c:F\n",
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
    // Interactive Diagram bracket groups (H. G. Muller's "Betza 2.1", chessvariants.com
    // comment 56519; the diagram reads `[F?R]`, comment 58488): host/diagram.rs.
    file(
        "diagram-bracket-group",
        Family::Host,
        Info,
        (
            "an Interactive Diagram bracket group, a notation this tool does not read",
            "The diagram's script reads `[F?R]` as one move of legs; here the group is left \
             out, said once, and the rest of the piece is checked and drawn without it.",
        ),
        (
            Diagram,
            "griffon:G:[F?R]:griffon:c1\n",
            "griffon:G:FyafsF:griffon:c1\n",
        ),
    ),
    file(
        "diagram-unclosed-group",
        Family::Host,
        Error,
        (
            "an Interactive Diagram bracket group with no `]`",
            "The group runs to the end of the Betza field, and none of it is read.",
        ),
        (
            Diagram,
            "griffon:G:[F?R:griffon:c1\n",
            "griffon:G:[F?R]:griffon:c1\n",
        ),
    ),
    file(
        "diagram-unmatched-bracket",
        Family::Host,
        Error,
        (
            "a `]` in an Interactive Diagram's Betza field that closes no group",
            "The diagram's script cannot read the field; the moves on either side are \
             checked apart.",
        ),
        (
            Diagram,
            "griffon:G:F?R]:griffon:c1\n",
            "griffon:G:[F?R]:griffon:c1\n",
        ),
    ),
    Code {
        code: "string-too-long",
        family: Family::Host,
        severity: Error,
        summary: "a Betza string too long to analyse",
        explanation: "Analysis is bounded so an editor never waits; no real piece is this long.",
        example: Example::Described("a Betza string over 64 KiB"),
    },
    Code {
        code: crate::document::TOO_MANY_FINDINGS,
        family: Family::Host,
        severity: Warning,
        summary: "more findings in one file than are listed; says how many more, of which codes",
        explanation: "A file of a million broken lines would cost gigabytes and bury the first \
                      findings; the first 3,000 in file order are kept (`betza check \
                      --max-findings N`, the editor setting `maxFindings`; 0: no limit). It \
                      takes the level of the most severe finding it stands for, whatever level \
                      is set for it, so a check still fails on an error it does not list.",
        example: Example::Described("a file with more than 3,000 findings"),
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
