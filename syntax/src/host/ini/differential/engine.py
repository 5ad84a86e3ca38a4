"""What Fairy-Stockfish does with a file: pyffish in a fresh process per file (it keeps every
variant it ever loaded, and some files make it abort), and an engine built from source for what
pyffish does not show (see generate.py and README.md)."""

import multiprocessing
import os
import pathlib
import random
import re
import subprocess
import tempfile
import zlib

import pyffish

import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "fen"))
from board import split_board  # noqa: E402

# ---------------------------------------------------------------------------------------------
# What the engine does with a file (in a fresh process)

MOVE = re.compile(r"^(?:([A-Za-z+]+)@|([a-l])(\d+))([a-l])(\d+)(.*)$")


def parse_board(fen):
    """Square (file, rank), both 0-based, to piece letter (with `+` when promoted), from the
    board splitter the other recorders share (fen/board.py)."""
    ranks = split_board(fen.split(" ")[0].split("[")[0])
    squares = {}
    for i, cells in enumerate(ranks):
        for f, cell in enumerate(cells):
            piece = cell.rstrip("~")
            if piece and piece != "*":
                squares[(f, len(ranks) - 1 - i)] = piece
    return squares


def square(file_letter, rank_digits):
    return (ord(file_letter) - ord("a"), int(rank_digits) - 1)


def features(name, fen, moves):
    """What the moves of a position show: castling, promotion, drops, double steps, en
    passant."""
    found = set()
    board = parse_board(fen)
    for move in moves:
        m = MOVE.match(move)
        if not m:
            continue
        if m.group(1):
            found.add("drop")
            continue
        src, dst = square(m.group(2), m.group(3)), square(m.group(4), m.group(5))
        piece = board.get(src, "")
        if m.group(6) and m.group(6)[0] not in ",":
            found.add("promotion or gating")
        if piece.lower() in ("k",) and src[1] == dst[1] and abs(src[0] - dst[0]) >= 2:
            found.add("castling")
        if piece.lower() == "p" and src[0] == dst[0] and abs(src[1] - dst[1]) == 2:
            found.add("double step")
        if dst not in board and piece.lower() == "p" and src[0] != dst[0]:
            if pyffish.is_capture(name, fen, [], move):
                found.add("en passant")
    return found


def with_halfmove_clock(fen, clock):
    fields = fen.split(" ")
    if len(fields) >= 6 and fields[-2].isdigit():
        fields[-2] = str(clock)
        return " ".join(fields)
    return None


def make_probes(name, start, seed):
    """Probe positions of variant `name`: 3 random games of 8 plies, then one position for each
    feature random play meets, a position with no move left, and one with a high half-move
    clock."""
    rng = random.Random(seed)
    probes, seen = [], {start}

    def add(fen, why):
        if fen not in seen:
            seen.add(fen)
            probes.append({"fen": fen, "why": why})

    last = start
    for game in range(1, 4):
        fen = start
        for ply in range(1, 9):
            moves = sorted(pyffish.legal_moves(name, fen, []))
            if not moves:
                break
            fen = pyffish.get_fen(name, fen, [rng.choice(moves)])
            add(fen, f"game {game} ply {ply}")
            if game == 1:
                last = fen
    wanted = {"castling", "promotion or gating", "drop", "double step", "en passant", "end"}
    for _ in range(12):
        fen = start
        for _ply in range(40):
            moves = sorted(pyffish.legal_moves(name, fen, []))
            if not moves:
                if "end" in wanted:
                    wanted.discard("end")
                    add(fen, "no move left")
                break
            for feature in sorted(features(name, fen, moves) & wanted):
                wanted.discard(feature)
                add(fen, feature)
            fen = pyffish.get_fen(name, fen, [rng.choice(moves)])
        if not wanted - {"end"}:
            break
    clocked = with_halfmove_clock(last, 150)
    if clocked:
        add(clocked, "half-move clock 150")
    return probes


def observe_position(name, fen, detailed):
    """The engine's answers about one position; `detailed`: also the position after each
    move and which moves give check (pyffish is slow at these, so only for a few probes)."""
    valid = pyffish.validate_fen(fen, name)
    if valid != pyffish.FEN_OK:
        return {"valid": valid}
    moves = sorted(pyffish.legal_moves(name, fen, []))
    seen = {
        "valid": valid,
        "moves": moves,
        "immediate end": list(pyffish.is_immediate_game_end(name, fen, [])),
        "optional end": list(pyffish.is_optional_game_end(name, fen, [])),
        "insufficient": list(pyffish.has_insufficient_material(name, fen, [])),
    }
    if detailed:
        seen["after"] = {m: pyffish.get_fen(name, fen, [m]) for m in moves}
        seen["checks"] = [m for m in moves if pyffish.gives_check(name, fen, [m])]
    if not moves:
        seen["result"] = pyffish.game_result(name, fen, [])
    return seen


