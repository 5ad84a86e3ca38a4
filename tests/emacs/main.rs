//! End-to-end in a real editor: Emacs in batch mode runs tests/emacs/session.el against the
//! built `betza lsp`, with editors/emacs/betza.el installed the way docs/emacs.md tells users to
//! (its folder on `load-path`, `(require 'betza)` in the init file). Eglot is Debian's
//! elpa-eglot on Emacs 28 (`apt-get install emacs-nox elpa-eglot`, which `.ci/run` does) and
//! built in from Emacs 29 on; Debian's elpa-markdown-mode renders the hovers.
//!
//! Emacs starts with an empty home and without the site's start file, so no one's settings
//! take part, but keeps the site's Lisp folders, where Debian puts elpa-eglot (`-Q` would drop
//! them, and with them Eglot on Emacs 28).

#[path = "../common/generated.rs"]
mod generated;
#[path = "generated.rs"]
mod generated_lists;
#[path = "../common/host_files.rs"]
mod host_files;
#[path = "../common/ini_samples.rs"]
mod ini_samples;
#[path = "../common/scratch.rs"]
mod scratch;
#[path = "../common/tmux.rs"]
mod tmux;
#[path = "../common/tool.rs"]
mod tool;

mod terminal;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether Emacs with Eglot and markdown-mode is there; says which part is missing otherwise.
fn emacs_with_eglot() -> bool {
    let emacs = Command::new("emacs").arg("--version").output();
    if !emacs.is_ok_and(|o| o.status.success()) {
        tool::tool_missing(
            "Emacs is needed for this test: apt-get install emacs-nox elpa-eglot (.ci/run does)",
        );
        return false;
    }
    let libraries = [
        (
            "eglot",
            "Eglot (built into Emacs 29 and newer; on Emacs 28, Debian's elpa-eglot) is needed \
             for this test: apt-get install emacs-nox elpa-eglot (.ci/run does)",
        ),
        (
            "markdown-mode",
            "markdown-mode, which Eglot renders hovers with, is needed for this test: apt-get \
             install elpa-markdown-mode (.ci/run does)",
        ),
    ];
    for (library, missing) in libraries {
        let found = Command::new("emacs")
            .args(["--batch", "--no-site-file", "--eval"])
            .arg(format!(
                "(kill-emacs (if (locate-library \"{library}\") 0 1))"
            ))
            .output();
        if !found.is_ok_and(|o| o.status.success()) {
            tool::tool_missing(missing);
            return false;
        }
    }
    true
}

/// The init file a user writes from docs/emacs.md.
fn init_file() -> String {
    let folder = workspace().join("editors/emacs");
    format!(
        "(add-to-list 'load-path \"{}\")\n(require 'betza)\n",
        folder.display()
    )
}

