#!/usr/bin/env python3
"""Regenerates `builtin_rules.tsv` (next to this script): for each built-in variant, the rules
Fairy-Stockfish's start-position check (`FEN::validate_fen`, src/apiutil.h) reads.

The values come from the engine itself, not from reading variant.cpp: a scratch copy of the
Fairy-Stockfish source (the commit pyffish 0.0.90 was built from; upstream c19b5f6c has the same
variant.cpp, variant.h and parser.cpp) got one extra UCI command, `dumprules`, which prints a
header line and then, for every variant in the engine's variant map (so after `conclude()`), one
tab-separated line with these columns:

    name, pieces, synonyms, piece_types, king_type, promotion_white, promotion_black, promoted,
    shogi_style, piece_drops, seirawan_gating, free_drops, castling, castling_dropped_piece,
    chess960, castling_rank, castling_king_white, castling_king_black, castling_rooks_white,
    castling_rooks_black, double_step, double_step_white, double_step_black, counting_rule,
    check_counting, max_file, max_rank, start_fen

Pieces are named as `piece_name()` names them (the variants.ini keys: `pawn`, `shogiPawn`,
`customPiece1`, `king`; the royal custom slot as `customRoyal`, no piece as `none`). `pieces` and
`synonyms` list `name=Ww` (the letters of `pieceToChar` and `pieceToCharSynonyms` for white and
black), `promoted` lists `name=name` (`promotedPieceType`), piece sets list names (`-` for none),
booleans are 0/1, `castling_rank` is 1-based, `double_step_white/black` say whether that colour's
`doubleStepRegion` has a square, `counting_rule` is the CountingRule enum's number, sizes are
counts of files and ranks. The engine was built as pyffish is
(`make -j build ARCH=x86-64 largeboards=yes all=yes nnue=no`) and run as
`echo dumprules | ./stockfish > dump.tsv`; the command and the engine are not kept, only this
table.

    python3 syntax/src/host/ini/record_builtin_rules.py dump.tsv

The script checks what it drops against what it keeps (pieces and piece types agree, black
letters are the white ones in lower case, both double-step regions follow `doubleStep`,
shogi-style promotions follow `promotedPieceType`) and the sizes and start positions against
`builtins.tsv`, and writes the table with the variants.ini option names as column names.
"""

import csv
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
COUNTING_RULES = ["none", "makruk", "cambodian", "asean"]
HEADER = [
    "name", "pieces", "synonyms", "kingType", "promotionPieceTypesWhite",
    "promotionPieceTypesBlack", "promotedPieceType", "pieceDrops", "seirawanGating", "freeDrops",
    "castling", "castlingDroppedPiece", "chess960", "castlingRank", "castlingKingPieceWhite",
    "castlingKingPieceBlack", "castlingRookPiecesWhite", "castlingRookPiecesBlack", "doubleStep",
    "countingRule", "checkCounting",
]


def letters(pairs):
    """`name=Ww ...` as `name=w ...`, checking that black's letter is white's in lower case."""
    if pairs == "-":
        return "-"
    out = []
    for pair in pairs.split():
        name, both = pair.split("=")
        white, black = both
        if white != black.upper() or black != white.lower():
            raise ValueError(f"{name}: white {white!r} and black {black!r}")
        out.append(f"{name}={black}")
    return " ".join(out)


def boolean(flag):
    return {"0": "false", "1": "true"}[flag]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], newline="") as dump:
        lines = [line for line in dump if "\t" in line]
    rows = list(csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE))
    with open(HERE / "builtins.tsv", newline="") as table:
        boards = {r["name"]: r for r in csv.DictReader(table, delimiter="\t", quoting=csv.QUOTE_NONE)}
    out = []
    for row in rows:
        name = row["name"]
        board = boards.get(name)
        if board is None:
            raise ValueError(f"{name} is not in builtins.tsv")
        if (row["max_file"], row["max_rank"], row["start_fen"]) != (
            board["files"], board["ranks"], board["start_fen"]
        ):
            raise ValueError(f"{name}: board or start position differs from builtins.tsv")
        named = sorted(p.split("=")[0] for p in row["pieces"].split()) if row["pieces"] != "-" else []
        if named != sorted(row["piece_types"].split()) and not (named == [] and row["piece_types"] == "-"):
            raise ValueError(f"{name}: pieces {named} but piece types {row['piece_types']}")
        if not row["double_step_white"] == row["double_step_black"] == row["double_step"]:
            raise ValueError(f"{name}: double-step regions do not follow doubleStep")
        if boolean(row["shogi_style"]) != ("true" if row["promoted"] != "-" else "false"):
            raise ValueError(f"{name}: shogi-style promotions do not follow promotedPieceType")
        out.append([
            name, letters(row["pieces"]), letters(row["synonyms"]), row["king_type"],
            row["promotion_white"], row["promotion_black"], row["promoted"],
            boolean(row["piece_drops"]), boolean(row["seirawan_gating"]), boolean(row["free_drops"]),
            boolean(row["castling"]), boolean(row["castling_dropped_piece"]), boolean(row["chess960"]),
            row["castling_rank"], row["castling_king_white"], row["castling_king_black"],
            row["castling_rooks_white"], row["castling_rooks_black"], boolean(row["double_step"]),
            COUNTING_RULES[int(row["counting_rule"])], boolean(row["check_counting"]),
        ])
    missing = set(boards) - {r[0] for r in out}
    if missing:
        raise ValueError(f"not in the dump: {sorted(missing)}")
    # In builtins.tsv's order, so that the two tables read side by side.
    order = list(boards)
    out.sort(key=lambda r: order.index(r[0]))
    with open(HERE / "builtin_rules.tsv", "w") as table:
        for row in [HEADER] + out:
            table.write("\t".join(row) + "\n")
    print(f"wrote {len(out)} variants to {HERE / 'builtin_rules.tsv'}")


if __name__ == "__main__":
    main()
