//! The playground in a real browser: `playground/build.sh` builds `playground/dist/` (the
//! library as WebAssembly, its loader, the module again as a script, and the page), a static
//! server in this test serves that folder on localhost, and `playground/test/drive.mjs` drives
//! Debian's headless Chromium through playwright-core, once on the served page and once on
//! `dist/index.html` opened as a file: type `fmWfcF` and see the Shatranj Pawn, click squares
//! to put a friend and an enemy, follow a fix, open a link, pick a named piece, convert the
//! string for another reading (`mafsW` is `nN` for Fairy-Stockfish, exact; `WF` is `K` for
//! XBoard), move the piece and turn it black, type the pieces around it, read the coordinates;
//! open Fairy-Stockfish's variants.ini (../shared/corpus), see its variants listed, one drawn
//! on its own board and a piece's moves on a click. The compressed
//! module must stay under 1 MB (a budget: its size does not vary from run to run); what each
//! way of opening the page loads is printed. The time of an update is measured in the browser
//! for every catalogue piece and printed, never asserted.
//! The board must keep its place to the pixel through clicks, typing and other strings, and
//! come first on a phone. `.ci/run` installs what it needs first (`playground/build.sh
//! --install-only`, `npm ci`). UPDATE_IMAGES=1 copies the pictures the driver takes, at
//! 1280×800 and at a phone's 390×844, to docs/images/ (docs/playground.md and the README show
//! them).

#[path = "../common/scratch.rs"]
mod scratch;
mod serve;
#[path = "../common/tool.rs"]
mod tool;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The pictures the driver takes, at 1280×800 and at 390×844.
const IMAGES: [&str; 2] = ["playground.png", "playground-phone.png"];

/// The budget of the module, gzip -9 compressed: 1 MB.
const COMPRESSED_BUDGET: usize = 1_000_000;

const CHROMIUM: &str = "/usr/bin/chromium";

fn playground() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

/// Said on the terminal itself, past the harness's capture of a passing test's output.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// What is missing to run the test, with how to install it.
fn missing_tools() -> Option<String> {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| playground().join("../target"));
    let mut missing = Vec::new();
    if !target.join("playground-tools/bin/wasm-bindgen").exists() {
        missing.push("wasm-bindgen-cli (`playground/build.sh --install-only`)");
    }
    if Command::new("node").arg("--version").output().is_err() {
        missing.push("Node.js (`apt-get install nodejs npm`)");
    }
    if !Path::new(CHROMIUM).exists() {
        missing.push("Debian's Chromium (`apt-get install chromium`)");
    }
    if !playground()
        .join("test/node_modules/playwright-core")
        .exists()
    {
        missing.push("playwright-core (`npm ci` in playground/test)");
    }
    (!missing.is_empty()).then(|| {
        format!(
            "the playground test needs {}; .ci/run installs them",
            missing.join(", ")
        )
    })
}

/// What the page loads whichever way it is opened; the module comes on top, as a `.wasm` from
/// a server, as a script from the disk (`playground/web/app.js`).
const PAGE: [&str; 4] = ["index.html", "style.css", "betza_playground.js", "app.js"];

/// The size of `file`, and its size compressed with `gzip -9`.
fn sizes(file: &Path) -> (usize, usize) {
    let raw = std::fs::metadata(file)
        .unwrap_or_else(|e| panic!("{} is built: {e}", file.display()))
        .len();
    let output = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(file)
        .output()
        .expect("gzip runs");
    assert!(output.status.success(), "gzip -9 {} failed", file.display());
    (
        usize::try_from(raw).unwrap_or(usize::MAX),
        output.stdout.len(),
    )
}

#[test]
fn the_playground_works_in_chromium() {
    if let Some(what) = missing_tools() {
        tool::tool_missing(&what);
        return;
    }
    let status = Command::new("bash")
        .arg(playground().join("build.sh"))
        .status()
        .expect("playground/build.sh runs");
    assert!(status.success(), "playground/build.sh failed");
    let dist = playground().join("dist");

    let module = dist.join("betza_playground_bg.wasm");
    let (raw, compressed) = sizes(&module);
    say(&format!(
        "playground: the module is {raw} bytes, {compressed} with gzip -9 (budget {COMPRESSED_BUDGET})"
    ));
    assert!(
        compressed < COMPRESSED_BUDGET,
        "the compressed module is {compressed} bytes, over its budget of {COMPRESSED_BUDGET}"
    );
    let (raw, compressed) = sizes(&dist.join("betza_playground_bg.wasm.js"));
    say(&format!(
        "playground: the module as a script (file://) is {raw} bytes, {compressed} with gzip -9"
    ));
    for (origin, module) in [
        ("served", "betza_playground_bg.wasm"),
        ("from the disk", "betza_playground_bg.wasm.js"),
    ] {
        let (raw, compressed) = PAGE
            .iter()
            .chain([&module])
            .map(|file| sizes(&dist.join(file)))
            .fold((0, 0), |(r, c), (raw, compressed)| {
                (r + raw, c + compressed)
            });
        say(&format!(
            "playground: the page {origin} loads {raw} bytes, {compressed} with gzip -9"
        ));
    }

    // Fairy-Stockfish's own variants.ini, for the tab that reads a whole file (shared, not
    // copied into the project); absent, a skip said on the terminal (a failure in CI).
    let variants_ini = playground().join("../../shared/corpus/fairy-stockfish-variants.ini");
    if !variants_ini.exists() {
        tool::missing(&format!(
            "{} is absent: the variants.ini tab goes unchecked",
            variants_ini.display()
        ));
    }

    let url = serve::serve(&dist);
    let work = scratch::Scratch::new("playground");
    let screenshots = work.0.join("screenshots");
    std::fs::create_dir_all(&screenshots).expect("a folder for the screenshots");
    let output = Command::new("node")
        .arg(playground().join("test/drive.mjs"))
        .current_dir(playground().join("test"))
        .env("PLAYGROUND_URL", &url)
        .env("PLAYGROUND_DIST", &dist)
        .env("CHROMIUM", CHROMIUM)
        .env("WORK", &work.0)
        .env("SCREENSHOTS", &screenshots)
        .envs(
            variants_ini
                .exists()
                .then_some(("PLAYGROUND_VARIANTS_INI", &variants_ini)),
        )
        .stderr(Stdio::inherit())
        .output()
        .expect("node runs the driver");
    let printed = String::from_utf8_lossy(&output.stdout);
    for line in printed.lines() {
        say(&format!("playground: {line}"));
    }
    assert!(
        output.status.success(),
        "the playground test in Chromium failed"
    );
    assert!(
        printed.lines().any(|l| l.starts_with("timing: ")),
        "the driver printed its timing"
    );
    if std::env::var("UPDATE_IMAGES").is_ok_and(|v| v == "1") {
        let images = playground().join("../docs/images");
        for name in IMAGES {
            std::fs::copy(screenshots.join(name), images.join(name))
                .unwrap_or_else(|e| panic!("{name} is copied to docs/images/: {e}"));
            say(&format!("playground: updated docs/images/{name}"));
        }
    }
}
