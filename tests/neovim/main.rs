//! End-to-end in a real editor: headless Neovim runs tests/neovim/session.lua against the built
//! `betza lsp`, with the client config installed the way docs/neovim.md tells users to
//! (editors/neovim/lua/betza.lua under the config folder, `setup` called from init.lua).
//!
//! Three Neovims, one for each way the config starts the client: Debian stable's (0.7,
//! `apt-get install neovim`) through `vim.lsp.start_client`, trixie's (0.10) through
//! `vim.lsp.start` and forky's (0.12) through `vim.lsp.config`; tests/neovim/fetch-new-neovim.sh
//! unpacks the last two into target/, and `.ci/run` installs all three.

#[path = "../common/generated.rs"]
mod generated;
#[path = "generated.rs"]
mod generated_lists;
mod glance;
#[path = "../common/host_files.rs"]
mod host_files;
#[path = "../common/ini_samples.rs"]
mod ini_samples;
mod keys;
#[path = "../common/scratch.rs"]
mod scratch;
#[path = "../common/tool.rs"]
mod tool;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use glance::{check_glance, glance_headers};
use keys::{check_keys, check_string_omni};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the session in `nvim` and returns what it saw.
fn session(nvim: &Path, label: &str) -> Value {
    let scratch = scratch::Scratch::new(&format!("neovim-{label}"));
    let dir = scratch.0.clone();
    let config = dir.join("config/nvim");
    std::fs::create_dir_all(config.join("lua")).expect("config folder");
    std::fs::copy(
        workspace().join("editors/neovim/lua/betza.lua"),
        config.join("lua/betza.lua"),
    )
    .expect("installs betza.lua");
    let binary = env!("CARGO_BIN_EXE_betza");
    std::fs::write(
        config.join("init.lua"),
        format!("require('betza').setup({{ cmd = {{ '{binary}', 'lsp' }} }})\n"),
    )
    .expect("init.lua");
    let file = dir.join("variants.ini");
    std::fs::write(
        &file,
        "[v:chess]\ncustomPiece1 = x:mafsW\ncustomPiece2 = y:N\ncastling = false\n",
    )
    .expect("variants.ini");
    // Issue 42: a variants file by its name alone, one by its content alone, and neither.
    host_files::write(&dir);
    for (name, text) in OTHER_FILES {
        std::fs::write(dir.join(name), text).expect("writes the file");
    }
    let samples = dir.join("samples");
    ini_samples::write(&samples);
    // The explanation documents the server writes go to the temporary folder: this one, removed
    // with the rest.
    let temporary = dir.join("tmp");
    std::fs::create_dir_all(&temporary).expect("temporary folder");
    let glance = glance_headers(&dir.join("corpus"));
    let out = dir.join("result.json");
    let script = workspace().join("tests/neovim/session.lua");
    let run = Command::new(nvim)
        .args(["--headless", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .env("TMPDIR", &temporary)
        .env("BETZA_FILE", &file)
        .env("BETZA_OUT", &out)
        .env("BETZA_SAMPLES", &samples)
        .env("BETZA_GLANCE", glance)
        .output()
        .expect("nvim runs");
    // Errors in Neovim's callbacks (a hover handler, say) are only printed, never raised.
    let printed = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success() && !printed.contains("Error") && !printed.contains("deprecated"),
        "{label}: nvim said {printed}"
    );
    let result: Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("the script wrote its result"))
            .expect("JSON");
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Beside the variants.ini: `pychess-variants.ini` is a variants file by its name (its section
/// inherits from nothing and it has no custom piece), `rules.ini` by its content (a section
/// inheriting from chess, a custom piece), `tox.ini` by neither (its `[testenv:lint]` has a
/// parent that is no variant). Each variant has `Nm` at the start of line 3's value.
const OTHER_FILES: [(&str, &str); 3] = [
    ("pychess-variants.ini", "[tiny]\nmaxRank = 6\nking = k:Nm\n"),
    (
        "rules.ini",
        "[rules:chess]\ncustomPiece1 = x:fmWfcF\nking = k:Nm\n",
    ),
    (
        "tox.ini",
        "[testenv]\ndeps = pytest\n[testenv:lint]\ncommands = ruff\n",
    ),
];

/// The diagnostics the session read at `key`: each one's code and line.
fn findings(result: &Value, key: &str) -> Vec<(String, u64)> {
    result[key]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|d| Some((d["code"].as_str()?.to_owned(), d["line"].as_u64()?)))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether `code` is among the diagnostics at `key`, on `line` if one is given.
fn has(result: &Value, key: &str, code: &str, line: Option<u64>) -> bool {
    findings(result, key)
        .iter()
        .any(|(found, at)| found == code && line.is_none_or(|line| *at == line))
}

/// Diagnostics came whole, the standard way (the server has no extension of its own for them),
/// and `vim.diagnostic` showed each list: moved with the line above them, added by a typo, gone
/// with it, and gone with the fix. Neovim 0.7 is sent them (`textDocument/publishDiagnostics`);
/// 0.10 and newer ask for them (`textDocument/diagnostic`) and are sent none (issue 56).
fn check_diagnostics(result: &Value, label: &str) {
    assert_eq!(result["announced_deltas"], false, "{label}: {result}");
    // One notification or request at least for each list the session read.
    let published = result["received"]["textDocument/publishDiagnostics"].as_u64();
    let pulled = result["sent"]["textDocument/diagnostic"].as_u64();
    if version(result) < vec![0, 10] {
        assert!(published >= Some(5), "{label}: {result}");
        assert_eq!(pulled, None, "{label}: {result}");
    } else {
        assert!(pulled >= Some(5), "{label}: {result}");
        assert_eq!(published, None, "{label}: {result}");
    }
    assert!(
        result["received"]["betza/publishDiagnosticsDelta"].is_null(),
        "{label}: {result}"
    );

    // `a` in `mafsW`, which Fairy-Stockfish skips: the finding the session follows.
    let skipped = "fairy-skipped-letter";
    assert!(has(result, "first", skipped, Some(1)), "{label}: {result}");
    assert!(
        has(result, "moved", skipped, Some(2)) && !has(result, "moved", skipped, Some(1)),
        "{label}: {result}"
    );
    assert!(
        has(result, "typo", "missing-atom", Some(3)) && has(result, "typo", skipped, Some(2)),
        "{label}: {result}"
    );
    assert!(
        !has(result, "typo_removed", "missing-atom", None)
            && has(result, "typo_removed", skipped, Some(2)),
        "{label}: {result}"
    );
    assert!(!has(result, "second", skipped, None), "{label}: {result}");
}

/// The lines of the hover's diagram: the fenced block of the Markdown.
fn diagram_lines(hover: &str) -> Vec<&str> {
    let mut inside = false;
    let mut lines = Vec::new();
    for line in hover.lines() {
        if line.starts_with("```") {
            inside = !inside;
        } else if inside {
            lines.push(line);
        }
    }
    lines
}

/// The strings of the list the session read at `key`.
fn strings<'a>(result: &'a Value, key: &str) -> Vec<&'a str> {
    result[key]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The words of a float the session read at `key`: its lines joined, without Markdown's `**`
/// and backticks, which newer Neovims conceal on screen.
fn float_words(result: &Value, key: &str) -> String {
    strings(result, key).join("\n").replace(['*', '`'], "")
}

/// `customPiece3 = z:mW]cW1`: an error (`]`) and, after it, a hint (`cW1`'s range 1). The sign
/// column shows the error's sign, which outranks the hint's, and the virtual text says the error.
fn check_error_over_hint(result: &Value, label: &str) {
    let both = &result["both"];
    // vim.diagnostic.severity: 1 is ERROR, 4 is HINT.
    let error = both["messages"]["1"].as_str().unwrap_or_default();
    let error = error.lines().next().unwrap_or_default();
    assert!(
        !error.is_empty() && both["messages"]["4"].is_string(),
        "{label}: the line should have an error and a hint: {both}"
    );
    let signs = both["signs"].as_array().cloned().unwrap_or_default();
    let sign = |hl: &str| signs.iter().find(|s| s["hl"] == hl).cloned();
    let (Some(error_sign), Some(hint_sign)) =
        (sign("DiagnosticSignError"), sign("DiagnosticSignHint"))
    else {
        panic!("{label}: an error sign and a hint sign should be placed on the line: {both}");
    };
    let top = signs.iter().max_by_key(|s| s["priority"].as_i64());
    assert!(
        top.is_some_and(|s| s["hl"] == "DiagnosticSignError")
            && error_sign["priority"].as_i64() > hint_sign["priority"].as_i64(),
        "{label}: the error's sign should outrank the hint's: {both}"
    );
    assert_ne!(error_sign["text"], hint_sign["text"], "{label}: {both}");
    assert_eq!(
        both["sign_column"].as_str().map(str::trim),
        error_sign["text"].as_str(),
        "{label}: the sign column should show the error's sign, not the hint's: {both}"
    );
    let chunks = both["virtual_text"].as_array().cloned().unwrap_or_default();
    assert!(
        chunks
            .iter()
            .any(|c| c["hl"] == "DiagnosticVirtualTextError"
                && c["text"].as_str().is_some_and(|t| t.contains(error))),
        "{label}: the virtual text should say the error `{error}`: {both}"
    );
    assert!(
        both["screen"]
            .as_str()
            .is_some_and(|row| row.contains(error)),
        "{label}: the line on screen should end with the error `{error}`: {both}"
    );
}

/// `K` on `fmW` in the middle of a terminal of 80x24: the float shows the diagram's files row
/// and its legend on screen, without scrolling, and wraps its words whole (issue 42).
fn check_small_float(result: &Value, label: &str) {
    let float = &result["small_float"];
    assert_eq!(
        float["linebreak"], true,
        "{label}: the float should wrap at word boundaries ('linebreak')"
    );
    let (row, height) = (&float["cursor_row"], &float["window_height"]);
    assert!(
        row.as_i64().unwrap_or(0) * 3 > height.as_i64().unwrap_or(0),
        "{label}: the piece should be mid-window, at row {row} of {height}"
    );
    let lines = strings(float, "lines");
    let shown: Vec<bool> = float["shown"]
        .as_array()
        .map(|l| l.iter().map(|v| v == true).collect())
        .unwrap_or_default();
    let files = lines.iter().position(|l| l.trim() == "a b c d e f g h");
    let legend = lines.iter().position(|l| l.starts_with("@ the piece"));
    for (what, at) in [("the files row", files), ("the legend", legend)] {
        assert!(
            at.is_some_and(|at| shown.get(at) == Some(&true)),
            "{label}: at 80x24 the float on `fmW` should show {what} whole; it is {}x{} and \
             read {lines:#?} (shown: {shown:?})",
            float["width"],
            float["height"]
        );
    }
}

/// The Neovim's version the session ran in, as numbers.
fn version(result: &Value) -> Vec<u64> {
    result["version"]
        .as_str()
        .unwrap_or_default()
        .split('.')
        .filter_map(|n| n.parse().ok())
        .collect()
}

/// The code action menu on `fmW`, with the file-wide rewrite last, and "Explain this piece in a
/// new document" picked by its number:
/// the explanation opens once, in a new window where Neovim does not show documents itself
/// (before 0.9: betza.lua opens the path the command returns), else where Neovim shows it.
fn check_explain(result: &Value, label: &str) {
    let menu = strings(result, "action_menu");
    assert!(
        menu.contains(&"Explain this piece in a new document"),
        "{label}: the code action menu showed {menu:?}"
    );
    // Issue 55: the file-wide rewrite is offered (two strings below need it) and comes last,
    // so the first action, which a key applies, never rewrites other lines.
    let file_wide = "Rewrite every string in XBoard's modifier order";
    assert_eq!(
        menu.last(),
        Some(&file_wide),
        "{label}: the file-wide rewrite should be the last action: {menu:?}"
    );
    let explain = &result["explain"];
    let windows = explain["windows"].as_array().cloned().unwrap_or_default();
    assert_eq!(
        windows.len(),
        1,
        "{label}: the explanation should be shown in one window: {explain}"
    );
    let lines: Vec<&str> = windows[0]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("fmW") && l.contains("Fairy-Stockfish Betza")),
        "{label}: the explanation should name `fmW` in Fairy-Stockfish Betza: {lines:#?}"
    );
    // Issue 55: the explanation's long lines wrap on words ("ba / ckward" at 80 columns).
    assert_eq!(
        explain["wraps_on_words"], true,
        "{label}: the explanation window should wrap on words: {explain}"
    );
    let shows = result["shows_documents"] == true;
    assert_eq!(
        shows,
        version(result) >= vec![0, 9],
        "{label}: Neovim says it shows documents from 0.9 on: {result}"
    );
    let asked = result["requested"]["window/showDocument"].as_u64();
    if shows {
        assert_eq!(asked, Some(1), "{label}: {result}");
    } else {
        assert_eq!(asked, None, "{label}: {result}");
        assert!(
            explain["windows_after"].as_u64() == explain["windows_before"].as_u64().map(|n| n + 1)
                && explain["file_shown"] == true,
            "{label}: the explanation should open in a split beside the file: {explain}"
        );
    }
}

