//! `betza check` end to end: findings and their JSON, rule levels, counts and grouping in the
//! human report, and the file system and output it meets (folders, links, pipes, full disks).

use std::ffi::OsStr;

use super::{betza, stderr};

mod bounded;
mod formats;
mod help;
mod hostile;
mod named_ini;
mod sarif_schema;

/// A file named `name` holding `contents`, in a folder of its own that is removed with it.
struct TempFile {
    path: std::path::PathBuf,
    _folder: super::scratch::Scratch,
}

impl std::ops::Deref for TempFile {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<OsStr> for TempFile {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

fn temp_file(name: &str, contents: &[u8]) -> TempFile {
    let folder = super::scratch::Scratch::new("check");
    let path = folder.0.join(name);
    std::fs::write(&path, contents).expect("temporary file");
    TempFile {
        path,
        _folder: folder,
    }
}

#[test]
fn check_the_corpus_examples_with_json_positions() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let output = betza(["check", corpus, "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    assert!(!findings.is_empty());
    for finding in &findings {
        for key in [
            "file",
            "line",
            "column",
            "end_line",
            "end_column",
            "severity",
            "code",
            "message",
        ] {
            assert!(finding.get(key).is_some(), "{key} missing in {finding}");
        }
        let severity = finding["severity"].as_str().unwrap_or("");
        assert!(["error", "warning", "info", "hint"].contains(&severity));
    }
    // A variants.ini meets Fairy-Stockfish and XBoard, which the engine sends each piece's
    // Betza to (issue 54): XBoard's findings come unasked. The `NN` in the example
    // variants.ini: line 33, `customPiece1 = n:NN`, columns 18..20.
    let in_ini = |f: &&serde_json::Value| {
        f["file"]
            .as_str()
            .is_some_and(|p| p.ends_with("variants.ini"))
    };
    let doubled = (findings.iter().filter(in_ini))
        .find(|f| f["code"] == "xboard-doubled-atom")
        .expect("the doubled atom is reported without asking for XBoard");
    assert_eq!(
        (
            doubled["line"].as_u64(),
            doubled["column"].as_u64(),
            doubled["end_column"].as_u64()
        ),
        (Some(33), Some(18), Some(20))
    );
    // Leaving XBoard out of the target engines leaves its findings out.
    let ini = format!("{corpus}/examples/variants.ini");
    let alone = betza([
        "check",
        &ini,
        "--format",
        "json",
        "--engine",
        "fairy-stockfish",
    ]);
    let alone: Vec<serde_json::Value> = serde_json::from_slice(&alone.stdout).expect("JSON array");
    assert!(
        !alone
            .iter()
            .any(|f| f["code"].as_str().is_some_and(|c| c.starts_with("xboard-"))),
        "no XBoard findings when only Fairy-Stockfish is asked for"
    );
}

/// Issue 40: an Interactive Diagram's bracket groups are one note each, on exactly the group,
/// and nothing else comes from them (the file has no error: exit 0); a `[` the field ends
/// inside is one error from it to the field's end (exit 1).
#[test]
fn check_says_each_diagram_bracket_group_once() {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/examples/griffons.diagram"
    );
    let output = betza(["check", corpus, "--format", "json"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    let seen: Vec<(u64, u64, u64, &str, &str)> = findings
        .iter()
        .map(|f| {
            (
                f["line"].as_u64().unwrap_or(0),
                f["column"].as_u64().unwrap_or(0),
                f["end_column"].as_u64().unwrap_or(0),
                f["severity"].as_str().unwrap_or(""),
                f["code"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (3, 11, 18, "info", "diagram-bracket-group"),
            (4, 11, 18, "info", "diagram-bracket-group"),
            (5, 17, 24, "info", "diagram-bracket-group"),
        ]
    );
    let half = temp_file("half.diagram", b"half:H:K[F?f:half:a2-h2\n");
    let output = betza([
        OsStr::new("check"),
        half.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    assert_eq!(findings.len(), 1, "{findings:?}");
    assert_eq!(findings[0]["code"], "diagram-unclosed-group");
    assert_eq!(
        (
            findings[0]["column"].as_u64(),
            findings[0]["end_column"].as_u64()
        ),
        (Some(9), Some(13))
    );
}

#[test]
fn check_exits_1_on_errors_and_reports_them_with_exact_columns() {
    let path = temp_file(
        "variants.ini",
        "[a:chess]\ncustomPiece1 = x:😀fwW\ncustomPiece2 = y:mfW\n".as_bytes(),
    );
    // XBoard asked for, so its modifier order is checked too.
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
        OsStr::new("--engine"),
        OsStr::new("fairy-stockfish"),
        OsStr::new("--engine"),
        OsStr::new("xboard"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    let w = findings
        .iter()
        .find(|f| f["code"] == "unknown-modifier")
        .expect("`w` is reported");
    // Columns count characters: the emoji is one column.
    assert_eq!(
        (
            w["line"].as_u64(),
            w["column"].as_u64(),
            w["end_column"].as_u64()
        ),
        (Some(2), Some(20), Some(21))
    );
    // The emoji is not on the line of the fix: XBoard stops reading at it, so no reordering
    // would port that piece (fixes are proven by generation, notes P1).
    let order = findings
        .iter()
        .find(|f| f["code"] == "xboard-modifier-order")
        .expect("order");
    assert_eq!(
        (order["line"].as_u64(), order["column"].as_u64()),
        (Some(3), Some(19))
    );
    // DESIGN.md's contract: the rule's help, and the fix as edits anchored in the file.
    assert!(order["help"].as_str().is_some_and(|h| !h.is_empty()));
    let edits = order["fix"]["edits"].as_array().expect("edits");
    assert!(order["fix"]["message"].is_string());
    assert_eq!(
        edits
            .iter()
            .map(|e| (
                e["line"].as_u64(),
                e["column"].as_u64(),
                e["end_column"].as_u64(),
                e["new_text"].as_str()
            ))
            .collect::<Vec<_>>(),
        [(Some(3), Some(18), Some(20), Some("fm"))]
    );
    let unfixable = findings
        .iter()
        .find(|f| f["fix"].is_null())
        .expect("a finding without a fix");
    assert!(unfixable["code"].is_string());
}

#[test]
fn check_allow_and_deny_change_the_outcome() {
    let path = temp_file("pieces.betza", b"mfW\n");
    let plain = betza([OsStr::new("check"), path.as_os_str()]);
    assert_eq!(plain.status.code(), Some(0));
    assert!(stderr(&plain).contains("xboard-modifier-order"));
    let denied = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--deny"),
        OsStr::new("xboard-modifier-order"),
    ]);
    assert_eq!(denied.status.code(), Some(1));
    let allowed = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--allow"),
        OsStr::new("xboard-modifier-order"),
    ]);
    assert!(!stderr(&allowed).contains("xboard-modifier-order"));
    let unknown = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--allow"),
        OsStr::new("no-such-rule"),
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("DIAGNOSTICS.md"));
}

/// Issue 25: the human report ends with the findings counted by severity, each by its own
/// name, and with `--summary` by code, most frequent first.
#[test]
fn check_counts_findings_by_severity_and_code() {
    let path = temp_file("counts.betza", b"mfW\nmfW\nN1\nfE\n");
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--summary"),
    ]);
    let report = stderr(&output);
    assert!(
        report.contains("checked 1 file: 1 error, 2 warnings, 0 infos, 1 hint"),
        "{report}"
    );
    let summary: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.starts_with("checked"))
        .skip(1)
        .map(str::trim)
        .collect();
    assert_eq!(
        summary,
        [
            "2  xboard-modifier-order",
            "1  range-one",
            "1  unknown-atom"
        ]
    );
    // Info and hint are named as such, not lumped together.
    assert!(report.contains("Hint"), "{report}");
}

/// Issue 25: many findings of one code on one line are one report, each finding a label of
/// it, so a thousand findings read as their causes.
#[test]
fn check_groups_one_code_on_one_line() {
    let path = temp_file("grouped.betza", b"NN CC ZZ\nmfW\n");
    let report = stderr(&betza([OsStr::new("check"), path.as_os_str()]));
    assert!(
        report.contains("3 findings of `xboard-doubled-atom` on this line"),
        "{report}"
    );
    assert_eq!(
        report.matches("[xboard-doubled-atom]").count(),
        1,
        "{report}"
    );
    assert!(
        report.contains("XBoard reads `CC` as two C atoms"),
        "{report}"
    );
    assert!(report.contains("[xboard-modifier-order]"), "{report}");
}

/// Issue 25: every code can be allowed or denied, not only lint rules: here a host problem
/// (an error, so the exit status changes) and a syntax warning.
#[test]
fn check_allows_and_denies_every_code() {
    let path = temp_file(
        "codes.variants.ini",
        b"[v:chess]\ncustomPiece1 = :W\ncustomPiece2 = b:R12\n",
    );
    let plain = betza([OsStr::new("check"), path.as_os_str()]);
    assert_eq!(plain.status.code(), Some(1));
    assert!(stderr(&plain).contains("malformed-piece"));
    let allowed = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--allow"),
        OsStr::new("malformed-piece"),
        OsStr::new("--deny"),
        OsStr::new("fairy-one-digit-range"),
    ]);
    let report = stderr(&allowed);
    assert!(!report.contains("malformed-piece"), "{report}");
    // The denied warning is now an error, so the file still fails.
    assert_eq!(allowed.status.code(), Some(1), "{report}");
    assert!(report.contains("fairy-one-digit-range"), "{report}");
}

