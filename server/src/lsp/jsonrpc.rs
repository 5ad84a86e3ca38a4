//! Which client messages are JSON-RPC 2.0 as the protocol library reads them, decided before it
//! sees them: the library ends the session on a message it cannot read (an integer id beyond
//! 64-bit signed, a `jsonrpc` other than `"2.0"`, a member named twice) and never answers a
//! request whose method starts with `$/`. A request whose id is valid JSON-RPC but not one the
//! library carries as written (2^63, `-0`, `1.5`) is served under a stand-in id
//! ([`super::request_ids`]). Every other message gets here the answer the specification gives:
//! -32600 (invalid request) with the request's id as written, or a null id when no id can be
//! told; -32601 for a `$/` request. A broken response is answered by no one (nobody waits for
//! an answer to a response): it is dropped and said in the log. A message that passes goes on
//! to the library byte for byte as it came.

use std::fmt;

use betza_syntax::quote;

use super::request_ids;
use super::skeleton::Skeleton;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

/// JSON-RPC's "invalid request".
const INVALID_REQUEST: i64 = -32600;
/// JSON-RPC's "method not found".
const METHOD_NOT_FOUND: i64 = -32601;

/// What becomes of a client message.
#[derive(Debug)]
pub enum Verdict {
    /// A message the protocol library reads: passed on as it came. The tree is for reading its
    /// method, id and document, and lacks the texts of documents.
    Pass(Value),
    /// A request the library reads once its id, written as the text here, is stood in for.
    StandIn(Value, String),
    /// Not one: this error response (a body, not yet framed) answers it, and it goes no further.
    Answer(Vec<u8>),
    /// A broken response: dropped, for the log the reason.
    Drop(String),
}

/// Reads a client message's body; an error when it is not JSON.
pub fn check(body: &[u8]) -> Result<Verdict, serde_json::Error> {
    let read: Read = serde_json::from_slice(body)?;
    let Value::Object(members) = &read.value else {
        let what = if read.value.is_array() {
            "batches are not supported"
        } else {
            "a message is a JSON object"
        };
        return Ok(invalid(Id::Unreadable, what));
    };
    let message = Message {
        members,
        id: read.id.as_deref().map_or(Id::Absent, Id::of),
        repeated: read.repeated.as_deref(),
    };
    let verdict = if message.is_response() {
        message.response_fault().map(Verdict::Drop)
    } else {
        message.request_fault()
    };
    let stand_in = match message.id {
        Id::StandIn(written) => Some(written.to_owned()),
        _ => None,
    };
    if let Some(verdict) = verdict {
        return Ok(verdict);
    }
    // The tree lacks the texts of documents (see `skeleton`); a message that is written again
    // from its tree (under a stand-in id, or mended) is read whole.
    let rewritten = stand_in.is_some()
        || read.value.get("method").and_then(Value::as_str) == Some("initialize");
    let value = if read.without_text && rewritten {
        serde_json::from_slice(body)?
    } else {
        read.value
    };
    Ok(match stand_in {
        Some(written) => Verdict::StandIn(value, written),
        None => Verdict::Pass(value),
    })
}