def detailed(probe):
    """Whether a probe is looked at move by move: those found for a feature (and the start)."""
    return not probe["why"].startswith(("game", "half-move"))


def observe(text, probes, seed, reference, conn):
    """In a fresh process: load `text`, then for each section it registers, its start
    position and every probe position (`probes` by section name; `None`: make them). With the
    original's observation (`reference`), a section's probes stop after the third that differs
    (what is said of a mutation needs no more)."""
    # pyffish says why it rejects a position on standard error, and a crash's message goes
    # there too: not wanted (the exit code says how the process ended).
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    before = set(pyffish.variants())
    pyffish.load_variant_config(text)
    registered = sorted(set(pyffish.variants()) - before)
    conn.send(("registered", registered))
    for name in registered:
        conn.send(("observing", name))
        start = pyffish.start_fen(name)
        seen = {"start_fen": start, "start": observe_position(name, start, True)}
        if probes is None:
            own = []
            if seen["start"]["valid"] == pyffish.FEN_OK:
                own = make_probes(name, start, seed + zlib.crc32(name.encode()))
        else:
            own = probes.get(name, [])
        seen["probes"], differing = [], 0
        before = (reference or {}).get(name)
        for k, p in enumerate(own):
            seen["probes"].append(observe_position(name, p["fen"], detailed(p)))
            if before and k < len(before["probes"]) and seen["probes"][-1] != before["probes"][k]:
                differing += 1
                if differing == 3:
                    break
        conn.send(("section", name, seen, own))
    conn.send(("done",))
    conn.close()
    # Straight out: a process forked from a worker thread fails in Python's own shutdown.
    os._exit(0)


FORK = multiprocessing.get_context("fork")


def load(text, probes=None, seed=0, reference=None):
    """What a fresh engine makes of `text`; a crash is recorded, not raised."""
    receive, send = FORK.Pipe(duplex=False)
    process = FORK.Process(target=observe, args=(text, probes, seed, reference, send))
    process.start()
    send.close()
    result = {"crashed": False, "registered": None, "sections": {}, "probes": {}}
    stage = "load"
    while True:
        try:
            message = receive.recv()
        except EOFError:
            break
        if message[0] == "registered":
            result["registered"] = message[1]
            stage = None
        elif message[0] == "observing":
            stage = message[1]
        elif message[0] == "section":
            result["sections"][message[1]] = message[2]
            result["probes"][message[1]] = message[3]
            stage = None
        elif message[0] == "done":
            stage = "done"
    process.join(300)
    if process.is_alive():
        process.kill()
        process.join()
    if stage != "done" or process.exitcode != 0:
        result["crashed"] = "load" if stage == "load" else f"observe {stage}"
        result["exitcode"] = process.exitcode
    return result


# The engine built from source, for what pyffish does not show: what its own `check` prints,
# what it sends a GUI, and the variant as it stored it (a `dumpvariant <name>` command added
# to a scratch build prints every field of the parsed variant; see the README).
ENGINE = os.environ.get("FAIRY_STOCKFISH")
MARKER = "[zz-end-of-check]\n"


def engine_answers(text, names):
    """What the engine built from source makes of `text`: the lines its `check` prints (its
    banner left out), and for each section in `names` the setup and piece commands it sends an
    XBoard GUI and its stored fields (`dump`). None without an engine."""
    if not ENGINE:
        return None
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "variants.ini"
        path.write_bytes(text.encode("utf-8"))
        marker = pathlib.Path(folder) / "marker.ini"
        marker.write_text(MARKER)
        commands = [f"check {path}", f"check {marker}",
                    f"setoption name VariantPath value {path}"]
        for name in names:
            commands += ["isready", f"dumpvariant {name}"]
        commands.append("xboard")
        for number, name in enumerate(names):
            commands += [f"ping {number}", f"variant {name}"]
        commands += [f"ping {len(names)}", "quit"]
        try:
            run = subprocess.run([ENGINE], input="\n".join(commands) + "\n", capture_output=True,
                                 text=True, timeout=120, errors="replace")
        except subprocess.TimeoutExpired:
            return {"check": ["(timeout)"], "sections": {}, "exit": "timeout"}
    err = run.stderr.splitlines()
    end = err.index("Parsing variant: zz-end-of-check") if \
        "Parsing variant: zz-end-of-check" in err else len(err)
    check = [line for line in err[:end] if line]
    sections = {name: {"dump": {}, "gui": []} for name in names}
    out = run.stdout.splitlines()
    current, mode = None, None
    dumps = iter(names)
    for line in out:
        if line == "readyok":
            current, mode = next(dumps, None), "dump"
        elif line == "dumpend" or line == "novariant":
            mode = None
        elif mode == "dump" and current and " " in line:
            field, value = line.split(" ", 1)
            sections[current]["dump"][field] = value
        elif line.startswith("pong "):
            number = int(line.split()[1])
            current, mode = (names[number] if number < len(names) else None), "gui"
        elif mode == "gui" and current and line.startswith(("setup ", "piece ")):
            sections[current]["gui"].append(line)
    return {"check": check, "sections": sections,
            "exit": run.returncode if run.returncode else None}


