//! The VS Code extension in the real editor: its type check and unit tests (npm), then
//! vscode-extension/test/e2e/run.sh, which packages the .vsix around the `betza` that cargo
//! built for this test, installs it into code-server (VS Code served from npm) and drives it
//! from Debian's Chromium: Problems count, hover diagram, completion (a letter then Enter is a new
//! line, never an item), quick fix, diagnostics
//! following edits, explain panel, server failures. `.ci/run` installs what it needs first (`run.sh --install-only`).

#[path = "../common/generated.rs"]
mod generated;
#[path = "generated.rs"]
mod generated_lists;
#[path = "../common/tool.rs"]
mod tool;

use std::path::{Path, PathBuf};
use std::process::Command;

fn extension() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../vscode-extension")
}

fn npm(script: &str) {
    let status = Command::new("npm")
        .args(["run", "--silent", script])
        .current_dir(extension())
        .status()
        .expect("npm runs");
    assert!(status.success(), "npm run {script} failed");
}

/// The manifest's languages and activation events, and the languages the client sends, are
/// the server's (syntax/src/host/kinds.rs); no VS Code needed.
#[test]
fn generated_lists_follow_the_table_of_file_kinds() {
    generated_lists::check();
}

#[test]
fn the_extension_works_in_vs_code() {
    let code_server = extension().join(".e2e/code-server/node_modules/.bin/code-server");
    if !code_server.exists() || !extension().join("node_modules").exists() {
        tool::tool_missing(
            "the VS Code extension's packages and code-server are not installed; \
             `vscode-extension/test/e2e/run.sh --install-only` installs them (.ci/run does)",
        );
        return;
    }
    npm("typecheck");
    npm("test:unit");
    let status = Command::new("bash")
        .arg(extension().join("test/e2e/run.sh"))
        .env("BETZA_SERVER_BINARY", env!("CARGO_BIN_EXE_betza"))
        .status()
        .expect("the end-to-end script runs");
    assert!(status.success(), "the VS Code end-to-end test failed");
}
