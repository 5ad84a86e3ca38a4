//! The characters Fairy-Stockfish skips, said as the engine reads them (notes F10, F11). Its
//! `from_betza` gathers modifiers until the next atom it knows and passes over every other
//! character, so the modifiers before a skipped character belong to the atom after it (`v[W?B]`
//! is `vW` and `B`), and an Interactive Diagram's bracket group is read as the atoms in it. The
//! shared grammar's findings on those characters are replaced by what the engine does: one
//! finding for each run of skipped characters and each bracket group. The parse stays cheap:
//! their fixes are proven when findings are asked for ([`proven`]), kept only where generating
//! the engine's moves shows that it plays the string alike, with words where none is proven.

use rowan::{TextRange, TextSize};

use super::model::{self as fairy, EnginePiece};
use crate::board::reference::same_on_proof_positions;
use crate::diagnostic::Diagnostic;
use crate::diagnostic::{Fix, codes};
use crate::lint::proof::PROOF_LETTERS;
use crate::parser::{Problem, SyntaxError, SyntaxProblem};
use crate::{BetzaString, Dialect, quote};

/// At most this many removals are proven for one string, each by generating it again: past
/// them (or past [`PROOF_LETTERS`] letters of proofs) a finding comes with words only.
const PROVEN_REMOVALS: usize = 64;

/// The engine's reading of `text` with the proofs it can still afford.
pub(crate) struct SkipReading<'t> {
    text: &'t str,
    pub(crate) engine: EnginePiece,
    proofs_left: usize,
}

fn removal(text: &str, run: TextRange) -> Fix {
    Fix::delete(format!("remove `{}`", quote::shortened(&text[run])), &[run])
}

