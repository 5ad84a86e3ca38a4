#!/usr/bin/env python3
"""A differential test of the whole-file checks of a variants.ini: real sections, one typical
author mistake each, and what Fairy-Stockfish does with the result (README.md says more).

    FAIRY_STOCKFISH=<engine built in scratch space> python3 generate.py [--jobs N]

needs PyPI `pyffish` (0.0.90), the project's `betza` binary (`cargo build --release -p
betza-server`, or its path in `BETZA`) to pick originals it gives no error, and the engine
built in scratch space (see README.md) for what pyffish does not show (without it, `observed_by` says so).

It writes, beside this script:

* `originals.jsonl`: every candidate original, a section of a real variants file with the
  sections it inherits from in the same file above it, named by the file and the 1-based line
  ranges of its blocks (the files of ../shared/corpus are not copied into the project), with a
  hash of its text, the engine's verdict and its probe positions. An original is `used` when
  pyffish registers each of its sections with a valid start position and `betza check` gives it
  no error.
* `mutations.jsonl`: one line per mutated file: the kind of mistake, the file as pieces of the
  original and literal strings, the mutated range and lines, the blame ranges a finding may
  touch, and what the engine does with it compared with the file the author meant.

Each file is loaded in a fresh process (pyffish keeps every variant it ever loaded, and some
files make it abort). Everything random comes from a fixed seed.
"""

import argparse
import concurrent.futures
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time
import zlib

import pyffish

from engine import differences, engine_answers, engine_differences, load
from mutations import GENERATORS, added_pairs_mutations, piece_mutations
from originals import REPO, SEED, HERE, Original, candidate_originals, standard_betza

# ---------------------------------------------------------------------------------------------
# The project's own verdict on an original

def betza_errors(text):
    binary = os.environ.get("BETZA") or str(REPO / "target/release/betza")
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "variants.ini"
        path.write_bytes(text.encode("utf-8"))
        run = subprocess.run([binary, "check", "--format", "json", str(path)],
                             capture_output=True, text=True)
    findings = json.loads(run.stdout or "[]")
    return [f"{f['code']} {f['line']}: {f['message']}" for f in findings
            if f["severity"] == "error"]


# ---------------------------------------------------------------------------------------------

def pick(candidates, rng, per_kind, total_cap):
    """Up to `per_kind` mutations of each kind, spread over forms and originals."""
    by_kind = {}
    for m in candidates:
        by_kind.setdefault(m.kind, []).append(m)
    chosen = []
    for kind in sorted(by_kind):
        pool = by_kind[kind]
        rng.shuffle(pool)
        by_form = {}
        for m in pool:
            by_form.setdefault(m.form, []).append(m)
        forms = sorted(by_form)
        taken, used_originals, cap = [], {}, per_kind.get(kind, per_kind["*"])
        # Round robin over forms, preferring originals not used yet for this kind.
        while len(taken) < cap and any(by_form.values()):
            for form in forms:
                if len(taken) >= cap:
                    break
                options = by_form[form]
                if not options:
                    continue
                options.sort(key=lambda m: used_originals.get(m.original.id, 0))
                m = options.pop(0)
                used_originals[m.original.id] = used_originals.get(m.original.id, 0) + 1
                taken.append(m)
        chosen += taken
    return chosen


PER_KIND = {"*": 24, "value-comment": 60, "trailing-whitespace": 50, "value-quoted": 30,
            "key-misspelt": 30, "empty-value": 30, "duplicate-key-later": 30,
            "duplicate-key-earlier": 30, "bool-word": 30}