/// PATH with the folder of the `betza` the build made first, as docs/emacs.md asks.
fn path_with_betza() -> std::ffi::OsString {
    let binary = Path::new(env!("CARGO_BIN_EXE_betza"));
    std::env::join_paths(
        std::iter::once(binary.parent().expect("bin folder").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    )
    .expect("PATH")
}

/// Runs the session in Emacs and returns what it saw.
fn session() -> Value {
    let scratch = scratch::Scratch::new("emacs");
    let dir = &scratch.0;
    let init = dir.join("init.el");
    std::fs::write(&init, init_file()).expect("init.el");
    let file = dir.join("variants.ini");
    std::fs::write(
        &file,
        "[v:chess]\ncustomPiece1 = x:fmWfcF\ncustomPiece2 = y:Nm\ncastling = false\n\
         customPiece3 = z:NN\n",
    )
    .expect("variants.ini");
    // The settings of docs/emacs.md: XBoard's findings too (`NN`'s), the board left to the file.
    std::fs::write(
        dir.join(".dir-locals.el"),
        "((nil . ((eglot-workspace-configuration \
         . ((:betza . (:engines [\"fairy-stockfish\" \"xboard\"])))))))\n",
    )
    .expect(".dir-locals.el");
    let plain = dir.join("settings.ini");
    std::fs::write(&plain, "[server]\nport = 8080\n").expect("settings.ini");
    // Issue 42: a variants file by its content alone.
    std::fs::write(
        dir.join("rules.ini"),
        "[rules:chess]\ncustomPiece1 = x:fmWfcF\nking = k:Nm\n",
    )
    .expect("rules.ini");
    // Issue 52: an Interactive Diagram and a C/CIF file.
    host_files::write(dir);
    let samples = dir.join("samples");
    ini_samples::write(&samples);
    let out = dir.join("result.json");
    let mut child = Command::new("emacs")
        .args(["--batch", "--no-site-file", "-l"])
        .arg(&init)
        .arg("-l")
        .arg(workspace().join("tests/emacs/session.el"))
        .env("HOME", dir)
        .env("PATH", path_with_betza())
        .env("BETZA_FILE", &file)
        .env("BETZA_PLAIN", &plain)
        .env("BETZA_SAMPLES", &samples)
        .env("BETZA_OUT", &out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("emacs runs");
    // The answers to the prompts of M-x eglot-code-actions: RET takes the preferred action
    // (the fix), then the action that explains the piece, by its title.
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"\nExplain this piece in a new document\n")
        .expect("answers the prompts");
    let run = child.wait_with_output().expect("emacs ends");
    // Batch Emacs prints messages, Eglot's included, on stderr; a failed handler says `Error`.
    let printed = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success() && !printed.contains("Error"),
        "emacs said {printed}"
    );
    let text = std::fs::read_to_string(&out)
        .unwrap_or_else(|e| panic!("the session wrote no result ({e}); emacs said {printed}"));
    let result: Value = serde_json::from_str(&text).expect("JSON");
    if let Ok(folder) = std::env::var("BETZA_SAVE_HOVER") {
        let hover = result["hover"].as_str().unwrap_or_default();
        std::fs::write(Path::new(&folder).join("emacs-hover.txt"), hover).expect("saves the hover");
    }
    result
}

/// The strings of the list at `key`.
fn strings<'a>(result: &'a Value, key: &str) -> Vec<&'a str> {
    result[key]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// betza.el's lists of files are the server's (syntax/src/host/kinds.rs); no Emacs needed.
#[test]
fn generated_lists_follow_the_table_of_file_kinds() {
    generated_lists::check();
}

