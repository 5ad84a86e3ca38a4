"""The kinds of mistake: each generator yields candidate mutations of one original (see
generate.py). A mutation's intent is the original text, unless it says otherwise
(`intended_edits`)."""

import pathlib
import re
import sys

from originals import (BUILTINS, DEPRECATED_SAME_VALUE, OPTIONS, WORDS, Mutation,
                       insert_line_after, number_word, replace_line, replace_value, set_line)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "fen"))
from board import split_board  # noqa: E402


# Each generator yields candidate mutations of one original.

def typo(rng, word):
    forms = []
    for _ in range(20):
        choice = rng.randrange(4)
        i = rng.randrange(1, max(2, len(word) - 1))
        if choice == 0 and i + 1 < len(word):
            w = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        elif choice == 1:
            w = word[:i] + word[i + 1:]
        elif choice == 2:
            w = word[:i] + word[i] + word[i:]
        else:
            w = word[:i] + rng.choice("aeiourstln") + word[i + 1:]
        if w != word and w not in OPTIONS and w not in BUILTINS:
            forms.append(w)
    return forms[0] if forms else None


def key_mutations(o, rng):
    for e in o.target_entries():
        line = o.lines[e["line"]]
        key = e["key"]
        eq = line.index("=")
        rest = line[len(key):]
        misspelt = typo(rng, key)
        if misspelt:
            yield replace_line(o, e["line"], misspelt + rest, "key-misspelt", e["kind"])
        cased = rng.choice([key.lower(), key[0].upper() + key[1:], key.upper()])
        if cased != key and cased not in OPTIONS:
            yield replace_line(o, e["line"], cased + rest, "key-case", e["kind"])
        indent = rng.choice([" ", "  ", "\t", "    "])
        yield replace_line(o, e["line"], indent + line, "key-indented", e["kind"])
        if line[len(key):eq].strip(" ") == "" and not key[:1].isspace():
            yield replace_line(o, e["line"], key + "\t" + line[eq:], "key-tab-before-equals",
                               e["kind"])
        no_equals = rng.choice([f"{key} {e['value']}", f"{key}: {e['value']}"])
        yield replace_line(o, e["line"], no_equals, "line-no-equals", e["kind"])
        if e["value"]:
            yield replace_line(o, e["line"], rng.choice([f"{key} =", f"{key} = ", f"{key}="]),
                               "empty-value", e["kind"])
        if key.startswith("customPiece"):
            number = rng.choice(["26", "26", "27", "0", "30"])
            yield replace_line(o, e["line"], f"customPiece{number}" + rest, "custom-piece-number",
                               number)
        if key in DEPRECATED_SAME_VALUE:
            yield replace_line(o, e["line"], DEPRECATED_SAME_VALUE[key] + rest, "deprecated-key",
                               f"{key} -> {DEPRECATED_SAME_VALUE[key]}")
        if key == "enclosingDrop" and e["value"] == "top":
            yield replace_line(o, e["line"], "dropOnTop = true", "deprecated-key",
                               "enclosingDrop = top -> dropOnTop = true")
        for region, old in (("promotionRegionWhite", "promotionRank"),
                            ("doubleStepRegionWhite", "doubleStepRank")):
            m = re.fullmatch(r"\*(\d+)", e["value"])
            if key == region and m:
                yield replace_line(o, e["line"], f"{old} = {m.group(1)}", "deprecated-key",
                                   f"{region} = *N -> {old} = N")