# ---------------------------------------------------------------------------------------------
# Comparing what the engine does

def short(moves, most=3):
    moves = sorted(moves)
    shown = " ".join(moves[:most])
    return shown + (f" (+{len(moves) - most})" if len(moves) > most else "")


def differences(original, mutated, probes):
    """How the engine's reading of the mutated file differs from the original's, in short
    sentences (empty: the same)."""
    said = []
    if mutated["crashed"]:
        how = {-6: "aborts", -11: "crashes (segmentation fault)"}.get(
            mutated.get("exitcode"), f"dies (exit code {mutated.get('exitcode')})")
        if mutated["crashed"] == "load":
            return [f"the engine {how} while loading the file"]
        name = mutated["crashed"].split(" ", 1)[1]
        said.append(f"the engine {how} when asked about section `{name}`")
    if original["registered"] != mutated["registered"]:
        for name in original["registered"]:
            if name not in (mutated["registered"] or []):
                said.append(f"section `{name}` not registered")
        for name in mutated["registered"] or []:
            if name not in original["registered"]:
                said.append(f"section `{name}` registered too")
    for name in original["registered"]:
        if name not in mutated["sections"]:
            continue
        a, b = original["sections"][name], mutated["sections"][name]
        where = f" (`{name}`)" if len(original["registered"]) > 1 else ""
        if a["start_fen"] != b["start_fen"]:
            said.append(f"start position differs{where}: `{b['start_fen']}`")
        positions = [("the start", a["start"], b["start"])]
        for number, (probe, pa, pb) in enumerate(zip(probes[name], a["probes"], b["probes"]), 1):
            positions.append((f"probe {number} ({probe['why']})", pa, pb))
        for label, pa, pb in positions:
            if pa == pb:
                continue
            if pa["valid"] != pb["valid"]:
                state = "valid" if pb["valid"] == pyffish.FEN_OK else f"invalid ({pb['valid']})"
                said.append(f"at {label} the position is {state}{where}")
                continue
            lost = set(pa["moves"]) - set(pb["moves"])
            gained = set(pb["moves"]) - set(pa["moves"])
            if lost:
                said.append(f"at {label} the engine has {short(lost)} no more{where}")
            if gained:
                said.append(f"at {label} the engine has {short(gained)} too{where}")
            if lost or gained:
                continue
            elsewhere = [m for m in pa["moves"] if "after" in pa
                         and pa["after"][m] != pb["after"][m]]
            if elsewhere:
                said.append(f"at {label} {short(elsewhere)} lead(s) elsewhere{where}")
            for key in ("checks", "immediate end", "optional end", "insufficient", "result"):
                if pa.get(key) != pb.get(key):
                    said.append(f"at {label} `{key}` differs: {pa.get(key)} -> {pb.get(key)}"
                                f"{where}")
    return said


def engine_differences(original, mutated, names):
    """What the engine built from source shows differently for the sections both register:
    (what it sends a GUI, fields it stores differently)."""
    gui, reading = [], []
    if not original or not mutated:
        return gui, reading
    for name in names:
        a, b = original["sections"].get(name), mutated["sections"].get(name)
        if not a or not b or not b["dump"]:
            continue
        where = f" (`{name}`)" if len(names) > 1 else ""
        if a["gui"] != b["gui"]:
            line = next((x for x in b["gui"] if x not in a["gui"]), None) or \
                next((x for x in a["gui"] if x not in b["gui"]), "")
            gui.append(f"it sends a GUI `{line[:90]}`{where}")
        for field, value in a["dump"].items():
            if b["dump"].get(field) != value:
                reading.append(f"it stores `{field}` as {b['dump'].get(field)} (the original: "
                               f"{value}){where}")
    return gui, reading


