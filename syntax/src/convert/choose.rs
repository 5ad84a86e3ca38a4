//! Choosing among candidates by proof: the shortest one the target reads exactly as the source
//! reads the original, else the one with the fewest differing moves, and where it differs.

use super::candidates::Source;
use super::search;
use super::unseen::{Unseen, without_castling};
use super::{Conversion, Difference, Landing, Reading};
use crate::BetzaString;
use crate::board::Position;
use crate::lint::{Boards, Found, Largest, Move, Original, difference_words, first_difference};

/// The original as `from` reads it, generated from the string's own model when `from` is the
/// string's dialect (XBoard's reading generates from the text).
/// A piece that castles (`unseen`) is generated without its castling, which [`Unseen`]
/// compares.
pub(super) fn original<'s>(
    string: &'s BetzaString,
    from: Reading,
    unseen: &Unseen,
) -> Original<'s> {
    if unseen.castles() {
        return Original::read_as(string.text(), string.dialect(), from, without_castling);
    }
    match from {
        Reading::Dialect(_) => string.original(),
        engine => Original::read_as(string.text(), string.dialect(), engine, string.reader()),
    }
}

/// How many modifier letters `betza` writes twice in a row: of two strings as short, the one
/// without (`fNsN`) reads more plainly than one that leans on a doubled letter (`ffsN`).
fn doubled(betza: &str) -> usize {
    let letters: Vec<char> = betza.chars().collect();
    (letters.windows(2))
        .filter(|pair| pair[0] == pair[1] && pair[0].is_ascii_lowercase())
        .count()
}

/// With no exact candidate, at most this many (the shortest) are compared move by move.
const CLOSEST_TRIED: usize = 8;

/// The conversion of `text` among `candidates`.
pub(crate) fn best(
    (string, unseen): (&BetzaString, &Unseen),
    from: Reading,
    to: Reading,
    mut candidates: Vec<(Source, String)>,
) -> Conversion {
    // On equal lengths: the catalogue's names (in the seed's letters) first, but the letters a
    // notation's files use first where they put the mode first (Fairy-Stockfish's `mfW`).
    let own_letters_first = crate::registry::notation(to.dialect())
        .spelling()
        .mode_first;
    let rank = |source: Source| match source {
        Source::Catalogue if own_letters_first => 1,
        Source::Parts if own_letters_first => 0,
        source => source as u8,
    };
    candidates.sort_by_key(|(source, betza)| (betza.len(), doubled(betza), rank(*source)));
    let mut original = original(string, from, unseen);
    // Exact: the same moves on every proof position, and the same castling and en passant.
    // The shortest candidate with the same moves but not those is kept to say so.
    let mut near: Option<(String, Unseen)> = None;
    let mut exact = |original: &mut Original<'_>, candidate: &str| {
        if original.same_as(candidate, to) != Some(true) {
            return false;
        }
        let theirs = Unseen::of(candidate, to);
        let same = unseen.same(&theirs);
        if !same && near.is_none() {
            near = Some((candidate.to_owned(), theirs));
        }
        same
    };
    let mut found = (candidates.iter())
        .map(|(_, candidate)| candidate.clone())
        .find(|candidate| exact(&mut original, candidate));
    // Nearer strings, shortest first, when no first candidate was exact, or when the one that
    // was leans on a doubled letter and a plainer one as short may be exact too.
    if found.as_ref().is_none_or(|betza| doubled(betza) > 0) {
        let mut nearer: Vec<String> = candidates
            .iter()
            .flat_map(|(_, candidate)| search::near(candidate))
            .collect();
        if let Some(betza) = &found {
            nearer.retain(|near| near.len() <= betza.len() && doubled(near) < doubled(betza));
        }
        nearer.sort_by(|a, b| (a.len(), doubled(a), a).cmp(&(b.len(), doubled(b), b)));
        nearer.dedup();
        if let Some(plainer) = nearer
            .into_iter()
            .find(|candidate| exact(&mut original, candidate))
        {
            found = Some(plainer);
        }
    }
    if let Some(mut betza) = found {
        // Shortest means shortest: a letter left out while the moves stay (`bnW` is `bW`).
        while let Some(shorter) = search::one_left_out(&betza)
            .into_iter()
            .find(|candidate| exact(&mut original, candidate))
        {
            betza = shorter;
        }
        return Conversion {
            betza,
            exact: true,
            difference: None,
        };
    }
    if let Some((betza, theirs)) = near {
        return Conversion {
            difference: Some(Difference {
                words: unseen.differences(&theirs, (from, to)).join("; "),
                lost: Vec::new(),
                added: Vec::new(),
            }),
            betza,
            exact: false,
        };
    }
    let mut conversion = closest(&mut original, (from, to), &candidates);
    let unseen_lost = unseen.differences(&Unseen::of(&conversion.betza, to), (from, to));
    if let (false, Some(difference)) = (unseen_lost.is_empty(), conversion.difference.as_mut()) {
        difference.words = format!("{}; {}", unseen_lost.join("; "), difference.words);
    }
    conversion
}

