//! Fairy-Stockfish `variants.ini`: sections `[name]` or `[child:parent]`, `#` and `;` comment
//! lines, `key = value`. Betza is the value after `x:` of `customPiece1` to `customPiece25`, and
//! of `king = k:BETZA`.

use std::collections::HashSet;

use rowan::{TextRange, TextSize};

use super::{
    HostError, HostToken, HostTokens, Region, RegionContext, Rescan, Scan, lines, span, trimmed,
};
use crate::{Dialect, Severity, Source};

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

/// Every variant Fairy-Stockfish has built in (its `variants_init`, variant.cpp 1849 on, at
/// commit c19b5f6; all of them in pyffish 0.0.90), which a section may inherit from without
/// defining it. A default build (no flags) has 86 of them: the 34 from `shogi` to
/// `janggicasual` below need `LARGEBOARDS` (`amazons` among them `ALLVARS` too) and `duck` needs
/// `ALLVARS`; variant sites and pyffish ship the large builds, so all 121 count as known.
const BUILT_IN_VARIANTS: [&str; 121] = [
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
    "fairy",
    "makruk",
    "makpong",
    "cambodian",
    "karouk",
    "asean",
    "ai-wok",
    "shatranj",
    "chaturanga",
    "amazon",
    "georgian",
    "nightrider",
    "grasshopper",
    "hoppelpoppel",
    "newzealand",
    "kingofthehill",
    "racingkings",
    "knightmate",
    "misere",
    "losers",
    "giveaway",
    "antichess",
    "suicide",
    "codrus",
    "extinction",
    "kinglet",
    "threekings",
    "horde",
    "petrified",
    "nocheckatomic",
    "atomic",
    "atomar",
    "isolation",
    "isolation7x7",
    "snailtrail",
    "fox-and-hounds",
    "duck",
    "joust",
    "3check",
    "5check",
    "crazyhouse",
    "loop",
    "chessgi",
    "bughouse",
    "koedem",
    "pocketknight",
    "placement",
    "sittuyin",
    "seirawan",
    "shouse",
    "dragon",
    "paradigm",
    "minishogi",
    "mini",
    "kyotoshogi",
    "micro",
    "dobutsu",
    "gorogoro",
    "judkins",
    "torishogi",
    "euroshogi",
    "losalamos",
    "gardner",
    "almost",
    "sortofalmost",
    "chigorin",
    "perfect",
    "spartan",
    "shatar",
    "coregal",
    "clobber",
    "breakthrough",
    "ataxx",
    "flipersi",
    "flipello",
    "minixiangqi",
    "raazuvaa",
    "shogi",
    "checkshogi",
    "shoshogi",
    "yarishogi",
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
    "gustav3",
    "jesonmor",
    "courier",
    "grand",
    "opulent",
    "tencubed",
    "omicron",
    "troitzky",
    "wolf",
    "shako",
    "clobber10",
    "flipello10",
    "amazons",
    "xiangqi",
    "manchu",
    "supply",
    "janggi",
    "janggitraditional",
    "janggimodern",
    "janggicasual",
];

struct Section {
    name: String,
    /// Each piece letter used so far (lower case), with the key that took it.
    letters: Vec<(char, String)>,
}

/// The scanner between lines: what it found so far, the sections defined above and the one it
/// is in.
#[derive(Default)]
struct Scanner {
    scan: Scan,
    defined: HashSet<String>,
    section: Option<Section>,
}

/// A header line's content (`[name:parent]`): its name and parent, trimmed.
fn header_parts(content: &str) -> (&str, Option<&str>) {
    let header = content.strip_prefix('[').unwrap_or(content);
    let name_part = header.strip_suffix(']').unwrap_or(header);
    match name_part.split_once(':') {
        Some((name, parent)) => (name.trim(), Some(parent.trim())),
        None => (name_part.trim(), None),
    }
}

/// Whether a line (without its break) is a section header.
fn is_header(line: &str) -> bool {
    trimmed(line, 0).1.starts_with('[')
}

pub(super) fn scan(text: &str) -> Scan {
    let mut scanner = Scanner::default();
    for (offset, line) in lines(text) {
        scanner.line(offset, line);
    }
    scanner.scan
}

