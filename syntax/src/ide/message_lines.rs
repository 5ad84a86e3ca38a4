//! A finding's message cut into lines that a list of problems shows whole (VS Code's Problems
//! panel keeps each line of a message on one row and cuts what does not fit at 1280 pixels).

/// The longest line a message keeps when it can be cut where a clause ends: what a hover shows
/// on a line (VS Code's problems above a hover fold at about 70 characters), so that a line
/// folds in neither.
pub const LINE_WIDTH: usize = 72;

/// `message` with each line longer than [`LINE_WIDTH`] characters cut after a clause (`; `, `: `
/// or `, `, never inside a code span or parentheses), as late as the width allows; a line with
/// no such place is kept whole.
pub fn message_lines(message: &str) -> String {
    let mut out = String::with_capacity(message.len() + 8);
    for (index, line) in message.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        let mut rest = line;
        while let Some(cut) = cut_in(rest) {
            out.push_str(rest[..cut].trim_end());
            out.push('\n');
            rest = rest[cut..].trim_start();
        }
        out.push_str(rest);
    }
    out
}

/// Where to cut a line too long to keep: after the last clause end that leaves at most
/// [`LINE_WIDTH`] characters before it, else after the first one; `None` when it fits or has none.
fn cut_in(line: &str) -> Option<usize> {
    if line.chars().count() <= LINE_WIDTH {
        return None;
    }
    let mut in_code = false;
    let mut depth = 0usize;
    let mut last_fitting = None;
    let mut chars = line.char_indices().enumerate().peekable();
    while let Some((count, (at, c))) = chars.next() {
        match c {
            '`' => in_code = !in_code,
            '(' if !in_code => depth += 1,
            ')' if !in_code => depth = depth.saturating_sub(1),
            _ => {}
        }
        let ends_clause = matches!(c, ';' | ':' | ',')
            && !in_code
            && depth == 0
            && chars.peek().is_some_and(|(_, (_, next))| *next == ' ');
        if !ends_clause {
            continue;
        }
        let cut = at + c.len_utf8();
        // Nothing worth a line of its own is left after the cut.
        if line[cut..].trim().chars().count() < 12 {
            break;
        }
        if count < LINE_WIDTH {
            last_fitting = Some(cut);
        } else {
            return last_fitting.or(Some(cut));
        }
    }
    last_fitting
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 42: the longest finding of the corpus (a start position's `~`) is cut after its
    /// clauses, every line within the width, and nothing is lost but the spaces at the cuts.
    #[test]
    fn a_long_message_is_cut_after_its_clauses() {
        let message = "`~` on rank 10 of the start position marks a promoted piece, which only a variant where pieces promote (`promotionPieceTypes`) has: Fairy-Stockfish still places the pieces as written, but its own position check (`validate_fen`, which GUIs and `check` run) rejects the position";
        let lines = message_lines(message);
        assert_eq!(
            lines.split('\n').collect::<Vec<_>>(),
            [
                "`~` on rank 10 of the start position marks a promoted piece,",
                "which only a variant where pieces promote (`promotionPieceTypes`) has:",
                "Fairy-Stockfish still places the pieces as written,",
                "but its own position check (`validate_fen`, which GUIs and `check` run) rejects the position",
            ]
        );
        assert_eq!(lines.replace('\n', " "), message);
    }

    #[test]
    fn a_short_message_and_its_help_line_are_kept_as_they_are() {
        let message = "`z` is not an atom\nRemove `z`: the string becomes `fmW`";
        assert_eq!(message_lines(message), message);
    }

    /// A comma inside a code span is part of the code: `(1,2)` is not cut.
    #[test]
    fn no_cut_inside_a_code_span() {
        let message = format!(
            "{} `a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y` end of it",
            "x".repeat(40)
        );
        assert_eq!(message_lines(&message), message);
    }

    /// A line without a clause end is kept whole rather than cut in a word.
    #[test]
    fn a_line_with_no_clause_end_is_kept_whole() {
        let message = "word ".repeat(40);
        assert_eq!(message_lines(&message), message);
    }
}