#[test]
fn emacs_runs_the_installed_config_through_eglot() {
    if !emacs_with_eglot() {
        return;
    }
    let result = session();
    let at = format!("Emacs {}, Eglot {}", result["emacs"], result["eglot"]);
    assert_eq!(result["errors"], Value::Array(Vec::new()), "{at}: {result}");

    // The file's name chose the mode, the mode the server.
    assert_eq!(result["mode"], "betza-variants-mode", "{at}: {result}");
    assert_eq!(result["server"], "betza", "{at}: {result}");
    assert_eq!(result["command"], json!(["betza", "lsp"]), "{at}: {result}");

    // Flymake shows the broken string, `m` of `Nm` on line 3, column 18 (0-based), and XBoard's
    // warning on `NN`, which only the settings of .dir-locals.el ask for.
    let diagnostics = result["diagnostics"].as_array().expect("diagnostics");
    let codes: Vec<&str> = diagnostics
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(
        codes,
        ["missing-atom", "xboard-doubled-atom"],
        "{at}: {result}"
    );
    let broken = &diagnostics[0];
    assert_eq!(broken["line"], 3, "{at}: {result}");
    assert_eq!(broken["column"], 18, "{at}: {result}");
    assert_eq!(broken["type"], "eglot-error", "{at}: {result}");
    let text = broken["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("modifier `m` at the end has no atom"),
        "{at}: {text}"
    );

    // M-x eldoc on `fmWfcF`: the explanation and its diagram, whole (to its last rank and the
    // files' letters), on the section's board of 8 files, rendered by markdown-mode: on screen
    // no `**`, backticks or fences, which the *eldoc* buffer still holds, hidden.
    let hover = result["hover"].as_str().unwrap_or_default();
    let shown = result["hover_shown"].as_str().unwrap_or_default();
    assert!(
        hover.contains("**`fmWfcF`** (Fairy-Stockfish Betza)"),
        "{at}: the *eldoc* buffer read:\n{hover}"
    );
    for text in [
        "fmWfcF (Fairy-Stockfish Betza) · piece x in [v]",
        "The Shatranj Pawn.",
        "Wazir leap, forward; moves to an empty square (m)",
        "W (Wazir): one step orthogonally",
    ] {
        assert!(
            shown.contains(text),
            "{at}: the hover on fmWfcF should show `{text}`; the *eldoc* buffer showed:\n{shown}"
        );
    }
    for row in [
        "  5  . . x o x . . .",
        "  4  . . . @ . . . .",
        "  1  . . . . . . . .",
        "     a b c d e f g h",
    ] {
        assert!(
            shown.lines().any(|l| l == row),
            "{at}: the diagram on fmWfcF should have the row `{row}`; the *eldoc* buffer \
             showed:\n{shown}"
        );
    }
    for markup in ["**", "`"] {
        assert!(
            !shown.contains(markup),
            "{at}: markdown-mode should hide `{markup}`; the *eldoc* buffer showed:\n{shown}"
        );
    }
    let key = result["key_hover"].as_str().unwrap_or_default();
    for shown in [
        "(Fairy-Stockfish option)",
        "Castling is allowed.",
        "In `[v]`: `false` (set in this section)",
    ] {
        assert!(
            key.contains(shown),
            "{at}: the hover on `castling` should show `{shown}`; it read:\n{key}"
        );
    }

    // Completion: the options after `promo`, C-M-i writing `pieceDrops = ` after `pieceDr`,
    // and the letters at the start of a Betza string.
    let keys = strings(&result, "key_items");
    assert!(
        keys.contains(&"promotionPieceTypes") && keys.iter().all(|k| k.starts_with("promo")),
        "{at}: after `promo` the table offered {keys:?}"
    );
    assert_eq!(result["key_completed"], "pieceDrops = ", "{at}: {result}");
    // Issue 42: after `fmW` Eglot keeps the items that start with the word before the point:
    // each letter is offered as that word and the letter (it said "No match"), with the rest
    // of the word, `fcF`, which Eglot replaces too (issue 55); and choosing one writes it.
    let after_word = strings(&result, "letter_items_after_word");
    for letter in ["fmWWfcF", "fmWFfcF", "fmWcfcF", "fmWmfcF"] {
        assert!(
            after_word.contains(&letter),
            "{at}: after `fmW` the table offered {after_word:?}"
        );
    }
    assert_eq!(
        result["letter_completed"], "customPiece3 = z:fmWF",
        "{at}: {result}"
    );
    // Issue 55: C-M-i between `R` and `N` of `e:RN` changes nothing (it wrote `e:RNN`); the
    // candidates there are the word with a letter at the point, and `RAN` writes just that.
    assert_eq!(
        (&result["middle_line"], &result["middle_point"]),
        (&Value::from("customPiece4 = e:RN"), &Value::from(18)),
        "{at}: C-M-i in the middle of `RN` should leave it as it was: {result}"
    );
    let middle = strings(&result, "middle_items");
    assert!(
        ["RAN", "RWN", "RcN"].iter().all(|c| middle.contains(c)),
        "{at}: between `R` and `N` the table offered {middle:?}"
    );
    assert_eq!(
        result["middle_completed"], "customPiece4 = e:RAN",
        "{at}: {result}"
    );
    // Before the `W` of `z:W`: each letter with the word after it.
    let letters = strings(&result, "letter_items");
    for letter in ["WW", "FW", "NW", "fW", "mW", "cW"] {
        assert!(
            letters.contains(&letter),
            "{at}: at the start of a Betza string the table offered {letters:?}"
        );
    }

    // M-x eglot-code-actions RET: the fix, and with it the diagnostic gone.
    let actions = strings(&result, "actions");
    assert_eq!(
        actions.first(),
        Some(&"remove `m` (missing-atom)"),
        "{at}: {result}"
    );
    assert_eq!(result["fixed_line"], "customPiece2 = y:N", "{at}: {result}");
    assert_eq!(result["fixed"], true, "{at}: {result}");
    let after: Vec<&str> = result["diagnostics_after_fix"]
        .as_array()
        .map(|l| l.iter().filter_map(|d| d["code"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(after, ["xboard-doubled-atom"], "{at}: {result}");

    // Issue 55: the explanation, taken from M-x eglot-code-actions, in a window of its own,
    // rendered by markdown-mode: the string, its diagram, its legs.
    let explanation = result["explanation"].as_str().unwrap_or_default();
    for shown in [
        "fmWfcF (Fairy-Stockfish Betza) · piece x in [v]",
        "  5  . . x o x . . .",
        "     a b c d e f g h",
        "Wazir leap, forward; moves to an empty square (m)",
    ] {
        assert!(
            explanation.contains(shown) && !explanation.contains("**"),
            "{at}: the explanation should show `{shown}`, rendered; it read:\n{explanation}"
        );
    }

    // An ordinary .ini keeps Emacs's own mode and gets no server.
    let plain = result["plain_mode"].as_str().unwrap_or_default();
    assert!(
        plain.starts_with("conf-") && plain != "betza-variants-mode",
        "{at}: settings.ini opened in {plain}"
    );
    assert_eq!(result["plain_managed"], false, "{at}: {result}");
    let modes = &result["modes_by_name"];
    for (name, mode) in [
        ("shogi.variants.ini", "betza-variants-mode"),
        ("VARIANTS.INI", "betza-variants-mode"),
        ("myvariants.ini", "betza-variants-mode"),
        ("pieces.betza", "betza-mode"),
        ("pieces.mbn", "betza-mbn-mode"),
        ("game.pgn", "betza-pgn-mode"),
        ("game.ccif", "betza-ccif-mode"),
        ("game.cif", "betza-ccif-mode"),
        ("griffons.diagram", "betza-diagram-mode"),
    ] {
        assert_eq!(modes[name], mode, "{at}: {name}: {modes}");
    }

    // Issue 52: the Interactive Diagram and the C/CIF file get their modes, the server and its
    // findings on line 2, and the diagram's piece its hover.
    for (key, mode, code) in [
        ("pieces_diagram", "betza-diagram-mode", "missing-atom"),
        ("pieces_cif", "betza-ccif-mode", "missing-move"),
    ] {
        let seen = &result[key];
        assert_eq!(seen["mode"], mode, "{at}: {seen}");
        let found = seen["diagnostics"].as_array().cloned().unwrap_or_default();
        assert!(
            found.iter().any(|d| d["code"] == code && d["line"] == 2),
            "{at}: {key} should have `{code}` on line 2: {seen}"
        );
    }
    let hover = result["pieces_diagram"]["hover"]
        .as_str()
        .unwrap_or_default();
    assert!(
        hover.contains("fmWfcF (XBetza)") && hover.contains("The Shatranj Pawn"),
        "{at}: the hover on fmWfcF in pieces.diagram read:\n{hover}"
    );

    // Issue 42: rules.ini, a variants file by its content, gets the mode, the server and its
    // finding; every sample gets the mode exactly when the server reads it as a variants file.
    assert_eq!(
        result["rules_mode"], "betza-variants-mode",
        "{at}: {result}"
    );
    let rules: Vec<&str> = result["rules_diagnostics"]
        .as_array()
        .map(|l| l.iter().filter_map(|d| d["code"].as_str()).collect())
        .unwrap_or_default();
    assert!(rules.contains(&"missing-atom"), "{at}: {result}");
    let samples = result["samples"].as_object().cloned().unwrap_or_default();
    let expected = ini_samples::samples();
    assert_eq!(samples.len(), expected.len(), "{at}: {samples:?}");
    for (name, _) in expected {
        let mode = samples[&name].as_str().unwrap_or_default();
        assert_eq!(
            mode == "betza-variants-mode",
            ini_samples::server_claims(&name),
            "{at}: betza.el and the server disagree on {name}, opened in {mode}"
        );
    }
}
