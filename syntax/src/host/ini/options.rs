//! Every option a `variants.ini` section can set, as Fairy-Stockfish reads it (`options.tsv`,
//! facts from its option parser), the built-in variants a section can inherit from
//! (`builtins.tsv`, recorded with the engine), and how the engine reads a value of each type.

use std::sync::OnceLock;

use crate::Severity;

/// How the engine reads a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// Exactly `true` or `false`; anything else is false.
    Bool,
    /// A leading number; anything else is 0.
    Int,
    Rank,
    File,
    /// One of a fixed list of words (`win loss draw none`, counting rules, …); anything else
    /// is the last word of the list, `none`.
    Word(&'static [&'static str]),
    /// Squares `e4`, files `e*`, ranks `*4`, or `-`.
    Bitboard,
    /// Letters of `KQkq`, or `-`.
    CastlingRights,
    /// Piece letters, `*` for all, `-` for none.
    PieceSet,
    /// One piece letter (the last of several), `*`, or `-`.
    PieceType,
    /// Taken verbatim to the end of the line.
    Text,
    /// `p:150 n:800`.
    PieceValues,
    /// `p:2 n:1`.
    PieceCounts,
    /// `p:g s:g`.
    PiecePieces,
    /// A standard piece's letter.
    Piece,
    /// `x:BETZA` (a custom piece) or, for `king`, a letter with an optional `:BETZA`.
    PieceWithBetza,
}

/// One option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionInfo {
    pub key: String,
    pub kind: ValueKind,
    pub default: String,
    /// For a deprecated key, what to write instead.
    pub deprecated_for: Option<String>,
    pub meaning: String,
}

const GAME_VALUES: &[&str] = &["win", "loss", "draw", "none"];
const COUNTING_RULES: &[&str] = &["makruk", "cambodian", "asean", "none"];
const MATERIAL_COUNTING: &[&str] = &[
    "janggi",
    "unweighted",
    "whitedrawodds",
    "blackdrawodds",
    "none",
];
const CHASING_RULES: &[&str] = &["axf", "none"];
const ENCLOSING_RULES: &[&str] = &[
    "reversi",
    "ataxx",
    "quadwrangle",
    "snort",
    "anyside",
    "top",
    "none",
];
const WALLING_RULES: &[&str] = &["arrow", "duck", "edge", "past", "static", "none"];

fn kind_named(name: &str) -> Option<ValueKind> {
    Some(match name {
        "bool" => ValueKind::Bool,
        "int" => ValueKind::Int,
        "Rank" => ValueKind::Rank,
        "File" => ValueKind::File,
        "Value" => ValueKind::Word(GAME_VALUES),
        "CountingRule" => ValueKind::Word(COUNTING_RULES),
        "MaterialCounting" => ValueKind::Word(MATERIAL_COUNTING),
        "ChasingRule" => ValueKind::Word(CHASING_RULES),
        "EnclosingRule" => ValueKind::Word(ENCLOSING_RULES),
        "WallingRule" => ValueKind::Word(WALLING_RULES),
        "Bitboard" => ValueKind::Bitboard,
        "CastlingRights" => ValueKind::CastlingRights,
        "PieceSet" => ValueKind::PieceSet,
        "PieceType" => ValueKind::PieceType,
        "string" => ValueKind::Text,
        "PieceValues" => ValueKind::PieceValues,
        "PieceCounts" => ValueKind::PieceCounts,
        "PiecePieces" => ValueKind::PiecePieces,
        "Piece" => ValueKind::Piece,
        "King" => ValueKind::PieceWithBetza,
        _ => return None,
    })
}

