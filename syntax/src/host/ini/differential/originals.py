"""Originals for the differential test: real sections of variants files with the sections
they inherit from, the tables of what the engine knows (options, built-ins, standard pieces),
and a mutated file as the original with edits (see generate.py)."""

import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[4]
SOURCES = [
    "../shared/corpus/fairy-stockfish-variants.ini",
    "../shared/corpus/pychess-variants.ini",
    "corpus/examples/variants.ini",
]
SEED = 20240601
OPTIONS_TSV = HERE.parent / "options.tsv"
BUILTINS_TSV = HERE.parent / "builtins.tsv"


# ---------------------------------------------------------------------------------------------
# Text helpers

def fnv(data: bytes) -> str:
    """FNV-1a, 64 bits: the Rust test checks the rebuilt text against it."""
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def byte_offset(text, char_index):
    return len(text[:char_index].encode("utf-8"))


def line_bounds(text):
    """(start, end) character offsets of each line of `text`, ends at the `\\n` (excluded)."""
    bounds, start = [], 0
    for i, c in enumerate(text):
        if c == "\n":
            bounds.append((start, i))
            start = i + 1
    bounds.append((start, len(text)))
    return bounds


# ---------------------------------------------------------------------------------------------
# What the engine knows: options, built-ins, standard pieces

def load_options():
    options = {}
    for line in OPTIONS_TSV.read_text().splitlines()[1:]:
        key, kind, _default, deprecated_for, _meaning = line.split("\t")[:5]
        options[key] = {"kind": kind, "deprecated_for": deprecated_for}
    for n in range(1, 26):
        options[f"customPiece{n}"] = {"kind": "King", "deprecated_for": "-"}
    return options


OPTIONS = load_options()
STANDARD_PIECES = [k for k, o in OPTIONS.items() if o["kind"] == "Piece"]
for piece in STANDARD_PIECES + [f"customPiece{n}" for n in range(1, 26)] + ["king"]:
    for colour in ("White", "Black"):
        OPTIONS[f"mobilityRegion{colour}{piece[0].upper()}{piece[1:]}"] = {
            "kind": "Bitboard", "deprecated_for": "-"}

BUILTINS = {}
for line in BUILTINS_TSV.read_text().splitlines()[1:]:
    name, files, ranks, letters, start_fen, _build = line.split("\t")
    BUILTINS[name] = {"letters": letters, "start_fen": start_fen}

WORDS = {
    "Value": ["win", "loss", "draw", "none"],
    "CountingRule": ["makruk", "cambodian", "asean", "none"],
    "MaterialCounting": ["janggi", "unweighted", "whitedrawodds", "blackdrawodds", "none"],
    "ChasingRule": ["axf", "none"],
    "EnclosingRule": ["reversi", "ataxx", "quadwrangle", "snort", "anyside", "top", "none"],
    "WallingRule": ["arrow", "duck", "edge", "past", "static", "none"],
}

# Deprecated keys the engine reads the same as a current one with the same value.
DEPRECATED_SAME_VALUE = {
    "flagRegionWhite": "whiteFlag",
    "flagRegionBlack": "blackFlag",
    "castlingRookPieces": "castlingRookPiece",
    "dropRegionWhite": "whiteDropRegion",
    "dropRegionBlack": "blackDropRegion",
}


def standard_betza():
    """The Betza of each standard piece, from the documentation at the top of the engine's
    variants.ini (`# knight (N)`)."""
    path = REPO / SOURCES[0]
    betza = {}
    if path.exists():
        for m in re.finditer(r"^# (\w+) \(([A-Za-z]*)\)$", path.read_text(), re.M):
            if m.group(1) in OPTIONS and OPTIONS[m.group(1)]["kind"] == "Piece":
                betza[m.group(1)] = m.group(2)
    return betza


NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                "seventeen", "eighteen", "nineteen", "twenty"]
TENS = {30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty",
        90: "ninety", 100: "hundred"}


def number_word(n):
    if 0 <= n < len(NUMBER_WORDS):
        return NUMBER_WORDS[n]
    return TENS.get(n)


# ---------------------------------------------------------------------------------------------
# Originals: real sections with the sections they inherit from

def header_parts(line):
    inner = line[1:].split("]")[0]
    name, _, parent = inner.partition(":")
    return name, (parent if ":" in inner else None)


