//! How Fairy-Stockfish reads a value of each kind (parser.cpp 31–238): numbers as a C++ stream
//! reads them, words compared whole, regions word by word, and what it reads otherwise than
//! written, with what to write instead (notes V10–V14, V21).

use super::options::{MAX_FILES, MAX_RANKS, ValueKind, edit_distance, quoted_words};
use crate::Severity;

/// How the engine misreads a value or a start position, when it does not read it as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misreading {
    /// An error where the engine does something other than the text says; a warning where it
    /// reads what was meant but its own `check` complains.
    pub severity: Severity,
    pub message: String,
    /// What to write instead, in words.
    pub help: String,
    /// The bytes of the value (or start position) at fault.
    pub range: std::ops::Range<usize>,
    /// The value that says what was meant, where it is known.
    pub instead: Option<String>,
}

/// The number at the start of `value` as a C++ stream reads an `int` (the engine's `ss >> i`,
/// parser.cpp 31–43): a sign and digits after leading whitespace, the rest ignored; `None`
/// when there is no number, which fails the stream (the engine then keeps 0).
pub fn leading_number(value: &str) -> Option<i64> {
    let value = value.trim_start();
    let sign = usize::from(value.starts_with(['-', '+']));
    let digits = value[sign..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(value.len(), |end| sign + end);
    value[..digits].parse::<i64>().ok()
}

/// A rank count as the engine reads it (parser.cpp 38–44).
pub fn read_ranks(value: &str) -> Option<i64> {
    leading_number(value)
}

/// A file count as the engine reads it (parser.cpp 46–61): a number when the value starts with
/// a digit, else its first character as a file letter (`a` is 1), which an upper-case letter
/// turns negative.
pub fn read_files(value: &str) -> Option<i64> {
    let first = value.trim_start().chars().next()?;
    if first.is_ascii_digit() {
        leading_number(value)
    } else {
        Some(i64::from(u32::from(first)) - i64::from(b'a') + 1)
    }
}

/// Numbers written as words, which the engine reads as 0.
const NUMBER_WORDS: [&str; 13] = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
];

/// The closest of `words` to `value`, when one is near enough to be a slip.
fn nearest_word<'w>(words: &[&'w str], value: &str) -> Option<&'w str> {
    let folded = value.trim().to_ascii_lowercase();
    words
        .iter()
        .map(|w| (edit_distance(w, &folded), *w))
        .filter(|(distance, w)| *distance <= (w.len() / 3).max(1))
        .min()
        .map(|(_, w)| w)
}

impl Misreading {
    /// An error over the whole value: the engine does something other than the text says.
    fn error(value: &str, message: String, help: String, instead: Option<String>) -> Misreading {
        Misreading {
            severity: Severity::Error,
            message,
            help,
            range: 0..value.len(),
            instead,
        }
    }

    /// A warning over the whole value: it is read as meant, `instead`, but the engine's own
    /// check complains.
    fn warning(value: &str, message: String, instead: &str) -> Misreading {
        Misreading {
            severity: Severity::Warning,
            message,
            help: format!("write `{instead}`"),
            range: 0..value.len(),
            instead: Some(instead.to_owned()),
        }
    }
}

/// How the engine misreads `value` (as it keeps it, trailing whitespace included) of option
/// `key`, of `kind`, if it does. Piece letters are checked against the variant's pieces
/// elsewhere; here only their form.
pub fn misreading(key: &str, kind: ValueKind, value: &str) -> Option<Misreading> {
    // Quoted by its ends when long: a value may be thousands of characters.
    let shown = crate::quote::shortened(value.trim_end());
    // Only the board's own size drops the variant when too large, or breaks it when no number.
    let sizes_board = matches!(key, "maxRank" | "maxFile");
    match kind {
        ValueKind::Bool if value != "true" && value != "false" => {
            Some(bool_misreading(value, &shown))
        }
        ValueKind::Int if leading_number(value).is_none() => Some(int_misreading(value, &shown)),
        ValueKind::Rank => rank_misreading(value, &shown, sizes_board),
        ValueKind::File => file_misreading(value, &shown, sizes_board),
        ValueKind::Word(words) if !words.contains(&value) => {
            Some(word_misreading(words, value, &shown))
        }
        ValueKind::Bitboard => bitboard_misreading(value),
        _ => None,
    }
}

