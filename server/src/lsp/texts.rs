//! Documents' texts taken out of the messages that carry them (issue 56). The protocol library
//! reads a message into a buffer that doubles as it grows and keeps it, then parses the text
//! into a string of its own: three copies of a 10 MB document besides ours. So the framing
//! layer decodes each text of a `didOpen` or `didChange` itself, in the bytes of the body it
//! read, leaves it in a locker ([`super::lockers`]) and passes the message on with the marker in
//! its place; the backend hands the marker in for the text. The message the library reads is
//! then a few hundred bytes.
//!
//! A text is taken only while the server takes documents (between `initialize` and
//! `shutdown`), and only when the message is one the backend is handed, so none is left behind.

use std::ops::Range;

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
    /// `message` given a marker. A single text is decoded in the body's own bytes, so the
    /// text is not held twice. Any other message, or one the backend would not be handed, is
    /// kept as it came.
    pub fn take_out(&self, message: &mut Value, body: Vec<u8>) -> TakeOut {
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
            _ => return TakeOut::Kept(body),
        };
        let Some(literals) = literals(method, &body).filter(|found| found.len() == places.len())
        else {
            return TakeOut::Kept(body);
        };
        // The message as the backend will be handed it, markers aside.
        let mut rewritten = message.clone();
        for place in &places {
            match rewritten.pointer_mut(place) {
                Some(slot) => *slot = Value::String(String::new()),
                None => return TakeOut::Kept(body),
            }
        }
        if !handed_over(method, &rewritten) || !self.0.is_open() {
            return TakeOut::Kept(body);
        }
        let texts: Option<Vec<String>> = match literals.as_slice() {
            [literal] => decoded(body, literal.clone()).map(|text| vec![text]),
            _ => (literals.iter())
                .map(|literal| decoded(body[literal.clone()].to_vec(), 0..literal.len()))
                .collect(),
        };
        // A text no string can hold (a lone surrogate): the library would drop the message.
        let Some(markers) = texts.and_then(|texts| self.0.leave(texts)) else {
            return TakeOut::Dropped;
        };
        for (place, marker) in places.iter().zip(markers) {
            if let Some(slot) = rewritten.pointer_mut(place) {
                *slot = Value::String(marker);
            }
        }
        *message = rewritten;
        TakeOut::Taken
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

/// What became of a message and its body in [`TakenTexts::take_out`].
#[derive(Debug)]
pub enum TakeOut {
    /// Its texts are taken and the message holds their markers: it goes on as its tree.
    Taken,
    /// It goes on as it came, in its body.
    Kept(Vec<u8>),
    /// It holds a text no string can hold, which the protocol library would not read: it goes
    /// no further, as the library would drop it.
    Dropped,
}

/// The byte ranges in `body` of the JSON string literals (quotes included) of a `didOpen`'s
/// text or each `didChange` change's text; `None` where one is missing or no string.
fn literals(method: Option<&str>, body: &[u8]) -> Option<Vec<Range<usize>>> {
    let carrier = serde_json::from_slice::<Carrier>(body).ok()?;
    let raw: Vec<Option<&RawValue>> = match method {
        Some("textDocument/didOpen") => vec![carrier.params.text_document.and_then(|d| d.text)],
        _ => (carrier.params.content_changes.unwrap_or_default())
            .into_iter()
            .map(|change| change.text)
            .collect(),
    };
    let start = body.as_ptr() as usize;
    raw.into_iter()
        .map(|raw| {
            let literal = raw?.get();
            let at = (literal.as_ptr() as usize).checked_sub(start)?;
            literal.starts_with('"').then_some(at..at + literal.len())
        })
        .collect()
}

/// The string the JSON string literal at `literal` in `bytes` (quotes included) stands for,
/// decoded in `bytes` themselves (a literal is never shorter than its string), which become
/// the string. `None` for a literal that holds a lone surrogate.
fn decoded(mut bytes: Vec<u8>, literal: Range<usize>) -> Option<String> {
    let end = literal.end.checked_sub(1)?;
    let (mut read, mut write) = (literal.start + 1, 0);
    while read < end {
        let run = (bytes.get(read..end)?.iter())
            .position(|&b| b == b'\\')
            .unwrap_or(end - read);
        bytes.copy_within(read..read + run, write);
        (read, write) = (read + run, write + run);
        if read == end {
            break;
        }
        let (unescaped, used) = unescaped(bytes.get(read..end)?)?;
        let mut buffer = [0; 4];
        let unescaped = unescaped.encode_utf8(&mut buffer).as_bytes();
        bytes
            .get_mut(write..write + unescaped.len())?
            .copy_from_slice(unescaped);
        (read, write) = (read + used, write + unescaped.len());
    }
    bytes.truncate(write);
    // Escapes and the message around it made it longer: give back what it does not use.
    bytes.shrink_to_fit();
    String::from_utf8(bytes).ok()
}