impl<'t> SkipReading<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        SkipReading {
            text,
            engine: EnginePiece::read(text),
            proofs_left: PROVEN_REMOVALS.min(PROOF_LETTERS / text.len().max(1)),
        }
    }

    /// The runs of characters the engine skips one after another, outside `groups` and the
    /// letters left with no atom at the end. `e` is not among them: the variants.ini reader lets
    /// a piece with an `e` anywhere capture en passant (note F9).
    pub(crate) fn runs(&self, groups: &[TextRange]) -> Vec<TextRange> {
        let mut runs: Vec<TextRange> = Vec::new();
        let counted = self.engine.skipped.iter().filter(|range| {
            &self.text[**range] != "e"
                && within_one(groups, **range).is_none()
                && !self
                    .engine
                    .dangling
                    .is_some_and(|d| d.contains_range(**range))
        });
        for range in counted {
            match runs.last_mut() {
                Some(run) if run.end() == range.start() => *run = run.cover(*range),
                _ => runs.push(*range),
            }
        }
        runs
    }

    /// The Interactive Diagram's bracket groups, `[` to the next `]`, with an atom the engine
    /// reads inside.
    pub(crate) fn bracket_groups(&self) -> Vec<TextRange> {
        let mut groups = Vec::new();
        let mut open: Option<usize> = None;
        for (at, c) in self.text.char_indices() {
            match (c, open) {
                ('[', _) => open = Some(at),
                (']', Some(start)) => {
                    open = None;
                    let group = range(start, at + 1);
                    // Atoms are in source order: the first one at or after the `[`.
                    let atoms = &self.engine.atoms;
                    let first = atoms.partition_point(|a| a.atom_range.start() < group.start());
                    if atoms
                        .get(first)
                        .is_some_and(|a| group.contains_range(a.atom_range))
                    {
                        groups.push(group);
                    }
                }
                _ => {}
            }
        }
        groups
    }

    /// The text without the characters the engine skips in `within` (but its `e`, note F9).
    fn read_in(&self, within: TextRange) -> String {
        let skipped: Vec<TextRange> = self
            .skipped_in(within)
            .filter(|r| &self.text[*r] != "e")
            .collect();
        let mut out = String::new();
        let mut at = within.start();
        for range in skipped {
            out.push_str(&self.text[TextRange::new(at, range.start())]);
            at = range.end();
        }
        out.push_str(&self.text[TextRange::new(at, within.end())]);
        out
    }

    /// The skipped characters in `within`, found by their order: a string of thousands of
    /// groups reads each skipped character once.
    fn skipped_in(&self, within: TextRange) -> impl Iterator<Item = TextRange> + '_ {
        let skipped = &self.engine.skipped;
        let first = skipped.partition_point(|r| r.start() < within.start());
        (skipped[first..].iter().copied()).take_while(move |r| within.contains_range(*r))
    }

    /// Whether the engine plays `fixed` as it plays the text: the same moves on every proof
    /// position, and en passant kept. `None` when no proof is left to spend.
    fn plays_alike(&mut self, fixed: &str) -> Option<bool> {
        self.proofs_left = self.proofs_left.checked_sub(1)?;
        let en_passant_kept = !self.text.contains('e') || fixed.contains('e');
        Some(
            en_passant_kept
                && same_on_proof_positions(&fairy::piece(self.text), &fairy::piece(fixed)),
        )
    }

    /// The removal of `run`, offered when the engine plays the string alike without it, and
    /// the words that say what to write, which hold whether the fix is kept or not (a fix on
    /// letters around it can take its place).
    pub(crate) fn proven_removal(&mut self, run: TextRange) -> (Option<Fix>, String) {
        let fix = removal(self.text, run);
        let fixed = fix.apply(self.text);
        let removed = quote::shortened(&self.text[run]);
        match self.plays_alike(&fixed) {
            Some(false) => (
                None,
                format!(
                    "without `{removed}` Fairy-Stockfish would read `{}` otherwise (the letters \
                     either side of it meet): write each atom's modifiers right before it, with \
                     nothing between",
                    quote::shortened(&fixed)
                ),
            ),
            proven => (
                proven.is_some().then_some(fix),
                format!(
                    "Fairy-Stockfish reads the string as if `{removed}` were not there: leave it \
                     out, keeping each atom's modifiers right before it"
                ),
            ),
        }
    }

    /// What the engine makes of skipped `run`: the atom it sits in read without it, or the
    /// range it follows.
    pub(crate) fn what_it_reads(&self, run: TextRange) -> Option<String> {
        let text = self.text;
        let skipped = &text[run];
        let atoms = &self.engine.atoms;
        // Atoms are in source order: the last one starting at or before the run.
        let before = atoms
            .partition_point(|a| a.source.start() <= run.start())
            .checked_sub(1)
            .and_then(|i| atoms.get(i));
        if let Some(atom) = before.filter(|a| a.source.contains_range(run)) {
            let read = text[TextRange::new(atom.source.start(), run.start())]
                .chars()
                .chain(text[TextRange::new(run.end(), atom.source.end())].chars());
            return Some(format!(
                "Fairy-Stockfish skips `{}`: it reads `{}` as `{}`",
                window(skipped.chars()),
                window(text[atom.source].chars()),
                window(read)
            ));
        }
        // Digits after an atom's own digit or doubled letter: the engine reads no more.
        let atom = before.filter(|a| {
            a.suffix.is_some()
                && a.source.end() <= run.start()
                && text[TextRange::new(a.source.end(), run.end())]
                    .chars()
                    .all(|c| c.is_ascii_digit())
        })?;
        let cause = if atom.suffix.is_some_and(|c| c.is_ascii_digit()) {
            "it reads a range of one digit"
        } else {
            "a doubled atom already rides, and takes no range"
        };
        Some(format!(
            "Fairy-Stockfish skips `{}`: {cause}, so it plays `{}` as `{}`",
            window(skipped.chars()),
            window(text[TextRange::new(atom.source.start(), run.end())].chars()),
            window(text[atom.source].chars())
        ))
    }
}

