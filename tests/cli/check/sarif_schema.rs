//! `betza check --format sarif` checked by tools that know SARIF, not by hand: the logs of a
//! check with every kind of finding, and of a clean one, are validated against the SARIF 2.1.0
//! JSON schema (Python's jsonschema, on the schema the SARIF SDK's multitool ships) and by the
//! multitool's own `validate` (the schema again, and its SARIF and GitHub rules).
//! tests/cli/install-sarif-validator.sh installs both into target/sarif-validator (.ci/run
//! does).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::stderr;
use crate::tool;

/// Checks a log against a JSON schema of draft 2020-12 (the schema's own): each error on a
/// line, exit 1 if any. Argument 1 is the schema, the rest are logs.
const SCHEMA_CHECK: &str = r#"
import json, sys
from jsonschema import Draft202012Validator
with open(sys.argv[1], encoding="utf-8") as f:
    schema = json.load(f)
Draft202012Validator.check_schema(schema)
validator = Draft202012Validator(schema)
failed = False
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    for error in validator.iter_errors(log):
        failed = True
        print(f"{path}: {error.json_path}: {error.message}")
sys.exit(1 if failed else 0)
"#;

/// The multitool's findings that are accepted, each with why. SARIF2005 asks for the tool's
/// `informationUri`, an optional property: the project has no public home page to name yet.
const ACCEPTED: &[&str] = &["SARIF2005"];

struct Validator {
    python: &'static str,
    schema: PathBuf,
    multitool: PathBuf,
}

impl Validator {
    /// The installed validator, or `None` after saying what is missing.
    fn find() -> Option<Validator> {
        let package = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../target/sarif-validator/node_modules/@microsoft/sarif-multitool-linux");
        let install = "run tests/cli/install-sarif-validator.sh target/sarif-validator \
                       (.ci/run does)";
        let schema = package.join("sarif-2.1.0.json");
        let multitool = package.join("Sarif.Multitool");
        if !schema.is_file() || !multitool.is_file() {
            tool::tool_missing(&format!(
                "the SARIF multitool and schema are needed for this test: {install}"
            ));
            return None;
        }
        // The Python on PATH first (it may be a version manager's), then Debian's.
        let python = ["python3", "/usr/bin/python3"].into_iter().find(|python| {
            Command::new(python)
                .args(["-c", "from jsonschema import Draft202012Validator"])
                .output()
                .is_ok_and(|output| output.status.success())
        });
        let Some(python) = python else {
            tool::tool_missing(&format!(
                "Python's jsonschema (4 or newer) is needed for this test: {install}"
            ));
            return None;
        };
        Some(Validator {
            python,
            schema,
            multitool,
        })
    }

    /// The schema's errors in the logs, one a line; empty when they are valid.
    fn schema_errors(&self, logs: &[PathBuf]) -> String {
        let output = Command::new(self.python)
            .args(["-c", SCHEMA_CHECK])
            .arg(&self.schema)
            .args(logs)
            .output()
            .expect("Python runs");
        let said = format!("{}{}", stdout(&output), stderr(&output));
        assert!(
            output.status.success() || !said.is_empty(),
            "the schema check failed without a word"
        );
        if output.status.success() {
            String::new()
        } else {
            said
        }
    }

