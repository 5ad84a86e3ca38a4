//! The engines' own move sets (corpus/golden, facts computed by XBoard's and Fairy-Stockfish's
//! move generators) against ours. Every case whose moves this layer generates must match
//! exactly; the others are counted and printed, never dropped silently.

use std::fs;
use std::path::Path;

use serde::Deserialize;

use super::{BoardSize, Position, Side, Square, generate};
use crate::{Dialect, parse};

#[derive(Debug, Deserialize)]
struct Case {
    id: String,
    dialect: String,
    betza: String,
    board: String,
    from: String,
    side: String,
    moved: bool,
    friends: Vec<String>,
    enemies: Vec<String>,
    destinations: Vec<String>,
    #[serde(default)]
    locust: Vec<(String, String)>,
}

fn squares(names: &[String]) -> Vec<Square> {
    names
        .iter()
        .map(|n| n.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// Runs every case of `file` in its own dialect; returns (passed, not generated yet, failures).
fn run(file: &str) -> (usize, Vec<String>, Vec<String>) {
    run_with(file, |case, position| {
        let dialect: Dialect = case.dialect.parse().expect("known dialect");
        let parsed = parse(&case.betza, dialect);
        generate(&crate::registry::lower(&parsed.piece(), dialect), position)
    })
}

/// Runs every case of `file` through `generator`.
fn run_with(
    file: &str,
    generator: impl Fn(&Case, &Position) -> super::Generated,
) -> (usize, Vec<String>, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/golden")
        .join(file);
    let data = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut passed, mut skipped, mut failed) = (0, Vec::new(), Vec::new());
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let case: Case = serde_json::from_str(line).expect("golden cases are valid JSON");
        let size: BoardSize = case.board.parse().expect("board size");
        let side = if case.side == "black" {
            Side::Black
        } else {
            Side::White
        };
        let from: Square = case.from.parse().expect("square");
        let position = Position::new(
            size,
            from,
            side,
            case.moved,
            &squares(&case.friends),
            &squares(&case.enemies),
        )
        .expect("golden positions are valid");
        let generated = generator(&case, &position);
        if !generated.not_generated.is_empty() {
            skipped.push(format!("{} {}", case.id, case.betza));
            continue;
        }
        let ours: Vec<String> = generated
            .destinations()
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut expected = squares(&case.destinations);
        expected.sort();
        let expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        // Side effects on other squares: [victim or unload square, destination].
        let mut our_locust: Vec<(String, String)> = generated
            .moves
            .iter()
            .flat_map(|m| {
                let unload = m.unload.filter(|u| *u != from);
                let mut vias = m.captured.clone();
                vias.extend(unload);
                vias.into_iter()
                    .map(move |via| (via.to_string(), m.to.to_string()))
            })
            .collect();
        our_locust.sort();
        our_locust.dedup();
        let mut expected_locust = case.locust.clone();
        expected_locust.sort();
        if ours == expected && our_locust == expected_locust {
            passed += 1;
        } else {
            failed.push(format!(
                "{} {} {} from {} {}: expected {:?} {:?}, got {:?} {:?}",
                case.id,
                case.betza,
                case.board,
                case.from,
                case.side,
                expected,
                expected_locust,
                ours,
                our_locust
            ));
        }
    }
    (passed, skipped, failed)
}

fn check(file: &str, at_least: usize) {
    let (passed, skipped, failed) = run(file);
    eprintln!(
        "{file}: {passed} passed, {} not generated (repeat groups, imitator): {}",
        skipped.len(),
        skipped.join(", ")
    );
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(passed >= at_least, "only {passed} cases passed");
}

#[test]
fn xboard_golden_single_leg_cases_match() {
    check("xbetza-visible.jsonl", 140);
}

#[test]
fn fairy_stockfish_golden_cases_match() {
    check("fairy-visible.jsonl", 140);
}

/// Cases written for this project with ../shared/oracle/fsf_oracle.py (Fairy-Stockfish itself):
/// blockers, black, initial moves, 10×10 and 12×10 boards. See corpus/golden.
#[test]
fn fairy_stockfish_generated_cases_match() {
    check("fairy-generated.jsonl", 150);
}

/// ../shared/oracle/fairy-random-visible.jsonl, copied: 2,000 random strings in Fairy-Stockfish's
/// subset, each answered by the engine (pyffish 0.0.90).
#[test]
fn fairy_stockfish_random_visible_cases_match() {
    check("fairy-random-visible.jsonl", 2000);
}

/// Random strings leaning toward the engine's quirks, answered by the engine itself:
/// `generate_fairy_random.py` writes them (see corpus/golden).
#[test]
fn fairy_stockfish_random_cases_match() {
    check("fairy-random.jsonl", 4000);
}

