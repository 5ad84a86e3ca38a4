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

/// How the engine misreads `value` of option `key`, of `kind`, if it does: the severity and
/// what to say. Piece letters are checked against the variant's pieces elsewhere; here only
/// their form.
pub fn misreading(key: &str, kind: ValueKind, value: &str) -> Option<(Severity, String)> {
    let error = |message: String| Some((Severity::Error, message));
    // Quoted by its ends when long: a value may be thousands of characters.
    let shown = crate::quote::shortened(value);
    // Only the board's own size drops the variant when too large, or breaks it when no number.
    let sizes_board = matches!(key, "maxRank" | "maxFile");
    let out_of_range = |what: &str, most: &str| {
        if sizes_board {
            format!(
                "{shown} {what}s are more than Fairy-Stockfish's largest board ({most}): the \
                 variant is dropped without a word"
            )
        } else {
            format!("`{shown}` is past the last {what} of Fairy-Stockfish's largest board ({most})")
        }
    };
    let unreadable = |what: &str, expected: &str| {
        let breaks = if sizes_board {
            ", and breaks on this one"
        } else {
            ""
        };
        format!("`{shown}` is no {what}: Fairy-Stockfish expects {expected}{breaks}")
    };
    match kind {
        // `false` followed by anything is read as the `false` it says.
        ValueKind::Bool if value != "true" && value.split_whitespace().next() != Some("false") => {
            let comment = if value.contains(['#', ';']) {
                " (there are no comments after a value)"
            } else {
                ""
            };
            error(format!(
                "`{shown}` is read as `false`: Fairy-Stockfish takes exactly `true` or \
                 `false`{comment}"
            ))
        }
        ValueKind::Int => {
            let digits = value.trim_start_matches(['-', '+']);
            if digits.starts_with(|c: char| c.is_ascii_digit()) {
                None
            } else {
                error(format!(
                    "`{shown}` is read as 0: Fairy-Stockfish expects a number"
                ))
            }
        }
        ValueKind::Rank => match value.parse::<i64>() {
            Ok(rank) if (1..=i64::from(MAX_RANKS)).contains(&rank) => None,
            Ok(rank) if rank > i64::from(MAX_RANKS) => {
                error(out_of_range("rank", &MAX_RANKS.to_string()))
            }
            _ => error(unreadable(
                "rank",
                &format!("a number from 1 to {MAX_RANKS}"),
            )),
        },
        ValueKind::File => {
            let number = match value.as_bytes() {
                [letter @ b'a'..=b'z'] => Some(i64::from(letter - b'a') + 1),
                _ => value.parse::<i64>().ok(),
            };
            match number {
                Some(file) if (1..=i64::from(MAX_FILES)).contains(&file) => None,
                Some(file) if file > i64::from(MAX_FILES) => {
                    error(out_of_range("file", &format!("{MAX_FILES}, l")))
                }
                _ => error(unreadable(
                    "file",
                    &format!("a number from 1 to {MAX_FILES} or a lower-case letter from a to l"),
                )),
            }
        }
        ValueKind::Word(words) if !words.contains(&value) => error(format!(
            "`{shown}` is read as `none`: Fairy-Stockfish knows {}",
            quoted_words(words)
        )),
        ValueKind::Bitboard => bitboard_misreading(value),
        _ => None,
    }
}

/// What Fairy-Stockfish reads `value` of `kind` as, when that is not the text itself: a
/// boolean, a number or a word it does not know.
pub fn read_as(kind: ValueKind, value: &str) -> Option<String> {
    let read = match kind {
        ValueKind::Bool => (value == "true").to_string(),
        ValueKind::Int => {
            let sign = usize::from(value.starts_with(['-', '+']));
            let digits = value[sign..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(value.len(), |end| sign + end);
            match value[..digits].parse::<i64>() {
                Ok(number) => number.to_string(),
                Err(_) => "0".to_owned(),
            }
        }
        ValueKind::Word(words) if !words.contains(&value) => "none".to_owned(),
        _ => return None,
    };
    (read != value).then_some(read)
}

/// Whether `value` of `maxRank` or `maxFile` makes the engine drop the variant.
pub fn drops_variant(key: &str, value: &str) -> bool {
    let limit = match key {
        "maxRank" => MAX_RANKS,
        "maxFile" => MAX_FILES,
        _ => return false,
    };
    let number = match value.as_bytes() {
        [letter @ b'a'..=b'z'] if key == "maxFile" => Some(i64::from(letter - b'a') + 1),
        _ => value.parse::<i64>().ok(),
    };
    number.is_some_and(|n| n > i64::from(limit))
}

/// A region's tokens are read in order; the first the engine cannot read ends the region, or
/// makes it abort when its number is no number (`a*8`, `*x`).
fn bitboard_misreading(value: &str) -> Option<(Severity, String)> {
    if value == "-" {
        return None;
    }
    for token in value.split_whitespace() {
        let mut chars = token.chars();
        let head = chars.next()?;
        let rest = chars.as_str();
        let file_ok = head == '*' || ('a'..='l').contains(&head);
        let rank_ok = rest == "*" && head != '*'
            || rest
                .parse::<u8>()
                .is_ok_and(|rank| (1..=MAX_RANKS).contains(&rank));
        if file_ok && rank_ok {
            continue;
        }
        let aborts = (head == '*' || head.is_ascii_alphabetic())
            && !rest.is_empty()
            && !rest.starts_with(|c: char| c.is_ascii_digit())
            && rest != "*";
        let message = if aborts {
            format!(
                "`{}` makes Fairy-Stockfish abort while loading the file: a square is a file \
                 letter and a rank number (`e4`), `e*` or `*4`",
                crate::quote::shortened(token)
            )
        } else {
            format!(
                "`{}` is no square of Fairy-Stockfish's board: it ends the list, and what \
                 follows it is dropped",
                crate::quote::shortened(token)
            )
        };
        return Some((Severity::Error, message));
    }
    None
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
