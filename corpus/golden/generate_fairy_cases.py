#!/usr/bin/env python3
"""Generate fairy-generated.jsonl: golden Betza move sets computed by Fairy-Stockfish.

Every case below is sent to the oracle /work/shared/oracle/fsf_oracle.py (run as a
subprocess; it drives PyPI ``pyffish==0.0.90``).  Its JSON answer is converted into the
schema of /work/shared/oracle/fairy-visible.jsonl.  Cases the oracle reports as errors,
cases where the engine would end on a non-enemy piece, and cases identical to a
fairy-visible.jsonl case are dropped.  A few hand-checked expectations (SANITY) must hold,
otherwise the script exits with status 1 and writes nothing.

Usage:
    pip install pyffish==0.0.90
    python3 corpus/golden/generate_fairy_cases.py [--oracle PATH] [--visible PATH] [--out PATH]
"""
import argparse
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_ORACLE = "/work/shared/oracle/fsf_oracle.py"
DEFAULT_VISIBLE = "/work/shared/oracle/fairy-visible.jsonl"
DEFAULT_OUT = os.path.join(HERE, "fairy-generated.jsonl")
FILES = "abcdefghijkl"

CASES = []


def C(betza, board="8x8", frm=None, side="white", moved=False, friends="", enemies=""):
    """Register one case. friends/enemies: space-separated squares."""
    if frm is None:
        w, h = (int(x) for x in board.split("x"))
        frm = f"{FILES[(w - 1) // 2]}{(h - 1) // 2 + 1}"
    CASES.append({"betza": betza, "board": board, "from": frm, "side": side, "moved": moved,
                  "friends": friends.split(), "enemies": enemies.split()})


B = "black"

# ---- 1. every atom, empty boards, central / edge / corner origins -------------------------
C("W")                                   # sanity: c4 d3 d5 e4
C("W", "12x10", "a1")
C("F", "10x10", "a1")
C("F", "9x9", "i5")
C("D", "12x10")
C("D", "8x8", "b2")
C("N", "10x10", "a5")
C("N", "8x8", "h1")
C("N", "12x10", "l10")
C("A", "12x10", "k9")
C("A", "10x10", "c3")
C("H", "10x10")
C("H", "12x10", "d4")
C("C", "12x10")
C("C", "8x8", "a1")
C("L", "10x10", "b2")
C("L", "12x10")
C("Z", "12x10", "f5")
C("Z", "10x10", "j1")
C("J", "10x10", "j10")
C("J", "9x9")
C("G", "12x10")
C("G", "10x10", "h8")
C("K", "12x10", "l10")
C("K", "10x10", "e1")
C("R", "10x10", "c7")
C("R", "8x8", "a1")
C("B", "12x10", "d8")
C("B", "10x10", "j1")
C("Q", "12x10")
C("Q", "10x10", "j1")
C("Q", "8x8", "a8")

# ---- 2. directions -------------------------------------------------------------------------
# orthogonal
for s in ["fW", "bW", "lW", "rW", "vW", "sW", "fsW", "sfW", "fhW", "hW", "frW"]:
    C(s, "10x10")
for s in ["fR", "bR", "lR", "rR", "vR", "sR", "flR", "hR"]:
    C(s, "12x10", "e4")
# diagonal
for s in ["fF", "bF", "lF", "rF", "vF", "sF", "fsF", "sfF", "frF", "rfF", "blF", "hF"]:
    C(s, "9x9")
for s in ["fB", "bB", "frB", "lbB"]:
    C(s, "10x10", "d4")
# oblique
for s in ["fN", "bN", "lN", "rN", "vN", "sN", "ffN", "fsN", "sfN", "fhN", "hrN", "hlN",
          "frN", "rfN", "flN", "lfN", "brN", "rbN", "bsN", "bhN", "vvN", "ssN", "hN"]:
    C(s, "10x10")
for s in ["fC", "fsC", "frC", "fhZ", "hlZ", "rfJ", "bhL", "fsA", "fD", "sH"]:
    C(s, "12x10")
# K and Q quirks
for s in ["fK", "bK", "lK", "rK", "vK", "sK", "frK", "rfK", "fsK", "sfK", "vsK", "fhK",
          "hrK", "hlK", "ffK", "fbK", "brK", "bhK"]:
    C(s, "8x8")
for s in ["fQ", "frQ", "rfQ", "fsQ", "sfQ", "fhQ", "vQ", "sQ", "hrQ", "bsQ"]:
    C(s, "10x10")
C("fsK", "10x10", "a1")
C("fhK", "10x10", "j5")
C("frQ", "12x10", "a1", friends="b2", enemies="a5")
C("fsQ", "9x9", friends="e7", enemies="c5 g7")

