//! The port checked against the engine: its recorded verdicts, the cases' recorded start
//! positions, and any text.

use crate::diagnostic::codes;
use std::collections::HashMap;

use super::*;

/// The boards of the built-ins and of the sections of `sections.ini`, by name.
fn boards() -> HashMap<String, Board> {
    let sections = include_str!("sections.ini");
    crate::host::ini::boards(sections)
}

proptest::proptest! {
    /// Any text, however long or broken, is checked in bounded time without a panic, on
    /// boards of every kind (sizes, pockets, promotions, castling, counted checks).
    #[test]
    fn any_text_is_checked_without_a_panic(
        fen in "[ -~é☃\t]{0,64}|[rnbqkpRNBQKP1-9/\\[\\]+~* wb-]{0,200}",
        variant in proptest::sample::select(vec![
            "chess", "shogi", "seirawan", "3check", "makruk", "xiangqi", "placement",
            "grand", "t-all-rook-pieces", "t-no-king-piece", "t-castling-rank",
        ]),
    ) {
        let board = boards()
            .get(variant)
            .cloned()
            .or_else(|| Board::built_in(variant))
            .expect("a variant");
        let _ = check(&fen, &board);
        let long = fen.repeat(10_000 / fen.len().max(1));
        let _ = check(&long, &board);
    }
}

/// In every case of `cases/`, a section has a start-position finding exactly when the
/// engine rejected its start position (`start_fen_valid` in `cases/recorded.json`).
#[test]
fn a_case_has_a_start_position_finding_where_the_engine_rejects_the_position() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/host/ini/cases");
    let recorded: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(folder.join("recorded.json")).expect("recorded.json"),
    )
    .expect("JSON");
    let mut wrong = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(&folder)
        .expect("the cases")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "ini"))
        .collect();
    paths.sort();
    for path in paths {
        let name = path
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("a case");
        let scan = crate::host::scan(
            crate::host::HostFormat::VariantsIni,
            &text,
            crate::Dialect::Fairy,
        );
        // The section each finding stands in: the last header before it.
        let headers: Vec<(usize, &str)> = crate::host::lines(&text)
            .filter(|(_, line)| line.starts_with('['))
            .map(|(at, line)| (at, crate::host::ini::header_parts(line).0))
            .collect();
        let section_at = |at: usize| {
            headers
                .iter()
                .rev()
                .find(|(start, _)| *start <= at)
                .map(|(_, name)| *name)
        };
        let found: Vec<&str> = scan
            .errors
            .iter()
            .filter(|e| e.code == codes::START_POSITION)
            .filter_map(|e| section_at(e.range.start().into()))
            .collect();
        let observed = recorded[&name]["case"]["observations"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        for (section, seen) in observed {
            let rejected = seen["start_fen_valid"] == false;
            if rejected != found.contains(&section.as_str()) {
                wrong.push(format!(
                    "{name} [{section}]: engine rejects {rejected}, findings {found:?}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every position of `verdicts.tsv` (recorded with pyffish by `record.py`) gets
/// the engine's verdict: accepted, or rejected by the same part of the check.
#[test]
fn the_port_agrees_with_the_engine_on_every_recorded_position() {
    let sections = boards();
    let mut disagreements = Vec::new();
    let mut rows = 0;
    for line in include_str!("verdicts.tsv").lines().skip(1) {
        let mut columns = line.splitn(3, '\t');
        let (Some(variant), Some(verdict), Some(fen)) =
            (columns.next(), columns.next(), columns.next())
        else {
            panic!("a row of three columns: {line:?}");
        };
        let board = sections
            .get(variant)
            .cloned()
            .or_else(|| Board::built_in(variant))
            .unwrap_or_else(|| panic!("no variant {variant}"));
        let ours = match check(fen, &board) {
            Ok(()) => 1,
            Err(rejection) => rejection.check as i32,
        };
        rows += 1;
        if verdict.parse::<i32>() != Ok(ours) {
            disagreements.push(format!("{variant}: engine {verdict}, port {ours}: {fen}"));
        }
    }
    let first: Vec<&String> = disagreements.iter().take(25).collect();
    assert!(
        disagreements.is_empty(),
        "the port disagrees with the engine on {} of {rows} positions; the first:\n{}",
        disagreements.len(),
        first
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Issue 41: a variant with no piece of its castling king's type (`king = -` at the top of a
/// chain of 10,000 parents) named its king `` ` ` ``, the space the engine looks up instead of
/// a letter. The message says what the engine does; with the king kept, at the same depth, it
/// names the letter: inheritance has no depth limit.
#[test]
fn castling_without_a_king_piece_says_so_at_any_depth() {
    let chain = |top: &str| {
        let mut text = format!("[v0:chess]\n{top}");
        for n in 1..10_000 {
            text.push_str(&format!("[v{n}:v{}]\n", n - 1));
        }
        text + "startFen = rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1\n"
    };
    let castling = |text: &str| -> Vec<String> {
        let scan = crate::host::scan(
            crate::host::HostFormat::VariantsIni,
            text,
            crate::Dialect::Fairy,
        );
        (scan.errors.into_iter())
            .filter(|e| e.message.contains("castling"))
            .map(|e| e.message)
            .collect()
    };
    let without = castling(&chain("king = -\n"));
    assert_eq!(
        without,
        [
            "castling right `k` needs the black castling king (the variant has no `king`, its \
          castling king, so Fairy-Stockfish takes the first empty square for it) on the \
          castling rank, rank 8, and it is on e1"
        ]
    );
    let with = castling(&chain(""));
    assert_eq!(
        with,
        [
            "castling right `K` needs the white king (`K`) on the castling rank, rank 1, and \
          there is none"
        ]
    );
}
