//! Writing groups of steps in a target dialect. Which direction letters select which steps is
//! never assumed: each way of writing an atom is read back by the target dialect itself, once,
//! and the shortest letters for each set of steps are kept (so Fairy-Stockfish's `fsN`, the
//! seed's `fhN` and the quirks of K and Q come from their own readings).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::part::{Group, Kind, Landing, parts_of_text};
use crate::Dialect;
use crate::model::Step;

/// The letters direction modifiers are made of.
const DIRECTION_LETTERS: [char; 7] = ['f', 'b', 'r', 'l', 'v', 's', 'h'];

/// At most this many direction letters are tried on one atom (`fsW`, `bhN`).
const MOST_DIRECTION_LETTERS: usize = 3;

/// An atom as written for one kind of move: the kind's letter (`n`, `p`, `g`), the atom and its
/// range (`R`, `N0`, `NN`, `B4`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Word {
    kind_letter: &'static str,
    atom: String,
    /// The later legs' letters: the Xiangqi horse's turn (`mafs`), Fairy-Stockfish's lame
    /// Knight in XBetza; the Janggi elephant's turn and diagonal (`mafsmaf`), its lame (2,3).
    turn: Option<&'static str>,
    /// The farthest landing of a cannon written as hops and steps (`pafF`, issue 54): one move
    /// for each square the hop may be made from and each it may land on; and whether the
    /// nearest is written with its hop-off leg hidden (`pF`, which XBoard does not read).
    hop_off: Option<(u8, bool)>,
}

/// The words that may write moves of `kind` in `dialect`, the conventional first.
fn words(kind: Kind, dialect: Dialect) -> Vec<Word> {
    let spelling = crate::registry::notation(dialect).spelling();
    let plain = |atoms: &[&str], kind_letter: &'static str| -> Vec<Word> {
        atoms
            .iter()
            .map(|atom| Word {
                kind_letter,
                atom: (*atom).to_owned(),
                turn: None,
                hop_off: None,
            })
            .collect()
    };
    match kind {
        // K last: it wins only where it writes more steps than W or F (`K`, not `fmK` for `fmW`).
        Kind::Leap => plain(&["W", "F", "D", "N", "A", "H", "C", "Z", "G", "K"], ""),
        Kind::Lame if let Some(lame) = spelling.lame => plain(lame, "n"),
        // The seed's `nN` may take either path; the engine's lame Knight steps along the longer
        // axis first, which XBetza writes as a step and a turn.
        Kind::Lame => {
            let mut words = plain(&["D", "A"], "n");
            let turns = ["mafs", "mafr", "mafl", "mafsmaf", "mafrmaf", "maflmaf"];
            words.extend(turns.map(|turn| Word {
                kind_letter: "",
                atom: "W".to_owned(),
                turn: Some(turn),
                hop_off: None,
            }));
            words
        }
        Kind::Ride(0) => plain(spelling.riders, ""),
        Kind::Ride(range) => ["R", "B", "N", "Q"]
            .iter()
            .map(|atom| Word {
                kind_letter: "",
                atom: format!("{atom}{range}"),
                turn: None,
                hop_off: None,
            })
            .collect(),
        Kind::Cannon => plain(&["R", "B", "Q"], "p"),
        Kind::Grasshopper => plain(&["R", "B", "Q"], "g"),
        // Gathered into ranged cannons before anything is written.
        Kind::HopAt { .. } => Vec::new(),
        // Fairy-Stockfish's range counts from the start (`pB2`); XBetza's would count to the
        // piece hopped, so there the hop and each step after it are legs of their own. Each
        // dialect keeps the words it reads back as this kind.
        Kind::RangedCannon(range) => {
            let mut words: Vec<Word> = ["R", "B", "Q"]
                .iter()
                .map(|atom| Word {
                    kind_letter: "p",
                    atom: format!("{atom}{range}"),
                    turn: None,
                    hop_off: None,
                })
                .collect();
            for hidden in [true, false] {
                words.extend(["W", "F"].map(|atom| Word {
                    kind_letter: "",
                    atom: atom.to_owned(),
                    turn: None,
                    hop_off: Some((range, hidden)),
                }));
            }
            words
        }
    }
}

/// A group's letters in the order the dialect's authors write them (`Spelling::mode_first`).
fn layout(
    dialect: Dialect,
    initial: bool,
    landing: Landing,
    directions: &str,
    word: &Word,
) -> String {
    let initial = if initial { "i" } else { "" };
    let mode = match landing {
        Landing::Both => "",
        Landing::Quiet => "m",
        Landing::Capture => "c",
    };
    let Word {
        kind_letter,
        atom,
        turn,
        hop_off,
    } = word;
    if let Some((farthest, hidden)) = *hop_off {
        return hops_and_steps(farthest)
            .map(|legs| match legs.as_str() {
                // Seed 000: a leaper's `p` hops off as the same leaper (`pF` is `pafF`).
                "paf" if hidden => format!("{initial}{directions}{mode}p{atom}"),
                _ => format!("{initial}{directions}{legs}{mode}{atom}"),
            })
            .collect();
    }
    if let Some(turn) = turn {
        return format!("{initial}{directions}{turn}{mode}{atom}");
    }
    if crate::registry::notation(dialect).spelling().mode_first {
        format!("{initial}{mode}{directions}{kind_letter}{atom}")
    } else {
        format!("{initial}{directions}{mode}{kind_letter}{atom}")
    }
}