/// Issue 26: the human report shows at most 200 reports a file, then counts the rest; the last
/// line still counts every finding.
#[test]
fn the_human_report_caps_its_findings_per_file() {
    let lines: String = (0..300).map(|_| "mfW\n").collect();
    let path = temp_file("many.betza", lines.as_bytes());
    let report = stderr(&betza([OsStr::new("check"), path.as_os_str()]));
    assert_eq!(
        report.matches("[xboard-modifier-order]").count(),
        200,
        "{report}"
    );
    assert!(report.contains("… and 100 more findings"), "{report}");
    assert!(report.contains("300 warnings"), "{report}");
}

/// Issue 26: a line of 60,000 characters with 30,000 findings is shown as a window around the
/// first finding of each report, with its true line and column, ten labels and the rest
/// counted: the report stays a few kilobytes (it wrote 1.9 GB when each finding reprinted the
/// line). With no limit on the findings a file keeps (issue 41), so that all 30,000 are drawn.
#[test]
fn a_long_line_is_shown_as_a_window() {
    let text = format!("fW\n{}\n", "NN".repeat(30_000));
    let path = temp_file("long-line.betza", text.as_bytes());
    let report = stderr(&betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--max-findings"),
        OsStr::new("0"),
    ]));
    assert!(report.len() < 16_000, "{} bytes", report.len());
    assert!(
        report.contains("30000 findings of `xboard-doubled-atom` on this line"),
        "{report}"
    );
    assert!(report.contains("long-line.betza:2:1 "), "{report}");
    assert!(report.contains(" 2 │ NNNN"), "{report}");
    assert!(
        report.contains("29990 more on this line are not drawn here"),
        "{report}"
    );
    let line = format!("customPiece1 = a:{}K\n", "a".repeat(20_000));
    let path = temp_file("variants.ini", format!("[x:chess]\n{line}").as_bytes());
    let report = stderr(&betza([OsStr::new("check"), path.as_os_str()]));
    assert!(report.len() < 4_000, "{report}");
    // The header gives the file's column; the window starts a little before it.
    assert!(report.contains("variants.ini:2:18 "), "{report}");
    assert!(report.contains(" 2 │ …mPiece1 = a:aaaa"), "{report}");
}

