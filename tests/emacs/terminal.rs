//! Emacs in a terminal, as a user runs it: `emacs -nw` in tmux, 160 columns by 48 lines,
//! with the same init file, driven by keys and read from the screen (issue 55). What the
//! batch session cannot see is checked here: the hover of a piece whole on screen (the echo
//! area cut its diagram after a few ranks), and C-c C-e showing the explanation.

use std::path::Path;
use std::process::Command;

use super::tmux::{self, Tmux};
use super::{init_file, path_with_betza, scratch, tool};

/// The rows of the Shatranj pawn's diagram on the section's board of 8 files.
const DIAGRAM: [&str; 10] = [
    "  8  . . . . . . . .",
    "  7  . . . . . . . .",
    "  6  . . . . . . . .",
    "  5  . . x o x . . .",
    "  4  . . . @ . . . .",
    "  3  . . . . . . . .",
    "  2  . . . . . . . .",
    "  1  . . . . . . . .",
    "     a b c d e f g h",
    "@ the piece",
];

/// Fails unless every row of [`DIAGRAM`] starts a line of a window of `screen`, what Emacs
/// shows of `what` (windows side by side are parted by `|`).
fn assert_diagram_whole(what: &str, screen: &str) {
    for row in DIAGRAM {
        assert!(
            screen
                .lines()
                .any(|line| line.split('|').any(|window| window.starts_with(row))),
            "{what} should show the row `{row}`; the screen read:\n{screen}"
        );
    }
}

#[test]
fn emacs_in_a_terminal_shows_the_whole_hover_and_the_explanation() {
    let tmux_found = Command::new("tmux").arg("-V").output();
    if !tmux_found.is_ok_and(|o| o.status.success()) {
        tool::tool_missing("tmux is needed for this test: apt-get install tmux (.ci/run does)");
        return;
    }
    if !super::emacs_with_eglot() {
        return;
    }
    let scratch = scratch::Scratch::new("emacs-terminal");
    let dir = &scratch.0;
    let init = dir.join("init.el");
    std::fs::write(&init, init_file()).expect("init.el");
    std::fs::write(
        dir.join("variants.ini"),
        "[v:chess]\ncustomPiece1 = x:fmWfcF\ncastling = false\n",
    )
    .expect("variants.ini");
    let tmux = Tmux {
        socket: dir.join("tmux.socket"),
        editor: "Emacs",
    };
    // Emacs 28 compiles the packages it loads to native code in the background, the first
    // time in a new home, and shows the compiler's warnings in a window of their own.
    let emacs = format!(
        "exec emacs -nw --no-site-file --eval {} -l {} variants.ini",
        tmux::quoted("(setq native-comp-async-report-warnings-errors 'silent)"),
        tmux::quoted(&init.display().to_string())
    );
    Tmux::started(
        tmux.new_session(dir, 160, 48, &emacs)
            .env("PATH", path_with_betza())
            .env("HOME", dir)
            .env("TERM", "xterm-256color"),
    );
    tmux.wait_for("Eglot managing variants.ini", |s| s.contains("eglot"));

    // On `F` of `fmWfcF`, the point left still: ElDoc asks for the hover, which is longer than
    // the echo area may grow (12 lines of 48), and shows whole in a window below the file.
    tmux.keys(&["M-g", "g"]);
    tmux.literal("2");
    tmux.keys(&["Enter", "C-e", "C-b"]);
    let hover = tmux.wait_for("the hover on fmWfcF", |s| {
        s.contains("o moves there") && s.contains("The Shatranj Pawn.")
    });
    assert_diagram_whole("the hover", &hover);
    assert!(
        hover.contains("fmWfcF (Fairy-Stockfish Betza) · piece x in [v]"),
        "the hover should start with the string: {hover}"
    );
    let echo_area = hover.lines().last().unwrap_or_default();
    assert!(
        !echo_area.contains("fmWfcF") && !hover.contains("Documentation truncated"),
        "the echo area should stay quiet while the window shows the hover:\n{hover}"
    );
    if let Ok(folder) = std::env::var("BETZA_SAVE_SCREEN") {
        std::fs::write(Path::new(&folder).join("emacs-hover.txt"), &hover).expect("saves");
    }

    // C-c C-e: the explanation in a buffer of its own, rendered (no `**`, no fences), in the
    // hover's place; C-x 0 closes its window.
    tmux.keys(&["C-c", "C-e"]);
    let explained = tmux.wait_for("the explanation", |s| s.contains("*betza explanation*"));
    assert_diagram_whole("the explanation", &explained);
    assert!(
        explained.contains("Wazir leap, forward; moves to an empty square (m)")
            && !explained.contains("```"),
        "the explanation should show its legs, rendered; the screen read:\n{explained}"
    );
    if let Ok(folder) = std::env::var("BETZA_SAVE_SCREEN") {
        std::fs::write(Path::new(&folder).join("emacs-explain.txt"), &explained).expect("saves");
    }
    tmux.keys(&["C-x", "0"]);
    tmux.wait_for("the explanation closed", |s| {
        !s.contains("*betza explanation*")
    });

    // In 80 columns by 24 lines too: the key `castling`'s hover, short, fills the window, and
    // back on the piece the window fits its hover again, diagram whole.
    tmux.run(&["resize-window", "-t", "betza", "-x", "80", "-y", "24"]);
    tmux.keys(&["C-n", "C-a"]);
    tmux.wait_for("the hover on castling", |s| {
        s.contains("Castling is allowed.")
    });
    tmux.keys(&["C-p", "C-e", "C-b"]);
    let small = tmux.wait_for("the hover on fmWfcF at 80x24", |s| {
        s.contains("o moves there") && !s.contains("Castling is allowed.")
    });
    assert_diagram_whole("the hover at 80x24", &small);
    if let Ok(folder) = std::env::var("BETZA_SAVE_SCREEN") {
        std::fs::write(Path::new(&folder).join("emacs-hover-80x24.txt"), &small).expect("saves");
    }

    tmux.keys(&["C-x", "C-c"]);
}
