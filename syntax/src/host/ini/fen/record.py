#!/usr/bin/env python3
"""Regenerates `verdicts.tsv` (next to this script): Fairy-Stockfish's verdict on thousands
of positions, the data the start-position check of fen.rs is tested against.

Needs PyPI `pyffish` (0.0.90 was used):

    python3 syntax/src/host/ini/fen/record.py

For each built-in variant and each section of `sections.ini` (sections that change the rules
the check reads: drops, castling, kings, counting, …), it takes the variant's start position and
mutations of it, made systematically and at random with a fixed seed: ranks and squares dropped
or added, letters swapped, pocket, promotion and wall marks added, the side to move, castling
rights, en-passant square, counters and check counts changed, kings removed, added, moved or put
side by side, rooks moved, spaces doubled, and garbage. Each row is the variant,
`pyffish.validate_fen(position, variant)` (1 accepts; the negative numbers are the engine's
`FenValidation` codes) and the position, last so that the spaces at its end stay part of it.

Some positions crash the engine (its check reads past a list of the start position's castling
rooks when that list is empty); pyffish runs in a worker process that is restarted after a
crash, and those positions are left out. So are positions whose castling field names a file
whose square lies past the engine's board in memory (`z` on an 8 × 8 board): the engine reads
whatever lies there, and its verdict says nothing of the position. Both counts are printed.
Positions with a tab or a line break are not made, so that the table stays one row per line;
nor one that starts with a space (the engine's promoted-piece check then reads past an empty
board field, and a variants.ini value never starts with one).

Every position of the variants in KEPT_WHOLE is kept; of the other variants a sample (with the
same seed), so that the table stays a few thousand rows.
"""

import pathlib
import random
import string
import subprocess
import sys

from board import join_board, split_board

HERE = pathlib.Path(__file__).resolve().parent
SECTIONS = HERE / "sections.ini"
SEED = 20261125
WORKER = r"""
import os, sys
sys.stderr.flush()
os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
import pyffish
pyffish.load_variant_config(open(sys.argv[1]).read())
for line in sys.stdin:
    variant, fen = line.rstrip("\n").split("\t", 1)
    print(pyffish.validate_fen(fen, variant), flush=True)
"""


def variants():
    """Built-ins first (as pyffish lists them), then the sections of the file, in file order."""
    import pyffish

    built_in = sorted(pyffish.variants())
    sections = [
        line[1:].split("]")[0].split(":")[0]
        for line in SECTIONS.read_text().splitlines()
        if line.startswith("[")
    ]
    return built_in, sections


def start_fens(names):
    """Each variant's start position, from a fresh pyffish that loaded the sections."""
    script = (
        "import sys, pyffish\n"
        "pyffish.load_variant_config(open(sys.argv[1]).read())\n"
        "for name in sys.argv[2:]:\n"
        "    print(name + '\\t' + pyffish.start_fen(name))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(SECTIONS), *names],
        capture_output=True, text=True, check=True,
    )
    return dict(line.split("\t", 1) for line in run.stdout.splitlines())


