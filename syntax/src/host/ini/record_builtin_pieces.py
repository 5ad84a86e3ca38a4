#!/usr/bin/env python3
"""Regenerates `builtin_pieces.tsv` (next to this script): for each built-in variant of
`builtins.tsv`, each piece letter with the engine's piece type and its Betza, checked against
the engine's own moves.

    python3 syntax/src/host/ini/record_builtin_pieces.py FAIRY_STOCKFISH_SOURCE [BETZA_BINARY]

FAIRY_STOCKFISH_SOURCE is a checkout of Fairy-Stockfish (upstream c19b5f6c was used, whose
variant.cpp is pyffish 0.0.90's, see record_builtin_rules.py; the check below asks pyffish
itself, so a source that differs from it shows); BETZA_BINARY is this project's `betza` (by default
`cargo run -q -p betza-server --`). Needs PyPI `pyffish` 0.0.90.

Where each fact comes from:
- which piece type has which letter in which variant, its synonyms and the king's move type:
  `builtin_rules.tsv`, dumped from the engine after `conclude()` (record_builtin_rules.py);
- a standard piece type's Betza: `from_betza("BETZA", "name")` in src/piece.cpp
  (`PieceMap::init`), where a `p->betza = "..."` after it is only what the engine shows XBoard;
- a custom piece's Betza: `add_piece(CUSTOM_PIECE_N, 'x', "BETZA")` in the variant's function
  in src/variant.cpp, or in the function it starts from (`Variant* v = base()->init()`).

The check: for every row, the piece (white, to move) stands alone with the two kings (on their
start squares when they can) on an otherwise empty board of the variant's size, on three squares
of the middle ranks (off the ranks where initial moves and double steps are allowed); pyffish's
legal moves from that square, in a child of the variant that ends no game for missing pieces,
are compared with the project's reading of the Betza (`betza moves BETZA --dialect fairy --moved`,
the kings as friend and enemy); a king's steps onto squares the other king attacks are left out
of both. Column `check` says `agrees` (same destinations on every square tried, named in the
note), `differs` (the note says where and how, and which of the variant's settings that move
pieces beyond their Betza it assigns) or `unchecked` (why). No row is dropped for failing it.
`RECORD_DEBUG=1` prints the position of every difference.

Columns: variant, letter (lower case), piece (the piece type, as `piece_name()` names it and as
variants.ini keys it), betza (`-` for none), king (`true` for the royal king type), check, note.
"""

import csv
import json
import os
import pathlib
import re
import subprocess
import sys

import pyffish

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "fen"))
from board import join_board, split_board  # noqa: E402

sys.path.insert(0, str(HERE))
# The engine explains odd positions on stderr; the check makes many on purpose.
from record_builtins import quiet_stderr  # noqa: E402

# Each built-in is asked about through a child of it that ends no game by a side's missing pieces
# (`extinctionValue = none`): a lone piece and two kings are a finished game to shatranj's bare
# king rule, losers, extinction or courier, and the engine lists no move in a finished game.
PROBE = "probe-"
HEADER = ["variant", "letter", "piece", "betza", "king", "check", "note"]
FILES = "abcdefghijkl"


def standard_pieces(piece_cpp):
    """Piece type name -> (Betza the engine moves by, Betza it shows XBoard when different)."""
    pieces = {}
    for match in re.finditer(r'from_betza\("([^"]*)",\s*"(\w+)"\)', piece_cpp):
        pieces[match.group(2)] = (match.group(1), None)
    # A helper that builds a piece and then overwrites its shown Betza (janggi's elephant).
    for match in re.finditer(
        r'from_betza\("([^"]*)",\s*"(\w+)"\);\s*\n\s*p->betza\s*=\s*"([^"]*)"', piece_cpp
    ):
        pieces[match.group(2)] = (match.group(1), match.group(3))
    return pieces


# Settings of a variant that change where a piece may go beyond its Betza: named in the note of a
# row that differs, when the variant (or a function it starts from) assigns them.
MOVE_RULES = [
    "checking", "diagonalLines", "doubleStepRegion", "extinctionPseudoRoyal", "flagMove",
    "flagRegion", "flyingGeneral", "sittuyinPromotion", "soldierPromotionRank",
]


def enum_name(piece):
    """`dragonHorse` as the engine's enum names it, `DRAGON_HORSE`."""
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", piece).upper()