/// The one of `ranges` (in order, none overlapping) that holds `range`, found by halving.
pub(crate) fn within_one(ranges: &[TextRange], range: TextRange) -> Option<usize> {
    let at = ranges.partition_point(|r| r.end() <= range.start());
    ranges
        .get(at)
        .is_some_and(|r| r.contains_range(range))
        .then_some(at)
}

fn range(start: usize, end: usize) -> TextRange {
    let at = |offset: usize| TextSize::try_from(offset).unwrap_or(TextSize::new(u32::MAX));
    TextRange::new(at(start), at(end))
}

/// At most this many characters of a string are quoted in a message; a longer one is shown by
/// its two ends.
const QUOTED: usize = 24;

/// The characters `chars`, or their two ends around `…` when there are more than [`QUOTED`].
/// Only the ends are read, so quoting a letter of an atom of thousands costs no more than
/// quoting a short one.
pub(crate) fn window<I>(chars: I) -> String
where
    I: DoubleEndedIterator<Item = char> + Clone,
{
    if chars.clone().nth(QUOTED).is_none() {
        return chars.collect();
    }
    let head: String = chars.clone().take(QUOTED / 2).collect();
    let mut tail: Vec<char> = chars.rev().take(QUOTED / 2).collect();
    tail.reverse();
    format!("{head}…{}", tail.into_iter().collect::<String>())
}

/// The shared grammar's `errors` on `text`, replaced where Fairy-Stockfish reads the text
/// otherwise: modifiers carried over skipped characters have an atom, letters the engine
/// does not know are skipped rather than modifiers, a bracket group is one finding, and each
/// run of skipped characters the grammar found wrong is one finding, in the engine's words.
pub(crate) fn engine_errors(text: &str, errors: Vec<SyntaxError>) -> Vec<SyntaxError> {
    let reading = SkipReading::new(text);
    let groups = reading.bracket_groups();
    let runs = reading.runs(&groups);
    let dangling = reading.engine.dangling;
    let mut found_in_run: Vec<Vec<SyntaxError>> = vec![Vec::new(); runs.len()];
    let mut out: Vec<SyntaxError> = Vec::new();
    for error in errors {
        // The engine's own modifiers with no atom are said below, from its reading.
        if error.is_missing_atom()
            || within_one(&groups, error.range).is_some()
            || dangling.is_some_and(|d| d.contains_range(error.range))
        {
            continue;
        }
        match within_one(&runs, error.range) {
            Some(run) => found_in_run[run].push(error),
            None => out.push(error),
        }
    }
    for group in groups {
        out.push(bracket_group(&reading, group));
    }
    for (run, found) in runs.into_iter().zip(found_in_run) {
        if let Some(first) = found.first() {
            let message = match reading.what_it_reads(run) {
                Some(read) => read,
                None if found.len() == 1 && first.range == run => {
                    format!("{}; Fairy-Stockfish skips it", first.message)
                }
                None => format!(
                    "Fairy-Stockfish skips `{}`: {}",
                    window(text[run].chars()),
                    first.message
                ),
            };
            let fix = removal(text, run);
            out.push(SyntaxError::said(
                first.code(),
                run,
                message,
                Some(fix),
                None,
            ));
        }
    }
    if let Some(letters) = dangling {
        out.push(no_atom_at_the_end(text, letters));
    }
    out.sort_by_key(|e| (e.range.start(), e.range.end()));
    out
}

/// The group as the engine reads it, with the fix that writes that.
fn bracket_group(reading: &SkipReading<'_>, group: TextRange) -> SyntaxError {
    let text = reading.text;
    let read = reading.read_in(group);
    let mut skipped: Vec<&str> = Vec::new();
    for r in reading.skipped_in(group) {
        if &text[r] != "e" && !skipped.contains(&&text[r]) {
            skipped.push(&text[r]);
        }
    }
    let message = format!(
        "Fairy-Stockfish has no bracket groups: it skips {} and reads `{}` as `{}`, each atom a \
         move of its own",
        characters(&skipped),
        quote::shortened(&text[group]),
        quote::shortened(&read),
    );
    let title = format!("write `{}`", quote::shortened(&read));
    let fix = Fix::replace(title, group, read);
    SyntaxError::said(codes::FAIRY_BRACKET_GROUP, group, message, Some(fix), None)
}

