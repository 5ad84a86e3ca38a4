//! Whether a file is a Fairy-Stockfish variants file, asked by a client that decides its
//! language itself: the VS Code extension asks about each `.ini` that opens as plain INI, and
//! gives it the `fairy-variants` language when the answer is yes. The library decides
//! (`host::detect_document`), so the editor and the server never disagree.

use betza_syntax::host::{self, HostFormat};
use serde_json::Value;

/// `workspace/executeCommand` with the arguments `[fileName, languageId, text]`; the answer
/// is `true` or `false`.
pub const IS_VARIANTS_FILE: &str = "betza.isVariantsFile";

/// The answer for the command's arguments, or what is wrong with them.
pub fn is_variants_file(arguments: &[Value]) -> Result<Value, &'static str> {
    let [
        Value::String(name),
        Value::String(language),
        Value::String(text),
    ] = arguments
    else {
        return Err("expected a file name, a language id and the file's text");
    };
    let format = host::detect_document(name, language, text);
    Ok(Value::Bool(format == Some(HostFormat::VariantsIni)))
}
