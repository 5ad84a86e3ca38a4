//! The problems of the file around the strings (`variants.ini` sections and keys, C/CIF
//! attributes, MBN macros), each with its example and its correction.

use super::super::{Code, Family};
use super::{described, file};
use crate::Severity::{Error, Hint, Info, Warning};

// Problems of the file around the strings, and of MBN macros across it.
catalogue! {
    FILE: [
    UNCLOSED_SECTION = file(
        "unclosed-section",
        Family::Host,
        Error,
        (
            "a `variants.ini` section header with no `]`",
            "Fairy-Stockfish does not read the section as a variant.",
        ),
        (
            "variants.ini",
            "[v:chess\ncustomPiece1 = a:W\n",
            "[v:chess]\ncustomPiece1 = a:W\n",
        ),
    ),
    UNKNOWN_PARENT = file(
        "unknown-parent",
        Family::Host,
        Error,
        (
            "a variant inherits from one neither defined above it nor built in",
            "Fairy-Stockfish skips the section: it reads sections in order, and names keep \
             their spaces.",
        ),
        ("variants.ini", "[v:nosuchvariant]\n", "[v:chess]\n"),
    ),
    DUPLICATE_SECTION = file(
        "duplicate-section",
        Family::Host,
        Error,
        (
            "a section named like one above it or like a built-in variant",
            "Fairy-Stockfish skips the second section whole.",
        ),
        (
            "variants.ini",
            "[chess]\nmaxRank = 6\n",
            "[minichess:chess]\nmaxRank = 6\n",
        ),
    ),
    UNNAMED_SECTION = file(
        "unnamed-section",
        Family::Host,
        Error,
        (
            "a `variants.ini` section with no name before its `:`",
            "Fairy-Stockfish loads it as a variant with an empty name, which no GUI can select \
             and no section can inherit from.",
        ),
        (
            "variants.ini",
            "[:chess]\nmaxRank = 6\n",
            "[minichess:chess]\nmaxRank = 6\n",
        ),
    ),
    BYTE_ORDER_MARK = file(
        "byte-order-mark",
        Family::Host,
        Error,
        (
            "a line that starts with a byte-order mark",
            "Fairy-Stockfish sees no header on the line and drops the section.",
        ),
        (
            "variants.ini",
            "\u{feff}[v:chess]\nmaxRank = 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    LINE_ENDING = file(
        "line-ending",
        Family::Host,
        Error,
        (
            "a carriage return that does not end the line for Fairy-Stockfish",
            "The engine ends lines only at line feeds (dropping one carriage return before \
             them): what an editor shows as the next lines is part of this one.",
        ),
        (
            "variants.ini",
            "[v:chess]\rmaxRank = 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    INDENTED_HEADER = file(
        "indented-header",
        Family::Host,
        Error,
        (
            "a section header with spaces before it",
            "Fairy-Stockfish ignores the line; the keys below it stay in the section above.",
        ),
        (
            "variants.ini",
            "[v:chess]\n  [w:chess]\nmaxRank = 6\n",
            "[v:chess]\n[w:chess]\nmaxRank = 6\n",
        ),
    ),
    UNKNOWN_KEY = file(
        "unknown-key",
        Family::Host,
        Warning,
        (
            "a key that is no Fairy-Stockfish option (misspelt, other case, spaces around it)",
            "Fairy-Stockfish ignores it without a word.",
        ),
        (
            "variants.ini",
            "[v:chess]\nmaxRanks = 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    WRONG_VALUE = file(
        "wrong-value",
        Family::Host,
        Error,
        (
            "a value Fairy-Stockfish reads as something else, or cannot read",
            "The variant is not what the file says: `yes` is false, an unknown letter ends a \
             list, some values make the engine drop the variant or abort.",
        ),
        (
            "variants.ini",
            "[v:chess]\ncastling = yes\n",
            "[v:chess]\ncastling = true\n",
        ),
    ),
    START_POSITION = file(
        "start-position",
        Family::Host,
        Error,
        (
            "a start position that does not fit the variant's board or pieces",
            "Fairy-Stockfish rejects the position: the variant cannot be played.",
        ),
        (
            "variants.ini",
            "[v:chess]\nmaxRank = 6\n",
            "[v:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
    ),
    SWAPPED_SIDES = file(
        "swapped-sides",
        Family::Host,
        Error,
        (
            "a start position with White's pieces at the top and Black's at the bottom",
            "A FEN lists the top rank first: White's pieces stand behind Black's pawns, and the \
             castling rights it gives cannot hold.",
        ),
        (
            "variants.ini",
            "[v:chess]\nstartFen = RNBQKBNR/pppppppp/8/8/8/8/PPPPPPPP/rnbqkbnr w KQkq - 0 1\n",
            "[v:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
        ),
    ),
    PROMOTION_PIECES = file(
        "promotion-pieces",
        Family::Host,
        Warning,
        (
            "a variant without parent whose pawns have nothing to promote to",
            "Fairy-Stockfish starts a variant without parent with no `promotionPieceTypes`: a \
             pawn must promote on its last rank and cannot, so it never moves there.",
        ),
        (
            "variants.ini",
            "[v]\npawn = p\nqueen = q\nking = k\nstartFen = 3qk3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1\n",
            "[v]\npawn = p\nqueen = q\nking = k\nstartFen = 3qk3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1\npromotionPieceTypes = q\n",
        ),
    ),
    EMPTY_VALUE = file(
        "empty-value",
        Family::Host,
        Warning,
        (
            "a key with nothing after its `=`",
            "Fairy-Stockfish stores nothing: the parent's value or the default stays.",
        ),
        (
            "variants.ini",
            "[v:chess]\nmaxRank =\n",
            "[v:chess]\nmaxRank = 8\n",
        ),
    ),
    DUPLICATE_KEY = file(
        "duplicate-key",
        Family::Host,
        Warning,
        (
            "a key set twice in one section",
            "Fairy-Stockfish keeps only the last value.",
        ),
        (
            "variants.ini",
            "[v:chess]\nmaxFile = 6\nmaxFile = 7\n",
            "[v:chess]\nmaxFile = 7\n",
        ),
    ),
    DEPRECATED_KEY = file(
        "deprecated-key",
        Family::Host,
        Hint,
        (
            "a key Fairy-Stockfish still reads but has replaced",
            "It works today; the newer key says more exactly what it sets.",
        ),
        (
            "variants.ini",
            "[v:chess]\nwhiteDropRegion = *1\n",
            "[v:chess]\ndropRegionWhite = *1\n",
        ),
    ),
    NO_EQUALS = file(
        "no-equals",
        Family::Host,
        Warning,
        (
            "a line in a section that is neither a key, a header nor a comment",
            "Fairy-Stockfish ignores the line.",
        ),
        (
            "variants.ini",
            "[v:chess]\nmaxRank 6\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    OUTSIDE_SECTION = file(
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
            "variants.ini",
            "maxRank = 6\n[v:chess]\n",
            "[v:chess]\nmaxRank = 6\n",
        ),
    ),
    CUSTOM_PIECE_NUMBER = file(
        "custom-piece-number",
        Family::Host,
        Error,
        (
            "a custom piece key outside `customPiece1` to `customPiece25`",
            "Fairy-Stockfish has 25 custom pieces; the key defines nothing.",
        ),
        (
            "variants.ini",
            "[v:chess]\ncustomPiece26 = a:W\n",
            "[v:chess]\ncustomPiece25 = a:W\n",
        ),
    ),
    MALFORMED_PIECE = file(
        "malformed-piece",
        Family::Host,
        Error,
        (
            "a piece value that is not a letter, `:` and a Betza string",
            "Fairy-Stockfish cannot read the piece.",
        ),
        (
            "variants.ini",
            "[v:chess]\ncustomPiece1 = :W\n",
            "[v:chess]\ncustomPiece1 = a:W\n",
        ),
    ),
    LETTER_USED_TWICE = file(
        "letter-used-twice",
        Family::Host,
        Error,
        (
            "two pieces of one variant with the same letter",
            "One of the two pieces is hidden: a position names pieces by letter.",
        ),
        (
            "variants.ini",
            "[v:chess]\ncustomPiece1 = a:W\ncustomPiece2 = a:F\n",
            "[v:chess]\ncustomPiece1 = a:W\ncustomPiece2 = c:F\n",
        ),
    ),
    UNCLOSED_ATTRIBUTE = file(
        "unclosed-attribute",
        Family::Host,
        Error,
        (
            "a C/CIF `pieces` attribute with no closing quote",
            "The rest of the file would be read as pieces.",
        ),
        (
            "game.cif",
            "<game name=\"x\" pieces=\"P=fW\n",
            "<game name=\"x\" pieces=\"P=fW\"/>\n",
        ),
    ),
    UNKNOWN_DIALECT = file(
        "unknown-dialect",
        Family::Host,
        Error,
        (
            "a `# dialect:` line naming no dialect",
            "The lines after it are read in the dialect before; the message lists the known.",
        ),
        ("pieces.betza", "# dialect: klingon\nW\n", "# dialect: xbetza\nW\n"),
    ),
    // Interactive Diagram bracket groups (H. G. Muller's "Betza 2.1", chessvariants.com
    // comment 56519; the diagram reads `[F?R]`, comment 58488): host/diagram.rs.
    DIAGRAM_BRACKET_GROUP = file(
        "diagram-bracket-group",
        Family::Host,
        Info,
        (
            "an Interactive Diagram bracket group, a notation this tool does not read",
            "The diagram's script reads `[F?R]` as one move of legs; here the group is left \
             out, said once, and the rest of the piece is checked and drawn without it.",
        ),
        (
            "pieces.diagram",
            "griffon:G:[F?R]:griffon:c1\n",
            "griffon:G:FyafsF:griffon:c1\n",
        ),
    ),
    DIAGRAM_UNCLOSED_GROUP = file(
        "diagram-unclosed-group",
        Family::Host,
        Error,
        (
            "an Interactive Diagram bracket group with no `]`",
            "The group runs to the end of the Betza field, and none of it is read.",
        ),
        (
            "pieces.diagram",
            "griffon:G:[F?R:griffon:c1\n",
            "griffon:G:[F?R]:griffon:c1\n",
        ),
    ),
    DIAGRAM_UNMATCHED_BRACKET = file(
        "diagram-unmatched-bracket",
        Family::Host,
        Error,
        (
            "a `]` in an Interactive Diagram's Betza field that closes no group",
            "The diagram's script cannot read the field; the moves on either side are \
             checked apart.",
        ),
        (
            "pieces.diagram",
            "griffon:G:F?R]:griffon:c1\n",
            "griffon:G:[F?R]:griffon:c1\n",
        ),
    ),
    STRING_TOO_LONG = described(
        "string-too-long",
        Family::Host,
        Error,
        (
            "a Betza string too long to analyse",
            "Analysis is bounded so an editor never waits; no real piece is this long.",
        ),
        "a Betza string over 64 KiB",
    ),
    TOO_MANY_FINDINGS = described(
        "too-many-findings",
        Family::Host,
        Warning,
        (
            "more findings in one file than are listed; says how many more, of which codes",
            "A file of a million broken lines would cost gigabytes and bury the first \
             findings; the first 3,000 in file order are kept (`betza check \
             --max-findings N`, the editor setting `maxFindings`; 0: no limit). It \
             takes the level of the most severe finding it stands for, whatever level \
             is set for it, so a check still fails on an error it does not list.",
        ),
        "a file with more than 3,000 findings",
    ),
    UNDEFINED_MACRO = file(
        "undefined-macro",
        Family::Macro,
        Error,
        (
            "an MBN compound letter used but never defined",
            "Compound letters have no moves of their own; the piece is missing moves.",
        ),
        ("macros.mbn", "P=:NR:\n", "@:NR:=N0\nP=:NR:\n"),
    ),
    DUPLICATE_MACRO = file(
        "duplicate-macro",
        Family::Macro,
        Error,
        (
            "an MBN macro defined twice",
            "The first definition counts; the second is ignored.",
        ),
        (
            "macros.mbn",
            "@:NR:=N0\n@:NR:=W0\nP=:NR:\n",
            "@:NR:=N0\nP=:NR:\n",
        ),
    ),
    UNUSED_MACRO = file(
        "unused-macro",
        Family::Macro,
        Hint,
        (
            "an MBN macro never used",
            "It changes nothing; perhaps a piece meant to use it.",
        ),
        ("macros.mbn", "@:NR:=N0\nP=W\n", "@:NR:=N0\nP=:NR:\n"),
    )
    .unnecessary(),
    RECURSIVE_MACRO = file(
        "recursive-macro",
        Family::Macro,
        Error,
        (
            "an MBN macro that uses itself, directly or through others",
            "It cannot be dissolved, so the pieces using it have no meaning.",
        ),
        (
            "macros.mbn",
            "@:A:=:B:\n@:B:=:A:\nP=:A:\n",
            "@:A:=W\n@:B:=:A:\nP=:B:\n",
        ),
    ),
    MACRO_TOO_LONG = described(
        "macro-too-long",
        Family::Macro,
        Error,
        (
            "an MBN macro that dissolves to a string too long to analyse",
            "Macros using macros can grow exponentially; dissolving is bounded.",
        ),
        "macros each using the one before ten times, ten deep",
    ),
    MACRO_EXPANSION_ERROR = file(
        "macro-expansion-error",
        Family::Macro,
        Error,
        (
            "an MBN macro whose dissolved text does not parse",
            "Each definition reads well alone, but together they make no piece.",
        ),
        (
            "macros.mbn",
            "@:B:=(W\n@:A:=:B:F\nP=:A:\n",
            "@:B:=(W)\n@:A:=:B:F\nP=:A:\n",
        ),
    ),
    ]
}
