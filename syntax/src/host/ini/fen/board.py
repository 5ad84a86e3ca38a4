"""The board field of a FEN as ranks of squares, and back: shared by the recorders of
`builtins.tsv` (../record_builtins.py) and `verdicts.tsv` (record.py)."""


def split_board(placement):
    """The ranks of a board field as lists of squares: "" empty, "*" a wall, else a piece with
    its marks; digit runs read as whole numbers."""
    ranks = []
    for text in placement.split("/"):
        squares, i = [], 0
        while i < len(text):
            ch = text[i]
            if ch.isdigit():
                j = i
                while j < len(text) and text[j].isdigit():
                    j += 1
                squares.extend([""] * int(text[i:j]))
                i = j
            elif ch == "+" and i + 1 < len(text):
                squares.append(text[i : i + 2])
                i += 2
            elif ch == "~" and squares:
                squares[-1] += ch
                i += 1
            else:
                squares.append(ch)
                i += 1
        ranks.append(squares)
    return ranks


def join_board(ranks):
    out = []
    for squares in ranks:
        text, empty = "", 0
        for square in squares:
            if square == "":
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += square
        if empty:
            text += str(empty)
        out.append(text)
    return "/".join(out)