/// The legs before the last of each move of a cannon landing at most `farthest` squares from
/// its start: for the hop from the `d`-th square and the landing `k` squares beyond it
/// (`d + k <= farthest`), `d - 1` steps to empty squares (non-final legs move by default, seed
/// 000), the hop, `k - 1` steps to empty squares and the step straight on to land: `paf` for
/// the nearest (`pafF`), `afpaf`, `pafaf`.
fn hops_and_steps(farthest: u8) -> impl Iterator<Item = String> {
    (1..farthest).flat_map(move |d| {
        (1..=farthest - d).map(move |k| {
            let mut legs = String::new();
            for leg in 1..d + k {
                if leg > 1 {
                    legs.push_str("af");
                }
                if leg == d {
                    legs.push('p');
                }
            }
            legs.push_str("af");
            legs
        })
    })
}

/// For one word in one dialect: each set of steps some direction letters select, with the
/// shortest such letters.
type Selections = Vec<(Vec<Step>, String)>;

/// The selections of `word` of `kind`, read back by `dialect` once and kept for the process.
fn selections(dialect: Dialect, kind: Kind, word: &Word) -> Arc<Selections> {
    type Cache = Mutex<HashMap<(Dialect, Kind, Word), Arc<Selections>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Mutex::default);
    let key = (dialect, kind, word.clone());
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let made = Arc::new(read_back(dialect, kind, word));
    if let Ok(mut cache) = cache.lock() {
        cache.insert(key, Arc::clone(&made));
    }
    made
}

/// Every string of up to [`MOST_DIRECTION_LETTERS`] direction letters on `word`, read by
/// `dialect`; kept are those it reads as one group of `kind` that moves and captures.
fn read_back(dialect: Dialect, kind: Kind, word: &Word) -> Selections {
    let mut found: Selections = Vec::new();
    let mut letters = vec![String::new()];
    for _ in 0..=MOST_DIRECTION_LETTERS {
        for directions in &letters {
            let text = layout(dialect, false, Landing::Both, directions, word);
            let read = parts_of_text(&text, dialect);
            let [group] = read.groups.as_slice() else {
                continue;
            };
            let plain = !group.initial && group.landing == Landing::Both && group.kind == kind;
            if plain && !read.left_out && !found.iter().any(|(s, _)| *s == group.steps) {
                found.push((group.steps.clone(), directions.clone()));
            }
        }
        letters = letters
            .iter()
            .flat_map(|l| DIRECTION_LETTERS.iter().map(move |c| format!("{l}{c}")))
            .collect();
    }
    found
}

/// A group written in `dialect`: the fewest atoms whose steps together are the group's, each
/// chosen to write the most steps not yet written; `None` when some step cannot be written.
///
/// `plainly` keeps to the letters XBoard reads as the seed does (reference/xboard.md): no K or
/// Q with direction letters (`fhK` is all eight squares to XBoard), no `h`, no leading `v` or
/// `s` before another letter (`vrN`, `vsK` are not distributed).
pub(crate) fn spell(group: &Group, dialect: Dialect, plainly: bool) -> Option<String> {
    let quirky = |word: &Word, directions: &str| {
        // XBoard's `p` on a leaper's last leg has no moves (reference/xboard.md).
        let hidden_hop = matches!(word.hop_off, Some((_, true)));
        let compass = word.atom.starts_with(['K', 'Q']) && !directions.is_empty();
        let leading = directions.len() > 1 && directions.starts_with(['v', 's']);
        hidden_hop || compass || leading || directions.contains('h')
    };
    let options: Vec<(Word, Selections)> = words(group.kind, dialect)
        .into_iter()
        .map(|word| {
            // Which letters select which lines does not depend on the range: they are read
            // back on the nearest cannon, one hop and one step.
            let read = match word.hop_off {
                Some((_, hidden)) => selections(
                    dialect,
                    Kind::RangedCannon(2),
                    &Word {
                        hop_off: Some((2, hidden)),
                        ..word.clone()
                    },
                ),
                None => selections(dialect, group.kind, &word),
            };
            let kept = read
                .iter()
                .filter(|(_, directions)| !plainly || !quirky(&word, directions))
                .cloned()
                .collect();
            (word, kept)
        })
        .collect();
    let mut left: Vec<Step> = group.steps.clone();
    let mut written: Vec<(usize, String)> = Vec::new();
    while !left.is_empty() {
        // The most steps not yet written, then the shortest text.
        let mut best: Option<(usize, usize, String, &[Step])> = None;
        for (rank, (word, read)) in options.iter().enumerate() {
            for (steps, directions) in read.iter() {
                if !steps.iter().all(|s| group.steps.binary_search(s).is_ok()) {
                    continue;
                }
                let new = steps.iter().filter(|s| left.contains(s)).count();
                let text = layout(dialect, group.initial, group.landing, directions, word);
                let better = best
                    .as_ref()
                    .is_none_or(|(n, _, t, _)| new > *n || (new == *n && text.len() < t.len()));
                if new > 0 && better {
                    best = Some((new, rank, text, steps));
                }
            }
        }
        let (_, rank, text, steps) = best?;
        left.retain(|s| !steps.contains(s));
        written.push((rank, text));
    }
    // The atoms of a group in the conventional order of their letters (`W` before `F`).
    written.sort();
    Some(written.into_iter().map(|(_, text)| text).collect())
}