def variant_functions(variant_cpp):
    """Variant function name -> (the function it starts from, {custom slot: Betza}, the settings
    it assigns, the piece types it gives a mobility region)."""
    starts = list(re.finditer(r"Variant\*\s+(\w+)\(\)\s*\{", variant_cpp))
    functions = {}
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(variant_cpp)
        body = variant_cpp[match.end() : end]
        base = re.search(r"Variant\*\s+v\s*=\s*(\w+)\(\)", body)
        customs = {}
        for piece in re.finditer(r"add_piece\(CUSTOM_PIECE_(\d+),\s*'(.)',\s*\"([^\"]*)\"", body):
            customs[int(piece.group(1))] = piece.group(3)
        for piece in re.finditer(r'customPiece\[(\d+)\]\s*=\s*"([^"]*)"', body):
            customs[int(piece.group(1)) + 1] = piece.group(2)
        settings = set(re.findall(r"v->(\w+)(?:\[[^\]]*\])*\s*[|&]?=[^=]", body))
        regions = set(re.findall(r"mobilityRegion\[\w+\]\[(\w+)\]\s*=[^=]", body))
        functions[match.group(1)] = (base.group(1) if base else None, customs, settings, regions)
    return functions


def variants_of(variant_cpp):
    """Variant name (as `VariantMap::init` adds it) -> ({custom slot: Betza}, settings, piece
    types with a mobility region), what it inherits included."""
    functions = variant_functions(variant_cpp)

    def resolve(name, seen=()):
        if name not in functions or name in seen:
            return {}, set(), set()
        base, own, settings, regions = functions[name]
        customs, inherited, base_regions = resolve(base, seen + (name,)) if base else ({}, set(), set())
        return {**customs, **own}, inherited | settings, base_regions | regions

    return {
        m.group(1): resolve(m.group(2))
        for m in re.finditer(r'add\("([^"]+)",\s*(\w+)\(\)\)', variant_cpp)
    }


# The settings among MOVE_RULES that bear on one piece type only.
RULE_PIECES = {"flyingGeneral": "king", "soldierPromotionRank": "soldier"}


def why(piece, settings, regions):
    """The variant's settings that may explain a difference, in words ("" when none)."""
    found = [
        f"`{rule}`" for rule in MOVE_RULES
        if rule in settings and RULE_PIECES.get(rule, piece) == piece
    ]
    if enum_name(piece) in regions:
        found.insert(0, f"a `mobilityRegion` for `{piece}`")
    return "; the variant sets " + ", ".join(found) if found else ""


def pairs(field):
    """`name=x name=y` as [(name, letter)]; `-` as none."""
    if field == "-":
        return []
    return [tuple(pair.split("=")) for pair in field.split()]


def square_name(square):
    return f"{FILES[square[0]]}{square[1] + 1}"