/// A boolean other than exactly `true` or `false`, which the engine reads as `false`.
fn bool_misreading(value: &str, shown: &str) -> Misreading {
    let trimmed = value.trim_end();
    let meant = match trimmed.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" | "y" | "t" => Some("true"),
        "false" | "no" | "off" | "0" | "n" | "f" => Some("false"),
        _ if trimmed.starts_with("true") => Some("true"),
        _ if trimmed.starts_with("false") => Some("false"),
        _ => None,
    };
    // Anything but exactly `true` is false: `False` is read as what it says, and only the
    // engine's own check calls it invalid.
    if meant == Some("false") {
        let message = format!(
            "`{shown}` is read as `false`, as meant, but Fairy-Stockfish takes only exactly \
             `true` or `false`, and its own check reports this value as invalid"
        );
        return Misreading::warning(value, message, "false");
    }
    let why = if trimmed != value {
        " (the whitespace after it counts)"
    } else if value.contains(['#', ';']) {
        " (there are no comments after a value)"
    } else {
        ""
    };
    Misreading::error(
        value,
        format!(
            "`{shown}` is read as `false`: Fairy-Stockfish takes exactly `true` or `false`{why}"
        ),
        match meant {
            Some(word) => format!("write `{word}`"),
            None => "write `true` or `false`".to_owned(),
        },
        meant.map(str::to_owned),
    )
}

/// A number with no digits at its start, which the engine reads as 0.
fn int_misreading(value: &str, shown: &str) -> Misreading {
    let word = value
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let said = NUMBER_WORDS.iter().position(|w| *w == word);
    let instead = said.map(|n| n.to_string());
    match said {
        // A word for 0 is read as what it says; only the engine's check complains.
        Some(0) => {
            let message = format!(
                "`{shown}` is read as 0, as it says, but Fairy-Stockfish expects digits and its \
                 own check reports the value as invalid"
            );
            Misreading::warning(value, message, "0")
        }
        _ => Misreading::error(
            value,
            format!("`{shown}` is read as 0: Fairy-Stockfish expects a number in digits"),
            match &instead {
                Some(n) => format!("write `{n}`"),
                None => "write a whole number (digits, with `-` for a negative one)".to_owned(),
            },
            instead,
        ),
    }
}

/// What a board with no squares adds to a size that is no number, when the key sizes it.
fn no_squares(sizes_board: bool) -> &'static str {
    if sizes_board {
        ", and the board it makes has no squares (no position is legal)"
    } else {
        ""
    }
}

/// A rank past the largest board, or no rank at all.
fn rank_misreading(value: &str, shown: &str, sizes_board: bool) -> Option<Misreading> {
    let most = i64::from(MAX_RANKS);
    let help = format!("write a number from 1 to {MAX_RANKS}");
    match read_ranks(value) {
        Some(rank) if (1..=most).contains(&rank) => None,
        Some(rank) if rank > most => {
            let message = if sizes_board {
                format!(
                    "{rank} ranks are more than Fairy-Stockfish's largest board ({MAX_RANKS}): \
                     the variant is dropped without a word"
                )
            } else {
                format!(
                    "rank {rank} is past the last rank of Fairy-Stockfish's largest board ({MAX_RANKS})"
                )
            };
            Some(Misreading::error(value, message, help, None))
        }
        _ => {
            let message = format!(
                "`{shown}` is no rank: Fairy-Stockfish expects a number from 1 to {MAX_RANKS}{}",
                no_squares(sizes_board)
            );
            Some(Misreading::error(value, message, help, None))
        }
    }
}