def split_blocks(text):
    """Each section of a file as a block: the comment lines right above its header (at most
    ten), the header, and its lines to the next block, without trailing blank lines. Line
    numbers are 0-based, `end` excluded."""
    lines = text.split("\n")
    headers = [i for i, line in enumerate(lines) if line.startswith("[")]
    starts = []
    for k, h in enumerate(headers):
        start = h
        floor = headers[k - 1] + 1 if k else 0
        while start - 1 >= floor and lines[start - 1].startswith(("#", ";")):
            start -= 1
        if h - start > 10:
            start = h
        starts.append(start)
    blocks = []
    for k, h in enumerate(headers):
        end = starts[k + 1] if k + 1 < len(headers) else len(lines)
        while end > h + 1 and lines[end - 1].strip() == "":
            end -= 1
        name, parent = header_parts(lines[h])
        blocks.append({"start": starts[k], "header": h, "end": end, "name": name,
                       "parent": parent})
    return lines, blocks


def candidate_originals():
    originals = []
    for source in SOURCES:
        path = REPO / source
        if not path.exists():
            print(f"skipping {source}: not found", file=sys.stderr)
            continue
        text = path.read_bytes().decode("utf-8")
        lines, blocks = split_blocks(text)
        by_name = {}
        for index, block in enumerate(blocks):
            chain, ok, parent = [index], True, block["parent"]
            while parent is not None and parent not in BUILTINS:
                if parent not in by_name:
                    ok = False
                    break
                chain.insert(0, by_name[parent])
                parent = blocks[by_name[parent]]["parent"]
            by_name.setdefault(block["name"], index)
            if not ok:
                continue
            parts = ["\n".join(lines[blocks[i]["start"]:blocks[i]["end"]]) for i in chain]
            original = "\n\n".join(parts) + "\n"
            originals.append({
                "source": source,
                "blocks": [[blocks[i]["start"] + 1, blocks[i]["end"]] for i in chain],
                "sections": [blocks[i]["name"] for i in chain],
                "target": block["name"],
                "text": original,
            })
    for number, original in enumerate(originals, 1):
        original["id"] = f"o{number:03}"
        original["fnv"] = fnv(original["text"].encode("utf-8"))
        original["bytes"] = len(original["text"].encode("utf-8"))
    return originals


class Original:
    def __init__(self, record, registered_probes):
        self.record = record
        self.id = record["id"]
        self.text = record["text"]
        self.lines = self.text.split("\n")
        self.bounds = line_bounds(self.text)
        self.probes = registered_probes
        # Line numbers (0-based) of the blocks in the original text.
        self.blocks = []
        at = 0
        for first, last in record["blocks"]:
            count = last - first + 1
            header = next(i for i in range(at, at + count) if self.lines[i].startswith("["))
            name, parent = header_parts(self.lines[header])
            self.blocks.append({"start": at, "header": header, "end": at + count, "name": name,
                                "parent": parent})
            at += count + 1
        self.target = self.blocks[-1]
        self.entries = [self.entry(i) for i in range(len(self.lines))]

    def entry(self, i):
        line = self.lines[i]
        if not line or line.startswith(("#", ";", "[")) or "=" not in line:
            return None
        eq = line.index("=")
        key = line[:eq].rstrip(" ")
        after = line[eq + 1:]
        value = after.lstrip()
        value_at = eq + 1 + (len(after) - len(value))
        block = next(b for b in self.blocks if b["header"] < i < b["end"])
        return {"line": i, "key": key, "value": value, "value_at": value_at, "block": block,
                "kind": OPTIONS.get(key, {}).get("kind")}

    def target_entries(self):
        return [e for e in self.entries if e and e["block"] is self.target and e["kind"]]

    def chain_entries(self):
        return [e for e in self.entries if e and e["kind"]]

    def last_value(self, key, block=None):
        """The value the engine keeps for `key` in the chain (last line of the nearest block
        that sets it), or None."""
        for b in reversed(self.blocks):
            found = [e for e in self.entries if e and e["block"] is b and e["key"] == key
                     and e["value"]]
            if found:
                return found[-1]
        return None

    def start_fen(self):
        return self.probes["start_fen"]

    def piece_letters(self):
        """Letters of the target's pieces: those of its start position and of the piece keys of
        the chain, and of its built-in parent."""
        letters = set(c.lower() for c in self.start_fen().split(" ")[0] if c.isalpha())
        root = self.blocks[0]["parent"]
        if root in BUILTINS:
            letters |= set(BUILTINS[root]["letters"])
        for e in self.chain_entries():
            if e["kind"] in ("Piece", "King") and e["value"][:1].isalpha():
                letters.add(e["value"][0].lower())
        return letters

    def standard_piece_letters(self):
        """Letter of each standard piece key set in the chain (last value)."""
        out = {}
        for e in self.chain_entries():
            if e["kind"] == "Piece":
                out[e["key"]] = e["value"][:1].lower()
        return out