# ---- 3. black side on asymmetric pieces ---------------------------------------------------
for s in ["fN", "frN", "fsW", "fhN", "hrN", "hlN", "rfN", "fmWfcF", "fR", "frK", "fsK",
          "fhK", "fsQ", "frQ", "bF", "lW", "fC", "fsN"]:
    C(s, "10x10", side=B)
C("fmWfcF", "8x8", "d5", side=B, friends="c4", enemies="e4 d4")
C("fmWfcF", "8x8", "d5", side=B, friends="d4", enemies="c4 e6")
C("fN", "8x8", "b8", side=B)
C("fhN", "12x10", "f9", side=B, friends="e7", enemies="h8 d8")
C("frN", "12x10", "l1", side=B)
C("fR", "12x10", "c9", side=B, friends="c3", enemies="c6")
C("fsW", "9x9", "a9", side=B)
C("frB", "9x9", side=B, enemies="c3")
C("rfK", "8x8", side=B)
C("sfN", "10x10", side=B)
C("nN", "10x10", side=B, friends="d5", enemies="e6")
C("gB", "10x10", side=B, friends="d4", enemies="g7")

# ---- 4. ranges and doubled atoms -----------------------------------------------------------
C("R2", "10x10")
C("R2", "10x10", "a1", enemies="a2")
C("N2", "12x10")
C("N2", "12x10", friends="g7", enemies="h4")
C("W3", "10x10", "b2")
C("W3", "9x9", friends="e7", enemies="c5")
C("B4", "12x10")
C("B4", "12x10", friends="h7", enemies="c2")
C("Q1", "10x10", "a10")
C("F2", "8x8", "b2")
C("NN", "12x10")
C("NN", "12x10", friends="g7", enemies="h9 d4")
C("NN", "8x8", "a1")
C("WW", "10x10", friends="e8", enemies="c5")
C("FF", "10x10", friends="g7", enemies="c3")
C("KK", "12x10", friends="f7 h5", enemies="d3")
C("DD", "10x10")
C("AA", "10x10")
C("D2", "10x10")
C("N0", "10x10")
C("R10", "12x10")
C("B10", "10x10")
C("mN3cK", "12x10")
C("fNN", "12x10", "f2")
C("fNN", "12x10", "f9", side=B)

# ---- 5. modes m / c and combinations, with blockers -----------------------------------------
C("mR", "10x10", friends="e8", enemies="b5 h5")
C("cR", "10x10", friends="e8", enemies="b5 h5 e2")
C("cB", "9x9", friends="g7", enemies="c3 g3 b8")
C("mRcB", "10x10", friends="e8 g7", enemies="b5 c3 h8")
C("mQcK", "12x10", friends="f6", enemies="e4 f3 g6 j9")
C("mNcB", "8x8", friends="e6", enemies="b5 f6 b2")
C("cN", "10x10", friends="d7", enemies="f7 g6 c3")
C("mBcR", "12x10", "a1", friends="c3", enemies="a8 h1 b2")
C("mKcN", "9x9", friends="e6", enemies="d6 f7 c4")
C("mWcF", "10x10", "j10", enemies="j9 i9")
C("cK", "8x8", friends="c4", enemies="c5 e3 d5")
C("mFcW", "12x10", enemies="f6 g6")
C("mQcN", "10x10", "a1", friends="b3", enemies="c2 a5")
C("cQ", "12x10", "f5", friends="f8", enemies="f9 b1 k10 a5")
C("mcR", "8x8", enemies="d7 g4")
C("cmB", "8x8", friends="f6", enemies="b2")
C("mfWcfF", "10x10", side=B, enemies="d4 f4 e4")
C("mRcN", "12x10", "a10", friends="b8", enemies="c9 a2")

# ---- 6. hoppers with screens ---------------------------------------------------------------
C("pR", "10x10", friends="e7", enemies="e9 b5 h5 j5")
C("pR", "12x10", "a1", enemies="a3 a9 d1")
C("pB", "10x10", friends="g7", enemies="h8 c3 b2")
C("pB", "9x9", friends="d6", enemies="f4 h2")
C("gR", "10x10", friends="e7", enemies="c5 b5")
C("gR", "12x10", enemies="f6 f8 i5 j5 f2")
C("gB", "10x10", friends="f6", enemies="d4 c3 g3")
C("gB", "8x8", "a1", enemies="c3")
C("pQ", "12x10", friends="f7 h5", enemies="f9 d3 b1 k5")
C("pQ", "8x8", friends="d6 f6", enemies="d8 b2 a4")
C("gQ", "10x10", friends="e6 f6 f5", enemies="d4 c5")
C("gQ", "12x10", "a1", friends="a2", enemies="b2 c1")
C("pN", "10x10", friends="e6 f5", enemies="f6 d6")
C("gN", "10x10", friends="e6 f6", enemies="f7")
C("pW", "10x10", friends="e7", enemies="e9 c5 a5")
C("pW", "8x8", enemies="d6 f4")
C("gW", "10x10", friends="e6", enemies="d5")
C("pF", "10x10", friends="f6", enemies="g7 h8")
C("pK", "10x10", friends="e6", enemies="e8")
C("gK", "10x10", friends="e6", enemies="f6")
C("mRcpR", "10x10", friends="e8", enemies="e9 c5 a5 h5")
C("mBcpB", "12x10", friends="h7", enemies="i8 d3 c2")
C("mpR", "10x10", friends="e7", enemies="e9")
C("cpR", "10x10", friends="e7", enemies="e9 e10")
C("fpR", "10x10", side=B, friends="e3 e7", enemies="e1 e9")
C("pR", "10x10", side=B, friends="e6", enemies="e8")