    /// The multitool's findings at level error or warning, as `RULE LOG: MESSAGE`.
    fn multitool_findings(&self, logs: &[PathBuf], folder: &Path) -> Vec<String> {
        let report = folder.join("validation.sarif");
        let output = Command::new(&self.multitool)
            .arg("validate")
            .args(logs)
            .arg("--output")
            .arg(&report)
            .args(["--log", "ForceOverwrite"])
            .args(["--rule-kind", "Sarif;Gh", "--level", "Error;Warning"])
            // Its .NET needs no ICU library this way.
            .env("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1")
            .output()
            .expect("the multitool runs");
        let said = format!("{}{}", stdout(&output), stderr(&output));
        assert!(output.status.success(), "{said}");
        let text = std::fs::read_to_string(&report).unwrap_or_else(|e| panic!("{e}: {said}"));
        let report: Value = serde_json::from_str(&text).expect("its report is JSON");
        let results = report["runs"][0]["results"]
            .as_array()
            .unwrap_or_else(|| panic!("no results in its report: {said}"));
        results
            .iter()
            .map(|result| {
                let at = &result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"];
                let arguments = &result["message"]["arguments"];
                format!(
                    "{} {at}: {arguments}",
                    result["ruleId"].as_str().unwrap_or("?")
                )
            })
            .collect()
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `betza check ARGS --format sarif` run in `folder`, its log written to `folder/name`.
fn sarif(folder: &Path, name: &str, args: &[&OsStr], status: i32) -> (PathBuf, Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_betza"))
        .current_dir(folder)
        .arg("check")
        .args(args)
        .args(["--format", "sarif"])
        .output()
        .expect("the betza binary runs");
    assert_eq!(output.status.code(), Some(status), "{}", stderr(&output));
    let path = folder.join(name);
    std::fs::write(&path, &output.stdout).expect("the log is written");
    let log = serde_json::from_slice(&output.stdout).expect("SARIF is JSON");
    (path, log)
}

#[test]
fn sarif_validates_against_the_sarif_2_1_0_schema() {
    let Some(validator) = Validator::find() else {
        return;
    };
    let scratch = crate::scratch::Scratch::new("sarif-schema");
    let folder = scratch.0.join("my pieces");
    std::fs::create_dir(&folder).expect("a folder");
    // An unknown character (non-ASCII, in the message too) and an unknown modifier (errors),
    // a modifier order XBoard reads otherwise (a warning with a fix, denied into an error on
    // line 2), a range of one (a hint with a fix), and a clean named piece.
    let betza_file = folder.join("pièces.betza");
    std::fs::write(&betza_file, "😀fwW\nmfW\nN1\nKnight: fmWfcF\n").expect("a file");
    let ini = folder.join("variants.ini");
    std::fs::write(
        &ini,
        "[a:chess]\ncustomPiece1 = x:😀fwW\ncustomPiece2 = y:mfW\ncustomPiece3 = z:R12\n",
    )
    .expect("a file");
    let clean = scratch.0.join("clean.betza");
    std::fs::write(&clean, "fmWfcF\n").expect("a file");

    let engines = ["--engine", "fairy-stockfish", "--engine", "xboard"].map(OsStr::new);
    let relative_args = [
        OsStr::new("my pieces/pièces.betza"),
        OsStr::new("my pieces/variants.ini"),
    ];
    let (relative, log) = sarif(
        &scratch.0,
        "relative.sarif",
        &[&relative_args[..], &engines].concat(),
        1,
    );
    let deny = ["--deny", "xboard-modifier-order"].map(OsStr::new);
    let absolute_args = [betza_file.as_os_str(), ini.as_os_str()];
    let (absolute, denied) = sarif(
        &scratch.0,
        "absolute.sarif",
        &[&absolute_args[..], &deny, &engines].concat(),
        1,
    );
    let (empty, clean_log) = sarif(&scratch.0, "clean.sarif", &[clean.as_os_str()], 0);

    // The logs hold what they are meant to: every level, fixes, both files, spaces and
    // non-ASCII letters in the URIs, a non-ASCII message, and no result at all.
    let results = |log: &Value| log["runs"][0]["results"].as_array().cloned();
    let (results, denied) = (
        results(&log).expect("results"),
        results(&denied).expect("results"),
    );
    for level in ["error", "warning", "note"] {
        assert!(
            denied.iter().any(|r| r["level"] == level),
            "no {level} in {denied:?}"
        );
    }
    assert!(
        results
            .iter()
            .any(|r| r["level"] == "warning" && r.get("fixes").is_some())
    );
    assert!(
        denied
            .iter()
            .any(|r| r["level"] == "error" && r.get("fixes").is_some())
    );
    let uris: Vec<&str> = (results.iter())
        .filter_map(|r| r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str())
        .collect();
    assert!(uris.contains(&"my%20pieces/pi%C3%A8ces.betza"), "{uris:?}");
    assert!(uris.contains(&"my%20pieces/variants.ini"), "{uris:?}");
    assert!(
        denied.iter().any(
            |r| (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str())
                .is_some_and(|uri| uri.starts_with("file:///"))
        ),
        "{denied:?}"
    );
    assert!(results.iter().any(|r| {
        r["message"]["text"]
            .as_str()
            .is_some_and(|t| t.contains('😀'))
    }));
    assert_eq!(clean_log["runs"][0]["results"], serde_json::json!([]));

    let logs = [relative, absolute, empty];
    let errors = validator.schema_errors(&logs);
    assert!(errors.is_empty(), "not valid SARIF 2.1.0:\n{errors}");
    let findings: Vec<String> = validator
        .multitool_findings(&logs, &scratch.0)
        .into_iter()
        .filter(|finding| !ACCEPTED.iter().any(|rule| finding.starts_with(rule)))
        .collect();
    assert!(findings.is_empty(), "the SARIF multitool: {findings:#?}");

    // Neither check passes everything: a level SARIF lacks, and a property it does not
    // define, are found.
    let mut broken =
        serde_json::from_slice::<Value>(&std::fs::read(&logs[0]).expect("log")).expect("JSON");
    broken["runs"][0]["results"][0]["level"] = "info".into();
    let broken_level = scratch.0.join("broken-level.sarif");
    std::fs::write(&broken_level, broken.to_string()).expect("a file");
    let errors = validator.schema_errors(std::slice::from_ref(&broken_level));
    assert!(errors.contains("'info' is not one of"), "{errors}");
    broken["runs"][0]["results"][0]["level"] = "note".into();
    broken["runs"][0]["unknown"] = true.into();
    let broken_property = scratch.0.join("broken-property.sarif");
    std::fs::write(&broken_property, broken.to_string()).expect("a file");
    let findings = validator.multitool_findings(&[broken_property], &scratch.0);
    assert!(
        findings.iter().any(|f| f.starts_with("JSON1005")),
        "{findings:#?}"
    );
}