def other_value(o, e, rng):
    """A value of the same kind as entry `e`'s that differs from it, or None."""
    kind, value = e["kind"], e["value"]
    if kind == "bool":
        return {"true": "false", "false": "true"}.get(value)
    if kind == "int" and re.fullmatch(r"-?\d+", value):
        return str(int(value) + rng.choice([1, 2, 10]))
    if kind == "Rank" and value.isdigit():
        return str(int(value) - 1 if int(value) > 2 else int(value) + 1)
    if kind == "File" and value.isdigit():
        return str(int(value) - 1 if int(value) > 2 else int(value) + 1)
    if kind == "File" and re.fullmatch("[a-l]", value):
        return chr(ord(value) - 1) if value > "b" else chr(ord(value) + 1)
    if kind in WORDS and value in WORDS[kind]:
        return rng.choice([w for w in WORDS[kind] if w != value])
    if kind == "Bitboard" and value != "-":
        tokens = value.split()
        return " ".join(tokens[:-1]) if len(tokens) > 1 else "-"
    if kind in ("PieceSet",) and value not in ("-", "*") and len(value) > 1:
        return value[:-1].rstrip()
    if kind == "King" and ":" in value:
        return value.split(":")[0] + ":" + rng.choice(["WF", "K", "N"])
    if kind in ("PieceValues", "PieceCounts") and re.search(r"\d", value):
        return re.sub(r"\d+", lambda m: str(int(m.group()) + 1), value, count=1)
    return None


def duplicate_mutations(o, rng):
    for e in o.target_entries():
        other = other_value(o, e, rng)
        if other is None or other == e["value"]:
            continue
        line = set_line(e["key"], other)
        last_line = o.target["end"] - 1
        yield insert_line_after(o, last_line, line, "duplicate-key-later", e["kind"],
                                blame=[e["line"]])
        yield insert_line_after(o, o.target["header"], line, "duplicate-key-earlier", e["kind"],
                                blame=[e["line"]])


COMMENTS = [" # see the rules", "  # as in the original", " # TODO", "\t# default", " ; note",
            " #"]


def value_mutations(o, rng):
    for e in o.target_entries():
        kind, value, key = e["kind"], e["value"], e["key"]
        if not value:
            continue
        form = kind
        trailing = value + rng.choice([" ", "  ", "\t", "\t ", " \t"])
        line = o.lines[e["line"]]
        if rng.random() < 0.3 and line[e["value_at"] - 1] == " ":
            # `maxRank =\t6\t`: a tab after the `=` too.
            s_, _ = o.bounds[e["line"]]
            at = s_ + e["value_at"]
            yield Mutation(o, "trailing-whitespace", form,
                           edits=[(at - 1, at + len(value), "\t" + trailing)])
        else:
            yield replace_value(o, e, trailing, "trailing-whitespace", form)
        yield replace_value(o, e, value + rng.choice(COMMENTS), "value-comment", form)
        quote = rng.choice(['"', "'"])
        yield replace_value(o, e, quote + value + quote, "value-quoted", form)
        if kind == "bool" and value in ("true", "false"):
            word = rng.choice({"true": ["yes", "True", "1", "on", "TRUE"],
                               "false": ["no", "False", "0", "off", "FALSE"]}[value])
            yield replace_value(o, e, word, "bool-word", value)
        if kind in ("int", "Rank", "File") and value.isdigit():
            word = number_word(int(value))
            if word:
                yield replace_value(o, e, rng.choice([word, word.capitalize()]), "number-word",
                                    kind)
        if kind == "File":
            if re.fullmatch("[a-l]", value):
                yield replace_value(o, e, value.upper(), "file-uppercase", "letter")
            elif value.isdigit() and 1 <= int(value) <= 12:
                yield replace_value(o, e, chr(ord("A") + int(value) - 1), "file-uppercase",
                                    "number")
        if kind in WORDS and value in WORDS[kind]:
            yield replace_value(o, e, rng.choice([value.capitalize(), value.upper()]),
                                "word-value-case", kind)
        if kind == "Bitboard" and value != "-":
            tokens = value.split()
            if len(tokens) >= 2:
                yield replace_value(o, e, rng.choice([",", ", "]).join(tokens),
                                    "square-list-commas", key)
            i = rng.randrange(len(tokens))
            t = tokens[i]
            bad = []
            if t[0].isalpha():
                bad.append(t[0].upper() + t[1:])
                bad.append("m" + t[1:])
            if t[1:].isdigit():
                bad.append(t[0] + "0")
                bad.append(t[0] + "11")
                bad.append(t[1:] + t[0])
            if bad:
                tokens2 = tokens[:i] + [rng.choice(bad)] + tokens[i + 1:]
                yield replace_value(o, e, " ".join(tokens2), "bad-square",
                                    "first" if i == 0 else "later")
        if kind in ("PieceSet", "PieceType") and value not in ("-", "*"):
            strangers = sorted(set("abcdefghijklmnopqrstuvwxyz") - o.piece_letters())
            if strangers:
                letter = rng.choice(strangers)
                i = rng.randrange(len(value) + 1)
                yield replace_value(o, e, value[:i] + letter + value[i:],
                                    "piece-list-unknown-letter",
                                    f"{kind} {'first' if i == 0 else 'later'}")
            letters = [c for c in value if c.isalpha()]
            if kind == "PieceSet" and len(letters) >= 2 and " " not in value:
                yield replace_value(o, e, rng.choice([",", ", "]).join(letters),
                                    "piece-list-commas", key)
                yield replace_value(o, e, " ".join(letters), "piece-list-spaces", key)
            if kind == "PieceType" and len(letters) == 1:
                others = sorted(o.piece_letters() - {value.lower()})
                if others:
                    other = rng.choice(others)
                    if rng.random() < 0.5:
                        yield replace_value(o, e, value + other, "piece-type-several",
                                            "other last")
                    else:
                        yield replace_value(o, e, other + value, "piece-type-several",
                                            "own last")
        if kind in ("PieceValues", "PieceCounts", "PiecePieces") and ":" in value:
            pairs = value.split()
            i = rng.randrange(len(pairs))
            if ":" in pairs[i]:
                sep = rng.choice([" ", "=", ": "])
                pairs2 = pairs[:i] + [pairs[i].replace(":", sep, 1)] + pairs[i + 1:]
                yield replace_value(o, e, " ".join(pairs2), "pairs-format",
                                    f"{kind} `{sep.strip() or 'space'}`")
            if len(pairs) >= 2:
                yield replace_value(o, e, ", ".join(pairs), "pairs-format", f"{kind} commas")