/// A file count read as a letter it did not mean, past the largest board, or no file at all.
fn file_misreading(value: &str, shown: &str, sizes_board: bool) -> Option<Misreading> {
    let most = i64::from(MAX_FILES);
    let last = char::from(b'a' + MAX_FILES - 1);
    let help = format!("write a number from 1 to {most}, or a lower-case letter from a to {last}");
    let first = value.trim_start().chars().next().unwrap_or(' ');
    let rest = value.trim_start()[first.len_utf8()..].trim();
    match read_files(value) {
        // A letter reads one character: `five` is the file `f`.
        Some(file)
            if (1..=most).contains(&file)
                && first.is_ascii_alphabetic()
                && !rest.is_empty()
                && !rest.starts_with(['#', ';']) =>
        {
            let word = value.trim().to_ascii_lowercase();
            let instead = NUMBER_WORDS
                .iter()
                .position(|w| *w == word)
                .map(|n| n.to_string());
            let message = format!(
                "`{shown}` is read as the file letter `{first}`, {file} files: Fairy-Stockfish \
                 reads one letter or a number"
            );
            Some(Misreading::error(value, message, help, instead))
        }
        Some(file) if (1..=most).contains(&file) => None,
        Some(file) if file > most && sizes_board => {
            let message = format!(
                "`{shown}` is {file} files, more than Fairy-Stockfish's largest board ({most}, \
                 {last}): the variant is dropped without a word"
            );
            Some(Misreading::error(value, message, help, None))
        }
        _ => {
            let lower = value.trim().to_ascii_lowercase();
            let instead = (lower.len() == 1
                && read_files(&lower).is_some_and(|f| (1..=most).contains(&f)))
            .then_some(lower);
            let message = format!(
                "`{shown}` is no file count: Fairy-Stockfish expects a number from 1 to {most} \
                 or a lower-case letter from a to {last}{}",
                no_squares(sizes_board)
            );
            Some(Misreading::error(value, message, help, instead))
        }
    }
}

/// A word the option does not know, which the engine reads as `none`.
fn word_misreading(words: &[&str], value: &str, shown: &str) -> Misreading {
    let meant = nearest_word(words, value);
    // Anything unknown is `none`, so a `none` however written is read as it says.
    let first = value.split_whitespace().next().unwrap_or("");
    if first.eq_ignore_ascii_case("none") {
        let message = format!(
            "`{shown}` is read as `none`, as it says, but Fairy-Stockfish knows only the exact \
             word, and its own check reports the value as invalid"
        );
        return Misreading::warning(value, message, "none");
    }
    let why = if words.contains(&value.trim_end()) {
        " (the whitespace after it counts)"
    } else {
        ""
    };
    Misreading::error(
        value,
        format!(
            "`{shown}` is read as `none`: Fairy-Stockfish knows {}{why}",
            quoted_words(words)
        ),
        match meant {
            Some(word) => format!("write `{word}`"),
            None => format!("write one of {}", quoted_words(words)),
        },
        meant.map(str::to_owned),
    )
}

/// What Fairy-Stockfish makes of `value` of `kind`, in words two values can be compared by: a
/// boolean, a number or a word as the engine reads it, anything else as written (less the
/// whitespace after it).
pub fn reading(kind: ValueKind, value: &str) -> String {
    match kind {
        ValueKind::Bool => (value == "true").to_string(),
        ValueKind::Int => leading_number(value).unwrap_or(0).to_string(),
        ValueKind::Rank => read_ranks(value).unwrap_or(0).to_string(),
        ValueKind::File => read_files(value).unwrap_or(0).to_string(),
        ValueKind::Word(words) if !words.contains(&value) => "none".to_owned(),
        _ => value.trim_end().to_owned(),
    }
}