/// Issue 42: the variants files under other names get the server (the `fairy-variants`
/// filetype from 0.8 on, where Neovim reads the config's filetype rules), the diagnostic of
/// `Nm` and `K`'s hover; tox.ini stays `dosini` without it. Every sample is recognised exactly
/// when the server reads it as a variants file.
fn check_recognition(result: &Value, label: &str) {
    let filetypes = version(result) >= vec![0, 8];
    let variants_filetype = if filetypes {
        "fairy-variants"
    } else {
        "dosini"
    };
    for (name, section) in [("pychess-variants.ini", "tiny"), ("rules.ini", "rules")] {
        let seen = &result["other_files"][name];
        assert_eq!(
            seen["filetype"], variants_filetype,
            "{label}: {name}: {seen}"
        );
        assert_eq!(seen["attached"], true, "{label}: {name}: {seen}");
        assert!(
            has(seen, "codes", "missing-atom", Some(2)),
            "{label}: {name} should have the finding on `Nm`: {seen}"
        );
        let float = float_words(seen, "float");
        assert!(
            float.contains(&format!(
                "Nm (Fairy-Stockfish Betza) · piece k in [{section}]"
            )),
            "{label}: `K` on `Nm` in {name} should show its hover; the float read:\n{float}"
        );
    }
    // Issue 52: the Interactive Diagram and the C/CIF file, their filetypes (from 0.8 on), the
    // server, its findings, and the diagram's hover.
    for (name, filetype, code) in [
        ("pieces.diagram", "interactive-diagram", "missing-atom"),
        ("pieces.cif", "xml", "missing-move"),
    ] {
        let seen = &result["host_files"][name];
        if filetypes {
            assert_eq!(seen["filetype"], filetype, "{label}: {name}: {seen}");
        }
        assert_eq!(seen["attached"], true, "{label}: {name}: {seen}");
        assert!(
            has(seen, "codes", code, Some(1)),
            "{label}: {name} should have `{code}` on line 2: {seen}"
        );
    }
    let float = float_words(&result["host_files"]["pieces.diagram"], "float");
    assert!(
        float.contains("fmWfcF (XBetza)") && float.contains("The Shatranj Pawn"),
        "{label}: `K` on `fmWfcF` in pieces.diagram should show its hover; the float read:\n{float}"
    );

    let tox = &result["other_files"]["tox.ini"];
    assert_eq!(tox["filetype"], "dosini", "{label}: {tox}");
    assert_eq!(tox["attached"], false, "{label}: {tox}");

    let samples = result["samples"].as_object().cloned().unwrap_or_default();
    let expected = ini_samples::samples();
    assert_eq!(samples.len(), expected.len(), "{label}: {samples:?}");
    for (name, _) in expected {
        let claimed = ini_samples::server_claims(&name);
        let seen = &samples[&name];
        assert_eq!(
            seen["handles"], claimed,
            "{label}: the config and the server disagree on {name}: {seen}"
        );
        if filetypes {
            assert_eq!(
                seen["filetype"] == "fairy-variants",
                claimed,
                "{label}: {name}: {seen}"
            );
        }
    }
}