def added_pairs_mutations(o, rng):
    """A `pieceValueMg`, `pieceValueEg` or `promotionLimit` line the original does not have,
    written with a slip; what the author meant is the line written right."""
    board = o.start_fen().split(" ")[0].split("[")[0]
    letters = sorted(set(c.lower() for c in board if c.isalpha()) - {"k"})
    if not letters:
        return
    header = o.target["header"]
    at = o.bounds[header + 1][0] if header + 1 < len(o.bounds) else len(o.text)
    for key in ("pieceValueMg", "pieceValueEg", "promotionLimit"):
        if any(e["key"] == key for e in o.chain_entries()):
            continue
        chosen = rng.sample(letters, min(len(letters), rng.choice([1, 2, 3])))
        numbers = [str(rng.choice([1, 2])) if key == "promotionLimit"
                   else str(rng.choice([150, 300, 500, 800, 1200])) for _ in chosen]
        right = " ".join(f"{l}:{n}" for l, n in zip(chosen, numbers))
        sep = rng.choice([" ", "=", ": "] + ([","] if len(chosen) > 1 else []))
        if sep == ",":
            wrong = ", ".join(f"{l}:{n}" for l, n in zip(chosen, numbers))
        else:
            wrong = " ".join(f"{l}{sep}{n}" for l, n in zip(chosen, numbers))
        yield Mutation(o, "pairs-format", f"{key} added, `{sep.strip() or 'space'}`",
                       edits=[(at, at, f"{key} = {wrong}\n")],
                       intended_edits=[(at, at, f"{key} = {right}\n")])


