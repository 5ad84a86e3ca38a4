//! Fairy-Stockfish `variants.ini`: sections `[name]` or `[child:parent]`, `#` and `;` comment
//! lines, `key = value`. Betza is the value after `x:` of `customPiece1` to `customPiece25`, and
//! of `king = k:BETZA`.

use super::{HostError, HostToken, Region, RegionContext, Scan, lines, span, trimmed};
use crate::{Dialect, Severity};

/// Keys whose value is a piece letter (built-in pieces), so a letter used twice is caught.
const PIECE_KEYS: [&str; 40] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "king",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "knibis",
    "biskni",
    "kniroo",
    "rookni",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "gold",
    "dragonHorse",
    "clobber",
    "breakthrough",
    "immobile",
    "cannon",
    "janggiCannon",
    "soldier",
    "horse",
    "elephant",
    "janggiElephant",
    "banner",
    "wazir",
    "commoner",
    "centaur",
    "hawk",
    "spider",
    "leopard",
];

/// Fairy-Stockfish's built-in variants that sections commonly inherit from.
const BUILT_IN_VARIANTS: [&str; 64] = [
    "chess",
    "normal",
    "fischerandom",
    "nocastle",
    "armageddon",
    "torpedo",
    "berolina",
    "pawnsideways",
    "pawnback",
    "legan",
    "horde",
    "placement",
    "knightmate",
    "crazyhouse",
    "loop",
    "chessgroup",
    "suicide",
    "giveaway",
    "antichess",
    "codrus",
    "extinction",
    "kinglet",
    "threekings",
    "coregal",
    "racingkings",
    "threecheck",
    "fivecheck",
    "atomic",
    "nocheckatomic",
    "kingofthehill",
    "makruk",
    "makpong",
    "cambodian",
    "karouk",
    "asean",
    "ai-wok",
    "shatranj",
    "chaturanga",
    "amazon",
    "nightrider",
    "grasshopper",
    "hoppelpoppel",
    "newzealand",
    "bughouse",
    "pocketknight",
    "sittuyin",
    "seirawan",
    "shouse",
    "minishogi",
    "kyotoshogi",
    "micro",
    "dobutsu",
    "gorogoro",
    "judkins",
    "euroshogi",
    "losalamos",
    "gardner",
    "almost",
    "chigorin",
    "shatar",
    "clobber",
    "breakthrough",
    "ataxx",
    "flipello",
];
const MORE_BUILT_INS: [&str; 46] = [
    "3check",
    "5check",
    "snailtrail",
    "amazons",
    "isolation",
    "fox",
    "connect4",
    "shogun",
    "torishogi",
    "raazuvaa",
    "flipersi",
    "minixiangqi",
    "xiangqi",
    "manchu",
    "supply",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
    "shogi",
    "shoshogi",
    "yari",
    "okisakishogi",
    "capablanca",
    "capahouse",
    "caparandom",
    "gothic",
    "janus",
    "modern",
    "chancellor",
    "embassy",
    "centaur",
    "jesonmor",
    "courier",
    "grand",
    "grandhouse",
    "opulent",
    "tencubed",
    "shako",
    "clobber10",
    "cannonshogi",
    "chak",
    "chennis",
    "mansindam",
    "tictactoe",
    "cfour",
];

struct Section {
    name: String,
    letters: Vec<char>,
}

