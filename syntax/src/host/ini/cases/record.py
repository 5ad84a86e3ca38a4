#!/usr/bin/env python3
"""Records what Fairy-Stockfish does with each broken variants.ini of this folder.

Run it after adding or changing a case (needs PyPI `pyffish`):

    python3 syntax/src/host/ini/cases/record.py

Each case is loaded in a fresh process (pyffish keeps every variant it loaded, so one load
would change the next). For each case it writes to `recorded.json`: whether loading crashed,
the sections the engine registered, and for each an observation (its start position, whether
the engine accepts that position, its legal moves there and from every `#! probe` position,
or the game's result where there is none);
then the same for each file a `#! engine same-as` / `not-same-as` line describes (the case with
one line replaced), so the tests can check that the engine reads the broken line as claimed.

Some readings are not seen through pyffish: piece values steer only the evaluation, and a
`pieceToCharTable` is only sent to GUIs. For those, a Fairy-Stockfish engine built from its
source in scratch space is asked too (its path in `FAIRY_STOCKFISH`): a case with
`#! observe eval` records the engine's classical evaluation of each probe position, and one
with `#! engine check-says` records what the engine's own `check` command prints for the file.
"""

import json
import multiprocessing
import pathlib
import os
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent


def engine():
    path = os.environ.get("FAIRY_STOCKFISH")
    if not path:
        sys.exit("this case needs a Fairy-Stockfish engine: set FAIRY_STOCKFISH to its path")
    return path


def engine_says(text, arguments, commands=()):
    """What the engine prints, run with `arguments` and fed `commands`, with `text` as its
    variants file (`FILE` in either)."""
    with tempfile.NamedTemporaryFile("w", suffix=".ini") as file:
        file.write(text)
        file.flush()
        script = "".join(c.replace("FILE", file.name) + "\n" for c in commands)
        run = subprocess.run(
            [engine(), *(a.replace("FILE", file.name) for a in arguments)],
            input=script + "quit\n", capture_output=True, text=True, timeout=60,
        )
    return (run.stdout + run.stderr).splitlines()


def evaluation(text, name, fen):
    said = engine_says(text, [], [
        "setoption name VariantPath value FILE",
        f"setoption name UCI_Variant value {name}",
        "setoption name Use NNUE value false",
        f"position fen {fen}",
        "eval",
    ])
    return next((line for line in said if line.startswith("Final evaluation")), "none")


def check_output(text):
    """The lines the engine's own `check` prints for `text`, less its banner."""
    lines = engine_says(text, ["check", "FILE"])
    return sorted(line for line in lines if line and not line.startswith("Fairy-Stockfish "))


def observe(text, probes, queue):
    import pyffish

    before = set(pyffish.variants())
    pyffish.load_variant_config(text)
    registered = sorted(set(pyffish.variants()) - before)
    observations = {}
    for name in registered:
        fen = pyffish.start_fen(name)
        seen = {
            "start_fen": fen,
            "start_fen_valid": pyffish.validate_fen(fen, name) == pyffish.FEN_OK,
        }
        if seen["start_fen_valid"]:
            seen["moves"] = sorted(pyffish.legal_moves(name, fen, []))
        for probe in probes:
            if pyffish.validate_fen(probe, name) == pyffish.FEN_OK:
                moves = sorted(pyffish.legal_moves(name, probe, []))
                # With no move left, the game's result tells how the position ends.
                seen["probe " + probe] = moves or ["result", pyffish.game_result(name, probe, [])]
            else:
                seen["probe " + probe] = "invalid"
        if re.search(r"^#! observe eval$", text, re.M):
            for probe in probes:
                seen["eval " + probe] = evaluation(text, name, probe)
        observations[name] = seen
    queue.put({"registered": registered, "observations": observations})


def load(text, probes):
    """What a fresh engine makes of `text`; a crash is recorded, not raised."""
    queue = multiprocessing.Queue()
    process = multiprocessing.Process(target=observe, args=(text, probes, queue))
    process.start()
    process.join(120)
    if process.exitcode != 0:
        return {"crashed": True}
    result = queue.get()
    result["crashed"] = False
    return result


def replaced(text, line_number, new_line):
    lines = text.split("\n")
    if new_line == "":
        del lines[line_number - 1]
    else:
        lines[line_number - 1] = new_line
    return "\n".join(lines)


def main():
    recorded = {}
    for case in sorted(HERE.glob("*.ini")):
        text = case.read_bytes().decode("utf-8")
        probes = re.findall(r"^#! probe (.+)$", text, re.M)
        entry = {"case": load(text, probes), "variants": {}}
        if re.search(r"^#! engine check-says ", text, re.M):
            entry["check"] = check_output(text)
        for _, number, new_line in re.findall(
            r"^#! engine (same-as|not-same-as) (\d+) ?(.*)$", text, re.M
        ):
            key = f"{number} {new_line}"
            entry["variants"][key] = load(replaced(text, int(number), new_line), probes)
        recorded[case.name] = entry
        print(case.name, "crashed" if entry["case"]["crashed"] else entry["case"]["registered"])
    (HERE / "recorded.json").write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    sys.exit(main())