def piece_mutations(o, rng, betza):
    letters = o.piece_letters()
    standard = o.standard_piece_letters()
    for e in o.target_entries():
        key, value, kind = e["key"], e["value"], e["kind"]
        if kind == "Piece" and value[:1].isalpha():
            letter = value[0]
            yield replace_value(o, e, letter.upper() if letter.islower() else letter.lower(),
                                "piece-letter-case", "standard")
            if key in betza:
                yield replace_value(o, e, f"{letter}:{betza[key]}", "standard-with-betza",
                                    "its own Betza")
            # With another Betza the text asks for a piece that moves so: what is meant is a
            # custom piece with that letter and Betza.
            tail = rng.choice(["s", "W", "WF", "mfW"])
            used = {e2["key"] for e2 in o.chain_entries()}
            free = next((n for n in range(1, 26) if f"customPiece{n}" not in used), None)
            if free is not None:
                s_, end = o.bounds[e["line"]]
                start = s_ + e["value_at"]
                yield Mutation(o, "standard-with-betza", "another Betza",
                               edits=[(start, start + len(value), f"{letter}:{tail}")],
                               intended_edits=[(s_, end, f"customPiece{free} = {letter}:{tail}")])
            others = sorted((k, l) for k, l in standard.items() if k != key and l != letter)
            if others:
                other_key, other_letter = rng.choice(others)
                blame = [x["line"] for x in o.chain_entries() if x["key"] == other_key]
                yield replace_value(o, e, other_letter, "two-builtins-one-letter",
                                    f"{key} takes {other_key}'s", blame=blame)
        if kind == "King" and key.startswith("customPiece") and re.match(r"^[A-Za-z]:", value):
            letter, body = value[0], value[2:]
            yield replace_value(o, e, letter.upper() + ":" + body if letter.islower()
                                else letter.lower() + ":" + body, "piece-letter-case", "custom")
            if body:
                yield replace_value(o, e, letter + body, "custom-without-colon", "letter+betza")
                yield replace_value(o, e, letter, "custom-without-colon", "letter only")
                if len(body) >= 2:
                    i = rng.randrange(1, len(body))
                    yield replace_value(o, e, f"{letter}:{body[:i]} {body[i:]}", "betza-space",
                                        "inside")
            taken = sorted((k, l) for k, l in standard.items() if l != letter.lower())
            root = o.blocks[0]["parent"]
            inherited = sorted(set(BUILTINS[root]["letters"]) - {"k"} - {letter.lower()}) \
                if root in BUILTINS else []
            choices = [("key", k, l) for k, l in taken] + [("builtin", None, l) for l in inherited]
            if choices:
                how, other_key, other_letter = rng.choice(choices)
                blame = [x["line"] for x in o.chain_entries() if x["key"] == other_key]
                yield replace_value(o, e, other_letter + value[1:], "custom-builtin-letter",
                                    "clashes with " + (other_key or f"inherited `{other_letter}`"),
                                    blame=blame)
        if key == "king":
            yield replace_value(o, e, value[:1] + ":", "king-empty-betza", "king line")
    # A king written as `k:` where the section keeps its parent's king.
    if not any(e["key"] == "king" for e in o.chain_entries()) and "k" in letters:
        yield insert_line_after(o, o.target["header"], "king = k:", "king-empty-betza",
                                "added line")


def header_mutations(o, rng):
    t = o.target
    i = t["header"]
    line = o.lines[i]
    name, parent = t["name"], t["parent"]
    close = line.index("]")
    if parent:
        misspelt = typo(rng, parent)
        if misspelt:
            yield replace_line(o, i, f"[{name}:{misspelt}]" + line[close + 1:], "parent-misspelt",
                               "built-in" if parent in BUILTINS else "in file")
        spaced = rng.choice([f"[{name}: {parent}]", f"[{name} : {parent}]",
                             f"[{name}:{parent} ]"])
        yield replace_line(o, i, spaced + line[close + 1:], "parent-spaces", "")
    builtin = parent if parent in BUILTINS else rng.choice(sorted(BUILTINS))
    yield replace_line(o, i, line.replace(f"[{name}", f"[{builtin}", 1), "name-builtin",
                       "parent's name" if builtin == parent else "another built-in")
    if len(o.blocks) > 1:
        earlier = o.blocks[-2]
        yield replace_line(o, i, line.replace(f"[{name}", f"[{earlier['name']}", 1),
                           "name-earlier", "parent's name" if earlier["name"] == parent
                           else "an earlier section", blame=[earlier["header"]])
        # The parent block moved below the child.
        pb = o.blocks[-2]
        s = o.bounds[pb["start"]][0]
        e = o.bounds[pb["end"] - 1][1]
        ts = o.bounds[t["start"]][0]
        te = o.bounds[t["end"] - 1][1]
        pieces = [(0, s), (ts, te), "\n\n", (s, e), (te, len(o.text))]
        yield Mutation(o, "parent-later", "parent block below", pieces=pieces,
                       blame_lines=[i, pb["header"]],
                       touched=lambda text, i=i, o=o: _line_range(text, o.lines[i]))
    yield replace_line(o, i, line[:close] + line[close + 1:], "header-unclosed", "")
    yield replace_line(o, i, rng.choice([" ", "  ", "\t"]) + line, "header-indented", "")
    yield replace_line(o, i, line + rng.choice(["  # variant", " ; v1", "\t"]),
                       "header-trailing", "")
    # The header line deleted: the keys go to the section above, or nowhere.
    s, e = o.bounds[i]
    prev = [o.blocks[-2]["header"]] if len(o.blocks) > 1 else []
    yield Mutation(o, "no-header", "after a section" if prev else "first section",
                   edits=[(s, e + 1, "")], blame_lines=prev)


