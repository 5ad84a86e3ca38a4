//! End-to-end in a real editor: Helix in a terminal that tmux runs, with
//! editors/helix/languages.toml installed the way docs/helix.md tells users to (copied to the
//! config folder, `betza` on PATH), driven by keys and read from the screen. Debian stable has
//! no Helix: tests/helix/fetch-helix.sh unpacks trixie's into target/helix-trixie (`.ci/run`
//! does), else a `hx` on PATH is used.
//!
//! The screen is read with `tmux capture-pane`; every step waits for what it expects to see,
//! 15 s at most, and a failure shows the last screen.

#[path = "../common/generated.rs"]
mod generated;
#[path = "generated.rs"]
mod generated_lists;
#[path = "../common/host_files.rs"]
mod host_files;
#[path = "../common/scratch.rs"]
mod scratch;
#[path = "../common/tmux.rs"]
mod tmux;
#[path = "../common/tool.rs"]
mod tool;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use tmux::Tmux;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The Helix to run: the one fetch-helix.sh unpacked, else `hx` on PATH.
fn helix() -> Option<PathBuf> {
    let unpacked = workspace().join("target/helix-trixie/hx");
    let hx = if unpacked.exists() {
        unpacked
    } else {
        PathBuf::from("hx")
    };
    let version = Command::new(&hx).arg("--version").output();
    version.is_ok_and(|o| o.status.success()).then_some(hx)
}

/// The line of the screen that holds `text`.
/// Fails unless `screen`, what Helix shows of `what`, holds each of `lines`.
fn assert_shows(what: &str, screen: &str, lines: &[&str]) {
    for shown in lines {
        assert!(
            screen.contains(shown),
            "{what} should show `{shown}`:\n{screen}"
        );
    }
}

fn line_with<'a>(screen: &'a str, text: &str) -> &'a str {
    screen
        .lines()
        .find(|line| line.contains(text))
        .unwrap_or_default()
}

/// The status line: the one that starts with the mode.
fn status_line(screen: &str) -> &str {
    screen
        .lines()
        .rev()
        .find(|line| {
            [" NOR ", " INS ", " SEL "]
                .iter()
                .any(|m| line.starts_with(m))
        })
        .unwrap_or_default()
}

/// languages.toml's languages are the server's (syntax/src/host/kinds.rs); no Helix needed.
#[test]
fn generated_lists_follow_the_table_of_file_kinds() {
    generated_lists::check();
}