def record_mutation(job):
    m_record, text, original, intended = job
    before = original["observation"]
    probes = before["probes"]
    before_answers = original["answers"]
    if intended is not None:
        before = load(intended, probes)
        before["probes"] = probes
        before_answers = engine_answers(intended, before["registered"] or [])
    observation = load(text, probes, reference=before["sections"])
    played = differences(before, observation, probes)
    answers = engine_answers(text, observation["registered"] or [])
    common = [n for n in before["registered"] if n in (observation["registered"] or [])]
    gui, reading = engine_differences(before_answers, answers, common)
    out = dict(m_record)
    out["crashed"] = observation["crashed"] or False
    seen_in = (["crash"] if observation["crashed"] else []) + \
        (["play"] if [p for p in played if not p.startswith("the engine")] else []) + \
        (["gui"] if gui else []) + (["reading"] if reading else [])
    out["seen_in"] = seen_in
    out["changes"] = bool(seen_in)
    said = played + gui + reading
    more = f"; and {len(said) - 3} more" if len(said) > 3 else ""
    out["effect"] = "; ".join(said[:3]) + more if said else \
        "none: the engine reads it as the original"
    if answers is None:
        out["observed_by"] = "pyffish (no engine build asked)"
    else:
        out["observed_by"] = "pyffish and the engine"
        out["engine_check"] = answers["check"]
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--per-kind", type=int, default=0,
                        help="at most this many mutations of each kind (0: the usual numbers)")
    parser.add_argument("--limit", type=int, default=0,
                        help="candidate originals to try, spread over the files (0: all)")
    args = parser.parse_args()
    started = time.time()
    rng = random.Random(SEED)
    betza = standard_betza()

    # 1. Originals.
    originals = candidate_originals()
    if args.limit:
        step = max(1, len(originals) // args.limit)
        originals = originals[::step][:args.limit]
    print(f"{len(originals)} candidate originals", file=sys.stderr)

    def verdict(original):
        seed = SEED + zlib.crc32(original["id"].encode())
        observation = load(original["text"], None, seed)
        why = []
        if observation["crashed"]:
            why.append(f"crashed ({observation['crashed']})")
        else:
            missing = [s for s in original["sections"] if s not in observation["registered"]]
            if missing:
                why.append("not registered: " + ", ".join(missing))
            for name, seen in observation["sections"].items():
                if seen["start"]["valid"] != pyffish.FEN_OK:
                    why.append(f"start position of {name} invalid")
        errors = betza_errors(original["text"])
        if errors:
            why.append("betza check: " + " | ".join(errors))
        return observation, why

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        verdicts = list(pool.map(verdict, originals))
    used = []
    for original, (observation, why) in zip(originals, verdicts):
        original["observation"] = observation
        original["used"] = not why
        original["why_not"] = why
        if not why:
            used.append(original)
    print(f"{len(used)} originals used ({time.time() - started:.0f} s)", file=sys.stderr)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        answers = pool.map(lambda o: engine_answers(o["text"], o["observation"]["registered"]
                                                    or []), originals)
        for original, answer in zip(originals, answers):
            original["answers"] = answer

    # 2. Mutations.
    candidates = []
    for original in used:
        o = Original(original, {"start_fen": original["observation"]["sections"][
            original["target"]]["start_fen"]})
        orng = random.Random(SEED + zlib.crc32(original["id"].encode()))
        for generate in GENERATORS:
            for m in generate(o, orng):
                if m is not None and m.text != o.text:
                    candidates.append(m)
        for m in list(piece_mutations(o, orng, betza)) + list(added_pairs_mutations(o, orng)):
            if m is not None and m.text != o.text:
                candidates.append(m)
    print(f"{len(candidates)} candidate mutations", file=sys.stderr)
    per_kind = {"*": args.per_kind} if args.per_kind else PER_KIND
    chosen = pick(candidates, rng, per_kind, None)
    chosen.sort(key=lambda m: (m.kind, m.original.id, m.form))
    print(f"{len(chosen)} mutations chosen", file=sys.stderr)

    by_id = {o["id"]: o for o in used}
    jobs = []
    for number, m in enumerate(chosen, 1):
        record = {"id": f"m{number:04}", **m.record()}
        o = by_id[m.original.id]
        jobs.append((record, m.text, o, m.intended))
    done = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for i, result in enumerate(pool.map(record_mutation, jobs), 1):
            done.append(result)
            if i % 100 == 0:
                print(f"{i}/{len(jobs)} recorded ({time.time() - started:.0f} s)",
                      file=sys.stderr)

    # 3. Data.
    with open(HERE / "originals.jsonl", "w") as out:
        for o in originals:
            observation = o["observation"]
            line = {
                "id": o["id"], "source": o["source"], "blocks": o["blocks"],
                "sections": o["sections"], "target": o["target"], "fnv": o["fnv"],
                "bytes": o["bytes"], "used": o["used"] and o in used, "why_not": o["why_not"],
                "crashed": observation["crashed"], "registered": observation["registered"],
                "start_fens": {n: s["start_fen"] for n, s in observation["sections"].items()},
                "start_fens_valid": {n: s["start"]["valid"] == pyffish.FEN_OK
                                     for n, s in observation["sections"].items()},
            }
            if o["answers"] is not None:
                line["engine_check"] = o["answers"]["check"]
            if o in used:
                line["probes"] = observation["probes"]
            out.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
    with open(HERE / "mutations.jsonl", "w") as out:
        for result in done:
            out.write(json.dumps(result, ensure_ascii=False, sort_keys=True) + "\n")
    changes = sum(r["changes"] for r in done)
    print(f"{len(done)} mutations, {changes} change what the engine does, "
          f"{sum(bool(r['crashed']) for r in done)} crash it "
          f"({time.time() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