/// What Fairy-Stockfish reads `value` of `kind` as, when that is not the text itself: a
/// boolean, a number or a word it does not know.
pub fn read_as(kind: ValueKind, value: &str) -> Option<String> {
    let read = match kind {
        ValueKind::Bool => (value == "true").to_string(),
        ValueKind::Int => leading_number(value).unwrap_or(0).to_string(),
        ValueKind::Word(words) if !words.contains(&value) => "none".to_owned(),
        _ => return None,
    };
    (read != value).then_some(read)
}

/// Whether `value` of `maxRank` or `maxFile` makes the engine drop the variant.
pub fn drops_variant(key: &str, value: &str) -> bool {
    match key {
        "maxRank" => read_ranks(value).is_some_and(|n| n > i64::from(MAX_RANKS)),
        "maxFile" => read_files(value).is_some_and(|n| n > i64::from(MAX_FILES)),
        _ => false,
    }
}

/// A region's words are read in order (parser.cpp 126–154): a square (`e4`), a file (`e*`) or
/// a rank (`*4`), whose number is read as far as it goes; the first word it cannot read ends
/// the region, keeping the squares before; `-` ends it too; a word whose number is no number
/// (`a*8`, `*x`) makes the engine abort.
fn bitboard_misreading(value: &str) -> Option<Misreading> {
    let mut at = 0;
    let mut kept: Vec<&str> = Vec::new();
    // Where the first square with punctuation after it stands.
    let mut punctuation: Option<usize> = None;
    for word in value.split_whitespace() {
        let start = at + value[at..].find(word).unwrap_or(0);
        at = start + word.len();
        if word == "-" {
            return None;
        }
        match square_word(value, (word, start), &kept)? {
            SquareWord::Read(read) => kept.push(read),
            SquareWord::BeforePunctuation(read) => {
                kept.push(read);
                punctuation.get_or_insert(start);
            }
            SquareWord::Misread(misreading) => return Some(misreading),
        }
    }
    punctuation.map(|start| Misreading {
        severity: Severity::Warning,
        message: "Fairy-Stockfish reads each square's number as far as it goes and drops the \
                  punctuation after it: the squares are read as meant, but a comma that touches \
                  the next square (`e5,e6`) would lose it"
            .to_owned(),
        help: "separate squares with spaces only".to_owned(),
        range: start..value.len(),
        instead: Some(
            value
                .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" "),
        ),
    })
}

/// How the engine reads one word of a list of squares.
enum SquareWord<'w> {
    /// As written, or the square it names read as meant.
    Read(&'w str),
    /// The square before punctuation the engine drops.
    BeforePunctuation(&'w str),
    /// Otherwise; the engine stops reading the list there.
    Misread(Misreading),
}

/// How the engine reads `word` of a list of squares `value`, starting at byte `start`, after
/// the squares `kept`; `None` when it reads no square at all.
fn square_word<'w>(
    value: &str,
    (word, start): (&'w str, usize),
    kept: &[&str],
) -> Option<SquareWord<'w>> {
    let mut chars = word.chars();
    let head = chars.next()?;
    let rest = chars.as_str();
    let number = leading_number(rest);
    let is_file =
        |c: char| ('a'..=char::from(b'a' + MAX_FILES - 1)).contains(&c.to_ascii_lowercase());
    let rank_ok = |n: i64| (1..=i64::from(MAX_RANKS)).contains(&n);
    let stays = "Fairy-Stockfish stops reading the region there";
    let kept_said = if kept.is_empty() {
        "nothing".to_owned()
    } else {
        format!("`{}`", crate::quote::shortened(&kept.join(" ")))
    };
    let shown = crate::quote::shortened(word);
    let misread =
        |message: String, instead: Option<String>| misread_from(value, start, message, instead);
    if word.starts_with(['#', ';']) {
        return Some(SquareWord::Misread(Misreading {
            severity: Severity::Warning,
            message: format!(
                "there are no comments after a value: {stays} and keeps {kept_said}, which \
                 seems meant, but its own check reports the value as invalid"
            ),
            help: "put the comment on a line of its own, starting with `#`".to_owned(),
            range: start..value.len(),
            instead: Some(value[..start].trim_end().to_owned()),
        }));
    }
    // Only a number the engine cannot find aborts: `stoi` throws.
    let aborts = rest != "*"
        && !rest.is_empty()
        && (head == '*' || head.is_ascii_alphabetic())
        && !word.ends_with('*')
        && number.is_none();
    if aborts {
        return Some(misread(
            format!(
                "`{shown}` makes Fairy-Stockfish abort while loading the file: it reads a \
                 number after `{head}` and finds none"
            ),
            None,
        ));
    }
    let readable = match (head, rest) {
        (file, "*") => is_file(file),
        ('*', _) => number.is_some_and(rank_ok),
        (file, _) if file.is_ascii_alphabetic() && !rest.is_empty() => {
            is_file(file) && number.is_some_and(rank_ok)
        }
        _ => false,
    };
    if !readable {
        return Some(misread(
            format!(
                "`{shown}` is no square of Fairy-Stockfish's board: {stays}, and keeps {kept_said}"
            ),
            None,
        ));
    }
    Some(number_as_far_as_it_goes(value, (word, start), head, rest))
}

