//! The Betza playground's WebAssembly side: the library compiled for the browser, as a thin
//! adapter like the language server. The page (`playground/web/`) passes what the user typed and
//! picked as strings and gets JSON strings back; every word and square comes from
//! `betza-syntax`, nothing here knows the notation. Any input is answered, never a panic: the
//! library is total, and a bad board or square is a message in the answer.
//!
//! The same functions build for the host, where the tests and clippy read them.

mod ini;
mod position;
mod request;
mod view;

use wasm_bindgen::prelude::wasm_bindgen;

pub use request::Request;

/// Everything the page shows for one state, given as a JSON object with the keys of the page's
/// URL (`{"betza", "dialect", "board", "from", "side", "moved", "friend", "enemy", "pieces",
/// "convert"}`, see [`Request::from_json`]; one object rather than ten arguments, so that a new
/// control is a new key): `{"findings": [{"start", "end", "severity", "code", "message",
/// "help", "fix": null | {"title", "edits": [{"start", "end", "text"}]}}], "explanation",
/// "diagram": {"svg", "cell", "files", "ranks", "from", "destinations", "typed": [{"index",
/// "square", "name", "friend"}]}, "notes": [...], "problem", "conversion"}`, positions in
/// UTF-16 code units of `betza`; `diagram` and `notes` are absent, and `problem` says why, when
/// the board, the piece's square or side, or a piece is bad. `conversion`, present when
/// `convert` names a reading, is the string written for it: `{"to", "title", "betza", "exact",
/// "difference", "lost", "added", "diagram", "notes"}` or `{"to", "title", "problem"}`.
#[wasm_bindgen]
pub fn update(state: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(state) {
        Ok(state) if state.is_object() => view::update(&Request::from_json(&state)),
        _ => serde_json::json!({ "problem": "the page's state is not a JSON object", "findings": [] }),
    }
    .to_string()
}

/// The dialects for the menu: `[{"id", "title"}]`.
#[wasm_bindgen]
pub fn dialects() -> String {
    view::dialects().to_string()
}

/// The readings a string can be written for, for the "Convert to" menu: `[{"id", "title"}]`.
#[wasm_bindgen]
pub fn conversions() -> String {
    view::conversions().to_string()
}

/// The library's catalogue of named pieces: `[{"name", "betza", "source"}]`.
#[wasm_bindgen]
pub fn catalogue() -> String {
    view::catalogue().to_string()
}

/// The variants of a whole `variants.ini` (`text`) whose name holds `filter`, for the list:
/// `{"total", "matching", "variants": [{"index", "name", "parent", "files", "ranks"}],
/// "unregistered": [{"index", "name", "problem"}], "notes"}` (see `ini.rs`).
#[wasm_bindgen]
pub fn ini_variants(text: &str, filter: &str) -> String {
    ini::list(text, filter).to_string()
}

/// Variant `index` of `text` at a glance: its board, start position and pieces, drawn with the
/// moves of the piece on `square` (empty: the first of White's pieces that can move), or
/// `{"problem"}` (see `ini.rs`).
#[wasm_bindgen]
pub fn ini_variant(text: &str, index: usize, square: &str) -> String {
    ini::variant(text, index, square).to_string()
}

#[cfg(test)]
mod tests;
