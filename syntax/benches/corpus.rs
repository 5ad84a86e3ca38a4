//! Benchmarks over every Betza string the project owns: the valid snapshot inputs (every seed
//! example and every string of the real variants.ini files) and the golden strings.
//! `cargo bench -p betza-syntax --bench corpus`; the figures go in docs/speed.md.

use std::fs;
use std::hint::black_box;
use std::path::Path;

#[path = "support/large_variants.rs"]
mod large_variants;

use betza_syntax::analysis::{Options, Strings, analyse, analyse_cached};
use betza_syntax::board::{BoardSize, Position, Side, Square, generate};
use betza_syntax::explain::{diagram, explain};
use betza_syntax::host::HostFormat;
use betza_syntax::{Dialect, model, parse};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn corpus_strings() -> Vec<(Dialect, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut strings = Vec::new();
    for dialect in [Dialect::XBetza, Dialect::Fairy] {
        let folder = root.join("test_data/parser").join(dialect.id()).join("ok");
        for entry in fs::read_dir(folder)
            .expect("snapshot inputs exist")
            .flatten()
        {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "betza") {
                strings.push((dialect, fs::read_to_string(path).expect("UTF-8 input")));
            }
        }
    }
    for (file, dialect) in [
        ("xbetza-visible.jsonl", Dialect::XBetza),
        ("fairy-visible.jsonl", Dialect::Fairy),
    ] {
        let data = fs::read_to_string(root.join("../corpus/golden").join(file)).expect("golden");
        for line in data.lines() {
            if let Some(rest) = line.split("\"betza\": \"").nth(1) {
                let betza = rest.split('"').next().unwrap_or_default();
                strings.push((dialect, betza.to_owned()));
            }
        }
    }
    strings
}

fn bench_parse(c: &mut Criterion) {
    let strings = corpus_strings();
    let bytes: usize = strings.iter().map(|(_, s)| s.len()).sum();
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function(format!("each of {} strings", strings.len()), |b| {
        b.iter(|| {
            for (dialect, text) in &strings {
                black_box(parse(black_box(text), *dialect));
            }
        })
    });
    // The same text as one long piece: the cost per byte without the per-call setup.
    let joined: String = strings
        .iter()
        .filter(|(d, _)| *d == Dialect::XBetza)
        .map(|(_, s)| s.as_str())
        .collect();
    group.throughput(Throughput::Bytes(joined.len() as u64));
    group.bench_function("xbetza strings joined into one", |b| {
        b.iter(|| black_box(parse(black_box(&joined), Dialect::XBetza)))
    });
    group.finish();
}

/// Model building and move generation for every corpus piece from the centre of an empty board.
fn bench_moves(c: &mut Criterion) {
    let pieces: Vec<model::Piece> = corpus_strings()
        .iter()
        .map(|(dialect, text)| {
            betza_syntax::registry::lower(&parse(text, *dialect).piece(), *dialect)
        })
        .collect();
    let mut group = c.benchmark_group("moves");
    group.throughput(Throughput::Elements(pieces.len() as u64));
    for board in ["8x8", "16x16", "26x26"] {
        let size: BoardSize = board.parse().expect("board size");
        let position =
            Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("empty board");
        group.bench_function(format!("{} pieces on {board}", pieces.len()), |b| {
            b.iter(|| {
                for piece in &pieces {
                    black_box(generate(black_box(piece), &position));
                }
            })
        });
    }
    let strings = corpus_strings();
    group.bench_function("build the model of every piece", |b| {
        let parsed: Vec<_> = strings.iter().map(|(d, t)| (*d, parse(t, *d))).collect();
        b.iter(|| {
            for (dialect, parse) in &parsed {
                black_box(betza_syntax::registry::lower(&parse.piece(), *dialect));
            }
        })
    });
    group.finish();
}

/// Fairy-Stockfish's reading: every engine-answered golden case (random strings with friends,
/// enemies, both colours, boards up to 12×10), model built once, moves generated in its own
/// position.
fn bench_fairy(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/golden");
    let mut cases: Vec<(model::Piece, Position)> = Vec::new();
    for file in ["fairy-random.jsonl", "fairy-random-visible.jsonl"] {
        let data = fs::read_to_string(root.join(file)).expect("golden data");
        for line in data.lines() {
            let case: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            let text = |key: &str| case[key].as_str().expect("a string field").to_owned();
            let squares = |key: &str| -> Vec<Square> {
                case[key]
                    .as_array()
                    .expect("a list of squares")
                    .iter()
                    .filter_map(|s| s.as_str()?.parse().ok())
                    .collect()
            };
            let size: BoardSize = text("board").parse().expect("board size");
            let side = if text("side") == "black" {
                Side::Black
            } else {
                Side::White
            };
            let from: Square = text("from").parse().expect("square");
            let moved = case["moved"].as_bool().unwrap_or(false);
            let position = Position::new(
                size,
                from,
                side,
                moved,
                &squares("friends"),
                &squares("enemies"),
            )
            .expect("golden positions are valid");
            let piece = betza_syntax::registry::lower(
                &parse(&text("betza"), Dialect::Fairy).piece(),
                Dialect::Fairy,
            );
            cases.push((piece, position));
        }
    }
    let mut group = c.benchmark_group("fairy");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function(format!("moves of {} golden cases", cases.len()), |b| {
        b.iter(|| {
            for (piece, position) in &cases {
                black_box(generate(black_box(piece), position));
            }
        })
    });
    group.finish();
}