fn check(result: &Value, label: &str) {
    assert_eq!(
        result["errors"],
        Value::Array(Vec::new()),
        "{label}: {result}"
    );
    assert_eq!(result["client"], "betza", "{label}: {result}");
    check_diagnostics(result, label);
    check_glance(result, label);
    let hover = result["hover"].as_str().unwrap_or_default();
    assert!(hover.contains("**`fmW`**"), "{label}: {result}");

    // The float shows the diagram whole: every row verbatim, none wider than the window, and
    // the window tall enough to need no scrolling.
    let float = strings(result, "float");
    let diagram = diagram_lines(hover);
    assert!(diagram.len() >= 8, "{label}: no diagram in {hover}");
    for row in &diagram {
        assert!(
            float.contains(row),
            "{label}: `{row}` is not in the float {float:#?}"
        );
    }
    let width = result["float_width"].as_u64().unwrap_or(0);
    let widest = diagram.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    assert!(
        widest as u64 <= width,
        "{label}: float {width} wide, rows {widest}"
    );
    // Neovim 0.10 and newer conceal the code fences instead of dropping them.
    let shown = float.iter().filter(|l| !l.starts_with("```")).count();
    assert!(
        result["float_height"].as_u64() >= Some(shown as u64),
        "{label}: the float scrolls: {result}"
    );
    if let Ok(folder) = std::env::var("BETZA_SAVE_FLOAT") {
        let version = result["version"].as_str().unwrap_or(label);
        std::fs::write(
            Path::new(&folder).join(format!("neovim-{version}-hover.txt")),
            float.join("\n") + "\n",
        )
        .expect("saves the float");
    }

    let labels = strings(result, "completion");
    assert!(labels.contains(&"N"), "{label}: {result}");
    check_keys(result, label);
    check_string_omni(result, label);
    check_error_over_hint(result, label);
    check_small_float(result, label);
    check_explain(result, label);
    check_recognition(result, label);
}

