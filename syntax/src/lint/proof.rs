//! Proof by generation: a fix is offered only when generating the moves of the fixed string on
//! the proof positions (the reference boards, rings of friends and enemies, scattered and
//! crowded pieces) shows that it keeps its rule's promise (notes P1–P4).

use std::collections::BTreeMap;

use rowan::{TextRange, TextSize};

use super::Promise;
use super::comparison::{Boards, Comparison, Largest, Move, comparable};
use super::{Diagnostic, Engine, Fix};
use crate::board::reference::{MoveTrace, proof_positions, trace};
use crate::board::{BoardSize, Generated, Position, Square, generate};
use crate::{Dialect, Reading, model};

/// Each proof generates the whole string on every proof position, which costs about as much as
/// the string is long: the proofs of one string look over at most this many letters in all
/// (hundreds of proofs of a short string, none of a string of thousands of legs), and the
/// findings past them come without a fix, since nothing proved it.
pub(crate) const PROOF_LETTERS: usize = 16_384;

/// The moves of one reading, position by position.
pub(crate) type Generator<'p> = Box<dyn Fn(&Position) -> Generated + 'p>;

/// How the proofs read a text: a generator for `text` read as `reading`, built once for every
/// position. The proofs sit below the notations, so the layer that reads the string hands them
/// this (the registry's `generator`, which every `BetzaString` keeps).
pub(crate) type Reader = fn(&str, Reading) -> Generator<'static>;

/// The moves of the original `text` read as `reading`: from the model of the `analysed`
/// string when it is read in its dialect.
fn original_generator<'t>(
    text: &str,
    (reading, reader): (Reading, Reader),
    analysed: Option<&'t model::Piece>,
) -> Generator<'t> {
    match analysed {
        Some(piece) => Box::new(move |position| generate(piece, position)),
        None => reader(text, reading),
    }
}

/// What a reading does in one position, as precisely as the other reading can say it: in full
/// (captures, where it could capture) between two readings of our own, by landing squares
/// against an engine's reading.
#[derive(Debug, PartialEq, Eq)]
enum Seen {
    Full(Vec<MoveTrace>, Vec<Square>),
    Landings(Vec<Move>),
}

/// The original string's reading in its dialect, generated position by position as proofs ask.
pub(crate) struct Original<'t> {
    text: &'t str,
    dialect: Dialect,
    /// How the original is read: in its dialect, or (to convert from it) by an engine.
    reading: Reading,
    /// How the original and the texts compared with it are read.
    reader: Reader,
    /// The model its analysis built, without repeated moves, when it is read in its dialect:
    /// generated from it, built once for every rule.
    analysed: Option<&'t model::Piece>,
    generator: Option<Generator<'t>>,
    seen: Vec<Option<Generated>>,
}

impl<'t> Original<'t> {
    /// `text` as `dialect` reads it, generated from `model`, the model its analysis built
    /// (without repeated moves); what it is compared with is read by `reader`.
    pub(crate) fn read(
        text: &'t str,
        dialect: Dialect,
        model: &'t model::Piece,
        reader: Reader,
    ) -> Self {
        Original {
            analysed: Some(model),
            ..Self::read_as(text, dialect, Reading::Dialect(dialect), reader)
        }
    }

    /// The original written in `dialect` but read as `reading` (XBoard's reading of XBetza).
    pub(crate) fn read_as(
        text: &'t str,
        dialect: Dialect,
        reading: Reading,
        reader: Reader,
    ) -> Self {
        Original {
            text,
            dialect,
            reading,
            reader,
            analysed: None,
            generator: None,
            seen: Vec::new(),
        }
    }