/// The options of `options.tsv`, then the families the engine builds from piece names:
/// `customPiece1` to `customPiece25`, and a mobility region per colour and piece.
pub fn all() -> &'static [OptionInfo] {
    static ALL: OnceLock<Vec<OptionInfo>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut options: Vec<OptionInfo> = include_str!("options.tsv")
            .lines()
            .skip(1)
            .filter_map(|line| {
                let mut columns = line.split('\t');
                let (key, kind, default, deprecated_for, meaning) = (
                    columns.next()?,
                    columns.next()?,
                    columns.next()?,
                    columns.next()?,
                    columns.next()?,
                );
                Some(OptionInfo {
                    key: key.to_owned(),
                    kind: kind_named(kind)?,
                    default: default.to_owned(),
                    deprecated_for: (deprecated_for != "-").then(|| deprecated_for.to_owned()),
                    meaning: meaning.to_owned(),
                })
            })
            .collect();
        for number in 1..=CUSTOM_PIECES {
            options.push(OptionInfo {
                key: format!("customPiece{number}"),
                kind: ValueKind::PieceWithBetza,
                default: "-".to_owned(),
                deprecated_for: None,
                meaning: "A piece of the variant's own: its letter, `:` and how it moves in Betza \
                          notation (`a:mfWcfF`)."
                    .to_owned(),
            });
        }
        let pieces: Vec<String> = options
            .iter()
            .filter(|o| matches!(o.kind, ValueKind::Piece | ValueKind::PieceWithBetza))
            .map(|o| o.key.clone())
            .collect();
        for piece in pieces {
            for colour in ["White", "Black"] {
                let mut name = piece.clone();
                name[..1].make_ascii_uppercase();
                options.push(OptionInfo {
                    key: format!("mobilityRegion{colour}{name}"),
                    kind: ValueKind::Bitboard,
                    default: "all squares".to_owned(),
                    deprecated_for: None,
                    meaning: format!(
                        "The squares {} `{piece}` may stand on; it cannot move or be dropped \
                         elsewhere.",
                        colour.to_ascii_lowercase()
                    ),
                });
            }
        }
        options
    })
}

/// The option named exactly `key` (keys are case-sensitive).
pub fn lookup(key: &str) -> Option<&'static OptionInfo> {
    // Looked up for every key line of a file: by hash, not by a scan of the table.
    static BY_KEY: OnceLock<std::collections::HashMap<&'static str, &'static OptionInfo>> =
        OnceLock::new();
    BY_KEY
        .get_or_init(|| all().iter().map(|o| (o.key.as_str(), o)).collect())
        .get(key)
        .copied()
}

/// The known key nearest to an unknown `key`, when one is near enough to be a slip: the same
/// but for case, spaces around it, or a few letters.
pub fn nearest(key: &str) -> Option<&'static str> {
    let trimmed = key.trim();
    let folded = trimmed.to_ascii_lowercase();
    if let Some(same) = all()
        .iter()
        .find(|o| o.key == trimmed || o.key.to_ascii_lowercase() == folded)
    {
        return Some(&same.key);
    }
    let most = (folded.chars().count() / 4).clamp(1, 3);
    all()
        .iter()
        .map(|o| (edit_distance(&o.key.to_ascii_lowercase(), &folded), &o.key))
        .filter(|(distance, _)| *distance <= most)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key.as_str())
}

/// How many letters to change, add or remove to make `a` into `b`.
pub(super) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// A built-in variant a section can inherit from, as the engine has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltIn {
    pub name: String,
    pub files: u8,
    pub ranks: u8,
    /// Its pieces' letters, lower case.
    pub letters: String,
    pub start_fen: String,
    /// The compile-time flags the engine needs to have this variant (`LARGEBOARDS`,
    /// `ALLVARS`, joined by `+`); empty when every build has it.
    pub build: String,
}

