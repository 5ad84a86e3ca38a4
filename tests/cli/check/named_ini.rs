//! Issue 53: an `.ini` named on the command line is read as a variants file whatever its
//! content, as Fairy-Stockfish loads any file it is given; one found in a folder is read only
//! when its content is a variants file (a key the engine knows, or a section inheriting from a
//! variant).

use std::ffi::OsStr;

use super::temp_file;
use crate::{betza, stderr};

/// The codes `betza check --format json` finds in a file named `name` holding `text`, and
/// its exit status.
fn codes_of(name: &str, text: &str) -> (Vec<String>, Option<i32>) {
    let path = temp_file(name, text.as_bytes());
    let output = betza([
        OsStr::new("check"),
        path.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
    ]);
    assert!(
        !stderr(&output).contains("not a file with Betza"),
        "{name}: {}",
        stderr(&output)
    );
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    let codes = (findings.iter())
        .filter_map(|f| f["code"].as_str().map(str::to_owned))
        .collect();
    (codes, output.status.code())
}

/// Each file of one typical mistake that uses the engine's options but no custom piece is
/// checked, and its mistake found.
#[test]
fn every_ini_named_is_checked() {
    let files = [
        ("[v:chesss]\nmaxRank = 6\n", "unknown-parent", 1),
        (
            "[v]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n",
            "promotion-pieces",
            0,
        ),
        ("[chess]\nmaxRank = 6\n", "duplicate-section", 1),
        ("[v:chess:extra]\nmaxRank = 6\n", "unknown-parent", 1),
        ("[v:shogun]\npocketSize = 8\n", "unknown-parent", 1),
        ("[:chess]\nmaxRank = 6\n", "unnamed-section", 1),
        (
            "[joclycarrera:capablanca]\nstartFen = \
             RANBQKBNCR/pppppppppp/10/10/10/10/PPPPPPPPPP/ranbqkbncr w KQkq - 0 1\n",
            "swapped-sides",
            1,
        ),
    ];
    for (text, code, exit) in files {
        let (codes, status) = codes_of("myvariant.ini", text);
        assert!(codes.iter().any(|c| c == code), "{text}: {codes:?}");
        assert_eq!(status, Some(exit), "{text}");
    }
}

/// A named `.ini` whose content is no variants file is still read as one: its keys are no
/// options of the engine, and each is said.
#[test]
fn a_named_ini_of_other_keys_is_read_as_a_variants_file() {
    let (codes, status) = codes_of("settings.INI", "[server]\nport = 8080\n");
    assert_eq!(codes, ["unknown-key"]);
    assert_eq!(status, Some(0));
}

/// In a folder, an `.ini` is read by its content: a section of engine keys is, a settings
/// file is not.
#[test]
fn a_folder_reads_only_the_ini_files_that_are_variants_files() {
    let folder = crate::scratch::Scratch::new("named-ini");
    let files = [
        ("settings.ini", "[server]\nport = 8080\npass = secret\n"),
        ("economy.ini", "[money]\ngold = 100\n"),
        ("rules.ini", "[v:chesss]\nmaxRank = 6\n"),
        ("pieces.ini", "[v]\npawn = p\nking = k\n"),
    ];
    for (name, text) in files {
        std::fs::write(folder.0.join(name), text).expect("sample");
    }
    let output = betza([
        OsStr::new("check"),
        folder.0.as_os_str(),
        OsStr::new("--format"),
        OsStr::new("json"),
    ]);
    let findings: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("JSON array");
    let mut read: Vec<&str> = (findings.iter())
        .filter_map(|f| f["file"].as_str())
        .filter_map(|file| file.rsplit('/').next())
        .collect();
    read.sort_unstable();
    read.dedup();
    assert_eq!(read, ["pieces.ini", "rules.ini"], "{}", stderr(&output));
}
