//! Whether a message is too large for the values it holds, read without building anything:
//! a JSON tree costs tens of bytes a value, so a large body of many small values is refused
//! before it is read into one (issue 56).

/// A body up to this size is read into a JSON tree whatever its shape.
const SMALL_BODY: usize = 1 << 20;

/// In a larger body, at most one JSON value in this many bytes. A tree costs tens of bytes a
/// value: a 50 MB array of numbers was 1.6 GB (issue 56), where a document's text, however
/// long, is one string.
const BYTES_A_VALUE: usize = 64;

/// Whether `body` is too large a message for the values it holds: over [`SMALL_BODY`], with
/// more than one value (counted by the commas, colons and brackets outside strings) in
/// [`BYTES_A_VALUE`] bytes. Read without building anything. An edit is never refused: a
/// replace-all in a long document is thousands of small changes in one message, and a lost
/// edit would leave the server's text unlike the editor's.
pub fn too_dense(body: &[u8]) -> bool {
    if body.len() <= SMALL_BODY || is_edit(body) {
        return false;
    }
    let most = body.len() / BYTES_A_VALUE;
    let (mut values, mut in_string, mut escaped) = (0usize, false, false);
    for &byte in body {
        if in_string {
            match byte {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b',' | b':' | b'[' | b'{' => {
                values += 1;
                if values > most {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether `body` opens or changes a document, read without building its members (serde
/// skips what it is not asked for).
fn is_edit(body: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Method<'a> {
        #[serde(borrow)]
        method: Option<std::borrow::Cow<'a, str>>,
    }
    serde_json::from_slice::<Method>(body).is_ok_and(|read| {
        matches!(
            read.method.as_deref(),
            Some("textDocument/didOpen" | "textDocument/didChange")
        )
    })
}