# ---- 7. lame leapers with blockers on the leg squares ----------------------------------------
C("nN", "10x10", friends="e6")
C("nN", "10x10", enemies="f5 e4")
C("nN", "10x10", friends="f6")
C("nA", "10x10", friends="f6", enemies="d4")
C("nA", "12x10", enemies="g6 e6 e4 g4")
C("nD", "10x10", friends="e6", enemies="d5")
C("nD", "10x10", "a1", friends="a2")
C("nZ", "12x10", friends="f6")
C("nZ", "12x10", friends="g6")
C("nZ", "12x10", friends="g7")
C("nJ", "12x10", enemies="f4 g7")
C("nC", "10x10")
C("nC", "10x10", friends="e6")
C("nW", "10x10", friends="e6")
C("nF", "10x10")
C("nH", "10x10")
C("nL", "10x10")
C("fnN", "10x10", side=B, friends="e4")
C("mnNcnA", "10x10", friends="e6", enemies="g7 f7")

# ---- 8. initial moves (moved false / true) ---------------------------------------------------
for side, frm, blocks in [("white", "d2", ""), ("black", "d7", "")]:
    for moved in (False, True):
        C("ifmnD", "8x8", frm, side, moved)
        C("ifmW2", "8x8", frm, side, moved)
        C("icW", "8x8", frm, side, moved, enemies=("d3 c2 e1" if side == "white" else "d6 c7 e8"))
        C("ifmnDfmWfcF", "8x8", frm, side, moved,
          enemies=("c3 e3" if side == "white" else "c6 e6"))
C("ifmnD", "8x8", "d2", friends="d3")
C("ifmnD", "8x8", "d2", enemies="d4")
C("ifmnD", "8x8", "d7", B, friends="d6")
C("ifmW2", "8x8", "d2", enemies="d4")
C("ifmW2", "8x8", "d2", friends="d3")
C("ifmnDfmWfcF", "10x10", "e2", enemies="e4 d3")
C("ifmnDfmWfcF", "10x10", "e9", B, enemies="d8")
C("ifmnDfmWfcF", "10x10", "e9", B, moved=True, enemies="d8")
C("iR", "10x10", "a1")
C("iR", "10x10", "a1", moved=True)
C("imN", "12x10", "b1")
C("imN", "12x10", "b1", moved=True)
C("iN", "12x10", "g10", B, enemies="f8")
C("iN", "12x10", "g10", B, moved=True, enemies="f8")
C("KifmnD", "10x10", "e1", friends="d2")
C("KifmnD", "10x10", "e1", moved=True, friends="d2")
C("ifmW3", "12x10", "f2", enemies="f5")
C("ifmW3", "12x10", "f2", moved=True)
C("ifmR", "9x9", "e1", friends="e6")
C("icF", "9x9", "e1", enemies="d2 f2")
C("imcK", "9x9", "e1", enemies="d2")
C("fmWifmnDfcF", "12x10", "c9", B, enemies="b8 d8")
C("fmWifmnDfcF", "12x10", "c9", B, moved=True, enemies="b8 d8")
C("mR", "10x10", moved=True, enemies="e8")
C("N", "12x10", "b1", moved=True)
C("fmWfcF", "10x10", "e2", moved=True, enemies="d3")

# ---- 9. letters FSF skips, and a few multi-leg 'a' strings -----------------------------------
C("mafsW", "10x10", friends="e6", enemies="d5")
C("mafsW", "8x8", "a1")
C("mafsW", "10x10", side=B)
C("jB", "10x10", friends="g7", enemies="c3")
C("oR", "12x10", enemies="f8")
C("oR", "10x10", "a1")
C("FyafsF", "10x10")
C("FyafsF", "10x10", side=B, enemies="d6")
C("R10", "10x10", "a1")
C("U", "10x10")
C("UN", "10x10")
C("tR", "10x10", friends="e7")
C("xK", "10x10")
C("dN", "10x10")
C("uQ", "10x10", friends="g7")
C("eW", "10x10")
C("mafW", "10x10")
C("caK", "10x10", enemies="e6")
C("mpafsmpafF", "10x10", friends="f6")
C("yafsF", "10x10")
C("[W]", "10x10")
C("(F)", "10x10")