/// Scans the whole lines `from..to` of `text` as the body of the section `name` (`None`: before
/// the first header), alone; `None` when one of them is a header, which changes the file's
/// structure.
fn scan_body(text: &str, (from, to): (usize, usize), name: Option<&str>) -> Option<Scan> {
    let mut scanner = Scanner {
        section: name.map(|name| Section {
            name: name.to_owned(),
            letters: Vec::new(),
        }),
        ..Scanner::default()
    };
    for (offset, line) in lines(text.get(from..to)?) {
        if is_header(line) {
            return None;
        }
        scanner.line(from + offset, line);
    }
    Some(scanner.scan)
}

/// A section body is the unit an edit re-scans: what a line means depends on the lines above
/// it only through its section's name and the letters used in the section so far. For an edit
/// of the old bytes `start..end` into `inserted` bytes that touches no header line, the body's
/// old bounds and its scan in `text`, the text after the edit. Only the section is read, from
/// its header to the next one.
pub(super) fn rescan<S: Source + ?Sized>(
    text: &S,
    tokens: &HostTokens,
    (start, end): (usize, usize),
    inserted: usize,
) -> Option<Rescan> {
    let is_section = |(_, token): &(TextRange, HostToken)| *token == HostToken::Section;
    let at = TextSize::new(u32::try_from(start).ok()?);
    let header = tokens.before(at).find(is_section).map(|(r, _)| r);
    let next = tokens.from(at).find(is_section).map(|(r, _)| r);
    let grown = |offset: usize| (offset + inserted).checked_sub(end - start);
    // The next header must come after the edit; the header before it is unchanged.
    let next_at = match next {
        Some(range) if usize::from(range.start()) < end => return None,
        Some(range) => grown(usize::from(range.start()))?,
        None => text.len_bytes(),
    };
    let base = header.map_or(0, |range| usize::from(range.start()));
    let section = text.text_at(base..next_at)?;
    // The body starts after the header's line break and ends where the next header's line
    // starts (a header is a line's first word, so a break lies between the two).
    let from = match header {
        Some(range) => {
            let after = usize::from(range.end()) - base;
            after + section.get(after..)?.find('\n')? + 1
        }
        None => 0,
    };
    let to = match next {
        Some(_) => section.rfind('\n').map_or(0, |i| i + 1),
        None => section.len(),
    };
    if base + from > start || base + to < start + inserted {
        return None;
    }
    let name = match header {
        // The section starts with its header.
        Some(range) => Some(header_parts(section.get(..usize::from(range.len()))?).0),
        None => None,
    };
    let scan = scan_body(&section, (from, to), name)?.shifted(base);
    let (from, to) = (base + from, base + to);
    Some(Rescan {
        old: (from, (to + end - start).checked_sub(inserted)?),
        new: (from, to),
        scan,
    })
}

impl Scanner {
    /// Reads one line, `line` at `offset` (without its break).
    fn line(&mut self, offset: usize, line: &str) {
        let (start, content) = trimmed(line, offset);
        if content.is_empty() {
            return;
        }
        if content.starts_with(['#', ';']) {
            self.scan
                .host_tokens
                .push((span(start, start + content.len()), HostToken::Comment));
        } else if content.starts_with('[') {
            self.header(start, content);
        } else if let Some(equals) = content.find('=') {
            self.entry(start, content, equals);
        }
    }

    /// A header line `[name]` or `[child:parent]` at `start`: it opens a section with no piece
    /// letters used yet.
    fn header(&mut self, start: usize, content: &str) {
        let scan = &mut self.scan;
        scan.host_tokens
            .push((span(start, start + content.len()), HostToken::Section));
        let (name, parent) = header_parts(content);
        if !content.ends_with(']') {
            push(
                scan,
                start,
                start + content.len(),
                "unclosed-section",
                Severity::Error,
                format!("section header `{content}` has no closing `]`"),
            );
        }
        if let Some(parent) = parent
            && !self.defined.contains(parent)
            && !BUILT_IN_VARIANTS.contains(&parent)
        {
            let at = start + content.find(parent).unwrap_or(0);
            push(
                scan,
                at,
                at + parent.len(),
                "unknown-parent",
                Severity::Warning,
                format!(
                    "`{name}` inherits from `{parent}`, which is neither defined above nor a Fairy-Stockfish built-in variant I know"
                ),
            );
        }
        self.defined.insert(name.to_owned());
        self.section = Some(Section {
            name: name.to_owned(),
            letters: Vec::new(),
        });
    }