class Mutator:
    """Positions made from one start position."""

    def __init__(self, fen, rng):
        self.rng = rng
        self.fields = fen.split(" ")
        placement = self.fields[0]
        self.pocket = ""
        if "[" in placement:
            placement, rest = placement.split("[", 1)
            self.pocket = "[" + rest
        self.ranks = split_board(placement)
        self.letters = sorted({s[-1] for r in self.ranks for s in r if s and s[-1].isalpha()})

    def fen(self, ranks=None, pocket=None, rest=None):
        ranks = self.ranks if ranks is None else ranks
        pocket = self.pocket if pocket is None else pocket
        rest = self.fields[1:] if rest is None else rest
        return " ".join([join_board(ranks) + pocket, *rest])

    def copy(self):
        return [list(r) for r in self.ranks]

    def squares(self, wanted):
        return [(r, f) for r, rank in enumerate(self.ranks) for f, s in enumerate(rank) if wanted(s)]

    def pick(self, items):
        return self.rng.choice(items) if items else None

    def with_field(self, index, value):
        rest = list(self.fields[1:])
        while len(rest) < index:
            rest.append("-")
        rest[index - 1] = value
        return self.fen(rest=rest)

    def placements(self):
        ranks, out = self.ranks, []
        out.append(self.fen(ranks=ranks[1:]))
        out.append(self.fen(ranks=ranks[:-1]))
        out.append(self.fen(ranks=ranks + [ranks[-1]]))
        r = self.rng.randrange(len(ranks))
        shorter = self.copy()
        if shorter[r]:
            shorter[r].pop(self.rng.randrange(len(shorter[r])))
        out.append(self.fen(ranks=shorter))
        for where in (0, len(ranks) - 1, r):
            wider = self.copy()
            wider[where].insert(self.rng.randrange(len(wider[where]) + 1), self.pick(self.letters) or "p")
            out.append(self.fen(ranks=wider))
        # The engine's digit runs: `10` and `100` on the last rank and the first.
        out.append(self.fen().replace("/", "/10/", 1))
        out.append(join_board(ranks) + "100 " + " ".join(self.fields[1:]))
        pieces = self.squares(lambda s: s != "" and s != "*")
        for _ in range(3):
            at = self.pick(pieces)
            if at is None:
                break
            swapped = self.copy()
            swapped[at[0]][at[1]] = self.pick(list(string.ascii_letters + ".?é1*"))
            out.append(self.fen(ranks=swapped))
        empties = self.squares(lambda s: s == "")
        if empties:
            r, f = self.pick(empties)
            walled = self.copy()
            walled[r][f] = "*"
            out.append(self.fen(ranks=walled))
        for marked in ("+", "~"):
            at = self.pick(pieces)
            if at:
                changed = self.copy()
                s = changed[at[0]][at[1]]
                changed[at[0]][at[1]] = "+" + s if marked == "+" else s + "~"
                out.append(self.fen(ranks=changed))
        # Each white piece marked promoted, and one black one.
        firsts = {}
        for at in self.squares(lambda s: len(s) == 1 and s.isalpha()):
            letter = self.ranks[at[0]][at[1]]
            if letter.isupper() or not any(k.islower() for k in firsts):
                firsts.setdefault(letter, at)
        for at in firsts.values():
            changed = self.copy()
            changed[at[0]][at[1]] = "+" + changed[at[0]][at[1]]
            out.append(self.fen(ranks=changed))
        for pocket in ("[]", "[Pp]", "[" + "".join(self.letters[:3]) + "]", "[x]", "[", "[-]", "[K]"):
            out.append(self.fen(pocket=pocket))
        out.append(join_board(ranks) + "/" + "".join(self.letters[:2]) + " " + " ".join(self.fields[1:]))
        out.append(join_board(ranks) + "/ " + " ".join(self.fields[1:]))
        return out

    def kings(self):
        out = []
        kings = self.squares(lambda s: s in ("K", "k"))
        for at in kings:
            removed = self.copy()
            removed[at[0]][at[1]] = ""
            out.append(self.fen(ranks=removed))
        empties = self.squares(lambda s: s == "")
        for king in ("K", "k"):
            at = self.pick(empties)
            if at:
                added = self.copy()
                added[at[0]][at[1]] = king
                out.append(self.fen(ranks=added))
        # The two kings alone, side by side, a knight's move apart and far apart.
        height, width = len(self.ranks), len(self.ranks[0]) if self.ranks else 0
        if height >= 3 and width >= 3:
            for (r1, f1), (r2, f2) in (((1, 1), (2, 2)), ((1, 1), (1, 2)), ((0, 0), (2, 1)), ((0, 0), (height - 1, width - 1))):
                board = [[""] * width for _ in range(height)]
                board[r1][f1], board[r2][f2] = "k", "K"
                out.append(self.fen(ranks=board, pocket=""))
        return out

    def castling(self):
        out = [self.with_field(2, v) for v in ("-", "KQkq", "K", "Qk", "q", "KQkqA", "Aa", "Hh", "HAha", "Z", "z", "1", "--", "E")]
        files = string.ascii_uppercase[: len(self.ranks[0])] if self.ranks else "A"
        out.append(self.with_field(2, self.pick(list(files)) + self.pick(list(files.lower()))))
        rooks = self.squares(lambda s: s in ("R", "r"))
        for at in rooks[:2] + rooks[-2:]:
            moved = self.copy()
            rank = moved[at[0]]
            other = at[1] + (1 if at[1] + 1 < len(rank) else -1)
            rank[at[1]], rank[other] = rank[other], rank[at[1]]
            out.append(self.fen(ranks=moved))
        for at in self.squares(lambda s: s in ("K", "k")):
            moved = self.copy()
            rank = moved[at[0]]
            other = at[1] + (1 if at[1] + 1 < len(rank) else -1)
            rank[at[1]], rank[other] = rank[other], rank[at[1]]
            out.append(self.fen(ranks=moved))
            up = self.copy()
            row = at[0] + (1 if at[0] + 1 < len(up) else -1)
            up[at[0]][at[1]], up[row][at[1]] = up[row][at[1]], up[at[0]][at[1]]
            out.append(self.fen(ranks=up))
        return out

    def other_fields(self):
        out = []
        for side in ("x", "white", "B", "", "bw"):
            out.append(self.with_field(1, side))
        for ep in ("e3", "e10", "x", "33", "e", "", "-", "a9", "ee"):
            out.append(self.with_field(3, ep))
        for clock in ("x", "-", "1.5", "", "12"):
            out.append(self.with_field(4, clock))
            out.append(self.with_field(5, clock))
        f = self.fields
        out.append(" ".join(f[:1]))
        out.append(" ".join(f[:2]))
        out.append(" ".join(f[:3]))
        out.append(" ".join(f[:4]))
        out.append(" ".join(f[:5]))
        out.append(" ".join(f[:2] + ["0", "1"]))
        out.append(" ".join(f[:2] + ["0", "x"]))
        out.append(" ".join(f[:2] + ["3+3", "0", "1"]))
        out.append(" ".join(f[:2] + ["x", "0", "1"]))
        out.append(" ".join(f[:2] + ["0", "1", "+1+2"]))
        base = f[:4] if len(f) >= 4 else f + ["-"] * (4 - len(f))
        for checks in ("3+3", "3-3", "33", "x+1", "3+x", "+1+2"):
            out.append(" ".join(base + [checks, "0", "1"]))
        for trailing in ("+1+2", "+4+0", "+0+3", "x1x2", "+1+2+"):
            out.append(" ".join(base + ["0", "1", trailing]))
        out.append(" ".join(base + ["3+3", "0"]))
        out.append(" ".join(base + ["3+3", "0", "1", "extra"]))
        out.append(" ".join(f) + " # a comment")
        out.append(" ".join(f) + " ")
        out.append(" ".join(f) + "  ")
        out.append("  ".join(f))
        out.append(" ".join(f[:1] + ["w", "KQkq", "e3", "0"]))
        return out

    def garbage(self):
        alphabet = string.ascii_letters + string.digits + "/[]+~*-. #é"
        out = []
        for _ in range(4):
            n = self.rng.randrange(1, 40)
            out.append("".join(self.rng.choice(alphabet) for _ in range(n)).strip() or "x")
        out.append(self.fen() * 3)
        out.append("/" * 5000 + "k")
        return out

    def all(self):
        out = [self.fen()]
        for make in (self.placements, self.kings, self.castling, self.other_fields, self.garbage):
            out.extend(make())
        return out