    /// The original as written.
    pub(crate) fn text(&self) -> &'t str {
        self.text
    }

    /// The original's moves, position by position.
    pub(crate) fn generator(&mut self) -> &Generator<'t> {
        let (text, reading, analysed) = (self.text, (self.reading, self.reader), self.analysed);
        self.generator
            .get_or_insert_with(|| original_generator(text, reading, analysed))
    }

    fn at(&mut self, index: usize) -> &Generated {
        if self.seen.len() <= index {
            self.seen.resize_with(index + 1, || None);
        }
        let generated = match self.seen[index].take() {
            Some(generated) => generated,
            None => self.generator()(&proof_positions()[index]),
        };
        self.seen[index].insert(generated)
    }

    /// Whether `text` read as `reading` makes exactly the original's moves on every proof
    /// position: `None` when a search was cut short before any difference showed, which proves
    /// nothing either way.
    pub(crate) fn same_as(&mut self, text: &str, reading: Reading) -> Option<bool> {
        let other = (self.reader)(text, reading);
        // Full traces compare only two readings of our own; an engine's is seen by landings.
        let full = reading == self.reading && matches!(reading, Reading::Dialect(_));
        let same = |ours: &Generated, theirs: &Generated, from| {
            let seen = |generated: &Generated| {
                if full {
                    let (moves, could) = trace(generated);
                    Seen::Full(moves, could)
                } else {
                    Seen::Landings(comparable(generated, from).0)
                }
            };
            seen(ours) == seen(theirs)
        };
        // An unmoved position where either makes a first move (`i`) is compared again once
        // the piece has moved, as `first_difference` does: `iB` beside `mfrB7` covers the
        // range limit only until the piece moves.
        let mut moved_twins = Vec::new();
        for (index, position) in proof_positions().iter().enumerate() {
            let ours = self.at(index);
            let theirs = other(position);
            if ours.truncated || theirs.truncated {
                return None;
            }
            if !same(ours, &theirs, position.from) {
                return Some(false);
            }
            let first_move = |g: &Generated| g.moves.iter().any(|m| m.initial_only);
            if !position.moved && (first_move(ours) || first_move(&theirs)) {
                let mut moved = position.clone();
                moved.moved = true;
                moved_twins.push(moved);
            }
        }
        for position in &moved_twins {
            let ours = self.generator()(position);
            let theirs = other(position);
            if ours.truncated || theirs.truncated {
                return None;
            }
            if !same(&ours, &theirs, position.from) {
                return Some(false);
            }
        }
        Some(true)
    }
}

/// Each fix checked against its rule's promise; a finding whose claim is the fix (the letters
/// change nothing) goes with a fix that fails, other findings lose the fix and a portability
/// finding says what no rewrite keeps. No two fixes edit the same letters. `named`: who reads
/// the original as it is meant, in a sentence comparing readings; `boards`: the position the
/// user sees and the largest board the original's own engine plays; `engine_boards`: the
/// largest board each engine plays, where it has a limit.
pub(crate) fn prove_fixes(
    (original, named): (Original<'_>, &'static str),
    findings: &mut Vec<Diagnostic>,
    boards: Boards<'_>,
    engine_boards: &[(Engine, BoardSize)],
) {
    let (text, dialect) = (original.text, original.dialect);
    let mut prover = Prover {
        original,
        named,
        letters_left: PROOF_LETTERS,
        boards,
        engine_boards,
    };
    // First each fix in the string's own reading; the portability fixes that keep it wait for
    // the engine's reading, proven together below.
    findings.retain_mut(|finding| {
        let Some(promise) = finding.code.fix else {
            finding.fix = None;
            return true;
        };
        let Some(fix) = finding.fix.take() else {
            return true;
        };
        if promise == Promise::Intended {
            finding.fix = Some(fix);
            return true;
        }
        let fixed = fix.apply(text);
        match prover.same(&fixed, Reading::Dialect(dialect)) {
            // Unproven (over the budget, or a search cut short): no fix, no claim withdrawn.
            None => {}
            Some(true) => finding.fix = Some(fix),
            Some(false) if promise == Promise::Unchanged => return false,
            Some(false) if promise == Promise::Ports => {
                finding.message.push_str(&format!(
                    "; no rewrite is offered, since writing `{}` would change the moves",
                    crate::quote::shortened(&fixed)
                ));
            }
            Some(false) => {}
        }
        true
    });
    drop_conflicting_fixes(findings.iter_mut().map(|f| &mut f.fix));
    for engine in Engine::ALL {
        prove_ports(&mut prover, engine, findings);
    }
}

/// The original's reading and what is left of the budget for proofs.
struct Prover<'t> {
    original: Original<'t>,
    /// Who reads the original as it is meant.
    named: &'static str,
    letters_left: usize,
    /// The position the user sees the piece in, which a message speaks of first, and the
    /// largest board the original's own engine plays.
    boards: Boards<'t>,
    /// The largest board each engine plays, where it has a limit.
    engine_boards: &'t [(Engine, BoardSize)],
}