    /// A `key = value` line at `start` whose `=` is at `equals` in `content`. Only piece keys
    /// are read: their value is a piece letter, then for a custom piece `:` and its Betza.
    fn entry(&mut self, start: usize, content: &str, equals: usize) {
        let key = content[..equals].trim();
        let (value_at, value) = trimmed(&content[equals + 1..], start + equals + 1);
        let custom = key.strip_prefix("customPiece");
        if let Some(number) = custom {
            self.custom_piece_number(start, key, number);
        }
        let is_piece_key = custom.is_some() || PIECE_KEYS.contains(&key);
        if !is_piece_key || value.is_empty() || value == "-" {
            return;
        }
        self.scan
            .host_tokens
            .push((span(start, start + key.len()), HostToken::Key));
        let mut letters = value.chars();
        let letter = letters.next();
        let separated = letters.next() == Some(':');
        if !self.check_piece_value(value_at, value, letter, separated, custom.is_some()) {
            return;
        }
        if let Some(letter) = letter {
            self.use_letter(letter, value_at, key);
        }
        if separated {
            let betza_at = value_at + value.find(':').map_or(value.len(), |i| i + 1);
            let betza = span(betza_at, value_at + value.len());
            self.betza_region(betza, key, letter);
        }
    }

    /// Fairy-Stockfish numbers custom pieces 1 to 25; `key` at `start` ends in `number`.
    fn custom_piece_number(&mut self, start: usize, key: &str, number: &str) {
        if matches!(number.parse::<u32>(), Ok(1..=25)) {
            return;
        }
        push(
            &mut self.scan,
            start,
            start + key.len(),
            "custom-piece-number",
            Severity::Error,
            format!(
                "`{key}` is not a custom piece: Fairy-Stockfish has customPiece1 to customPiece25"
            ),
        );
    }

    /// Reports a piece `value` at `value_at` that is not a letter, then `:` and Betza; whether
    /// its letter and Betza are still read.
    fn check_piece_value(
        &mut self,
        value_at: usize,
        value: &str,
        letter: Option<char>,
        separated: bool,
        custom: bool,
    ) -> bool {
        match (letter, separated) {
            (Some(letter), _) if !letter.is_ascii_alphabetic() => {
                push(
                    &mut self.scan,
                    value_at,
                    value_at + value.len(),
                    "malformed-piece",
                    Severity::Error,
                    format!("`{value}` does not start with a piece letter"),
                );
                true
            }
            (Some(_), false) if custom || value.chars().count() > 1 => {
                push(
                    &mut self.scan,
                    value_at,
                    value_at + value.len(),
                    "malformed-piece",
                    Severity::Error,
                    format!(
                        "`{value}` should be a piece letter, `:` and the Betza string (as in `x:mfWcfF`)"
                    ),
                );
                false
            }
            _ => true,
        }
    }

    /// Records piece `letter` (at `at`, the value of `key`) as used in the current section,
    /// reporting a second use with the key that took it first: Fairy-Stockfish keeps only one
    /// of the two pieces.
    fn use_letter(&mut self, letter: char, at: usize, key: &str) {
        let Some(current) = self.section.as_mut() else {
            return;
        };
        let lower = letter.to_ascii_lowercase();
        let Some((_, first)) = current.letters.iter().find(|(used, _)| *used == lower) else {
            current.letters.push((lower, key.to_owned()));
            return;
        };
        let message = if first == key {
            // Keys go into a map: the last value wins (reference/fairy-stockfish-ini.md).
            format!(
                "`{key}` is set twice in `[{}]`; Fairy-Stockfish keeps only this later value",
                current.name
            )
        } else {
            format!(
                "piece letter `{letter}` is already `{first}`'s in `[{}]`; one of the two pieces \
                 is hidden",
                current.name
            )
        };
        push(
            &mut self.scan,
            at,
            at + 1,
            "letter-used-twice",
            Severity::Error,
            message,
        );
    }

    /// The Betza string of piece key `key`, at `range`, as a region to parse.
    fn betza_region(&mut self, range: TextRange, key: &str, letter: Option<char>) {
        if range.is_empty() {
            return;
        }
        self.scan.regions.push(Region {
            range,
            dialect: Dialect::Fairy,
            context: Box::new(RegionContext {
                section: self.section.as_ref().map(|s| s.name.clone()),
                piece: letter.map(String::from),
                name: Some(key.to_owned()),
            }),
            decoded: None,
        });
    }
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
