//! The broken `variants.ini` files of `cases/`, each with what Fairy-Stockfish does with it
//! (`cases/recorded.json`, recorded with the engine by `cases/record.py`). Each case says, in
//! `#!` lines, the findings it must get and what the engine does: the sections it registers,
//! that it crashes, that it reads a line the same as (or not the same as) another line, or
//! what its own `check` command prints.
//! The test checks both: the claims against the engine's recorded answers, so no finding
//! states what the engine contradicts, and the findings against the scanner.

use std::path::Path;

use serde_json::Value;

use crate::Dialect;
use crate::host::{HostFormat, scan};

fn cases() -> Vec<(String, String)> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/host/ini/cases");
    let mut cases: Vec<(String, String)> = std::fs::read_dir(&folder)
        .expect("the cases folder")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let name = path.file_name()?.to_string_lossy().into_owned();
            (path.extension()? == "ini").then(|| {
                let text = String::from_utf8(std::fs::read(&path).expect("a case")).expect("UTF-8");
                (name, text)
            })
        })
        .collect();
    cases.sort();
    cases
}

fn recorded() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/host/ini/cases/recorded.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("recorded.json")).expect("JSON")
}

/// The `#!` lines of a case with the given word after `#!`.
fn directives<'t>(text: &'t str, word: &str) -> Vec<&'t str> {
    let prefix = format!("#! {word} ");
    text.lines()
        .filter_map(|line| line.strip_prefix(prefix.as_str()))
        .collect()
}

#[test]
fn there_are_thirty_kinds_of_mistake_or_more() {
    let kinds: std::collections::BTreeSet<String> = cases()
        .iter()
        .flat_map(|(_, text)| directives(text, "finding"))
        .filter_map(|finding| finding.split(' ').next().map(str::to_owned))
        .filter(|code| code != "none")
        .collect();
    let with_findings = cases()
        .iter()
        .filter(|(_, text)| directives(text, "finding") != ["none"])
        .count();
    assert!(with_findings >= 30, "{with_findings} cases with findings");
    assert!(kinds.len() >= 12, "{kinds:?}");
}

#[test]
fn every_claim_about_the_engine_is_what_it_did() {
    let recorded = recorded();
    for (name, text) in cases() {
        let entry = &recorded[&name];
        assert!(
            entry.is_object(),
            "{name} is not recorded: run cases/record.py"
        );
        let case = &entry["case"];
        let mut check_says: Vec<&str> = Vec::new();
        for claim in directives(text.as_str(), "engine") {
            let (kind, rest) = claim.split_once(' ').unwrap_or((claim, ""));
            match kind {
                "registers" => {
                    let expected: Vec<&str> = match rest {
                        "none" => Vec::new(),
                        names => names.split(' ').collect(),
                    };
                    assert_eq!(case["crashed"], false, "{name}");
                    let registered: Vec<&str> = case["registered"]
                        .as_array()
                        .expect("registered")
                        .iter()
                        .filter_map(Value::as_str)
                        .collect();
                    assert_eq!(registered, expected, "{name}");
                }
                "crashes" => assert_eq!(case["crashed"], true, "{name}"),
                "check-says" if rest != "nothing" => check_says.push(rest),
                "check-says" => {}
                "same-as" | "not-same-as" => {
                    let (line, replacement) = rest.split_once(' ').unwrap_or((rest, ""));
                    let other = &entry["variants"][format!("{line} {replacement}")];
                    assert!(other.is_object(), "{name}: `{claim}` is not recorded");
                    assert_eq!(other == case, kind == "same-as", "{name}: {claim}");
                }
                other => panic!("{name}: unknown claim `{other}`"),
            }
        }
        // What the engine's own `check` prints is said whole, but for the sections it names.
        if text.contains("#! engine check-says ") {
            let mut printed: Vec<&str> = entry["check"]
                .as_array()
                .unwrap_or_else(|| panic!("{name}: the engine's check is not recorded"))
                .iter()
                .filter_map(Value::as_str)
                .filter(|line| !line.starts_with("Parsing variant: "))
                .collect();
            printed.sort_unstable();
            check_says.sort_unstable();
            assert_eq!(
                printed, check_says,
                "{name}: what the engine's check prints"
            );
        }
    }
}

#[test]
fn every_case_gets_exactly_its_findings() {
    let mut wrong = Vec::new();
    for (name, text) in cases() {
        let mut found: Vec<String> = scan(HostFormat::VariantsIni, &text, Dialect::Fairy)
            .errors
            .iter()
            .map(|e| {
                // Lines as the engine and the `#!` lines count them: a lone `\r` ends none.
                let line = text[..usize::from(e.range.start())].matches('\n').count() + 1;
                format!("{} {line}", e.code)
            })
            .collect();
        found.sort();
        let mut expected: Vec<String> = directives(&text, "finding")
            .into_iter()
            .filter(|f| *f != "none")
            .map(str::to_owned)
            .collect();
        expected.sort();
        if found != expected {
            wrong.push(format!("{name}: found {found:?}, expected {expected:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