def squares_to_try(files, ranks):
    """The centre (the CLI's default square), and one square each side of it in the middle
    ranks, where no initial move or double step applies in the built-ins."""
    centre = ((files - 1) // 2, (ranks - 1) // 2)
    left = (1, min(ranks - 1, centre[1] + 1))
    right = (files - 2, max(0, centre[1] - 1))
    found = []
    for square in [centre, left, right]:
        if square not in found:
            found.append(square)
    return found


def chebyshev(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(square, files, ranks):
    return [
        (square[0] + df, square[1] + dr)
        for df in (-1, 0, 1) for dr in (-1, 0, 1)
        if (df, dr) != (0, 0) and 0 <= square[0] + df < files and 0 <= square[1] + dr < ranks
    ]


class Project:
    """This project's reading of a Betza string: `betza moves`."""

    def __init__(self, command):
        self.command = command

    def destinations(self, betza, files, ranks, square, friends, enemies, side="white"):
        args = self.command + [
            "moves", betza, "--dialect", "fairy", "--board", f"{files}x{ranks}",
            "--from", square_name(square), "--side", side, "--moved", "--json",
        ]
        if friends:
            args += ["--friend", ",".join(square_name(s) for s in friends)]
        if enemies:
            args += ["--enemy", ",".join(square_name(s) for s in enemies)]
        done = subprocess.run(args, capture_output=True, text=True)
        if done.returncode != 0:
            return None
        return set(json.loads(done.stdout)["destinations"])


def engine_destinations(variant, fen, square):
    """The squares pyffish's legal moves from `square` go to (a promotion's suffix dropped)."""
    origin = square_name(square)
    found = set()
    for move in pyffish.legal_moves(variant, fen, []):
        match = re.match(r"([a-l]\d+)([a-l]\d+)", move)
        # A move to its own square is a pass (janggi) or a stone put down (flipello).
        if match and match.group(1) == origin != match.group(2):
            found.add(match.group(2))
    return found


def position(built_in, placed):
    """A FEN of `built_in`'s board with only `placed` ({square: letter}), white to move, no
    castling or en passant, the start position's pocket brackets emptied, its other fields kept."""
    files, ranks = int(built_in["files"]), int(built_in["ranks"])
    rows = [[""] * files for _ in range(ranks)]
    for (f, r), letter in placed.items():
        rows[ranks - 1 - r][f] = letter
    fields = built_in["start_fen"].split(" ")
    board = join_board(rows) + ("[]" if "[" in fields[0] else "")
    if len(fields) >= 6:
        return " ".join([board, "w", "-", "-"] + fields[4:])
    return " ".join([board, "w"] + fields[2:])


def start_square(built_in, letter):
    """Where `letter` (a king's, with its case) first stands in the start position."""
    ranks = split_board(built_in["start_fen"].split(" ")[0].split("[")[0])
    for row, squares in enumerate(ranks):
        for f, piece in enumerate(squares):
            if piece == letter:
                return (f, len(ranks) - 1 - row)
    return None


def check(project, built_in, letter, betza, royal, is_king, victim=False):
    """(`agrees`|`differs`|`unchecked`, note) for the white `letter` moving as `betza`.

    `royal` is the king's letter and Betza (how kingType moves), or None in a variant without
    one. The kings stand on their start squares when they can: the palace keeps xiangqi's
    kings legal, and two kings facing on a file (xiangqi) or a king attacking the other
    (knightmate's knight king) would leave the piece only moves that answer a check. With
    `victim`, a black piece of the same letter stands in front of it, as a hopper's screen or a
    capture-only piece's prey.
    """
    name = built_in["name"]
    files, ranks = int(built_in["files"]), int(built_in["ranks"])
    tried, differences, moved = [], [], False
    for square in squares_to_try(files, ranks):
        victims = []
        if victim:
            ahead = square[1] + 1 if square[1] + 1 < ranks else square[1] - 1
            victims = [(square[0], ahead)]
        own = project.destinations(betza, files, ranks, square, [], victims)
        if own is None:
            return "unchecked", "the project's `betza moves` rejects the string"
        placed = {square: letter.upper(), **{v: letter.lower() for v in victims}}
        friends, enemies, attacked = [], [], set()
        if royal:
            king_letter, king_betza = royal
            white_king = square
            if not is_king:
                corners = [(0, 0), (files - 1, 0), (0, ranks - 1), (files - 1, ranks - 1)]
                white_king = next(
                    (s for s in [start_square(built_in, king_letter.upper())] + corners
                     if s is not None and s not in placed and square_name(s) not in own),
                    None,
                )
                if white_king is None:
                    continue
                friends = [white_king]
                placed[white_king] = king_letter.upper()
            # The black king: near its start square, else as far as can be from the piece
            # and its destinations; off the white king's file, not attacking the white king,
            # and where the piece cannot take it (tried with the king there: a capture needs
            # a victim).
            home = start_square(built_in, king_letter.lower())
            reach = [(FILES.index(d[0]), int(d[1:]) - 1) for d in own] + [square]
            free = sorted(
                (
                    (f, r) for f in range(files) for r in range(ranks)
                    if (f, r) not in placed and f != white_king[0]
                ),
                key=lambda s: (
                    home is None or chebyshev(s, home) > 1,
                    -min(chebyshev(s, d) for d in reach),
                ),
            )
            black_king = None
            for candidate in free[:16]:
                threat = project.destinations(
                    king_betza, files, ranks, candidate, [], [], side="black"
                )
                if threat is None or square_name(white_king) in threat:
                    continue
                own = project.destinations(
                    betza, files, ranks, square, friends, [candidate] + victims
                )
                if own is None:
                    return "unchecked", "the project's `betza moves` rejects the string"
                if square_name(candidate) not in own:
                    black_king, attacked = candidate, threat
                    break
            if black_king is None:
                continue
            enemies = [black_king]
            placed[black_king] = king_letter.lower()
        own -= {square_name(s) for s in enemies}
        fen = position(built_in, placed)
        with quiet_stderr():
            engine = engine_destinations(PROBE + name, fen, square)
        if is_king:
            # A king may not step where the other king attacks: a rule of the game, not of
            # its Betza.
            engine, own = engine - attacked, own - attacked
        tried.append(square_name(square))
        moved = moved or bool(engine or own)
        if engine != own and os.environ.get("RECORD_DEBUG"):
            print(name, letter, fen, sorted(engine), sorted(own), file=sys.stderr)
        if engine != own:
            parts = []
            if engine - own:
                parts.append("the engine also goes to " + " ".join(sorted(engine - own)))
            if own - engine:
                parts.append("the Betza also goes to " + " ".join(sorted(own - engine)))
            differences.append(f"from {square_name(square)}: " + "; ".join(parts))
    if not tried:
        return "unchecked", "no square left for the kings"
    if differences:
        return "differs", " | ".join(differences)
    if not moved:
        # Nothing compared: a hopper needs a screen, a capture-only piece prey; a stone put
        # down by a drop (flipello) does not move at all.
        if not victim:
            verdict, note = check(project, built_in, letter, betza, royal, is_king, True)
            if verdict != "unchecked":
                return verdict, "with a black one in front: " + note
        return "unchecked", "no move either way from " + " ".join(tried)
    return "agrees", "same moves from " + " ".join(tried)


def rows_of(built_in, rules, standard, variant, project):
    customs, settings, regions = variant
    name = built_in["name"]
    pieces = pairs(rules["pieces"])
    synonyms = pairs(rules["synonyms"])
    royal_letter = next((letter for piece, letter in pieces if piece == "king"), None)
    royal = None
    if royal_letter:
        king_type = rules["kingType"]
        royal = (royal_letter, standard.get(king_type, (customs.get(0), None))[0])
    rows = []
    listed = set()
    for piece, letter, synonym_of in [(p, l, None) for p, l in pieces] + [
        (p, l, dict(pieces)[p]) for p, l in synonyms
    ]:
        listed.add(letter)
        is_king = piece == "king"
        notes = []
        if synonym_of:
            notes.append(f"a synonym of `{synonym_of}` in a FEN")
        moves_as = rules["kingType"] if is_king else piece
        if is_king and moves_as != "king":
            notes.append(f"the king moves as `{moves_as}` (kingType)")
        if moves_as.startswith("customPiece"):
            betza = customs.get(int(moves_as[len("customPiece"):]))
            shown = None
        else:
            betza, shown = standard.get(moves_as, (None, None))
        if betza is None:
            rows.append([name, letter, piece, "-", str(is_king).lower(), "unchecked",
                         "; ".join(notes + ["no Betza found in the engine's source"])])
            continue
        if shown:
            notes.append(f"the engine shows XBoard `{shown}`")
        verdict, note = check(project, built_in, letter, betza, royal, is_king)
        if verdict == "differs":
            note += why(piece, settings, regions)
        rows.append([name, letter, piece, betza or "-", str(is_king).lower(), verdict,
                     "; ".join(notes + [note])])
    for letter in built_in["letters"]:
        if letter not in listed:
            rows.append([name, letter, "-", "-", "false", "unchecked",
                         "a letter the engine accepts in a FEN, of no piece type it lists"])
    return rows


def read_tsv(path):
    with open(path, newline="") as table:
        return list(csv.DictReader(table, delimiter="\t", quoting=csv.QUOTE_NONE))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    source = pathlib.Path(sys.argv[1]) / "src"
    command = [sys.argv[2]] if len(sys.argv) == 3 else ["cargo", "run", "-q", "-p", "betza-server", "--"]
    project = Project(command)
    standard = standard_pieces((source / "piece.cpp").read_text())
    variants = variants_of((source / "variant.cpp").read_text())
    rules = {row["name"]: row for row in read_tsv(HERE / "builtin_rules.tsv")}
    built_ins = read_tsv(HERE / "builtins.tsv")
    pyffish.load_variant_config(
        "".join(f"[{PROBE}{b['name']}:{b['name']}]\nextinctionValue = none\n" for b in built_ins)
    )
    rows = []
    for built_in in built_ins:
        name = built_in["name"]
        rows += rows_of(built_in, rules[name], standard, variants.get(name, ({}, set(), set())), project)
    with open(HERE / "builtin_pieces.tsv", "w") as out:
        for row in [HEADER] + rows:
            out.write("\t".join(row) + "\n")
    counts = {}
    for row in rows:
        counts[row[5]] = counts.get(row[5], 0) + 1
    print(f"wrote {len(rows)} rows to {HERE / 'builtin_pieces.tsv'}: {counts}")


if __name__ == "__main__":
    main()