def _line_range(text, line):
    at = text.index(line)
    return (at, at + len(line))


def file_mutations(o, rng):
    first_line = o.lines[0]
    yield Mutation(o, "byte-order-mark", "before the header" if first_line.startswith("[")
                   else "before a comment", edits=[(0, 0, "\ufeff")])
    # The same before the header, when comments come first: they are left out.
    header = o.blocks[0]["header"]
    if header > 0:
        hs = o.bounds[header][0]
        yield Mutation(o, "byte-order-mark", "before the header", edits=[(0, hs, "\ufeff")],
                       intended_edits=[(0, hs, "")])
    # Keys of the first section moved above its header.
    first = o.blocks[0]
    keys = [e for e in o.entries if e and e["block"] is first and e["kind"]]
    if keys:
        e = keys[0]
        hs = o.bounds[first["header"]][0]
        ks, ke = o.bounds[e["line"]]
        pieces = [(0, hs), (ks, ke + 1), (hs, ks), (ke + 1, len(o.text))]
        yield Mutation(o, "keys-before-header", e["kind"], pieces=pieces,
                       blame_lines=[first["header"]],
                       touched=lambda text, line=o.lines[e["line"]]: _line_range(text, line))
    # One line ended by a carriage return alone.
    entries = o.target_entries()
    if entries:
        e = rng.choice(entries)
        _, end = o.bounds[e["line"]]
        if end < len(o.text) - 1:
            yield Mutation(o, "cr-line-ending", e["kind"], edits=[(end, end + 1, "\r")])
    newlines = [i for i, c in enumerate(o.text) if c == "\n"]
    yield Mutation(o, "cr-only-file", "", edits=[(i, i + 1, "\r") for i in newlines],
                   touched=lambda text: (0, len(text)))
    yield Mutation(o, "crlf-file", "", edits=[(i, i, "\r") for i in newlines],
                   touched=lambda text: (0, len(text)))
    comments = [i for i in range(o.target["start"], o.target["end"])
                if o.lines[i].startswith("#")]
    if comments:
        i = rng.choice(comments)
        yield replace_line(o, i, rng.choice([" ", "  ", "\t"]) + o.lines[i], "comment-indented",
                           "with =" if "=" in o.lines[i] else "without =")


def rank_cells(rank):
    """A FEN rank as a list of cells: a piece (with `+`/`~`) or None for an empty square (the
    board splitter the other recorders share, fen/board.py)."""
    return [cell or None for cell in split_board(rank)[0]]


def encode_rank(cells):
    out, empty = "", 0
    for c in cells:
        if c is None:
            empty += 1
        else:
            if empty:
                out += str(empty)
                empty = 0
            out += c
    return out + (str(empty) if empty else "")


