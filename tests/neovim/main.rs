//! End-to-end in a real editor: headless Neovim (`apt-get install neovim`; `.ci/run` installs
//! it) runs tests/neovim/session.lua against the built `betza lsp`.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

#[test]
fn neovim_sees_diagnostics_edits_hovers_and_completions() {
    let nvim = Command::new("nvim").arg("--version").output();
    assert!(
        nvim.is_ok_and(|o| o.status.success()),
        "Neovim is needed for this test: apt-get install neovim (the CI script installs it)"
    );
    let dir = std::env::temp_dir().join(format!("betza-neovim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let file = dir.join("variants.ini");
    std::fs::write(&file, "[v:chess]\ncustomPiece1 = x:mfW\n").expect("variants.ini");
    let out = dir.join("result.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/neovim/session.lua");
    let status = Command::new("nvim")
        .args(["--headless", "--clean", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("BETZA_BIN", env!("CARGO_BIN_EXE_betza"))
        .env("BETZA_FILE", &file)
        .env("BETZA_OUT", &out)
        .status()
        .expect("nvim runs");
    assert!(status.success());
    let result: Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("the script wrote its result"))
            .expect("JSON");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(result["errors"], Value::Array(Vec::new()), "{result}");
    let codes = |key: &str| -> Vec<String> {
        result[key]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|d| d["code"].as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(
        codes("first").contains(&"xboard-modifier-order".to_owned()),
        "{result}"
    );
    assert!(
        !codes("second").contains(&"xboard-modifier-order".to_owned()),
        "{result}"
    );
    assert!(
        result["hover"]
            .as_str()
            .is_some_and(|h| h.contains("**`fmW`**")),
        "{result}"
    );
    let labels: Vec<&str> = result["completion"]
        .as_array()
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    assert!(labels.contains(&"N"), "{result}");
}