/// The distinct characters `found`, quoted and listed in words: the first few of them.
fn characters(found: &[&str]) -> String {
    const LISTED: usize = 6;
    let mut quoted: Vec<String> = found
        .iter()
        .take(LISTED)
        .map(|c| format!("`{c}`"))
        .collect();
    if found.len() > LISTED {
        quoted.push("others".to_owned());
    }
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.concat(),
    }
}

/// Modifiers the engine gathers for an atom that never comes, with their removal.
fn no_atom_at_the_end(text: &str, letters: TextRange) -> SyntaxError {
    let problem = Problem::MissingAtom {
        ends_with_again: false,
        at_end: true,
        before_space: false,
    };
    let message = problem.message(&quote::shortened(&text[letters]), Dialect::Fairy);
    let fix = removal(text, letters);
    SyntaxError::said(problem.code(), letters, message, Some(fix), None)
}

/// The syntax findings of a Fairy-Stockfish string, each fix kept only where the engine plays
/// the fixed string alike (within the string's budget of proofs), else said in words.
pub(crate) fn proven(string: &BetzaString) -> Vec<Diagnostic> {
    let text = string.text();
    let mut reading = SkipReading::new(text);
    let mut out = Vec::new();
    for error in string.parse().errors() {
        let mut finding = error.diagnostic();
        match error.fix() {
            Some(fix) if error.code() == codes::FAIRY_BRACKET_GROUP => {
                let read = quote::shortened(fix.edits.first().map_or("", |e| e.text.as_str()));
                finding.help = Some(if reading.plays_alike(&fix.apply(text)) == Some(true) {
                    finding.fix = Some(fix.clone());
                    format!("write `{read}`: the moves Fairy-Stockfish plays, without brackets")
                } else {
                    format!(
                        "write the moves without the brackets, each atom with its own \
                         modifiers; Fairy-Stockfish cannot chain `{read}` into one move"
                    )
                });
            }
            Some(_) => {
                let (fix, help) = reading.proven_removal(error.range);
                (finding.fix, finding.help) = (fix, Some(help));
            }
            None => {}
        }
        out.push(finding);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::board::{BoardSize, Position, Side, generate};
    use crate::diagnostic::{Code, codes};
    use crate::{BetzaString, Dialect, parse};

    /// The syntax findings of a Fairy-Stockfish string: code, text, and the string its fix
    /// writes, if any.
    fn found(text: &str) -> Vec<(Code, String, Option<String>)> {
        (BetzaString::new(text, Dialect::Fairy)
            .syntax_findings()
            .iter())
        .map(|d| {
            let fixed = d.fix.as_ref().map(|fix| fix.apply(text));
            (d.code, text[d.range].to_owned(), fixed)
        })
        .collect()
    }

    /// Issue 53, notes F10/F11: `v[W?B]` (a Jocly Timurid chess) is `vW` + `B` to the engine;
    /// pyffish 0.0.90 from f5 on 8x8: b1 c2 c8 d3 d7 e4 e6 f4 f6 g4 g6 h3 h7.
    #[test]
    fn a_modifier_before_a_bracket_goes_to_the_atom_after_it() {
        let text = "v[W?B]";
        assert!(!parse(text, Dialect::Fairy).has_errors());
        assert_eq!(
            found(text),
            [(
                codes::FAIRY_BRACKET_GROUP,
                "[W?B]".to_owned(),
                Some("vWB".to_owned())
            )]
        );
        let piece = crate::registry::lower(&parse(text, Dialect::Fairy).piece(), Dialect::Fairy);
        let f5 = "f5".parse().unwrap();
        let position = Position::new(BoardSize::CHESS, f5, Side::White, false, &[], &[]).unwrap();
        let mut squares: Vec<String> = (generate(&piece, &position).moves.iter())
            .map(|m| m.to.to_string())
            .collect();
        squares.sort_by_key(|s| (s.as_bytes()[0], s[1..].parse::<u8>().unwrap_or(0)));
        squares.dedup();
        let pyffish = "b1 c2 c8 d3 d7 e4 e6 f4 f6 g4 g6 h3 h7";
        assert_eq!(squares.join(" "), pyffish);
    }

    /// Issue 53: five Interactive Diagram groups were 17 errors; each is one warning.
    #[test]
    fn each_bracket_group_is_one_finding() {
        let text = "[D?B][F?R]m[W-B][N?N]c[F?F]";
        let found = found(text);
        assert_eq!(found.len(), 5, "{found:?}");
        assert!(
            found
                .iter()
                .all(|(code, _, _)| *code == codes::FAIRY_BRACKET_GROUP)
        );
        assert_eq!(found[0].2.as_deref(), Some("DB[F?R]m[W-B][N?N]c[F?F]"));
    }

    /// Issue 53: the "missing atom" fixes changed what the engine plays; the skipped
    /// characters are the finding, and their removal keeps every move.
    #[test]
    fn skipped_characters_carry_the_modifiers_before_them() {
        assert_eq!(
            found("bssWbl2cK"),
            [(
                codes::STRAY_NUMBER,
                "2".to_owned(),
                Some("bssWblcK".to_owned())
            )]
        );
        assert_eq!(
            found("g3R"),
            [(codes::STRAY_NUMBER, "3".to_owned(), Some("gR".to_owned()))]
        );
        // `y` is no modifier to the engine: skipped together with the `5` after it.
        assert_eq!(
            found("mBnuJy5"),
            [(
                codes::STRAY_NUMBER,
                "y5".to_owned(),
                Some("mBnuJ".to_owned())
            )]
        );
        // The digit after a doubled atom: `NN2` is an unlimited Nightrider (golden cases).
        let parsed = parse("NN2", Dialect::Fairy);
        assert_eq!(
            parsed.errors()[0].message,
            "Fairy-Stockfish skips `2`: a doubled atom already rides, and takes no range, so it \
             plays `NN2` as `NN`"
        );
        let parsed = parse("bssWbl2cK", Dialect::Fairy);
        assert_eq!(
            parsed.errors()[0].message,
            "Fairy-Stockfish skips `2`: it reads `bl2cK` as `blcK`"
        );
    }

    /// Without the `2`, `f` and `r` would pair into one token (F1): no fix, and the help says
    /// why.
    #[test]
    fn a_removal_that_pairs_letters_is_not_offered() {
        let found = BetzaString::new("f2rN", Dialect::Fairy).syntax_findings();
        assert_eq!(found[0].fix, None);
        let help = found[0].help.clone().unwrap_or_default();
        assert!(help.contains("would read `frN` otherwise"), "{help}");
    }

    /// Only the engine's own modifiers at the end have no atom, with their removal.
    #[test]
    fn modifiers_at_the_end_have_no_atom() {
        assert_eq!(
            found("Wma"),
            [(codes::MISSING_ATOM, "ma".to_owned(), Some("W".to_owned()))]
        );
        assert_eq!(
            found("Wm5"),
            [(codes::MISSING_ATOM, "m5".to_owned(), Some("W".to_owned()))]
        );
        // `x` is no modifier of the engine's: a skipped letter (a lint), not a missing atom.
        assert!(found("Nx").is_empty());
        // The only `e`, which lets the piece capture en passant (F9), is not removed.
        assert_eq!(
            found("fcFme"),
            [(codes::MISSING_ATOM, "me".to_owned(), None)]
        );
        assert_eq!(
            found("fceFme"),
            [(
                codes::MISSING_ATOM,
                "me".to_owned(),
                Some("fceF".to_owned())
            )]
        );
    }
}