/// What a hover shows for every corpus piece: the explanation (with the piece's name, found by
/// generating its moves on reference boards) and the text diagram.
fn bench_explain(c: &mut Criterion) {
    let parsed: Vec<_> = corpus_strings()
        .iter()
        .map(|(dialect, text)| parse(text, *dialect))
        .collect();
    let mut group = c.benchmark_group("explain");
    group.throughput(Throughput::Elements(parsed.len() as u64));
    group.sample_size(10);
    group.bench_function(
        format!("explanation and diagram of {} pieces", parsed.len()),
        |b| {
            b.iter(|| {
                for parse in &parsed {
                    black_box(explain(black_box(parse)));
                    black_box(diagram(black_box(parse), None));
                }
            })
        },
    );
    group.finish();
}

/// The most expensive strings known: many default-direction legs, repeat groups and long chains
/// of `mpa`, on the largest board. Each either finishes or stops at the step budget.
fn bench_worst(c: &mut Criterion) {
    let size: BoardSize = "26x26".parse().expect("board size");
    let position =
        Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("empty board");
    let chain = format!("{}K", "mpa".repeat(30));
    let long_king = format!("{}K", "a".repeat(40));
    let long_knight = format!("{}N", "a".repeat(12));
    let mut group = c.benchmark_group("worst");
    group.sample_size(10);
    for betza in [
        "aaaaaaaaaaK",
        "(caf)R",
        "(caf)Q",
        "aaaQ",
        chain.as_str(),
        long_king.as_str(),
        long_knight.as_str(),
    ] {
        let piece =
            betza_syntax::registry::lower(&parse(betza, Dialect::XBetza).piece(), Dialect::XBetza);
        group.bench_function(format!("{betza} on 26x26"), |b| {
            b.iter(|| black_box(generate(black_box(&piece), &position)))
        });
    }
    group.finish();
}

const FILE_SIZES: [(&str, usize); 3] = [
    ("70 kB", 70_000),
    ("1 MB", 1_000_000),
    ("10 MB", 10_000_000),
];

/// Whole-file analysis (scan, parse, lint every string) of generated variants.ini files.
fn bench_files(c: &mut Criterion) {
    let mut group = c.benchmark_group("file");
    group.sample_size(10);
    for (label, bytes) in FILE_SIZES {
        let text = large_variants::generate(bytes);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(format!("analyse a {label} variants.ini"), |b| {
            b.iter(|| {
                black_box(analyse(
                    HostFormat::VariantsIni,
                    black_box(&text),
                    &Options::default(),
                ))
            })
        });
    }
    group.finish();
}

/// The analysis's part of an edit (the server adds the rope and the message): a letter typed
/// into the file's first string and deleted, which re-analyses that string, and a line broken
/// before it and joined, which re-scans its section. Everything after the edit moves.
fn bench_edits(c: &mut Criterion) {
    let mut group = c.benchmark_group("edit");
    // Every finding kept, and the editor's default limit: past it (the 10 MB file has about
    // 10,000 findings) an edit also puts the first 3,000 together again from every finding held.
    for (limit, max_findings) in [("every finding", None), ("3,000 findings", Some(3000))] {
        let options = Options {
            max_findings,
            ..Options::default()
        };
        for (label, bytes) in FILE_SIZES {
            let text = large_variants::generate(bytes);
            let mut strings = Strings::default();
            let mut analysis =
                analyse_cached(HostFormat::VariantsIni, &text, &options, &mut strings);
            let at = usize::from(analysis.regions[0].range.start());
            for (what, typed) in [
                ("a letter typed and deleted", "F"),
                ("a line broken and joined", "\n"),
            ] {
                let mut edited = text.clone();
                edited.insert_str(at, typed);
                let end = at + typed.len();
                let name = format!("{what} in a {label} variants.ini, {limit}");
                group.bench_function(name, |b| {
                    b.iter(|| {
                        let kept_up = [
                            analysis.apply_edit(
                                edited.as_str(),
                                (at, at),
                                typed,
                                &options,
                                &mut strings,
                            ),
                            analysis.apply_edit(
                                text.as_str(),
                                (at, end),
                                "",
                                &options,
                                &mut strings,
                            ),
                        ];
                        assert!(
                            kept_up.iter().all(|kept| *kept),
                            "both edits are incremental"
                        );
                    })
                });
            }
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_parse,
    bench_moves,
    bench_fairy,
    bench_explain,
    bench_worst,
    bench_files,
    bench_edits
);
criterion_main!(benches);