/// The body of the error response `code` to the request whose id is written `id` (JSON text).
pub fn error_body(id: &str, code: i64, message: &str) -> Vec<u8> {
    let error = serde_json::json!({ "code": code, "message": message });
    format!(r#"{{"jsonrpc":"2.0","id":{id},"error":{error}}}"#).into_bytes()
}

/// The -32600 answer to a request with `id`, saying `what` is wrong.
fn invalid(id: Id<'_>, what: &str) -> Verdict {
    Verdict::Answer(error_body(
        id.answered(),
        INVALID_REQUEST,
        &format!("Invalid request: {what}"),
    ))
}

/// A message's id as the protocol library can take it or not.
#[derive(Debug, Clone, Copy)]
enum Id<'a> {
    Absent,
    /// A string or an integer the library carries as written.
    Usable(&'a str),
    /// A number or string the library cannot carry as written (see [`request_ids`]), as
    /// written.
    StandIn(&'a str),
    /// `null`: a request may not use it; a response says with it that no id could be read.
    Null,
    /// A boolean, an object or an array.
    Unreadable,
}

impl<'a> Id<'a> {
    fn of(raw: &'a RawValue) -> Id<'a> {
        let text = raw.get();
        // Valid JSON already: a number starts with a minus or a digit.
        let number = text.starts_with(|c: char| c == '-' || c.is_ascii_digit());
        if !number && !text.starts_with('"') {
            if text == "null" {
                Id::Null
            } else {
                Id::Unreadable
            }
        } else if request_ids::carried_as_written(text) {
            Id::Usable(text)
        } else {
            Id::StandIn(text)
        }
    }

    /// The id an answer to the request names: its own when it can be told, else null.
    fn answered(self) -> &'a str {
        match self {
            Id::Usable(text) | Id::StandIn(text) => text,
            Id::Absent | Id::Null | Id::Unreadable => "null",
        }
    }
}

/// A message read as an object.
struct Message<'a> {
    members: &'a Map<String, Value>,
    id: Id<'a>,
    /// The first member named twice, at the top or in `error` (`error.code`).
    repeated: Option<&'a str>,
}

impl Message<'_> {
    /// A response carries a result or an error, and no method.
    fn is_response(&self) -> bool {
        !self.members.contains_key("method")
            && (self.members.contains_key("result") || self.members.contains_key("error"))
    }

    /// Why a message with `jsonrpc` so is not JSON-RPC 2.0.
    fn version_fault(&self) -> Option<&'static str> {
        match self.members.get("jsonrpc") {
            Some(Value::String(version)) if version == "2.0" => None,
            Some(_) => Some("`jsonrpc` is not \"2.0\" (the only version of JSON-RPC served)"),
            None => Some("no `jsonrpc` member (it is \"2.0\" in every message)"),
        }
    }

    /// Why a request or notification cannot be served, as its answer.
    fn request_fault(&self) -> Option<Verdict> {
        if let Some(name) = self.repeated {
            // With its id named twice, which one is meant cannot be told.
            let id = if name == "id" {
                Id::Unreadable
            } else {
                self.id
            };
            return Some(invalid(id, &format!("the member `{name}` is named twice")));
        }
        if let Some(fault) = self.version_fault() {
            return Some(invalid(self.id, fault));
        }
        let method = match self.members.get("method") {
            Some(Value::String(method)) => method,
            Some(_) => return Some(invalid(self.id, "the method is not a string")),
            None => return Some(invalid(self.id, "no method")),
        };
        if let Id::Null | Id::Unreadable = self.id {
            return Some(invalid(self.id, "the id is neither a number nor a string"));
        }
        if self.members.contains_key("result") || self.members.contains_key("error") {
            return Some(invalid(self.id, "a request has no result or error"));
        }
        // The library swallows the answer to every `$/` request; no `$/` method is a request.
        if let Id::Usable(id) | Id::StandIn(id) = self.id
            && method.starts_with("$/")
        {
            return Some(Verdict::Answer(error_body(
                id,
                METHOD_NOT_FOUND,
                &format!(
                    "Method not found: `{}`{}",
                    quote::shortened(method),
                    quote::length_if_cut(method)
                ),
            )));
        }
        None
    }

    /// Why a response cannot be read by the library, if it cannot.
    fn response_fault(&self) -> Option<String> {
        if let Some(name) = self.repeated {
            return Some(format!("the member `{name}` is named twice"));
        }
        if let Some(fault) = self.version_fault() {
            return Some(fault.to_owned());
        }
        match self.id {
            Id::Usable(_) | Id::Null => {}
            Id::Absent => return Some("no id".to_owned()),
            Id::StandIn(_) | Id::Unreadable => {
                return Some("its id is none the server gives (an integer or a string)".into());
            }
        }
        let error = match (self.members.get("result"), self.members.get("error")) {
            (Some(_), Some(_)) => return Some("both a result and an error".to_owned()),
            (_, Some(error)) => error,
            _ => return None,
        };
        let readable = error.as_object().is_some_and(|error| {
            error.get("code").is_some_and(Value::is_i64)
                && error.get("message").is_some_and(Value::is_string)
                && error
                    .keys()
                    .all(|key| matches!(key.as_str(), "code" | "message" | "data"))
        });
        (!readable).then(|| {
            "its error is not an object of an integer `code`, a string `message` and \
             optional `data`"
                .to_owned()
        })
    }
}

/// A JSON value read with what [`Value`] forgets and the protocol needs: an object's members
/// named twice (a `Value` keeps the last silently, the library refuses the whole message) and
/// its `id` as written (a `Value` rounds an integer beyond 64 bits).
struct Read {
    /// Without the texts of documents in `params` (see `skeleton`).
    value: Value,
    /// Whether a text was left out.
    without_text: bool,
    /// The first member named twice: at this level, or in an `error` member (`error.code`).
    repeated: Option<String>,
    /// The `id` member as written.
    id: Option<Box<RawValue>>,
}

impl From<Value> for Read {
    fn from(value: Value) -> Read {
        Read {
            value,
            without_text: false,
            repeated: None,
            id: None,
        }
    }
}

impl<'de> Deserialize<'de> for Read {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Read, D::Error> {
        deserializer.deserialize_any(ReadVisitor)
    }
}

struct ReadVisitor;

impl<'de> Visitor<'de> for ReadVisitor {
    type Value = Read;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Read, E> {
        Ok(Value::Bool(value).into())
    }

    fn visit_i64<E>(self, value: i64) -> Result<Read, E> {
        Ok(Value::from(value).into())
    }