/// ../shared/oracle/xbetza-random-visible.jsonl, copied: 2,000 random XBetza strings in XBoard's
/// modifier order, answered by XBoard's own generator. Our `xbetza` follows the seeds, so the
/// cases where XBoard departs from them are listed here by id (issue 23 adds XBoard's reading
/// as a model of its own); any other difference, or a listed case that starts to agree, fails.
#[test]
fn xboard_random_visible_cases_match_but_for_known_departures() {
    const DEPARTURES: [&str; 23] = [
        "xv2-0045", "xv2-0112", "xv2-0179", "xv2-0400", "xv2-0449", "xv2-0462", "xv2-0584",
        "xv2-0863", "xv2-0887", "xv2-1157", "xv2-1209", "xv2-1308", "xv2-1452", "xv2-1456",
        "xv2-1458", "xv2-1467", "xv2-1519", "xv2-1581", "xv2-1617", "xv2-1760", "xv2-1806",
        "xv2-1826", "xv2-1984",
    ];
    let (passed, skipped, failed) = run("xbetza-random-visible.jsonl");
    let differing: Vec<&str> = failed.iter().filter_map(|f| f.split(' ').next()).collect();
    assert!(skipped.is_empty(), "{skipped:?}");
    assert_eq!(differing, DEPARTURES, "{}", failed.join("\n"));
    assert_eq!(passed, 2000 - DEPARTURES.len());
}

/// Runs every case of `file` through XBoard's reading (`board::xboard`), which must match each
/// exactly; returns how many passed.
fn check_xboard_reading(file: &str) -> usize {
    let (passed, skipped, failed) = run_with(file, |case, position| {
        crate::notation::xboard::board::generate(&case.betza, position)
    });
    eprintln!("{file}: {passed} passed");
    assert!(skipped.is_empty(), "{skipped:?}");
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
    passed
}

/// XBoard's reading against XBoard's own answers: every case of both shared sets, of the
/// 3,600 random cases computed for this project (corpus/golden/README-xboard-random.md) and of
/// the long-tail cases of issue 54 (README-xboard-longtail.md: castling, endless cylinder
/// legs, first-move tests on later legs).
#[test]
fn xboard_reading_matches_xboard() {
    for file in [
        "xbetza-visible.jsonl",
        "xbetza-random-visible.jsonl",
        "xboard-random.jsonl",
        "xboard-longtail.jsonl",
    ] {
        check_xboard_reading(file);
    }
}

/// XBoard's reading against XBoard's own answers in crowded positions: 2,000 strings that lean
/// to hoppers, lame legs, locust captures, `d`, `u`, `x` and iso legs, among many friends and
/// enemies (corpus/golden/README-xboard-crowded.md). Exact on every case.
#[test]
fn xboard_reading_matches_xboard_in_crowded_positions() {
    assert_eq!(check_xboard_reading("xboard-crowded.jsonl"), 2000);
}

/// Departures no proof position shows yet: XBoard reads `fhK` as all eight steps, and only a
/// friend behind a black piece on the edge of a narrow board, which the next legs (an induced
/// slide that jumps, wraps and captures) need, makes that a different move here.
const UNSEEN_DEPARTURES: [&str; 1] = ["fhmdxyarcojK1"];

/// Issue 23: where the seed's reading and XBoard's differ on a case XBoard answered, the
/// string carries an XBoard finding (decided by generating both on the lint's positions): the
/// random sets and the crowded one (issue 40), but for [`UNSEEN_DEPARTURES`].
#[test]
fn every_xbetza_departure_from_xboard_carries_a_finding() {
    let config = crate::lint::LintConfig::for_dialect(Dialect::XBetza);
    let mut silent = Vec::new();
    let mut departures = 0;
    for file in [
        "xbetza-random-visible.jsonl",
        "xboard-random.jsonl",
        "xboard-crowded.jsonl",
        "xboard-longtail.jsonl",
    ] {
        let (_, _, failed) = run_with(file, |case, position| {
            generate(
                &crate::registry::lower(
                    &parse(&case.betza, Dialect::XBetza).piece(),
                    Dialect::XBetza,
                ),
                position,
            )
        });
        for failure in &failed {
            departures += 1;
            let betza = failure.split(' ').nth(1).unwrap_or_default();
            if UNSEEN_DEPARTURES.contains(&betza) {
                continue;
            }
            let found = crate::BetzaString::new(betza, Dialect::XBetza)
                .lint(&config)
                .iter()
                .any(|d| d.code.engine == Some(crate::lint::Engine::XBoard));
            if !found {
                silent.push(failure.clone());
            }
        }
    }
    eprintln!("{departures} departures");
    assert!(
        silent.is_empty(),
        "{} without a finding:\n{}",
        silent.len(),
        silent.join("\n")
    );
}