/// The built-in variants of the engine (LARGEBOARDS and ALLVARS, as pyffish is built).
pub fn built_ins() -> &'static [BuiltIn] {
    static BUILT_INS: OnceLock<Vec<BuiltIn>> = OnceLock::new();
    BUILT_INS.get_or_init(|| {
        include_str!("builtins.tsv")
            .lines()
            .skip(1)
            .filter_map(|line| {
                let mut columns = line.split('\t');
                Some(BuiltIn {
                    name: columns.next()?.to_owned(),
                    files: columns.next()?.parse().ok()?,
                    ranks: columns.next()?.parse().ok()?,
                    letters: columns.next()?.to_owned(),
                    start_fen: columns.next()?.to_owned(),
                    build: match columns.next()? {
                        "always" => String::new(),
                        flags => flags.to_owned(),
                    },
                })
            })
            .collect()
    })
}

/// Whether `name` is a section of the `variants.ini` that comes with Fairy-Stockfish
/// (`bundled.tsv`, the names of its `src/variants.ini`): a variant the engine knows only once
/// that file is loaded, not a built-in.
pub fn bundled(name: &str) -> bool {
    static BUNDLED: OnceLock<Vec<&'static str>> = OnceLock::new();
    BUNDLED
        .get_or_init(|| {
            (include_str!("bundled.tsv").lines().skip(1))
                .filter_map(|line| line.split('\t').next())
                .collect()
        })
        .contains(&name)
}

pub fn built_in(name: &str) -> Option<&'static BuiltIn> {
    built_ins().iter().find(|b| b.name == name)
}

/// Fairy-Stockfish has custom pieces `customPiece1` to `customPiece25` (types.h: slot 26 is
/// its royal custom piece, which `king = k:BETZA` sets; notes V9).
pub const CUSTOM_PIECES: u8 = 25;

/// The largest board the engine is built for (LARGEBOARDS): 12 files, 10 ranks.
pub const MAX_FILES: u8 = 12;
pub const MAX_RANKS: u8 = 10;