/// betza.lua's lists of files are the server's (syntax/src/host/kinds.rs); no Neovim needed.
#[test]
fn generated_lists_follow_the_table_of_file_kinds() {
    generated_lists::check();
}

#[test]
fn debian_stable_neovim_runs_the_installed_config() {
    let nvim = Command::new("nvim").arg("--version").output();
    if !nvim.is_ok_and(|o| o.status.success()) {
        tool::tool_missing("no `nvim` on PATH: apt-get install neovim (.ci/run does)");
        return;
    }
    let result = session(Path::new("nvim"), "stable");
    check(&result, "Debian stable's Neovim");
}

/// Runs the session in a Neovim that tests/neovim/fetch-new-neovim.sh unpacked from `suite`.
fn newer_neovim(suite: &str, label: &str) {
    let folder = format!("target/neovim-{suite}");
    let nvim = workspace().join(&folder).join("nvim");
    if !nvim.exists() {
        tool::tool_missing(&format!(
            "no {label} in {folder}; `tests/neovim/fetch-new-neovim.sh {suite} {folder}` puts \
             one there (.ci/run does)"
        ));
        return;
    }
    let result = session(&nvim, suite);
    check(&result, label);
}

#[test]
fn neovim_0_10_runs_the_installed_config_through_lsp_start() {
    newer_neovim("trixie", "Neovim 0.10");
}

#[test]
fn neovim_0_12_runs_the_installed_config_through_lsp_config() {
    newer_neovim("forky", "Neovim 0.12");
}
