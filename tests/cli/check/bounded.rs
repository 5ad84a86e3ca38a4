//! Issue 41: `betza check` keeps the first findings of a file within bounded memory, says how
//! many more there are, and checks each file once however often it is met.

use std::ffi::OsStr;
use std::process::Command;

use super::temp_file;
use crate::{betza, stderr, stdout};

/// The address space a bounded check may take, in KiB: the check of 200,000 broken lines took
/// 320 MB before issue 41, and needs about 40 MB of address space since.
#[cfg(target_os = "linux")]
const BOUNDED_KB: u64 = 64 * 1024;

/// `betza check FILE ARGS…` run in an address space of [`BOUNDED_KB`] (`ulimit -v`), so that
/// it fails if it needs more at any moment. (A child's peak memory cannot be read afterwards
/// without unsafe code, which the workspace forbids; the bound is imposed instead.)
#[cfg(target_os = "linux")]
fn check_bounded(path: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {BOUNDED_KB} && exec \"$0\" check \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_betza"))
        .arg(path)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("sh runs")
}

/// Issue 41: a file of 200,000 broken lines keeps its first 3,000 findings in file order and
/// one more, on the first left out, that counts the rest by code at the level of the worst:
/// the JSON has 3,001 items, the counts at the end count every finding, the exit status is 1,
/// and the whole check fits in a bounded address space (before, 200,000 lines took 320 MB and
/// JSON of 70 MB; 3,000,000 aborted).
#[cfg(target_os = "linux")]
#[test]
fn check_keeps_the_first_findings_of_a_file_in_bounded_memory() {
    let path = temp_file("broken.betza", "W+\n".repeat(200_000).as_bytes());
    let json = check_bounded(&path, &["--format", "json"]);
    assert_eq!(json.status.code(), Some(1), "{}", stderr(&json));
    let items: Vec<serde_json::Value> = serde_json::from_str(&stdout(&json)).expect("a JSON array");
    assert_eq!(items.len(), 3001);
    assert!(
        items[..3000]
            .iter()
            .all(|d| d["code"] == "stray-punctuation")
    );
    assert_eq!(items[2999]["line"], 3000);
    let summary = &items[3000];
    assert_eq!(summary["code"], "too-many-findings");
    assert_eq!(summary["severity"], "error");
    assert_eq!(
        (&summary["line"], &summary["column"]),
        (&3001.into(), &2.into())
    );
    let message = summary["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with(
            "197000 more findings in this file, not listed (the first 3000 are): 197000 \
             `stray-punctuation`; raise the limit with `betza check --max-findings N`"
        ),
        "{message}"
    );
    let human = check_bounded(&path, &["--summary"]);
    assert_eq!(human.status.code(), Some(1));
    let report = stderr(&human);
    assert!(
        report.contains("checked 1 file: 200000 errors, 0 warnings, 0 infos, 0 hints\n"),
        "{report}"
    );
    assert!(report.ends_with("200000  stray-punctuation\n"), "{report}");
    // The finding that counts the rest is shown after the human report's own cap.
    assert!(report.contains("… and 2800 more findings"), "{report}");
    assert!(report.contains("[too-many-findings]"), "{report}");
    let ten = check_bounded(&path, &["--format", "json", "--max-findings", "10"]);
    let items: Vec<serde_json::Value> = serde_json::from_str(&stdout(&ten)).expect("a JSON array");
    assert_eq!(items.len(), 11);
}

/// Issue 41: a `variants.ini` of junk lines keeps each kind of finding about the file within
/// bounded memory too: the scan counts them past the limit (before, these 200,000 lines took
/// 120 MB, and 1,000,000 lines `x` 460 MB; 34 MB and 56 MB since, most of it the model's
/// lines). The first findings are those in file order, two codes interleaved.
#[cfg(target_os = "linux")]
#[test]
fn check_keeps_the_first_findings_of_a_junk_variants_file_in_bounded_memory() {
    let text = format!("[v:chess]\n{}", "x\nzz = 1\n".repeat(100_000));
    let path = temp_file("junk.variants.ini", text.as_bytes());
    let json = check_bounded(&path, &["--format", "json"]);
    assert_eq!(json.status.code(), Some(0), "{}", stderr(&json));
    let items: Vec<serde_json::Value> = serde_json::from_str(&stdout(&json)).expect("a JSON array");
    assert_eq!(items.len(), 3001);
    let codes: Vec<&str> = items[..4]
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(
        codes,
        ["no-equals", "unknown-key", "no-equals", "unknown-key"]
    );
    assert_eq!(items[2999]["line"], 3001);
    let summary = &items[3000];
    assert_eq!(summary["code"], "too-many-findings");
    assert_eq!(summary["line"], 3002);
    let message = summary["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with(
            "197000 more findings in this file, not listed (the first 3000 are): 98500 \
             `no-equals`, 98500 `unknown-key`;"
        ),
        "{message}"
    );
}

/// Issue 41: `--max-findings 0` lists every finding; warnings left out keep the exit status 0.
#[test]
fn check_max_findings_0_lists_all_and_a_limit_keeps_the_exit_status() {
    let path = temp_file("warned.betza", "mfW\n".repeat(50).as_bytes());
    let run = |max: &str| {
        betza([
            OsStr::new("check"),
            path.as_os_str(),
            OsStr::new("--format"),
            OsStr::new("json"),
            OsStr::new("--max-findings"),
            OsStr::new(max),
        ])
    };
    let all = run("0");
    assert_eq!(all.status.code(), Some(0));
    let items: Vec<serde_json::Value> = serde_json::from_str(&stdout(&all)).expect("a JSON array");
    assert_eq!(items.len(), 50);
    let few = run("5");
    assert_eq!(few.status.code(), Some(0));
    let items: Vec<serde_json::Value> = serde_json::from_str(&stdout(&few)).expect("a JSON array");
    assert_eq!(items.len(), 6);
    assert_eq!(items[5]["severity"], "warning");
}

/// Issue 41: a file named twice and found again in a folder given (through a link too) is
/// checked and counted once, where it is first met.
#[cfg(unix)]
#[test]
fn check_counts_a_file_met_many_times_once() {
    let scratch = crate::scratch::Scratch::new("once");
    let dir = scratch.0.join("pieces");
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("a.betza");
    std::fs::write(&file, "mfW\n").expect("a file");
    std::fs::write(dir.join("b.betza"), "mfW\n").expect("a file");
    std::os::unix::fs::symlink("a.betza", dir.join("c.betza")).expect("a link");
    let output = betza([
        OsStr::new("check"),
        file.as_os_str(),
        file.as_os_str(),
        dir.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
    ]);
    let items: Vec<serde_json::Value> =
        serde_json::from_str(&stdout(&output)).expect("a JSON array");
    let files: Vec<&str> = items.iter().filter_map(|d| d["file"].as_str()).collect();
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files[0].ends_with("a.betza") && files[1].ends_with("b.betza"));
    let human = betza([
        OsStr::new("check"),
        file.as_os_str(),
        file.as_os_str(),
        dir.as_os_str(),
    ]);
    assert!(
        stderr(&human).contains("checked 2 files"),
        "{}",
        stderr(&human)
    );
}