/// Issue 41: the human report's headers give the same lines and columns as the JSON, which the
/// editors give too: lines end at `\n`, `\r\n` and a lone `\r`, and not at the vertical tab,
/// form feed, U+0085, U+2028 or U+2029 that ariadne also took for line ends.
#[test]
fn the_human_report_numbers_lines_as_the_json_does() {
    let text = "W\u{2028}W+\r\nW\u{b}W+\rW\u{85}W+\nW\u{c}W+\n";
    let path = temp_file("lines.betza", text.as_bytes());
    let json = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
    ]);
    let items: Vec<serde_json::Value> =
        serde_json::from_str(&super::stdout(&json)).expect("a JSON array");
    let from_json: Vec<String> = items
        .iter()
        .map(|d| format!("lines.betza:{}:{} ", d["line"], d["column"]))
        .collect();
    assert!(from_json.iter().any(|at| at.starts_with("lines.betza:4:")));
    let report = stderr(&betza([OsStr::new("check"), path.as_os_str()]));
    let headers: Vec<String> = report
        .lines()
        .filter_map(|line| line.split_once("─[ ").map(|(_, at)| at.to_owned()))
        .filter_map(|at| {
            Some(format!(
                "lines.betza{} ",
                at.split_once("lines.betza")?.1.trim_end_matches(" ]")
            ))
        })
        .collect();
    assert_eq!(headers, from_json, "{report}");
}