def verdicts(rows):
    """pyffish's verdict for each (variant, position), None where it crashed."""
    results, i = [], 0
    crashed = 0
    while i < len(rows):
        worker = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(SECTIONS)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        while i < len(rows):
            variant, fen = rows[i]
            try:
                worker.stdin.write(f"{variant}\t{fen}\n")
                worker.stdin.flush()
                answer = worker.stdout.readline()
            except BrokenPipeError:
                answer = ""
            if not answer:
                results.append(None)
                crashed += 1
                i += 1
                worker.kill()
                worker.wait()
                break
            results.append(int(answer))
            i += 1
        else:
            worker.stdin.close()
            worker.wait()
    return results, crashed


def castling_ranks(built_in, sections):
    """Each variant's castling rank (1 unless set), to tell which castling letters name a square
    past the engine's board."""
    ranks = {}
    with open(HERE.parent / "builtin_rules.tsv") as table:
        for row in list(table)[1:]:
            columns = row.rstrip("\n").split("\t")
            ranks[columns[0]] = int(columns[13])
    parent, current = {}, None
    for line in SECTIONS.read_text().splitlines():
        if line.startswith("["):
            name, _, base = line[1:].split("]")[0].partition(":")
            current, parent[name] = name, base
        elif current and line.startswith("castlingRank"):
            ranks[current] = int(line.split("=")[1])
    for name in sections:
        base = name
        while base not in ranks and parent.get(base):
            base = parent[base]
        ranks[name] = ranks.get(base, 1)
    return ranks