    fn visit_u64<E>(self, value: u64) -> Result<Read, E> {
        Ok(Value::from(value).into())
    }

    fn visit_f64<E>(self, value: f64) -> Result<Read, E> {
        Ok(Value::from(value).into())
    }

    fn visit_str<E>(self, value: &str) -> Result<Read, E> {
        Ok(Value::from(value).into())
    }

    fn visit_string<E>(self, value: String) -> Result<Read, E> {
        Ok(Value::String(value).into())
    }

    fn visit_unit<E>(self) -> Result<Read, E> {
        Ok(Value::Null.into())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Read, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Value::Array(items).into())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Read, A::Error> {
        let mut members = Map::new();
        let mut repeated = None;
        let mut id = None;
        let mut without_text = false;
        while let Some(key) = map.next_key::<String>()? {
            let value = match key.as_str() {
                "id" => {
                    let raw: Box<RawValue> = map.next_value()?;
                    // An integer past a float's range is no `Value`; its text says it all.
                    let value = serde_json::from_str(raw.get()).unwrap_or(Value::Null);
                    id = Some(raw);
                    value
                }
                "error" => {
                    let error: Read = map.next_value()?;
                    if let Some(inner) = error.repeated {
                        repeated.get_or_insert(format!("error.{inner}"));
                    }
                    error.value
                }
                "params" => {
                    let params: Skeleton = map.next_value()?;
                    without_text |= params.without_text;
                    params.value
                }
                _ => map.next_value()?,
            };
            match members.entry(key) {
                Entry::Occupied(mut member) => {
                    repeated.get_or_insert_with(|| member.key().clone());
                    member.insert(value);
                }
                Entry::Vacant(member) => {
                    member.insert(value);
                }
            }
        }
        Ok(Read {
            value: Value::Object(members),
            without_text,
            repeated,
            id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Verdict, check};

    fn answer(body: &str) -> String {
        match check(body.as_bytes()) {
            Ok(Verdict::Answer(reply)) => String::from_utf8(reply).expect("UTF-8"),
            other => panic!("{body}: {other:?}"),
        }
    }

    #[test]
    fn valid_messages_pass_as_they_are() {
        for body in [
            r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":-2147483648,"method":"shutdown"}"#,
            r#"{"jsonrpc":"2.0","id":"x","method":"a","params":{"a":1,"a":2}}"#,
            r#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#,
            r#"{"jsonrpc":"2.0","id":3,"result":null}"#,
            r#"{"jsonrpc":"2.0","id":null,"error":{"code":-1,"message":"m","data":[]}}"#,
        ] {
            assert!(
                matches!(check(body.as_bytes()), Ok(Verdict::Pass(_))),
                "{body}"
            );
        }
    }

    #[test]
    fn a_large_id_is_answered_as_written() {
        let id = "1".repeat(500);
        let reply = answer(&format!(r#"{{"jsonrpc":"1.0","id":{id},"method":"m"}}"#));
        assert!(reply.contains(&format!(r#""id":{id},"#)), "{reply}");
    }

    #[test]
    fn ids_the_library_cannot_carry_are_stood_in() {
        for id in ["9223372036854775808", "-0", "1.5", r#""\ud800""#] {
            let body = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"m"}}"#);
            assert!(
                matches!(check(body.as_bytes()), Ok(Verdict::StandIn(_, written)) if written == id),
                "{body}"
            );
        }
    }

    #[test]
    fn a_long_dollar_method_is_quoted_short() {
        let method = format!("$/{}", "x".repeat(1 << 20));
        let reply = answer(&format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"{method}"}}"#
        ));
        assert!(reply.len() < 300 && reply.contains("-32601"), "{reply}");
    }

    #[test]
    fn a_member_named_twice_in_an_error_drops_the_response() {
        let body = r#"{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"a","message":"b"}}"#;
        assert!(
            matches!(check(body.as_bytes()), Ok(Verdict::Drop(why)) if why.contains("error.message"))
        );
    }

    /// A document's text is not read into the tree the framing layer reads (issue 56), except
    /// where the message is written again from it: under a stand-in id, it is whole.
    #[test]
    fn texts_are_kept_out_of_the_tree_unless_it_is_written_again() {
        let open = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a","text":"W\n"}}}"#;
        let Ok(Verdict::Pass(value)) = check(open.as_bytes()) else {
            panic!("{open}");
        };
        assert_eq!(
            value["params"]["textDocument"]["text"],
            serde_json::Value::Null
        );
        assert_eq!(value["params"]["textDocument"]["uri"], "file:///a");
        let stood_in =
            r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"m","params":{"text":"W\n"}}"#;
        let Ok(Verdict::StandIn(value, _)) = check(stood_in.as_bytes()) else {
            panic!("{stood_in}");
        };
        assert_eq!(value["params"]["text"], "W\n");
    }
}