#[test]
fn helix_runs_the_installed_languages_toml_in_tmux() {
    let tmux = Command::new("tmux").arg("-V").output();
    if !tmux.is_ok_and(|o| o.status.success()) {
        tool::tool_missing("tmux is needed for this test: apt-get install tmux (.ci/run does)");
        return;
    }
    let Some(hx) = helix() else {
        tool::tool_missing(
            "Helix is needed for this test: `tests/helix/fetch-helix.sh trixie \
             target/helix-trixie` unpacks Debian's (.ci/run does)",
        );
        return;
    };

    let scratch = scratch::Scratch::new("helix");
    let dir = &scratch.0;
    let config = dir.join("config/helix");
    std::fs::create_dir_all(&config).expect("config folder");
    std::fs::copy(
        workspace().join("editors/helix/languages.toml"),
        config.join("languages.toml"),
    )
    .expect("installs languages.toml");
    // The test's editor settings: diagnostics written at the end of their line (docs/helix.md
    // suggests it), and the language in the status line.
    std::fs::write(
        config.join("config.toml"),
        "[editor]\nend-of-line-diagnostics = \"hint\"\n\n[editor.inline-diagnostics]\n\
         cursor-line = \"error\"\n\n[editor.statusline]\n\
         left = [\"mode\", \"file-name\", \"file-type\"]\n",
    )
    .expect("config.toml");
    std::fs::write(
        dir.join("variants.ini"),
        "[v:chess]\ncustomPiece1 = x:fmWfcF\ncustomPiece2 = y:Nm\ncastling = false\n",
    )
    .expect("variants.ini");
    // An ordinary .ini, whose customPiece line the server would check if it were sent.
    std::fs::write(dir.join("settings.ini"), "[server]\ncustomPiece1 = x:Nm\n")
        .expect("settings.ini");
    // A variants file by its content alone, and an ordinary .ini in a folder named `variants`.
    std::fs::write(
        dir.join("rules.ini"),
        "[rules:chess]\ncustomPiece1 = x:fmWfcF\nking = k:Nm\n",
    )
    .expect("rules.ini");
    // The Valkyrie, whose diagram without a board of the file's is a 15x15 window.
    std::fs::write(dir.join("pieces.betza"), "# the Valkyrie\nQudQafudQ\n").expect("pieces.betza");
    // Issue 52: an Interactive Diagram and a C/CIF file.
    host_files::write(dir);
    std::fs::create_dir_all(dir.join("variants")).expect("variants folder");
    std::fs::write(dir.join("variants/settings.ini"), "[server]\nport = 8080\n")
        .expect("variants/settings.ini");

    // `betza` on PATH, as docs/helix.md asks.
    let binary = Path::new(env!("CARGO_BIN_EXE_betza"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().expect("bin folder").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    )
    .expect("PATH");
    let tmux = Tmux {
        socket: dir.join("tmux.socket"),
        editor: "Helix",
    };
    let hx = tmux::quoted(&hx.display().to_string());
    Tmux::started(
        tmux.new_session(dir, 120, 45, &format!("exec {hx} variants.ini"))
            .env("PATH", path)
            .env("HOME", dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_CACHE_HOME", dir.join("cache"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_STATE_HOME", dir.join("state")),
    );

    // The diagnostic: the gutter's mark on line 3, its message after the line, the count in the
    // status line, and the file's language there too.
    let message = "modifier `m` at the end has no atom";
    let screen = tmux.wait_for("the server's diagnostic", |s| s.contains(message));
    let broken = line_with(&screen, "customPiece2 = y:Nm");
    assert!(
        broken.starts_with('●') && broken.contains(message),
        "line 3 should carry the mark and the message:\n{screen}"
    );
    assert_eq!(
        screen.matches('●').count(),
        2,
        "one mark in the gutter, one count in the status line:\n{screen}"
    );
    let status = status_line(&screen);
    assert!(
        status.contains("fairy-variants") && status.contains("● 1"),
        "status line: {status}\n{screen}"
    );

    // space k on `W` of `fmWfcF`: the hover popup, its diagram whole.
    tmux.keys(&[":2", "Enter", "g", "h", "1", "9", "l", "Space", "k"]);
    let hover = tmux.wait_for("the hover on fmWfcF", |s| {
        s.contains("a b c d e f g h") && s.contains("o moves there")
    });
    // The piece, its summary and its diagram first (issue 28); the legs and the letter's
    // documentation follow below, past the popup's first screen.
    assert_shows(
        "the hover",
        &hover,
        &[
            "fmWfcF (Fairy-Stockfish Betza) · piece x in [v]",
            "The Shatranj Pawn.",
            "5  . . x o x . . .",
            "4  . . . @ . . . .",
            "@ the piece",
        ],
    );
    if let Ok(folder) = std::env::var("BETZA_SAVE_SCREEN") {
        for (name, shown) in [
            ("helix-diagnostic.txt", &screen),
            ("helix-hover.txt", &hover),
        ] {
            std::fs::write(Path::new(&folder).join(name), shown).expect("saves the screen");
        }
    }

    // Escape alone, then what it leads to: an Escape and the next key in one read are Alt+key.
    tmux.keys(&["Escape"]);
    tmux.wait_for("the hover closed", |s| !s.contains("o moves there"));

    // Issue 55: space a on the same piece offers "Explain this piece in a new document";
    // Enter takes it and Helix shows the explanation, its Markdown as text, in place of the
    // file (Helix 25.01 opens a document the server asks it to show, though it does not say
    // so; before, nothing happened).
    tmux.keys(&["Space", "a"]);
    tmux.wait_for("the code actions", |s| {
        s.contains("Explain this piece in a new document")
    });
    tmux.keys(&["Enter"]);
    let explained = tmux.wait_for("the explanation", |s| {
        status_line(s).contains("betza-explain-") && s.contains("o moves there")
    });
    assert_shows(
        "the explanation",
        &explained,
        &[
            "**`fmWfcF`** (Fairy-Stockfish Betza) · piece `x` in `[v]`",
            "5  . . x o x . . .",
            "4  . . . @ . . . .",
            "a b c d e f g h",
            "The Shatranj Pawn.",
        ],
    );
    // Closing it shows variants.ini again.
    tmux.keys(&[":buffer-close", "Enter"]);
    tmux.wait_for("variants.ini again", |s| {
        status_line(s).contains("variants.ini")
    });

    // Completion: a new line, `pieceDr`, CTRL-X: the menu offers pieceDrops; Tab selects it
    // (writing it in the line), Enter takes it and closes the menu.
    tmux.keys(&["g", "e", "o"]);
    tmux.wait_for("insert mode on line 5", |s| {
        status_line(s).contains("INS") && status_line(s).ends_with("5:1")
    });
    tmux.literal("pieceDr");
    tmux.keys(&["C-x"]);
    let menu = tmux.wait_for("the completion menu", |s| {
        s.lines()
            .any(|l| l.contains("pieceDrops") && !l.contains("pieceDr "))
    });
    tmux.keys(&["Tab"]);
    tmux.wait_for("the item selected", |s| s.contains("pieceDrops ="));
    tmux.keys(&["Enter"]);
    let completed = tmux.wait_for("the completed key", |s| {
        s.contains("pieceDrops =") && !s.contains("property")
    });
    assert!(
        line_with(&completed, "pieceDrops =").contains(" 5  pieceDrops ="),
        "line 5 should read `pieceDrops = `; the menu was:\n{menu}\nthen:\n{completed}"
    );

    // Issue 42: completion inside a Betza string, after `fm` (Helix keeps the items that start
    // with the word before the cursor, and showed none): a new line `customPiece3 = z:fm`,
    // CTRL-X, the letters are offered, each saying what it is; Tab writes the first after `fm`.
    tmux.keys(&["Enter"]);
    tmux.literal("customPiece3 = z:fm");
    let shows_letters = |s: &str| s.contains("f  forward (modifier)") && s.contains("keyword");
    tmux.keys(&["C-x"]);
    // Helix may open its own menu after `fm` (two letters typed) just as CTRL-X comes, and the
    // key then closes it: as a user would, CTRL-X is pressed again when no menu shows.
    let started = std::time::Instant::now();
    while !shows_letters(&tmux.screen()) && started.elapsed() < std::time::Duration::from_secs(3) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    if !shows_letters(&tmux.screen()) {
        tmux.keys(&["C-x"]);
    }
    let letters = tmux.wait_for("the letters after fm", shows_letters);
    tmux.keys(&["Tab"]);
    // The piece's string as the screen shows it, up to the diagnostic after it.
    let betza = |s: &str| -> String {
        let line = line_with(s, "customPiece3 = z:");
        let after = line.split("z:").nth(1).unwrap_or_default();
        after.split(' ').next().unwrap_or_default().to_owned()
    };
    let chosen = tmux.wait_for("a letter written after fm", |s| betza(s) != "fm");
    assert_eq!(
        betza(&chosen),
        "fmb",
        "the first letter after `z:fm`:\n{letters}\nthen:\n{chosen}"
    );

    // An ordinary .ini: Helix's own `ini`, no server, so no mark for its broken string.
    tmux.keys(&["Escape"]);
    tmux.wait_for("normal mode", |s| status_line(s).contains("NOR"));
    tmux.keys(&[":open settings.ini", "Enter"]);
    let plain = tmux.wait_for("settings.ini", |s| status_line(s).contains("settings.ini"));
    let status = status_line(&plain);
    assert!(
        status.contains(" ini ") && !status.contains("fairy-variants"),
        "settings.ini should be Helix's `ini`: {status}\n{plain}"
    );

    // Issue 42: new `*variants.ini` files are variants files too; `variants` in a folder's
    // name is not enough.
    for (name, language) in [
        ("shogi.variants.ini", "fairy-variants"),
        ("pychess-variants.ini", "fairy-variants"),
        ("variants/settings.ini", " ini "),
    ] {
        tmux.keys(&[&format!(":open {name}"), "Enter"]);
        let other = tmux.wait_for(name, |s| status_line(s).contains(name));
        assert!(
            status_line(&other).contains(language),
            "{name} should be `{}`:\n{other}",
            language.trim()
        );
    }

    // A variants file of another name stays `ini` (Helix reads no content) until the language
    // is picked by hand, as docs/helix.md says: then the server checks it.
    tmux.keys(&[":open rules.ini", "Enter"]);
    let rules = tmux.wait_for("rules.ini", |s| status_line(s).contains("rules.ini"));
    assert!(
        status_line(&rules).contains(" ini "),
        "rules.ini should open as `ini`:\n{rules}"
    );
    tmux.keys(&[":set-language fairy-variants", "Enter"]);
    let picked = tmux.wait_for("the server's diagnostic in rules.ini", |s| {
        status_line(s).contains("fairy-variants") && s.contains(message)
    });
    assert!(
        line_with(&picked, "king = k:Nm").contains(message),
        "line 3 of rules.ini should carry the message:\n{picked}"
    );

    // Issue 42: in a terminal of 80x24 the hover of the Valkyrie shows its whole 15x15 diagram,
    // the piece and the legend, right under the string's heading (before, ranks 15-9 and no
    // piece: the summary and legs came first).
    tmux.keys(&[":open pieces.betza", "Enter"]);
    tmux.wait_for("pieces.betza", |s| status_line(s).contains("pieces.betza"));
    tmux.keys(&[":2", "Enter", "g", "h", "l", "Space", "k"]);
    let valkyrie = tmux.wait_for("the hover on QudQafudQ", |s| {
        s.contains("QudQafudQ (XBetza)") && s.contains("@ the piece")
    });
    assert_shows(
        "the Valkyrie's hover",
        &valkyrie,
        &[
            "15  * . . . . . . * . . . . . . *",
            "8  * * * * * * * @ * * * * * * *",
            "1  * . . . . . . * . . . . . . *",
            "a b c d e f g h i j k l m n o",
        ],
    );
    tmux.keys(&["Escape"]);
    tmux.wait_for("the hover closed", |s| !s.contains("@ the piece"));

    // Issue 52: an Interactive Diagram and a C/CIF file get their languages and the server:
    // the finding at the end of line 2 of each, and `space k` on the diagram's Shatranj pawn.
    tmux.keys(&[":open pieces.diagram", "Enter"]);
    let diagram_message = "modifier `x` at the end has no atom";
    let diagram = tmux.wait_for("the server's diagnostic in pieces.diagram", |s| {
        status_line(s).contains("pieces.diagram") && s.contains(diagram_message)
    });
    assert!(
        status_line(&diagram).contains("interactive-diagram")
            && line_with(&diagram, "wazir:W:fmWx").contains(diagram_message),
        "pieces.diagram should be `interactive-diagram`, line 2 carrying the message:\n{diagram}"
    );
    tmux.keys(&[":3", "Enter", "g", "h", "9", "l", "Space", "k"]);
    let pawn = tmux.wait_for("the hover on fmWfcF in pieces.diagram", |s| {
        s.contains("a b c d e f g h") && s.contains("o moves there")
    });
    assert_shows(
        "the diagram's hover",
        &pawn,
        &["fmWfcF (XBetza)", "The Shatranj Pawn.", "@ the piece"],
    );
    tmux.keys(&["Escape"]);
    tmux.wait_for("the hover closed", |s| !s.contains("o moves there"));
    tmux.keys(&[":open pieces.cif", "Enter"]);
    let cif_message = "`x` has no move after it";
    let cif = tmux.wait_for("the server's diagnostic in pieces.cif", |s| {
        status_line(s).contains("pieces.cif") && s.contains(cif_message)
    });
    assert!(
        status_line(&cif).contains("ccif"),
        "pieces.cif should be `ccif`:\n{cif}"
    );

    // Issue 55: at 80x24 Helix opens a hover below the cursor in the rows left there (6 at
    // least). With the piece mid-screen, on screen row 11, the popup has 11 rows: the diagram,
    // which opens the hover, is seen whole, rank 8 to the legend, without C-d (before, the
    // string's heading came first and the legend was cut off).
    tmux.run(&["resize-window", "-t", "betza", "-x", "80", "-y", "24"]);
    std::fs::write(
        dir.join("middle.variants.ini"),
        format!("{}[v:chess]\ncustomPiece1 = e:mQcN\n", "#\n".repeat(9)),
    )
    .expect("middle.variants.ini");
    tmux.keys(&[":open middle.variants.ini", "Enter"]);
    tmux.wait_for("middle.variants.ini", |s| {
        status_line(s).contains("middle.variants.ini")
    });
    tmux.keys(&[":11", "Enter", "g", "l", "h", "h", "Space", "k"]);
    let middle = tmux.wait_for("the hover on mQcN at 80x24", |s| {
        s.contains("4  o o o @ o o o o")
    });
    let rows: Vec<&str> = middle.lines().collect();
    let cursor = rows
        .iter()
        .position(|l| l.contains("customPiece1 = e:mQcN"))
        .unwrap_or_default();
    assert_eq!(
        cursor, 10,
        "the piece should be on screen row 11:\n{middle}"
    );
    assert_shows(
        "the hover at 80x24",
        &middle,
        &[
            "8  . . . o . . . o",
            "1  o . . o . . o .",
            "a b c d e f g h",
            "@ the piece   x captures an enemy there   o moves there",
        ],
    );
    if let Ok(folder) = std::env::var("BETZA_SAVE_SCREEN") {
        std::fs::write(Path::new(&folder).join("helix-hover-80x24.txt"), &middle)
            .expect("saves the screen");
    }
    tmux.keys(&["Escape"]);
    tmux.wait_for("the hover closed", |s| !s.contains("@ the piece"));

    // Helix quits, and its server with it; the tmux server ends with its last session.
    tmux.keys(&[":qa!", "Enter"]);
    let start = Instant::now();
    while tmux
        .command()
        .args(["has-session", "-t", "betza"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "Helix did not quit on :qa!"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
