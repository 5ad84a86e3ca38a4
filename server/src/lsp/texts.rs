//! Documents' texts taken out of the messages that carry them (issue 56). The protocol library
//! reads a message into a buffer that doubles as it grows and keeps it, then parses the text
//! into a string of its own: three copies of a 10 MB document besides ours. So the framing
//! layer decodes each text of a `didOpen` or `didChange` itself, straight from the body it read,
//! keeps it here and passes the message on with a marker in its place; the backend hands the
//! marker in for the text. The message the library reads is then a few hundred bytes.
//!
//! A text is taken only while the server takes documents (between `initialize` and
//! `shutdown`), and only when the message is one the backend is handed, so none is left here.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use serde_json::value::RawValue;
use tower_lsp_server::ls_types::{DidChangeTextDocumentParams, DidOpenTextDocumentParams};

use super::lockers::Lockers;

/// The texts taken and not yet handed in, shared by the framing layer and the backend. Open
/// between `initialize` and `shutdown`: the backend is handed every `didOpen` and `didChange`
/// then, so every text taken is handed in.
#[derive(Clone)]
pub struct TakenTexts(Lockers<String>);

impl Default for TakenTexts {
    fn default() -> TakenTexts {
        TakenTexts(Lockers::new("\u{0}betza text taken", false))
    }
}

/// Where a `didOpen` and a `didChange` hold their texts, read without copying them.
#[derive(Deserialize)]
struct Carrier<'a> {
    #[serde(borrow)]
    params: CarriedTexts<'a>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CarriedTexts<'a> {
    #[serde(borrow, default)]
    text_document: Option<Carried<'a>>,
    #[serde(borrow, default)]
    content_changes: Option<Vec<Carried<'a>>>,
}

#[derive(Deserialize)]
struct Carried<'a> {
    #[serde(borrow, default)]
    text: Option<&'a RawValue>,
}

impl TakenTexts {
    /// The backend takes documents from now on (`initialize`), or no more (`shutdown`, when
    /// texts still held are dropped: the library hands the backend nothing after it).
    pub fn accept(&self, accepting: bool) {
        self.0.open(accepting);
    }

    /// Takes the texts out of `message`, a `didOpen` or `didChange` read from `body` without
    /// them (see `skeleton`): each is decoded from the body and kept, and its place in
    /// `message` given a marker. `false` (and `message` unchanged) for any other message, or
    /// one the backend would not be handed: it then goes on as it came.
    pub fn take_out(&self, message: &mut Value, body: &[u8]) -> bool {
        let method = message.get("method").and_then(Value::as_str);
        let places: Vec<String> = match method {
            Some("textDocument/didOpen") => vec!["/params/textDocument/text".into()],
            Some("textDocument/didChange") => {
                let changes = message
                    .pointer("/params/contentChanges")
                    .and_then(Value::as_array)
                    .map_or(0, Vec::len);
                (0..changes)
                    .map(|n| format!("/params/contentChanges/{n}/text"))
                    .collect()
            }
            _ => return false,
        };
        let Ok(carrier) = serde_json::from_slice::<Carrier>(body) else {
            return false;
        };
        let raw: Vec<Option<&RawValue>> = match method {
            Some("textDocument/didOpen") => vec![carrier.params.text_document.and_then(|d| d.text)],
            _ => (carrier.params.content_changes.unwrap_or_default())
                .into_iter()
                .map(|change| change.text)
                .collect(),
        };
        let Some(texts) = (raw.len() == places.len())
            .then(|| raw.iter().map(|raw| raw.and_then(decoded)).collect())
            .and_then(|texts: Vec<Option<String>>| texts.into_iter().collect::<Option<Vec<_>>>())
        else {
            return false;
        };
        let Some(markers) = self.0.leave(texts) else {
            return false;
        };
        let mut rewritten = message.clone();
        let mut placed = true;
        for (place, marker) in places.iter().zip(&markers) {
            match rewritten.pointer_mut(place) {
                Some(slot) => *slot = Value::String(marker.clone()),
                None => placed = false,
            }
        }
        if !placed || !handed_over(method, &rewritten) {
            for marker in &markers {
                self.0.take(marker);
            }
            return false;
        }
        *message = rewritten;
        true
    }

    /// The text a message handed the backend stands for: the one taken out for its marker,
    /// or itself.
    pub fn handed_in(&self, text: String) -> String {
        self.0.take(&text).unwrap_or(text)
    }
}

/// Whether the protocol library hands `message` (`method`'s) to the backend: its parameters
/// read as the backend's type.
fn handed_over(method: Option<&str>, message: &Value) -> bool {
    fn reads<T: DeserializeOwned>(params: Option<&Value>) -> bool {
        params.is_some_and(|params| T::deserialize(params).is_ok())
    }
    let params = message.get("params");
    match method {
        Some("textDocument/didOpen") => reads::<DidOpenTextDocumentParams>(params),
        _ => reads::<DidChangeTextDocumentParams>(params),
    }
}

/// The string a JSON string literal (quotes included) stands for, in a buffer of its size;
/// `None` for a value that is no string or holds a lone surrogate, which the protocol library
/// then refuses as it would have.
fn decoded(literal: &RawValue) -> Option<String> {
    let inner = literal.get().strip_prefix('"')?.strip_suffix('"')?;
    let mut text = String::with_capacity(inner.len());
    let mut rest = inner;
    while let Some(at) = rest.find('\\') {
        text.push_str(&rest[..at]);
        let escape = rest.get(at + 1..at + 2)?;
        rest = &rest[at + 2..];
        text.push(match escape {
            "\"" => '"',
            "\\" => '\\',
            "/" => '/',
            "b" => '\u{8}',
            "f" => '\u{c}',
            "n" => '\n',
            "r" => '\r',
            "t" => '\t',
            "u" => {
                let (unit, after) = code_unit(rest)?;
                rest = after;
                if (0xD800..0xDC00).contains(&unit) {
                    let (low, after) = rest.strip_prefix("\\u").and_then(code_unit)?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return None;
                    }
                    rest = after;
                    char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))?
                } else {
                    char::from_u32(unit)?
                }
            }
            _ => return None,
        });
    }
    text.push_str(rest);
    // Escapes made it shorter than the literal: give back what it does not use.
    text.shrink_to_fit();
    Some(text)
}