/// The character of the escape at the start of `escape` (its backslash included), and its
/// length in bytes.
fn unescaped(escape: &[u8]) -> Option<(char, usize)> {
    let simple = match escape.get(1)? {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        b'u' => {
            let unit = code_unit(escape.get(2..6)?)?;
            if !(0xD800..0xDC00).contains(&unit) {
                return Some((char::from_u32(unit)?, 6));
            }
            let low = escape
                .get(6..8)
                .filter(|next| *next == b"\\u")
                .and_then(|_| code_unit(escape.get(8..12)?))
                .filter(|low| (0xDC00..0xE000).contains(low))?;
            let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
            return Some((char::from_u32(combined)?, 12));
        }
        _ => return None,
    };
    Some((simple, 2))
}

/// The code unit of four hexadecimal digits.
fn code_unit(digits: &[u8]) -> Option<u32> {
    let digits = std::str::from_utf8(digits).ok()?;
    (digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| u32::from_str_radix(digits, 16).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{TakeOut, TakenTexts, decoded};

    /// The string of a JSON string literal, decoded where it stands in a message.
    fn literal(json: &str) -> Option<String> {
        let message = format!(r#"{{"text":{json},"after":"\\n"}}"#);
        let at = message.find(json).expect("written");
        decoded(message.into_bytes(), at..at + json.len())
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
        // Every character written as `\u` escapes, as some clients write all that is not ASCII.
        let text = "a\"\\\n\u{7f}é€𝄞\u{10ffff}z";
        let escaped: String = text
            .encode_utf16()
            .map(|unit| format!("\\u{unit:04x}"))
            .collect();
        assert_eq!(literal(&format!("\"{escaped}\"")).as_deref(), Some(text));
    }

    #[test]
    fn what_is_no_string_of_text_is_not_decoded() {
        for json in [
            r#""\ud834""#,
            r#""\ud834\u0041""#,
            r#""\udd1e""#,
            r#""\x""#,
            r#""\u12""#,
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
        assert!(matches!(texts.take_out(&mut message, body), TakeOut::Taken));
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
        assert!(matches!(texts.take_out(&mut tree, body), TakeOut::Taken));
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
        let kept = |taken| matches!(taken, TakeOut::Kept(_));
        assert!(kept(texts.take_out(&mut message, body.clone())), "before");
        texts.accept(true);
        let mut wrong = message.clone();
        wrong["params"]["textDocument"]["version"] = json!("one");
        let wrong_body = body_with(&wrong, json!("W"));
        assert!(
            kept(texts.take_out(&mut wrong, wrong_body)),
            "a bad version"
        );
        assert!(wrong["params"]["textDocument"]["text"].is_null());
        let mut numbered = message.clone();
        let numbered_body = body_with(&message, json!(12));
        assert!(
            kept(texts.take_out(&mut numbered, numbered_body)),
            "a number"
        );
        let mut lone = message.clone();
        let lone_body = br#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.betza","languageId":"betza","version":1,"text":"\ud834"}}}"#;
        let dropped = texts.take_out(&mut lone, lone_body.to_vec());
        assert!(matches!(dropped, TakeOut::Dropped), "a lone surrogate");
        assert!(matches!(texts.take_out(&mut message, body), TakeOut::Taken));
        texts.accept(false);
        let marker = message["params"]["textDocument"]["text"].as_str();
        let marker = marker.expect("a marker").to_owned();
        assert_eq!(
            texts.handed_in(marker.clone()),
            marker,
            "dropped at shutdown"
        );
        let (mut late, body) = open("W");
        assert!(kept(texts.take_out(&mut late, body)), "after shutdown");
    }

    fn body_with(tree: &Value, text: Value) -> Vec<u8> {
        let mut whole = tree.clone();
        whole["params"]["textDocument"]["text"] = text;
        whole.to_string().into_bytes()
    }
}