/// `words` in backticks, separated by commas.
pub fn quoted_words(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| format!("`{w}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// How the engine misreads a value, when it does not read it as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misreading {
    /// An error where the engine does something other than the text says; a warning where it
    /// reads what was meant but its own `check` complains.
    pub severity: Severity,
    pub message: String,
    /// What to write instead, in words.
    pub help: String,
    /// The bytes of the value at fault.
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

/// How the engine misreads `value` (as it keeps it, trailing whitespace included) of option
/// `key`, of `kind`, if it does. Piece letters are checked against the variant's pieces
/// elsewhere; here only their form.
pub fn misreading(key: &str, kind: ValueKind, value: &str) -> Option<Misreading> {
    // Quoted by its ends when long: a value may be thousands of characters.
    let shown = crate::quote::shortened(value.trim_end());
    let whole = 0..value.len();
    let error = |message: String, help: String, instead: Option<String>| {
        Some(Misreading {
            severity: Severity::Error,
            message,
            help,
            range: whole.clone(),
            instead,
        })
    };
    // Only the board's own size drops the variant when too large, or breaks it when no number.
    let sizes_board = matches!(key, "maxRank" | "maxFile");
    match kind {
        ValueKind::Bool if value != "true" && value != "false" => {
            let trimmed = value.trim_end();
            let meant = match trimmed.to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" | "y" | "t" => Some("true"),
                "false" | "no" | "off" | "0" | "n" | "f" => Some("false"),
                _ if trimmed.starts_with("true") => Some("true"),
                _ if trimmed.starts_with("false") => Some("false"),
                _ => None,
            };
            // Anything but exactly `true` is false: `False` is read as what it says, and only
            // the engine's own check calls it invalid.
            if meant == Some("false") {
                return Some(Misreading {
                    severity: Severity::Warning,
                    message: format!(
                        "`{shown}` is read as `false`, as meant, but Fairy-Stockfish takes only \
                         exactly `true` or `false`, and its own check reports this value as \
                         invalid"
                    ),
                    help: "write `false`".to_owned(),
                    range: whole,
                    instead: Some("false".to_owned()),
                });
            }
            let why = if trimmed != value {
                " (the whitespace after it counts)"
            } else if value.contains(['#', ';']) {
                " (there are no comments after a value)"
            } else {
                ""
            };
            error(
                format!(
                    "`{shown}` is read as `false`: Fairy-Stockfish takes exactly `true` or \
                     `false`{why}"
                ),
                match meant {
                    Some(word) => format!("write `{word}`"),
                    None => "write `true` or `false`".to_owned(),
                },
                meant.map(str::to_owned),
            )
        }
        ValueKind::Int if leading_number(value).is_none() => {
            let word = value
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            let said = NUMBER_WORDS.iter().position(|w| *w == word);
            let instead = said.map(|n| n.to_string());
            match said {
                // A word for 0 is read as what it says; only the engine's check complains.
                Some(0) => Some(Misreading {
                    severity: Severity::Warning,
                    message: format!(
                        "`{shown}` is read as 0, as it says, but Fairy-Stockfish expects digits \
                         and its own check reports the value as invalid"
                    ),
                    help: "write `0`".to_owned(),
                    range: whole,
                    instead,
                }),
                _ => error(
                    format!("`{shown}` is read as 0: Fairy-Stockfish expects a number in digits"),
                    match &instead {
                        Some(n) => format!("write `{n}`"),
                        None => {
                            "write a whole number (digits, with `-` for a negative one)".to_owned()
                        }
                    },
                    instead,
                ),
            }
        }
        ValueKind::Rank => {
            let rank = read_ranks(value);
            let most = i64::from(MAX_RANKS);
            match rank {
                Some(rank) if (1..=most).contains(&rank) => None,
                Some(rank) if rank > most => error(
                    if sizes_board {
                        format!(
                            "{rank} ranks are more than Fairy-Stockfish's largest board \
                             ({MAX_RANKS}): the variant is dropped without a word"
                        )
                    } else {
                        format!(
                            "rank {rank} is past the last rank of Fairy-Stockfish's largest board ({MAX_RANKS})"
                        )
                    },
                    format!("write a number from 1 to {MAX_RANKS}"),
                    None,
                ),
                _ => error(
                    format!(
                        "`{shown}` is no rank: Fairy-Stockfish expects a number from 1 to \
                         {MAX_RANKS}{}",
                        if sizes_board {
                            ", and the board it makes has no squares (no position is legal)"
                        } else {
                            ""
                        }
                    ),
                    format!("write a number from 1 to {MAX_RANKS}"),
                    None,
                ),
            }
        }
        ValueKind::File => {
            let most = i64::from(MAX_FILES);
            let last = char::from(b'a' + MAX_FILES - 1);
            let help =
                format!("write a number from 1 to {most}, or a lower-case letter from a to {last}");
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
                    error(
                        format!(
                            "`{shown}` is read as the file letter `{first}`, {file} files: \
                             Fairy-Stockfish reads one letter or a number"
                        ),
                        help.clone(),
                        instead,
                    )
                }
                Some(file) if (1..=most).contains(&file) => None,
                Some(file) if file > most && sizes_board => error(
                    format!(
                        "`{shown}` is {file} files, more than Fairy-Stockfish's largest board \
                         ({most}, {last}): the variant is dropped without a word"
                    ),
                    help,
                    None,
                ),
                _ => {
                    let lower = value.trim().to_ascii_lowercase();
                    let instead = (lower.len() == 1
                        && read_files(&lower).is_some_and(|f| (1..=most).contains(&f)))
                    .then_some(lower);
                    error(
                        format!(
                            "`{shown}` is no file count: Fairy-Stockfish expects a number from 1 to \
                             {most} or a lower-case letter from a to {last}{}",
                            if sizes_board {
                                ", and the board it makes has no squares (no position is legal)"
                            } else {
                                ""
                            }
                        ),
                        help,
                        instead,
                    )
                }
            }
        }
        ValueKind::Word(words) if !words.contains(&value) => {
            let meant = nearest_word(words, value);
            // Anything unknown is `none`, so a `none` however written is read as it says.
            let first = value.split_whitespace().next().unwrap_or("");
            if first.eq_ignore_ascii_case("none") {
                return Some(Misreading {
                    severity: Severity::Warning,
                    message: format!(
                        "`{shown}` is read as `none`, as it says, but Fairy-Stockfish knows only \
                         the exact word, and its own check reports the value as invalid"
                    ),
                    help: "write `none`".to_owned(),
                    range: whole,
                    instead: Some("none".to_owned()),
                });
            }
            let why = if words.contains(&value.trim_end()) {
                " (the whitespace after it counts)"
            } else {
                ""
            };
            error(
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
        ValueKind::Bitboard => bitboard_misreading(value),
        _ => None,
    }
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
        let misreading = |severity, message: String, help: String, instead: Option<String>| {
            Some(Misreading {
                severity,
                message,
                help,
                range: start..value.len(),
                instead,
            })
        };
        if word.starts_with(['#', ';']) {
            return misreading(
                Severity::Warning,
                format!(
                    "there are no comments after a value: {stays} and keeps {kept_said}, which \
                     seems meant, but its own check reports the value as invalid"
                ),
                "put the comment on a line of its own, starting with `#`".to_owned(),
                Some(value[..start].trim_end().to_owned()),
            );
        }
        let square_help = "write squares as a file letter and a rank number (`e4`), whole files \
                           as `e*`, whole ranks as `*4`, separated by spaces"
            .to_owned();
        // Only a number the engine cannot find aborts: `stoi` throws.
        let aborts = rest != "*"
            && !rest.is_empty()
            && (head == '*' || head.is_ascii_alphabetic())
            && !word.ends_with('*')
            && number.is_none();
        if aborts {
            return misreading(
                Severity::Error,
                format!(
                    "`{shown}` makes Fairy-Stockfish abort while loading the file: it reads a \
                     number after `{head}` and finds none"
                ),
                square_help,
                None,
            );
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
            return misreading(
                Severity::Error,
                format!(
                    "`{shown}` is no square of Fairy-Stockfish's board: {stays}, and keeps {kept_said}"
                ),
                square_help,
                None,
            );
        }
        // The number is read as far as it goes: `e5,e6` is `e5`.
        let sign = usize::from(rest.starts_with(['+', '-']));
        let number_len = sign
            + rest[sign..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len() - sign);
        if rest != "*" && number_len < rest.len() {
            let read = &word[..head.len_utf8() + number_len];
            // Only punctuation is dropped (`d4,` in `d4, e4`): the square is read as meant.
            if !rest[number_len..].contains(|c: char| c.is_alphanumeric() || c == '*') {
                kept.push(read);
                punctuation.get_or_insert(start);
                continue;
            }
            let listed = word.contains(',');
            let instead = listed.then(|| {
                value
                    .replace(',', " ")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
            });
            return misreading(
                Severity::Error,
                format!(
                    "`{shown}` is read as `{read}`: Fairy-Stockfish reads a square's number as far \
                     as it goes and drops the rest of the word{}",
                    if listed {
                        " (squares are separated by spaces, not commas)"
                    } else {
                        ""
                    }
                ),
                square_help,
                instead,
            );
        }
        kept.push(word);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_knows_every_kind_of_key() {
        for key in [
            "maxRank",
            "startFen",
            "customPiece25",
            "mobilityRegionWhiteKing",
            "king",
        ] {
            assert!(lookup(key).is_some(), "{key}");
        }
        assert!(lookup("customPiece26").is_none());
        assert!(lookup("maxrank").is_none());
        assert_eq!(nearest("maxRanks"), Some("maxRank"));
        assert_eq!(nearest("MaxRank"), Some("maxRank"));
        assert_eq!(nearest("zzzzzzzzzzzz"), None);
    }

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

    #[test]
    fn built_ins_have_their_boards() {
        let chess = built_in("chess").expect("chess");
        assert_eq!((chess.files, chess.ranks), (8, 8));
        assert_eq!(chess.letters, "bknpqr");
    }
}
