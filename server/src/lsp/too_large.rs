//! Documents too large to hold. A document's text is held twice while it is opened (the message
//! read and the text decoded from it, see `texts`), then beside its analysis, which takes two to
//! three times the text again, so one of 250 MB would take most of a gigabyte (issue 56). A
//! message that opens or replaces a document with a body over [`MAX_DOCUMENT`] is not passed
//! on: the user is told why, and a document that was open is closed, so that nothing is shown
//! for a text the server does not have.

use serde_json::{Value, json};

use betza_syntax::quote;

/// The largest message body that opens or changes a document: editors do not hand larger
/// files to language servers either (VS Code stops at 50 MB).
pub const MAX_DOCUMENT: usize = 64 << 20;

/// What becomes of a message that opens or changes a document with a body of `length` bytes
/// over [`MAX_DOCUMENT`]: the message passed on instead (a change closes the document; an open
/// passes nothing), and the notification that tells the user. `None` for every other message.
pub fn instead(message: &Value, length: usize) -> Option<(Option<Value>, Value)> {
    if length <= MAX_DOCUMENT {
        return None;
    }
    let method = message.get("method").and_then(Value::as_str)?;
    if !matches!(method, "textDocument/didOpen" | "textDocument/didChange") {
        return None;
    }
    let uri = message.pointer("/params/textDocument/uri")?.as_str()?;
    let close = (method == "textDocument/didChange").then(|| {
        json!({
            "jsonrpc": "2.0",
            "method": "textDocument/didClose",
            "params": { "textDocument": { "uri": uri } },
        })
    });
    let said = format!(
        "betza: {} is {} MiB; betza reads documents of up to {} MiB and shows nothing for this \
         one",
        quote::shortened(uri),
        length >> 20,
        MAX_DOCUMENT >> 20,
    );
    let warning = json!({
        "jsonrpc": "2.0",
        "method": "window/showMessage",
        "params": { "type": 2, "message": said },
    });
    Some((close, warning))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{MAX_DOCUMENT, instead};

    #[test]
    fn only_an_open_or_change_over_the_limit_is_stopped() {
        let open = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                          "params": {"textDocument": {"uri": "file:///big.ini"}}});
        assert!(instead(&open, MAX_DOCUMENT).is_none());
        let (passed, warning) = instead(&open, 250_000_000).expect("stopped");
        assert!(passed.is_none());
        assert_eq!(
            warning["params"]["message"],
            "betza: file:///big.ini is 238 MiB; betza reads documents of up to 64 MiB and shows \
             nothing for this one"
        );
        let change = json!({"jsonrpc": "2.0", "method": "textDocument/didChange",
                            "params": {"textDocument": {"uri": "file:///big.ini", "version": 2}}});
        let (passed, _) = instead(&change, MAX_DOCUMENT + 1).expect("stopped");
        assert_eq!(
            passed,
            Some(json!({"jsonrpc": "2.0", "method": "textDocument/didClose",
                        "params": {"textDocument": {"uri": "file:///big.ini"}}}))
        );
        let hover = json!({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover",
                           "params": {"textDocument": {"uri": "file:///big.ini"}}});
        assert!(instead(&hover, 250_000_000).is_none());
    }
}