pub(super) fn scan(text: &str) -> Scan {
    let mut scan = Scan::default();
    let mut defined: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut section: Option<Section> = None;
    for (offset, line) in lines(text) {
        let (start, content) = trimmed(line, offset);
        if content.is_empty() {
            continue;
        }
        if content.starts_with(['#', ';']) {
            scan.host_tokens
                .push((span(start, start + content.len()), HostToken::Comment));
            continue;
        }
        if let Some(header) = content.strip_prefix('[') {
            scan.host_tokens
                .push((span(start, start + content.len()), HostToken::Section));
            let name_part = header.strip_suffix(']').unwrap_or(header);
            let (name, parent) = match name_part.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim())),
                None => (name_part.trim(), None),
            };
            if !header.ends_with(']') {
                push(
                    &mut scan,
                    start,
                    start + content.len(),
                    "unclosed-section",
                    Severity::Error,
                    format!("section header `{content}` has no closing `]`"),
                );
            }
            if let Some(parent) = parent
                && !defined.contains(parent)
                && !BUILT_IN_VARIANTS.contains(&parent)
                && !MORE_BUILT_INS.contains(&parent)
            {
                let at = start + content.find(parent).unwrap_or(0);
                push(
                    &mut scan,
                    at,
                    at + parent.len(),
                    "unknown-parent",
                    Severity::Warning,
                    format!(
                        "`{name}` inherits from `{parent}`, which is neither defined above nor a Fairy-Stockfish built-in variant I know"
                    ),
                );
            }
            defined.insert(name.to_owned());
            section = Some(Section {
                name: name.to_owned(),
                letters: Vec::new(),
            });
            continue;
        }
        let Some(equals) = content.find('=') else {
            continue;
        };
        let key = content[..equals].trim();
        let (value_at, value) = trimmed(&content[equals + 1..], start + equals + 1);
        let custom = key.strip_prefix("customPiece");
        let is_piece_key = custom.is_some() || PIECE_KEYS.contains(&key);
        if let Some(number) = custom {
            match number.parse::<u32>() {
                Ok(1..=25) => {}
                _ => push(
                    &mut scan,
                    start,
                    start + key.len(),
                    "custom-piece-number",
                    Severity::Error,
                    format!(
                        "`{key}` is not a custom piece: Fairy-Stockfish has customPiece1 to customPiece25"
                    ),
                ),
            }
        }
        if !is_piece_key || value.is_empty() || value == "-" {
            continue;
        }
        scan.host_tokens
            .push((span(start, start + key.len()), HostToken::Key));
        let mut letters = value.chars();
        let letter = letters.next();
        let separated = letters.next() == Some(':');
        let betza_at = value_at + value.find(':').map_or(value.len(), |i| i + 1);
        match (letter, separated) {
            (Some(letter), _) if !letter.is_ascii_alphabetic() => {
                push(
                    &mut scan,
                    value_at,
                    value_at + value.len(),
                    "malformed-piece",
                    Severity::Error,
                    format!("`{value}` does not start with a piece letter"),
                );
            }
            (Some(_), false) if custom.is_some() || value.chars().count() > 1 => {
                push(
                    &mut scan,
                    value_at,
                    value_at + value.len(),
                    "malformed-piece",
                    Severity::Error,
                    format!(
                        "`{value}` should be a piece letter, `:` and the Betza string (as in `x:mfWcfF`)"
                    ),
                );
                continue;
            }
            _ => {}
        }
        if let (Some(letter), Some(current)) = (letter, section.as_mut()) {
            let lower = letter.to_ascii_lowercase();
            if current.letters.contains(&lower) {
                push(
                    &mut scan,
                    value_at,
                    value_at + 1,
                    "letter-used-twice",
                    Severity::Error,
                    format!(
                        "piece letter `{letter}` is already used in `{}`; one of the two pieces is hidden",
                        current.name
                    ),
                );
            } else {
                current.letters.push(lower);
            }
        }
        if separated {
            let betza = &text[betza_at..value_at + value.len()];
            if betza.is_empty() {
                continue;
            }
            scan.regions.push(Region {
                range: span(betza_at, betza_at + betza.len()),
                dialect: Dialect::Fairy,
                context: RegionContext {
                    section: section.as_ref().map(|s| s.name.clone()),
                    piece: letter.map(String::from),
                    name: Some(key.to_owned()),
                },
                decoded: None,
            });
        }
    }
    scan
}

fn push(
    scan: &mut Scan,
    start: usize,
    end: usize,
    code: &'static str,
    severity: Severity,
    message: String,
) {
    scan.errors.push(HostError {
        range: span(start, end),
        code,
        severity,
        message,
    });
}
