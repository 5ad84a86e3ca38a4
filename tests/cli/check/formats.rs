//! Issue 42: `betza check` in CI. SARIF for code scanning, GitHub Actions annotations, and a
//! human report without colour codes when it is not read on a terminal.

use std::ffi::OsStr;
use std::process::Command;

use serde_json::Value;

use super::temp_file;
use crate::{betza, stderr, stdout};

/// The JSON and the SARIF of one check: the same findings, in the same places.
#[test]
fn sarif_has_a_rule_per_code_and_the_json_findings_as_results() {
    // An unknown modifier (an error, no fix), and a modifier order XBoard reads otherwise
    // (a warning with a fix, made an error here).
    let path = temp_file("pieces.betza", "😀fwW\nmfW\nN1\n".as_bytes());
    let run = |format: &str| {
        betza([
            OsStr::new("check"),
            path.as_os_str(),
            OsStr::new("--deny"),
            OsStr::new("xboard-modifier-order"),
            OsStr::new("--format"),
            OsStr::new(format),
        ])
    };
    let json = run("json");
    let sarif = run("sarif");
    assert_eq!(sarif.status.code(), Some(1), "{}", stderr(&sarif));
    let findings: Vec<Value> = serde_json::from_slice(&json.stdout).expect("JSON array");
    let log: Value = serde_json::from_slice(&sarif.stdout).expect("SARIF is JSON");

    // The structure SARIF 2.1.0 requires (the whole schema is checked in sarif_schema.rs): a
    // version, runs, each with a tool driver that has a name.
    assert_eq!(log["version"], "2.1.0");
    assert!(log["$schema"].as_str().is_some_and(|s| s.contains("2.1.0")));
    let runs = log["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 1);
    let run = &runs[0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "betza");
    assert!(driver["version"].is_string());
    assert_eq!(run["columnKind"], "unicodeCodePoints");

    // One rule per code of the registry, each with its texts and default level.
    let rules = driver["rules"].as_array().expect("rules");
    let codes: Vec<_> = betza_syntax::diagnostic::all_codes().collect();
    assert_eq!(rules.len(), codes.len());
    for (rule, code) in rules.iter().zip(&codes) {
        assert_eq!(rule["id"], code.name);
        assert!(rule["shortDescription"]["text"].is_string(), "{rule}");
        assert!(rule["fullDescription"]["text"].is_string(), "{rule}");
        let level = rule["defaultConfiguration"]["level"].as_str();
        assert!(
            matches!(level, Some("error" | "warning" | "note")),
            "{rule}"
        );
    }

    // The results are the JSON's findings, in order, in the same lines and columns.
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), findings.len());
    assert!(findings.len() >= 3);
    for (result, finding) in results.iter().zip(&findings) {
        assert_eq!(result["ruleId"], finding["code"]);
        let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], finding["code"]);
        let level = match finding["severity"].as_str() {
            Some("error") => "error",
            Some("warning") => "warning",
            _ => "note",
        };
        assert_eq!(result["level"], level);
        let text = result["message"]["text"].as_str().expect("message");
        assert!(text.starts_with(finding["message"].as_str().expect("message")));
        let location = &result["locations"][0]["physicalLocation"];
        assert_eq!(location["artifactLocation"]["uri"], uri(&path));
        assert_eq!(region(&location["region"]), positions(finding));
    }

    // The emoji is one column: `w` is the second character.
    let unknown = (results.iter())
        .find(|r| r["ruleId"] == "unknown-modifier")
        .expect("unknown-modifier");
    assert_eq!(
        region(&unknown["locations"][0]["physicalLocation"]["region"]),
        [1, 3, 1, 4]
    );
    assert!(unknown.get("fixes").is_none());

    // The denied warning: an error, its help on a line of its own, its fix as a replacement.
    let order = (results.iter())
        .find(|r| r["ruleId"] == "xboard-modifier-order")
        .expect("xboard-modifier-order");
    assert_eq!(order["level"], "error");
    let rule = &rules[order["ruleIndex"].as_u64().expect("index") as usize];
    assert_eq!(rule["defaultConfiguration"]["level"], "warning");
    assert!(
        order["message"]["text"]
            .as_str()
            .is_some_and(|t| t.contains('\n'))
    );
    let fix = &order["fixes"][0];
    assert!(fix["description"]["text"].is_string());
    let change = &fix["artifactChanges"][0];
    assert_eq!(change["artifactLocation"]["uri"], uri(&path));
    let replacement = &change["replacements"][0];
    assert_eq!(region(&replacement["deletedRegion"]), [2, 1, 2, 3]);
    assert_eq!(replacement["insertedContent"]["text"], "fm");

    // A hint is a note.
    let hint = (results.iter())
        .find(|r| r["ruleId"] == "range-one")
        .expect("range-one");
    assert_eq!(hint["level"], "note");
}

