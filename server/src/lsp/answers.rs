//! Long answers written around the protocol library (issue 56). The library turns a handler's
//! answer into a JSON tree before writing it, about 3.4 KB a diagnostic: 10 MB for a list of
//! 3,000. So a handler writes such an answer's JSON text itself, finding by finding, leaves it
//! in a locker and gives the library an error that carries the marker; the framing layer, on
//! the way out, sends the answer in that error's place, under the request's id.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use tower_lsp_server::jsonrpc::{Error, ErrorCode};

use super::header::framed;
use super::lockers::Lockers;

/// The answers written and not yet sent, shared by the backend and the framing layer.
#[derive(Clone)]
pub struct WrittenAnswers(Lockers<Vec<u8>>);

impl Default for WrittenAnswers {
    fn default() -> WrittenAnswers {
        WrittenAnswers(Lockers::new("betza: the answer is sent apart", true))
    }
}

/// `answer` as JSON text, in a buffer of about `size` bytes, what the caller expects it to
/// take: grown by doubling from nothing, the buffer of a long answer is up to twice the answer,
/// and held twice while it grows (issue 56).
pub fn written(answer: &impl Serialize, size: usize) -> Result<Vec<u8>, Error> {
    let mut written = Vec::with_capacity(size);
    match serde_json::to_writer(&mut written, answer) {
        Ok(()) => Ok(written),
        // Only a map with keys that are not strings fails to be written, and no answer has one.
        Err(_) => Err(Error::internal_error()),
    }
}

/// The most bytes of a response of the library's that can carry a marker: longer ones are
/// answers of their own, and are not read again.
const MARKED_RESPONSE: usize = 512;

impl WrittenAnswers {
    /// What a handler gives the library instead of `result`, the JSON text of its answer.
    pub fn instead(&self, result: Vec<u8>) -> Error {
        let marker = self.0.leave(vec![result]).and_then(|mut m| m.pop());
        Error {
            code: ErrorCode::InternalError,
            message: marker.unwrap_or_default().into(),
            data: None,
        }
    }

    /// The frame to send instead of `body`, a response of the library's that carries a marker:
    /// the answer left under it, with the response's id as written. `None` for any other.
    pub fn delivered(&self, body: &[u8]) -> Option<Vec<u8>> {
        #[derive(Deserialize)]
        struct Marked<'a> {
            #[serde(borrow)]
            id: &'a RawValue,
            error: Carried,
        }
        #[derive(Deserialize)]
        struct Carried {
            message: String,
        }
        if body.len() > MARKED_RESPONSE {
            return None;
        }
        let marked: Marked = serde_json::from_slice(body).ok()?;
        let result = self.0.take(&marked.error.message)?;
        let before = [
            b"{\"jsonrpc\":\"2.0\",\"id\":",
            marked.id.get().as_bytes(),
            b",\"result\":",
        ];
        Some(framed(&before.concat(), result, b"}"))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use tower_lsp_server::jsonrpc::{Id, Response};

    use super::WrittenAnswers;

    /// The library's response to a handler that gave it the marker becomes the answer, under
    /// the request's id as the client wrote it, once; other responses go as they are.
    #[test]
    fn a_marked_response_is_sent_as_the_answer_left_for_it() {
        let answers = WrittenAnswers::default();
        let result = br#"{"kind":"full","items":[{"message":"m"}]}"#.to_vec();
        let error = answers.instead(result);
        for id in [Id::Number(7), Id::String("a\"b".into())] {
            let response = Response::from_error(id.clone(), error.clone());
            let body = serde_json::to_vec(&response).expect("written");
            let Some(sent) = answers.delivered(&body) else {
                assert_eq!(id, Id::String("a\"b".into()), "taken once, by the first");
                continue;
            };
            let sent = String::from_utf8(sent).expect("text");
            let (header, sent) = sent.split_once("\r\n\r\n").expect("a header");
            assert_eq!(header, format!("Content-Length: {}", sent.len()));
            let sent: Value = serde_json::from_str(sent).expect("JSON");
            assert_eq!(
                sent,
                json!({"jsonrpc": "2.0", "id": 7,
                       "result": {"kind": "full", "items": [{"message": "m"}]}})
            );
        }
        let plain = br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"no"}}"#;
        assert_eq!(answers.delivered(plain), None);
        assert_eq!(
            answers.delivered(br#"{"jsonrpc":"2.0","id":1,"result":null}"#),
            None
        );
    }
}
