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
"""

import json
import multiprocessing
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent


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