def reads_past_board(fen, castling_rank):
    """Whether a castling letter of `fen` names a file whose square on the castling rank lies
    past the engine's board in memory: the engine then reads what happens to be there, and its
    verdict says nothing about the position."""
    fields = fen.split(" ")
    if len(fields) < 3:
        return False
    board = split_board(fields[0].split("[")[0])
    ranks, files = len(board), len(board[0]) if board else 0
    for letter in fields[2]:
        if not letter.isascii() or not letter.isalpha() or letter.lower() in "kq":
            continue
        row = castling_rank - 1 if letter.isupper() else ranks - castling_rank
        if row * files + ord(letter.lower()) - ord("a") >= ranks * files:
            return True
    return False


# Variants whose every position is kept; of the others a sample is, so that the table stays a
# few thousand rows.
KEPT_WHOLE = {"chess", "crazyhouse", "shogi", "xiangqi", "seirawan", "3check", "makruk",
              "placement", "janggi", "capablanca", "grand", "fischerandom", "minishogi", "sittuyin"}
SAMPLE_BUILT_IN = 16
SAMPLE_SECTION = 40


def main():
    rng = random.Random(SEED)
    built_in, sections = variants()
    names = built_in + sections
    fens = start_fens(names)
    castling = castling_ranks(built_in, sections)
    rows, seen, past_board = [], set(), 0
    for name in names:
        made = Mutator(fens[name], rng).all()
        start, made = made[0], made[1:]
        if name not in KEPT_WHOLE:
            # Long positions only for chess: one is enough to show the work stays bounded.
            made = [fen for fen in made if len(fen) < 300]
            made = rng.sample(made, min(len(made), SAMPLE_SECTION if name in sections else SAMPLE_BUILT_IN))
        for fen in [start] + made:
            if "\t" in fen or "\n" in fen or not fen or fen.startswith(" "):
                continue
            if reads_past_board(fen, castling[name]):
                past_board += 1
                continue
            if (name, fen) not in seen:
                seen.add((name, fen))
                rows.append((name, fen))
    results, crashed = verdicts(rows)
    kept = [(n, f, v) for (n, f), v in zip(rows, results) if v is not None]
    with open(HERE / "verdicts.tsv", "w") as table:
        table.write("variant\tverdict\tfen\n")
        for name, fen, verdict in kept:
            table.write(f"{name}\t{verdict}\t{fen}\n")
    accepted = sum(1 for _, _, v in kept if v == 1)
    print(f"wrote {len(kept)} positions ({accepted} accepted) to {HERE / 'verdicts.tsv'}; "
          f"left out {crashed} that crashed the engine and {past_board} whose castling rights "
          f"make it read past its board")


if __name__ == "__main__":
    sys.exit(main())