# ---- sanity expectations (board-geometry facts checked by hand) ------------------------------
SANITY = [
    (("W", "8x8", "d4", "white", False, (), ()), ["c4", "d3", "d5", "e4"]),
    (("N", "8x8", "h1", "white", False, (), ()), ["f2", "g3"]),
    (("F", "10x10", "a1", "white", False, (), ()), ["b2"]),
    (("K", "12x10", "l10", "white", False, (), ()), ["k9", "k10", "l9"]),
    (("fN", "10x10", "e5", "black", False, (), ()), ["d3", "f3"]),
    (("ifmnD", "8x8", "d2", "white", False, (), ()), ["d4"]),
    (("ifmnD", "8x8", "d2", "white", True, (), ()), []),
    (("R2", "10x10", "e5", "white", False, (), ()),
     ["c5", "d5", "e3", "e4", "e6", "e7", "f5", "g5"]),
    (("R10", "10x10", "a1", "white", False, (), ()), ["a2", "b1"]),
    (("DD", "10x10", "e5", "white", False, (), ()), []),
]


def sq_key(name):
    return (FILES.index(name[0]), int(name[1:]))


def key_of(c):
    return (c["betza"], c["board"], c["from"], c["side"], c["moved"],
            tuple(sorted(c["friends"], key=sq_key)), tuple(sorted(c["enemies"], key=sq_key)))


def run_case(oracle, c):
    blockers = ",".join([f"{s}:friend" for s in c["friends"]] + [f"{s}:enemy" for s in c["enemies"]])
    cmd = [sys.executable, oracle, c["betza"], "--board", c["board"], "--from", c["from"],
           "--side", c["side"]]
    if blockers:
        cmd += ["--blockers", blockers]
    if c["moved"]:
        cmd.append("--moved")
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    try:
        res = json.loads(p.stdout)
    except json.JSONDecodeError:
        return None, f"unparsable oracle output (exit {p.returncode}): {p.stderr[-300:]}"
    if p.returncode != 0 or not res.get("ok"):
        return None, res.get("error", f"exit {p.returncode}")
    if any("warning" in m for m in res.get("moves", [])):
        return None, "engine moves onto a non-enemy piece"
    dests = sorted(res["destinations"], key=sq_key)
    if set(dests) & set(c["friends"]):
        return None, "destination on a friend"
    if len(set(dests)) != len(dests):
        return None, "duplicate destinations"
    return {"dests": dests, "engine": res.get("engine", "")}, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--oracle", default=DEFAULT_ORACLE)
    ap.add_argument("--visible", default=DEFAULT_VISIBLE)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--jobs", type=int, default=8)
    a = ap.parse_args()

    visible = set()
    if os.path.exists(a.visible):
        with open(a.visible) as fh:
            for line in fh:
                if line.strip():
                    visible.add(key_of(json.loads(line)))

    todo, seen = [], set()
    for c in CASES:
        k = key_of(c)
        if k in seen:
            print(f"duplicate case skipped: {k}", file=sys.stderr)
            continue
        seen.add(k)
        if k in visible:
            print(f"already in fairy-visible, skipped: {k}", file=sys.stderr)
            continue
        todo.append(c)

    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        results = list(ex.map(lambda c: run_case(a.oracle, c), todo))

    rows, got = [], {}
    for c, (res, err) in zip(todo, results):
        if err:
            print(f"dropped {key_of(c)}: {err}", file=sys.stderr)
            continue
        got[key_of(c)] = res["dests"]
        rows.append({
            "id": f"fg-{len(rows) + 1:04d}", "dialect": "fairy", "betza": c["betza"],
            "board": c["board"], "from": c["from"], "side": c["side"], "moved": c["moved"],
            "friends": sorted(c["friends"], key=sq_key), "enemies": sorted(c["enemies"], key=sq_key),
            "destinations": res["dests"], "locust": [],
        })

    bad = 0
    for (betza, board, frm, side, moved, fr, en), want in SANITY:
        k = (betza, board, frm, side, moved, fr, en)
        if got.get(k) != want:
            bad += 1
            print(f"SANITY FAIL {k}: got {got.get(k)}, want {want}", file=sys.stderr)
    if bad:
        return 1

    with open(a.out, "w") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    big = sum(r["board"] in ("10x10", "12x10") for r in rows)
    black = sum(r["side"] == "black" for r in rows)
    mi = sum(r["moved"] or "i" in r["betza"] for r in rows)
    blk = sum(bool(r["friends"] or r["enemies"]) for r in rows)
    print(f"wrote {len(rows)} cases to {a.out} (10x10/12x10: {big}, black: {black}, "
          f"moved/initial: {mi}, with blockers: {blk})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