/// The four hexadecimal digits at the start of `text`, and what follows them.
fn code_unit(text: &str) -> Option<(u32, &str)> {
    let digits = text.get(..4)?;
    let unit = u32::from_str_radix(digits, 16).ok()?;
    digits
        .bytes()
        .all(|b| b.is_ascii_hexdigit())
        .then_some((unit, &text[4..]))
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{TakenTexts, decoded};

    fn literal(json: &str) -> Option<String> {
        let raw: Box<serde_json::value::RawValue> =
            serde_json::from_str(json).expect("a JSON value");
        decoded(&raw)
    }

    /// Every escape JSON has (RFC 8259, section 7), decoded as serde_json decodes it.
    #[test]
    fn a_literal_is_decoded_as_json_reads_it() {
        for text in [
            "",
            "plain",
            "a\nb\r\n\t\"q\" \\ / \u{8}\u{c}",
            "\u{0}\u{1f}é𝄞 €",
            "[chess]\ncustomPiece1 = a:mWfceF\n",
        ] {
            let written = serde_json::to_string(text).expect("written");
            assert_eq!(literal(&written).as_deref(), Some(text), "{written}");
        }
        assert_eq!(literal(r#""\u00e9\/\ud834\udd1e""#).as_deref(), Some("é/𝄞"));
        assert_eq!(literal(r#""\uD834\uDD1E""#).as_deref(), Some("𝄞"));
    }

    #[test]
    fn what_is_no_string_of_text_is_not_decoded() {
        for json in [
            r#""\ud834""#,
            r#""\ud834\u0041""#,
            r#""\udd1e""#,
            "12",
            "null",
        ] {
            assert_eq!(literal(json), None, "{json}");
        }
    }

    fn open(text: &str) -> (Value, Vec<u8>) {
        let message = json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": "file:///a.betza", "languageId": "betza", "version": 1,
                             "text": text}}});
        let body = message.to_string().into_bytes();
        let mut tree = message;
        tree["params"]["textDocument"]["text"] = Value::Null;
        (tree, body)
    }

    /// Issue 56: the text of a `didOpen` is decoded from the body and handed in for its marker,
    /// once; the message passed on carries the marker alone.
    #[test]
    fn an_opened_text_is_taken_out_and_handed_in_once() {
        let texts = TakenTexts::default();
        texts.accept(true);
        let text = "W\n\"fmW\"\n".repeat(1000);
        let (mut message, body) = open(&text);
        assert!(texts.take_out(&mut message, &body));
        let marker = message["params"]["textDocument"]["text"]
            .as_str()
            .expect("a marker")
            .to_owned();
        assert!(message.to_string().len() < 400, "{message}");
        assert_eq!(texts.handed_in(marker.clone()), text);
        assert_eq!(texts.handed_in(marker.clone()), marker);
        assert_eq!(texts.handed_in("plain".into()), "plain");
    }

    #[test]
    fn each_change_of_a_did_change_is_taken_out() {
        let texts = TakenTexts::default();
        texts.accept(true);
        let message = json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": "file:///a.betza", "version": 2},
            "contentChanges": [
                {"range": {"start": {"line": 0, "character": 0},
                           "end": {"line": 0, "character": 1}}, "text": "N"},
                {"text": "whole\ntext"}]}});
        let body = message.to_string().into_bytes();
        let mut tree = message;
        tree["params"]["contentChanges"][0]["text"] = Value::Null;
        tree["params"]["contentChanges"][1]["text"] = Value::Null;
        assert!(texts.take_out(&mut tree, &body));
        let handed: Vec<String> = (0..2)
            .map(|n| {
                let marker = tree["params"]["contentChanges"][n]["text"].as_str();
                texts.handed_in(marker.expect("a marker").to_owned())
            })
            .collect();
        assert_eq!(handed, ["N", "whole\ntext"]);
    }

    /// A text is kept only for a message the backend is handed: none before `initialize`,
    /// after `shutdown`, or when the message's parameters are not the protocol's (the library
    /// drops those), so no text is ever left held.
    #[test]
    fn no_text_is_kept_for_a_message_the_backend_is_not_handed() {
        let texts = TakenTexts::default();
        let (mut message, body) = open("W");
        assert!(!texts.take_out(&mut message, &body), "before initialize");
        texts.accept(true);
        let mut wrong = message.clone();
        wrong["params"]["textDocument"]["version"] = json!("one");
        let wrong_body = {
            let mut whole = wrong.clone();
            whole["params"]["textDocument"]["text"] = json!("W");
            whole.to_string().into_bytes()
        };
        assert!(!texts.take_out(&mut wrong, &wrong_body), "a bad version");
        assert!(wrong["params"]["textDocument"]["text"].is_null());
        assert!(texts.take_out(&mut message, &body));
        texts.accept(false);
        let marker = message["params"]["textDocument"]["text"].as_str();
        let marker = marker.expect("a marker").to_owned();
        assert_eq!(
            texts.handed_in(marker.clone()),
            marker,
            "dropped at shutdown"
        );
        let (mut late, body) = open("W");
        assert!(!texts.take_out(&mut late, &body), "after shutdown");
    }
}