def fen_mutations(o, rng):
    own = o.last_value("startFen")
    own = own if own and own["block"] is o.target else None
    fen = own["value"] if own else o.start_fen()
    fields = fen.split(" ")
    board = fields[0]
    pocket = ""
    if "[" in board:
        board, pocket = board[:board.index("[")], board[board.index("["):]
    ranks = board.split("/")
    if any(c in board for c in "*"):
        return

    def emit(new_fen, kind, form, blame=()):
        if own:
            return replace_value(o, own, new_fen, kind, form + " (own startFen)", blame=blame)
        return insert_line_after(o, o.target["header"], set_line("startFen", new_fen), kind,
                                 form + " (inherited start written out)", blame=blame)

    def rebuild(new_ranks, rest=None):
        return "/".join(new_ranks) + pocket + (" " + " ".join(rest if rest is not None
                                                              else fields[1:]) if len(fields) > 1 else "")

    empties = [i for i, r in enumerate(ranks) if all(c is None for c in rank_cells(r))]
    if empties:
        i = rng.choice(empties)
        yield emit(rebuild(ranks[:i] + [ranks[i]] + ranks[i:]), "fen-rank-extra", "empty rank")
        yield emit(rebuild(ranks[:i] + ranks[i + 1:]), "fen-rank-missing", "empty rank")
    else:
        i = rng.randrange(len(ranks))
        yield emit(rebuild(ranks[:i] + [ranks[i]] + ranks[i:]), "fen-rank-extra", "a rank twice")
    strangers = sorted(set("abcdefghijklmnopqrstuvwxyz") - o.piece_letters())
    occupied = [(i, j) for i, r in enumerate(ranks) for j, c in enumerate(rank_cells(r))
                if c and len(c) == 1]
    if strangers and occupied:
        i, j = rng.choice(occupied)
        cells = rank_cells(ranks[i])
        letter = rng.choice(strangers)
        cells[j] = letter.upper() if cells[j].isupper() else letter
        yield emit(rebuild(ranks[:i] + [encode_rank(cells)] + ranks[i + 1:]),
                   "fen-unknown-letter", "replaces a piece")
    if "K" in board and "k" in board:
        side = rng.choice(["K", "k", "Kk"])
        new = [encode_rank([None if c and c in side and len(c) == 1 else c
                            for c in rank_cells(r)]) for r in ranks]
        yield emit(rebuild(new), "fen-no-king", {"K": "white", "k": "black", "Kk": "both"}[side])
    if len(fields) > 1 and fields[1] in ("w", "b"):
        bad = rng.choice([fields[1].upper(), "white" if fields[1] == "w" else "black", "x"])
        yield emit(rebuild(ranks, [bad] + fields[2:]), "fen-side", bad)
    if len(fields) > 2 and re.fullmatch(r"[KQkqA-La-l]+", fields[2]):
        c = fields[2]
        bad = rng.choice([c + "x", "-" + c] + ([c[::-1]] if c[::-1] != c else []))
        yield emit(rebuild(ranks, [fields[1], bad] + fields[3:]), "fen-castling", "")
    if len(fields) > 1:
        yield emit(board + pocket, "fen-board-only", "")
    # A piece removed while the start position keeps it.
    used = set(c for c in board if c.isalpha())
    removable = []
    for e in o.chain_entries():
        if e["kind"] in ("Piece", "King") and e["key"] != "king" and e["value"][:1].isalpha():
            if e["value"][0].lower() in used or e["value"][0].upper() in used:
                removable.append(e["key"])
    root = o.blocks[0]["parent"]
    names = {"p": "pawn", "n": "knight", "b": "bishop", "r": "rook", "q": "queen"}
    if root in ("chess", "crazyhouse", "normal"):
        for letter, key in names.items():
            if (letter in used or letter.upper() in used) and key not in removable \
                    and not any(x["key"] == key for x in o.chain_entries()):
                removable.append(key)
    if removable:
        key = rng.choice(sorted(removable))
        blame = [own["line"]] if own else []
        fen_line = o.last_value("startFen")
        if fen_line and not own:
            blame = [fen_line["line"]]
        yield insert_line_after(o, o.target["end"] - 1, set_line(key, "-"), "fen-removed-piece",
                                key, blame=blame)


GENERATORS = [key_mutations, duplicate_mutations, value_mutations, header_mutations,
              file_mutations, fen_mutations]