/// A square `word` (its file or `*` `head`, then `rest`) of a list `value`, read as the
/// engine reads its number: as far as it goes, so `e5,e6` is `e5`.
fn number_as_far_as_it_goes<'w>(
    value: &str,
    (word, start): (&'w str, usize),
    head: char,
    rest: &str,
) -> SquareWord<'w> {
    let sign = usize::from(rest.starts_with(['+', '-']));
    let number_len = sign
        + rest[sign..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - sign);
    if rest == "*" || number_len == rest.len() {
        return SquareWord::Read(word);
    }
    let read = &word[..head.len_utf8() + number_len];
    // Only punctuation is dropped (`d4,` in `d4, e4`): the square is read as meant.
    if !rest[number_len..].contains(|c: char| c.is_alphanumeric() || c == '*') {
        return SquareWord::BeforePunctuation(read);
    }
    let listed = word.contains(',');
    let instead = listed.then(|| {
        value
            .replace(',', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    });
    let shown = crate::quote::shortened(word);
    misread_from(
        value,
        start,
        format!(
            "`{shown}` is read as `{read}`: Fairy-Stockfish reads a square's number as far as it \
             goes and drops the rest of the word{}",
            if listed {
                " (squares are separated by spaces, not commas)"
            } else {
                ""
            }
        ),
        instead,
    )
}

/// A word of a list of squares `value` from byte `start` on that the engine does not read as
/// written.
fn misread_from<'w>(
    value: &str,
    start: usize,
    message: String,
    instead: Option<String>,
) -> SquareWord<'w> {
    SquareWord::Misread(Misreading {
        severity: Severity::Error,
        message,
        help: SQUARE_HELP.to_owned(),
        range: start..value.len(),
        instead,
    })
}

/// How to write a list of squares the engine reads.
const SQUARE_HELP: &str = "write squares as a file letter and a rank number (`e4`), whole files \
                           as `e*`, whole ranks as `*4`, separated by spaces";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::ini::options::GAME_VALUES;

    #[test]
    fn a_value_is_read_as_the_engine_reads_it() {
        // Cases 06-bool-yes, 09-value-enum and 11-rank-not-number record these readings.
        assert_eq!(read_as(ValueKind::Bool, "yes").as_deref(), Some("false"));
        assert_eq!(read_as(ValueKind::Bool, "true"), None);
        assert_eq!(read_as(ValueKind::Int, "10 # c").as_deref(), Some("10"));
        assert_eq!(read_as(ValueKind::Int, "ten").as_deref(), Some("0"));
        assert_eq!(read_as(ValueKind::Int, "-3"), None);
        assert_eq!(
            read_as(ValueKind::Word(GAME_VALUES), "lose").as_deref(),
            Some("none")
        );
    }
}