/// A clean check is still a whole SARIF log, with no results.
#[test]
fn sarif_of_a_clean_file_has_no_results() {
    let path = temp_file("good.betza", b"fmWfcF\n");
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("sarif"),
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let log: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

/// A relative path stays relative, `./` dropped, and a space is percent-encoded.
#[test]
fn sarif_names_a_relative_path_as_given() {
    let path = temp_file("a piece.betza", b"fwW\n");
    let output = Command::new(env!("CARGO_BIN_EXE_betza"))
        .current_dir(path.parent().expect("folder"))
        .args(["check", "./a piece.betza", "--format", "sarif"])
        .output()
        .expect("betza runs");
    let log: Value = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    let location = &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "a%20piece.betza");
}

/// One workflow command a finding, the runner's escapes applied: `%` and the newline before
/// the help in the message, `,` and `:` in the path too.
#[test]
fn github_annotations_escape_messages_and_properties() {
    let path = temp_file("odd,name:1.betza", b"W%\nmfW\nN1\n");
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("github"),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    let file = path
        .to_str()
        .expect("UTF-8 path")
        .replace(',', "%2C")
        .replace(':', "%3A");
    let (command, message) = lines[0].split_once("::").map_or(("", ""), |(_, rest)| {
        rest.split_once("::")
            .expect("a message after the properties")
    });
    assert_eq!(
        command,
        format!("error file={file},line=1,col=2,endLine=1,endColumn=3,title=stray-punctuation")
    );
    assert!(message.contains("`%25`"), "{message}");
    assert!(!message.contains("`%`"), "{message}");
    assert!(lines[1].starts_with(&format!("::warning file={file},line=2,col=2,")));
    assert!(lines[1].contains("title=xboard-modifier-order::"));
    // Message and help on two lines, as one command.
    assert!(lines[1].contains("%0A"), "{}", lines[1]);
    assert!(lines[2].starts_with("::notice "), "{}", lines[2]);
}

/// No colour codes unless stderr is a terminal: not when piped, with or without `NO_COLOR`
/// (before, Info and Hint headers kept theirs).
#[test]
fn a_report_that_is_not_on_a_terminal_has_no_colour() {
    let path = temp_file("colours.betza", b"fwW\nmfW\nN1\n");
    for no_color in [true, false] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_betza"));
        command.arg("check").arg(path.as_os_str());
        if no_color {
            command.env("NO_COLOR", "1");
        } else {
            command.env_remove("NO_COLOR");
        }
        let output = command.output().expect("betza runs");
        let report = stderr(&output);
        assert!(report.contains("Hint"), "{report}");
        assert!(!report.contains("\x1b["), "NO_COLOR {no_color}: {report:?}");
    }
}

/// The path as the SARIF names it: absolute, so a `file:` URI.
fn uri(path: &std::path::Path) -> String {
    let path = path.to_str().expect("UTF-8 path");
    let encoded: String = path
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~/:".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("file://{encoded}")
}

fn region(region: &Value) -> [u64; 4] {
    ["startLine", "startColumn", "endLine", "endColumn"]
        .map(|key| region[key].as_u64().unwrap_or(0))
}

fn positions(finding: &Value) -> [u64; 4] {
    ["line", "column", "end_line", "end_column"].map(|key| finding[key].as_u64().unwrap_or(0))
}
