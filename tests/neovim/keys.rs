//! A variants.ini as a user's keys meet it: `K`, omni-completion and undo.

use serde_json::Value;

use super::{float_words, strings};

/// A variants.ini as a user's keys meet it: `K` on an option key and on a section header, and
/// CTRL-X CTRL-O after the start of a key on a new line of the section, then `u`.
pub(super) fn check_keys(result: &Value, label: &str) {
    // Neovim 0.10 and newer give a client's buffer both keys on their own, the setup of docs/neovim.md
    // gives them before: on every version the setup is all a user needs.
    assert_eq!(
        result["k_mapped_by_setup"], true,
        "{label}: with the setup of docs/neovim.md, `K` would run 'keywordprg', not the hover: {result}"
    );
    assert_eq!(
        result["omnifunc_from_setup"], "v:lua.vim.lsp.omnifunc",
        "{label}: with the setup of docs/neovim.md, CTRL-X CTRL-O would not ask the server: {result}"
    );

    let key = float_words(result, "key_float");
    for shown in [
        "castling (Fairy-Stockfish option)",
        "Castling is allowed.",
        "default: true",
        "In [v]: false (set in this section)",
    ] {
        assert!(
            key.contains(shown),
            "{label}: `K` on `castling = false` should show `{shown}`; the float read:\n{key}"
        );
    }
    let header = float_words(result, "header_float");
    for shown in ["Variant v ← chess (built in)", "board: 8 files × 8 ranks"] {
        assert!(
            header.contains(shown),
            "{label}: `K` on `[v:chess]` should show `{shown}`; the float read:\n{header}"
        );
    }

    let menu = strings(result, "omni_menu");
    assert!(
        menu.contains(&"promotionPieceTypes"),
        "{label}: CTRL-X CTRL-O after `promo` should offer promotionPieceTypes; the menu showed \
         {menu:?}"
    );
    // Issue 55: the menu opens with nothing inserted or selected; CTRL-N writes its first
    // entry, with its ` = `.
    assert_eq!(
        (&result["omni_shown_line"], &result["omni_selected"]),
        (&Value::from("promo"), &Value::from(-1)),
        "{label}: CTRL-X CTRL-O should insert and select nothing unasked: {result}"
    );
    let line = result["omni_line"].as_str().unwrap_or_default();
    assert!(
        menu.first()
            .is_some_and(|first| line == format!("{first} = ")),
        "{label}: CTRL-N should write the first entry of {menu:?} as `KEY = `; the line \
         read `{line}`"
    );
    assert_eq!(
        result["omni_undone"], true,
        "{label}: `u` after the completion should leave the buffer as it was: {result}"
    );
}

/// Issue 55: CTRL-X CTRL-O at the end of `fmWfcF` offers letters and inserts none, Esc leaves
/// the string as it was, and no preview window stays open; in the middle (`fmWfc|F`), CTRL-N
/// and Esc write the first letter of the menu at the cursor and nothing else.
pub(super) fn check_string_omni(result: &Value, label: &str) {
    let seen = &result["string_omni"];
    let menu = strings(seen, "menu");
    assert!(menu.contains(&"A"), "{label}: the menu in `fmWfcF`: {seen}");
    for (key, expected) in [
        ("shown_line", "customPiece4 = w:fmWfcF"),
        ("line", "customPiece4 = w:fmWfcF"),
    ] {
        assert_eq!(
            seen[key], expected,
            "{label}: CTRL-X CTRL-O then Esc should leave the string as it was: {seen}"
        );
    }
    assert_eq!(seen["selected"], -1, "{label}: {seen}");
    assert_eq!(
        (&seen["preview"], &seen["middle_preview"]),
        (&Value::Bool(false), &Value::Bool(false)),
        "{label}: no preview window should stay open: {seen}"
    );
    let first = strings(seen, "middle_menu").first().copied().unwrap_or("?");
    assert_eq!(
        seen["middle_line"],
        format!("customPiece4 = w:fmWfc{first}F"),
        "{label}: CTRL-N in the middle of `fmWfcF` should write `{first}` at the cursor: {seen}"
    );
}
