#!/usr/bin/env python3
"""Write fairy-random.jsonl: random Betza strings with the moves Fairy-Stockfish plays.

The strings lean toward the forms whose reading is easy to get wrong: `n` on riders, doubled
atoms with digits, hoppers with digits, several moves of one kind in one direction, ranges on
leapers, letters the engine skips, up to three moves. Each case is one piece on a board of up
to 12x10 (the largest the PyPI build accepts), white or black, moved or not, with friends and
enemies near it.

The answers come from the engine itself (PyPI ``pyffish``): each case is its own variant, with
a name used once (pyffish keeps the first definition of a name and ignores later ones). The
piece's square is the variant's double-step region when the piece has not moved, which is how
the engine decides that initial (`i`) moves are allowed.

Usage (deterministic for a given seed and count):
    pip install pyffish==0.0.90
    python3 corpus/golden/generate_fairy_random.py [--count 3200] [--seed 22] [--out PATH]
"""
import argparse
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = "abcdefghijkl"
LEAPERS = "WFDNAHLCJZGK"
RIDERS = "RBQ"
SKIPPED = "ajoyutxzde"
DIRECTIONS = ["f", "b", "l", "r", "v", "s", "h", "fr", "fl", "br", "bl", "rf", "lf",
              "fs", "sf", "bs", "fh", "bh", "rh", "lh", "hr", "hl", "ff", "vv", "ss"]
PIECE, BLOCKER = "a", "x"
BATCH = 250


def random_move(rng):
    """One move: modifiers in a random order, an atom, perhaps a digit or a doubled letter."""
    parts = []
    if rng.random() < 0.45:
        parts.append(rng.choice(["m", "c", "mc", "cm"]))
    if rng.random() < 0.25:
        parts.append(rng.choice(["p", "g"]))
    if rng.random() < 0.2:
        parts.append("n")
    if rng.random() < 0.12:
        parts.append("i")
    if rng.random() < 0.5:
        parts.append(rng.choice(DIRECTIONS))
    if rng.random() < 0.06:
        parts.append(rng.choice(SKIPPED))
    rng.shuffle(parts)
    atom = rng.choice(LEAPERS + RIDERS * 3)
    suffix = ""
    roll = rng.random()
    if roll < 0.3:
        suffix = str(rng.choice([0, 1, 1, 2, 2, 3, 4, 9]))
    elif roll < 0.45:
        suffix = atom
    elif roll < 0.55:
        suffix = atom + str(rng.choice([1, 2, 3, 4]))
    return "".join(parts) + atom + suffix


def random_betza(rng):
    count = rng.choice([1, 2, 2, 3, 3])
    moves = [random_move(rng) for _ in range(count)]
    if count > 1 and rng.random() < 0.35:
        # The same atom twice makes the engine combine or overwrite its directions.
        atom = re.search(r"[A-Z]", moves[0]).group(0)
        moves[-1] = re.sub(r"[A-Z]", atom, moves[-1], count=1)
    return "".join(moves)


def square(f, r):
    return f"{FILES[f]}{r + 1}"


def random_case(rng):
    w, h = rng.randint(5, 12), rng.randint(5, 10)
    f, r = rng.randrange(w), rng.randrange(h)
    taken = {(f, r)}
    friends, enemies = [], []
    for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
        # Near the piece, where hurdles and blocks matter.
        bf, br = f + rng.randint(-3, 3), r + rng.randint(-3, 3)
        if 0 <= bf < w and 0 <= br < h and (bf, br) not in taken:
            taken.add((bf, br))
            (friends if rng.random() < 0.4 else enemies).append(square(bf, br))
    return {
        "dialect": "fairy",
        "betza": random_betza(rng),
        "board": f"{w}x{h}",
        "from": square(f, r),
        "side": rng.choice(["white", "black"]),
        "moved": rng.random() < 0.4,
        "friends": friends,
        "enemies": enemies,
    }


def fen(case):
    w, h = (int(x) for x in case["board"].split("x"))
    white = case["side"] == "white"
    board = {case["from"]: PIECE.upper() if white else PIECE}
    for sq in case["friends"]:
        board[sq] = BLOCKER.upper() if white else BLOCKER
    for sq in case["enemies"]:
        board[sq] = BLOCKER if white else BLOCKER.upper()
    rows = []
    for r in range(h - 1, -1, -1):
        row, empty = "", 0
        for f in range(w):
            piece = board.get(square(f, r))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" w" if white else " b") + " - - 0 1"


def variant(name, case):
    w, h = (int(x) for x in case["board"].split("x"))
    region = "-" if case["moved"] else case["from"]
    return (f"[{name}]\nmaxRank = {h}\nmaxFile = {w}\nking = -\ncastling = false\n"
            f"customPiece1 = {PIECE}:{case['betza']}\ncustomPiece2 = {BLOCKER}:\n"
            f"doubleStepRegionWhite = {region}\ndoubleStepRegionBlack = {region}\n"
            f"startFen = {'/'.join([str(w)] * h)} w - - 0 1\n")


def sort_key(name):
    return FILES.index(name[0]), int(name[1:])


def answer(sf, cases, first_id, seed):
    names = [f"rnd{seed}x{first_id + i}" for i in range(len(cases))]
    sf.load_variant_config("".join(variant(n, c) for n, c in zip(names, cases)))
    for name, case in zip(names, cases):
        position = fen(case)
        if sf.validate_fen(position, name) != sf.FEN_OK:
            raise SystemExit(f"the engine refused the position of {case}")
        destinations = set()
        for uci in sf.legal_moves(name, position, []):
            m = re.match(r"^([a-l]\d+)([a-l]\d+)", uci)
            if m and m.group(1) == case["from"]:
                destinations.add(m.group(2))
        case["destinations"] = sorted(destinations, key=sort_key)
        case["locust"] = []


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=3200)
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--out", default=os.path.join(HERE, "fairy-random.jsonl"))
    args = ap.parse_args()
    import pyffish as sf

    rng = random.Random(args.seed)
    cases = [random_case(rng) for _ in range(args.count)]
    for start in range(0, len(cases), BATCH):
        answer(sf, cases[start:start + BATCH], start, args.seed)
    with open(args.out, "w") as out:
        for index, case in enumerate(cases, 1):
            out.write(json.dumps({"id": f"fr-{index:04d}", **case}) + "\n")
    moving = sum(1 for c in cases if c["destinations"])
    print(f"{len(cases)} cases, {moving} with at least one move, written to {args.out}")


if __name__ == "__main__":
    main()
