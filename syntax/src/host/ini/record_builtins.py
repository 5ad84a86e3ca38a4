#!/usr/bin/env python3
"""Regenerates `builtins.tsv` (next to this script) by asking pyffish about its built-in variants.

Needs PyPI `pyffish` (0.0.90 was used) and a table of the engine's built-in variants with the build
flag each one needs (columns `name` and `build_flags`, e.g. the project's
`fairy-stockfish-builtins.tsv`):

    python3 syntax/src/host/ini/record_builtins.py path/to/fairy-stockfish-builtins.tsv

Only names that pyffish lists and the table lists are written, in the table's order. No variant
configuration is loaded, so pyffish knows only its built-ins.

Board size comes from the start position. The piece letters are found by probing: a letter counts
when `validate_fen` accepts a position that differs from the start position only by that letter
(on an empty square, or in place of one existing piece, so the king letter is found by putting it
back where the king stands). Synonym letters the engine accepts in a FEN (xiangqi's `e` for `b`)
therefore count too.
"""

import contextlib
import csv
import os
import pathlib
import string
import sys

import pyffish

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "fen"))
from board import join_board, split_board  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
HEADER = ["name", "files", "ranks", "letters", "start_fen", "build"]


@contextlib.contextmanager
def quiet_stderr():
    """validate_fen explains every rejection on stderr; the probes expect thousands of those."""
    sys.stderr.flush()
    saved = os.dup(2)
    with open(os.devnull, "w") as devnull:
        os.dup2(devnull.fileno(), 2)
    try:
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def board_and_pocket(fen):
    """The board field's ranks (fen/board.py) and its pocket text (`[...]`, or "")."""
    field = fen.split(" ", 1)[0]
    placement, bracket, pocket = field.partition("[")
    return split_board(placement), bracket + pocket


def variations(fen):
    """Builds, for a probe letter, every start position with one square or pocket piece changed.

    Returns a function letter -> list of FENs: the letter on the first empty square, and the
    letter in place of the first plain occurrence of each distinct piece character (board, then
    pocket), keeping that piece's case.
    """
    ranks, pocket = board_and_pocket(fen)
    rest = fen.split(" ", 1)[1] if " " in fen else ""
    empty = next(
        ((r, f) for r, squares in enumerate(ranks) for f, sq in enumerate(squares) if sq == ""),
        None,
    )
    first_seen = {}
    for r, squares in enumerate(ranks):
        for f, sq in enumerate(squares):
            if len(sq) == 1 and sq.isalpha():
                first_seen.setdefault(sq, ("board", r, f))
    for k, c in enumerate(pocket):
        if c.isalpha():
            first_seen.setdefault(c, ("pocket", k, None))

    def build(letter):
        fens = []
        if empty is not None:
            changed = [list(s) for s in ranks]
            changed[empty[0]][empty[1]] = letter
            fens.append(join_board(changed) + pocket + " " + rest)
        for old, (where, a, b) in first_seen.items():
            new = letter.upper() if old.isupper() else letter.lower()
            if where == "board":
                changed = [list(s) for s in ranks]
                changed[a][b] = new
                fens.append(join_board(changed) + pocket + " " + rest)
            else:
                fens.append(join_board(ranks) + pocket[:a] + new + pocket[a + 1 :] + " " + rest)
        return fens

    return build


def letters_of(name, fen):
    build = variations(fen)
    found = []
    for letter in string.ascii_lowercase:
        probes = build(letter) + build(letter.upper())
        if any(pyffish.validate_fen(p, name) == pyffish.FEN_OK for p in probes):
            found.append(letter)
    return "".join(found)


def board_size(fen):
    ranks, _ = board_and_pocket(fen)
    widths = {len(squares) for squares in ranks}
    if len(widths) != 1:
        raise ValueError(f"ranks of unequal width in {fen!r}")
    return widths.pop(), len(ranks)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1], newline="") as table:
        builds = [(row["name"], row["build_flags"]) for row in csv.DictReader(table, delimiter="\t")]
    known = set(pyffish.variants())
    rows = []
    with quiet_stderr():
        for name, build in builds:
            if name not in known:
                continue
            fen = pyffish.start_fen(name)
            if pyffish.validate_fen(fen, name) != pyffish.FEN_OK:
                raise ValueError(f"{name}: the engine rejects its own start position")
            files, ranks = board_size(fen)
            rows.append([name, str(files), str(ranks), letters_of(name, fen), fen, build])
    with open(HERE / "builtins.tsv", "w") as out:
        for row in [HEADER] + rows:
            out.write("\t".join(row) + "\n")
    print(f"wrote {len(rows)} variants to {HERE / 'builtins.tsv'}")


if __name__ == "__main__":
    main()
