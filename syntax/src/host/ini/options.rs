//! Every option a `variants.ini` section can set, as Fairy-Stockfish reads it (`options.tsv`,
//! facts from its option parser), the built-in variants a section can inherit from
//! (`builtins.tsv`, recorded with the engine); how the engine reads each value is `values.rs`.

use std::sync::OnceLock;

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

pub(crate) const GAME_VALUES: &[&str] = &["win", "loss", "draw", "none"];
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
    // Asked for every unknown key of a file: the keys are folded once, and a key whose length
    // is too far off is not compared letter by letter.
    static FOLDED: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
    let folded_keys = FOLDED.get_or_init(|| {
        (all().iter())
            .map(|o| (o.key.to_ascii_lowercase(), o.key.as_str()))
            .collect()
    });
    let trimmed = key.trim();
    let folded = trimmed.to_ascii_lowercase();
    if let Some((_, same)) =
        (folded_keys.iter()).find(|(lower, key)| *key == trimmed || *lower == folded)
    {
        return Some(same);
    }
    let length = folded.chars().count();
    let most = (length / 4).clamp(1, 3);
    (folded_keys.iter())
        .filter(|(lower, _)| lower.len().abs_diff(length) <= most)
        .map(|(lower, key)| (edit_distance(lower, &folded), *key))
        .filter(|(distance, _)| *distance <= most)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key)
}

/// How many letters to change, add or remove to make `a` into `b`.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
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
    fn built_ins_have_their_boards() {
        let chess = built_in("chess").expect("chess");
        assert_eq!((chess.files, chess.ranks), (8, 8));
        assert_eq!(chess.letters, "bknpqr");
    }
}