impl Prover<'_> {
    /// Whether `fixed` read as `reading` makes the original's moves; `None` when the budget
    /// is spent or a search was cut short.
    fn same(&mut self, fixed: &str, reading: Reading) -> Option<bool> {
        let cost = self.original.text.len();
        if self.letters_left < cost {
            return None;
        }
        self.letters_left -= cost;
        self.original.same_as(fixed, reading)
    }
}

/// The portability fixes for `engine` that keep the string's own reading (their edits never
/// overlap): the engine must read the string they make as the dialect reads the original.
/// Several causes in one string take their fixes together (`mfhNcfW` needs both reorderings),
/// so they are proven together first; if that fails, a fix is kept only if it ports the piece
/// on its own, and the others say what cannot be kept.
fn prove_ports(prover: &mut Prover<'_>, engine: Engine, findings: &mut [Diagnostic]) {
    let ports: Vec<usize> = findings
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.fix.is_some() && f.code.fix == Some(Promise::Ports) && f.code.engine == Some(engine)
        })
        .map(|(index, _)| index)
        .collect();
    if ports.is_empty() {
        return;
    }
    let text = prover.original.text;
    let together = Fix {
        title: String::new(),
        edits: ports
            .iter()
            .filter_map(|i| findings[*i].fix.as_ref())
            .flat_map(|fix| fix.edits.iter().cloned())
            .collect(),
    }
    .apply(text);
    let all_port = ports.len() > 1
        && prover.same(&together, Reading::Dialect(prover.original.dialect)) == Some(true)
        && prover.same(&together, Reading::Engine(engine)) == Some(true);
    if all_port {
        return;
    }
    for index in ports {
        let finding = &mut findings[index];
        let Some(fixed) = finding.fix.as_ref().map(|fix| fix.apply(text)) else {
            continue;
        };
        match prover.same(&fixed, Reading::Engine(engine)) {
            Some(true) => {}
            None => finding.fix = None,
            Some(false) => {
                finding.fix = None;
                let theirs = (prover.engine_boards.iter())
                    .find(|(e, _)| *e == engine)
                    .map(|(e, size)| Largest::of(*e, *size));
                let boards = Boards {
                    largest: Largest::both(prover.boards.largest, theirs),
                    ..prover.boards
                };
                let said = not_kept((&mut prover.original, prover.named), &fixed, engine, boards);
                finding.message.push_str(&said);
            }
        }
    }
}

/// What a portability rewrite that was not proven fails to keep, for its finding's message.
fn not_kept(
    (original, ours_name): (&mut Original<'_>, &'static str),
    fixed: &str,
    engine: Engine,
    boards: Boards<'_>,
) -> String {
    let engine_name = Reading::Engine(engine).reader();
    let theirs = (original.reader)(fixed, Reading::Engine(engine));
    let ours = original.generator();
    match super::comparison::difference((ours_name, ours), (engine_name, &*theirs), boards) {
        Comparison::Differs(detail) => format!(
            "; no rewrite is offered, since {engine_name} would not read `{}` as {ours_name} reads this string either ({detail})",
            crate::quote::shortened(fixed)
        ),
        Comparison::Same | Comparison::SameSoFar => format!(
            "; no rewrite is offered: it is not proven that {engine_name} would read `{}` as {ours_name} reads this string",
            crate::quote::shortened(fixed)
        ),
    }
}

/// Two fixes never edit the same letters: a fix whose edits touch letters an earlier fix edits
/// (overlapping ranges, or an insertion at the same place) is dropped, so applying every fix
/// offered applies each edit once and none undoes another.
pub(crate) fn drop_conflicting_fixes<'f>(fixes: impl Iterator<Item = &'f mut Option<Fix>>) {
    // The edited ranges kept so far, which never overlap: start to end.
    let mut edited: BTreeMap<TextSize, TextSize> = BTreeMap::new();
    let touches = |edited: &BTreeMap<TextSize, TextSize>, range: TextRange| {
        let before = edited
            .range(..=range.start())
            .next_back()
            .is_some_and(|(start, end)| {
                *end > range.start() || (*start == range.start() && *end == range.end())
            });
        before || edited.range(range.start()..range.end()).next().is_some()
    };
    for fix in fixes {
        let conflicts = fix
            .as_ref()
            .is_some_and(|fix| fix.edits.iter().any(|edit| touches(&edited, edit.range)));
        if conflicts {
            *fix = None;
        } else if let Some(fix) = fix {
            edited.extend(fix.edits.iter().map(|e| (e.range.start(), e.range.end())));
        }
    }
}

#[cfg(test)]
mod tests;