class Mutation:
    """A mutated file: the original with edits (sorted, not overlapping), or explicit pieces."""

    def __init__(self, original, kind, form, edits=None, pieces=None, blame_lines=(),
                 touched=None, intended_edits=None):
        self.original, self.kind, self.form = original, kind, form
        text = original.text
        # What the author meant, when it is not the original (an added line written right).
        self.intended = None
        if intended_edits is not None:
            self.intended, at = "", 0
            for start, end, literal in sorted(intended_edits):
                self.intended += text[at:start] + literal
                at = end
            self.intended += text[at:]
            self.intended_pieces = intended_edits
        if pieces is None:
            pieces, at = [], 0
            for start, end, literal in sorted(edits):
                pieces.append((at, start))
                pieces.append(literal)
                at = end
            pieces.append((at, len(text)))
        self.pieces = pieces
        self.text = "".join(text[p[0]:p[1]] if isinstance(p, tuple) else p for p in pieces)
        # Where the new text is, in characters of the mutated text.
        changed, at = [], 0
        for p in pieces:
            if isinstance(p, tuple):
                at += p[1] - p[0]
            else:
                changed.append((at, at + len(p)))
                at += len(p)
        if touched is not None:
            changed = [touched(self.text)]
        if edits is not None and not changed:
            changed = [(0, 0)]
        self.changed = changed
        self.blame_lines = list(blame_lines)

    def record(self):
        text = self.text
        bounds = line_bounds(text)

        def line_of(char):
            for number, (s, e) in enumerate(bounds):
                if s <= char <= e:
                    return number
            return len(bounds) - 1

        first = min(line_of(s) for s, _ in self.changed)
        last = max(line_of(max(s, e - 1)) for s, e in self.changed)
        whole = (bounds[first][0], bounds[last][1])
        blame = [whole] + [bounds[line] for line in self.blame_lines_in(text)]
        pieces = []
        for p in self.pieces:
            if isinstance(p, tuple):
                if p[0] == p[1]:
                    continue
                s, e = byte_offset(self.original.text, p[0]), byte_offset(self.original.text, p[1])
                if pieces and isinstance(pieces[-1], list) and pieces[-1][1] == s:
                    pieces[-1][1] = e
                else:
                    pieces.append([s, e])
            elif p:
                pieces.append(p)
        shown = text[whole[0]:whole[1]]
        extra = {}
        if self.intended is not None:
            extra["intended"] = [
                [byte_offset(self.original.text, s), byte_offset(self.original.text, e), lit]
                for s, e, lit in sorted(self.intended_pieces)]
        return {
            **extra,
            "kind": self.kind,
            "form": self.form,
            "original": self.original.id,
            "pieces": pieces,
            "bytes": len(text.encode("utf-8")),
            "fnv": fnv(text.encode("utf-8")),
            "range": [byte_offset(text, whole[0]), byte_offset(text, whole[1])],
            "lines": [first + 1, last + 1],
            "blame": [[byte_offset(text, s), byte_offset(text, e)] for s, e in blame],
            "line": shown if len(shown) <= 160 else shown[:157] + "...",
        }

    def blame_lines_in(self, text):
        """Lines of the mutated text that also carry the blame: given as original line
        numbers, found again by their text (the mutation does not change them)."""
        out = []
        mutated_lines = text.split("\n")
        for line in self.blame_lines:
            wanted = self.original.lines[line]
            # The same line may occur more than once: take the one nearest its old place.
            candidates = [i for i, l in enumerate(mutated_lines) if l == wanted]
            if candidates:
                out.append(min(candidates, key=lambda i: abs(i - line)))
        return out


def replace_line(o, i, new_line, kind, form, blame=()):
    s, e = o.bounds[i]
    return Mutation(o, kind, form, edits=[(s, e, new_line)], blame_lines=blame)


def replace_value(o, entry, new_value, kind, form, blame=()):
    s, _ = o.bounds[entry["line"]]
    start = s + entry["value_at"]
    return Mutation(o, kind, form, edits=[(start, start + len(entry["value"]), new_value)],
                    blame_lines=blame)


def insert_line_after(o, i, new_line, kind, form, blame=()):
    at = o.bounds[i + 1][0] if i + 1 < len(o.bounds) else len(o.text)
    return Mutation(o, kind, form, edits=[(at, at, new_line + "\n")], blame_lines=blame)


def set_line(key, value):
    return f"{key} = {value}"