/// The candidate whose moves differ least from the original's where they first differ (fewest
/// moves lost and added there, then the shortest), and that difference.
fn closest(
    original: &mut Original<'_>,
    (from, to): (Reading, Reading),
    candidates: &[(Source, String)],
) -> Conversion {
    let text = original.text();
    let ours = original.generator();
    // A difference is shown on a board both readings' engines play, where one has a limit.
    let boards = Boards {
        seen: None,
        largest: Largest::both(largest(from), largest(to)),
        by_move: false,
    };
    let mut best: Option<(usize, &str, Found)> = None;
    for (_, candidate) in candidates.iter().take(CLOSEST_TRIED) {
        let theirs = crate::registry::generator(candidate, to);
        let found = first_difference(ours, &*theirs, boards);
        let count = match &found {
            Found::Differs {
                only_first,
                only_second,
                ..
            } => only_first.len() + only_second.len(),
            Found::Same | Found::SameSoFar => 0,
        };
        if best.as_ref().is_none_or(|(n, _, _)| count < *n) {
            best = Some((count, candidate, found));
        }
    }
    let Some((_, betza, found)) = best else {
        // Every text is a candidate of its own, so this is not reached; the text then stands.
        return Conversion {
            betza: text.to_owned(),
            exact: false,
            difference: None,
        };
    };
    Conversion {
        betza: betza.to_owned(),
        exact: false,
        difference: Some(described(found, (from, to), boards)),
    }
}

/// Where `betza`, read as `to`, differs from `string`, read as `from`, told for a reader who
/// sees `seen` ([`super::difference_seen`]); `None` when their moves are the same.
pub(super) fn seen_from(
    string: &BetzaString,
    (from, to): (Reading, Reading),
    betza: &str,
    seen: &Position,
) -> Option<Difference> {
    let unseen = Unseen::of_string(string, from);
    let mut original = original(string, from, &unseen);
    let ours = original.generator();
    let theirs = crate::registry::generator(betza, to);
    let boards = Boards {
        seen: Some(seen),
        largest: Largest::both(largest(from), largest(to)),
        by_move: false,
    };
    let found = first_difference(ours, &*theirs, boards);
    let Found::Differs { position, .. } = &found else {
        return None;
    };
    // Where the moves differ off the position shown, the reader is told first that they agree
    // there, or on the whole board, since the diagram beside the words shows that they do.
    let agree = if position == seen {
        String::new()
    } else if position.size == seen.size {
        "in the position shown both read the same moves; they differ ".to_owned()
    } else {
        format!(
            "on this {} board both read the same moves in every position tried; they differ ",
            seen.size
        )
    };
    let mut difference = described(found, (from, to), boards);
    difference.words = format!("{agree}{}", difference.words);
    let unseen_lost = unseen.differences(&Unseen::of(betza, to), (from, to));
    if !unseen_lost.is_empty() {
        difference.words = format!("{}; {}", unseen_lost.join("; "), difference.words);
    }
    Some(difference)
}

/// The largest board the engine whose reading `reading` is plays, where it has a limit.
fn largest(reading: Reading) -> Option<Largest> {
    let engine = crate::registry::notation(reading.dialect()).own_engine()?;
    Some(Largest::of(engine, crate::registry::engine_board(engine)?))
}

/// A difference as the result says it.
fn described(found: Found, (from, to): (Reading, Reading), boards: Boards<'_>) -> Difference {
    let (first, second) = if from == to {
        ("the original", "the new string")
    } else {
        (from.reader(), to.reader())
    };
    match found {
        Found::Differs {
            position,
            only_first,
            only_second,
            ..
        } => Difference {
            words: difference_words(
                &position,
                (first, &only_first),
                (second, &only_second),
                boards,
            ),
            lost: landings(&only_first),
            added: landings(&only_second),
        },
        Found::SameSoFar => Difference {
            words: "not proven: a search was cut short at its budget before any difference showed"
                .to_owned(),
            lost: Vec::new(),
            added: Vec::new(),
        },
        Found::Same => Difference {
            words: format!(
                "not proven: {second} lands on the same squares as {first} everywhere compared, \
                 but not with the same moves (what it captures, or how it gets there, differs)"
            ),
            lost: Vec::new(),
            added: Vec::new(),
        },
    }
}

fn landings(moves: &[Move]) -> Vec<Landing> {
    moves
        .iter()
        .map(|(to, capturing)| Landing {
            to: *to,
            capturing: capturing.clone(),
        })
        .collect()
}
