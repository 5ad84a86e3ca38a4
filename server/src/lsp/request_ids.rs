//! Request ids the protocol library cannot carry as written, carried for it. JSON-RPC 2.0 lets
//! an id be any number or string; the library holds a number in 64 bits (an id of 2^63 or more
//! ends its session), answers `-0` or `1.0` as other ids, reads a `$/cancelRequest` id in 32
//! bits only, and cannot read a string with a lone surrogate. So a request with such an id goes
//! to the library under a stand-in (a string of a reserved form), and its answer goes back to
//! the client under the id as the client wrote it, character for character. A client's own
//! string of the reserved form is stood in for as well, so a stand-in never meets a real id.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;
use serde_json::value::RawValue;

/// How every stand-in starts; a counter follows.
const RESERVED: &str = "betza-stand-in:";

/// Whether the library carries the id written `text` (a JSON number or string) as written: an
/// integer of 32 bits in its shortest form, or a readable string not of the reserved form.
pub fn carried_as_written(text: &str) -> bool {
    if text.starts_with('"') {
        return serde_json::from_str::<String>(text).is_ok_and(|id| !id.starts_with(RESERVED));
    }
    text.parse::<i32>().is_ok_and(|id| id.to_string() == text)
}

#[derive(Debug, Default)]
struct Table {
    /// The number of the next stand-in.
    next: u64,
    /// Each stand-in whose answer has not gone out → the id as the client wrote it.
    written: HashMap<String, String>,
    /// The other way: the id as written → its stand-ins (a client may reuse an id).
    stand_ins: HashMap<String, Vec<String>>,
}

/// Shared by the reading and the writing side of the framing layer.
#[derive(Debug, Clone, Default)]
pub struct StandIns(Arc<Mutex<Table>>);

/// The parts of a `$/cancelRequest` read here.
#[derive(Deserialize)]
struct Cancel<'a> {
    #[serde(borrow)]
    params: CancelParams<'a>,
}

#[derive(Deserialize)]
struct CancelParams<'a> {
    #[serde(borrow)]
    id: &'a RawValue,
}

/// The parts of a server message read to tell whether it answers a stood-in request.
#[derive(Deserialize)]
struct Head {
    id: Option<Value>,
    method: Option<IgnoredAny>,
}

impl StandIns {
    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Puts a new stand-in in the place of the id of `request`, written `written`.
    pub fn stand_in(&self, request: &mut Value, written: &str) {
        let mut table = self.table();
        let stand_in = format!("{RESERVED}{}", table.next);
        table.next += 1;
        table.written.insert(stand_in.clone(), written.to_owned());
        table
            .stand_ins
            .entry(written.to_owned())
            .or_default()
            .push(stand_in.clone());
        if let Some(id) = request.get_mut("id") {
            *id = Value::String(stand_in);
        }
    }

    /// The bodies to pass on for the `$/cancelRequest` `body`: `None` when it names an id
    /// carried as written (it passes as it came), else one cancellation per stand-in of its id
    /// (none when no such request waits: the library could not read it anyway).
    pub fn cancellations(&self, body: &[u8]) -> Option<Vec<Value>> {
        let cancel: Cancel<'_> = serde_json::from_slice(body).ok()?;
        let written = cancel.params.id.get();
        if carried_as_written(written) {
            return None;
        }
        let table = self.table();
        let stand_ins = table.stand_ins.get(written).map_or(&[][..], Vec::as_slice);
        Some(
            stand_ins
                .iter()
                .map(|id| {
                    serde_json::json!({
                        "jsonrpc": "2.0",
                        "method": "$/cancelRequest",
                        "params": { "id": id },
                    })
                })
                .collect(),
        )
    }

    /// The body to send instead of the server message `body` when it answers a stood-in
    /// request: the same message under the id as the client wrote it.
    pub fn restored(&self, body: &[u8]) -> Option<Vec<u8>> {
        let mut table = self.table();
        if table.written.is_empty() {
            return None;
        }
        let head: Head = serde_json::from_slice(body).ok()?;
        if head.method.is_some() {
            return None;
        }
        let Some(Value::String(stand_in)) = head.id else {
            return None;
        };
        let written = table.written.remove(&stand_in)?;
        if let Some(others) = table.stand_ins.get_mut(&written) {
            others.retain(|other| *other != stand_in);
            if others.is_empty() {
                table.stand_ins.remove(&written);
            }
        }
        drop(table);
        // Members as written, so that only the id changes (a `Value` would round numbers).
        let members: HashMap<String, Box<RawValue>> = serde_json::from_slice(body).ok()?;
        let mut out = String::from("{");
        for (name, value) in &members {
            if out.len() > 1 {
                out.push(',');
            }
            out.push_str(&Value::String(name.clone()).to_string());
            out.push(':');
            out.push_str(if name == "id" { &written } else { value.get() });
        }
        out.push('}');
        Some(out.into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{StandIns, carried_as_written};

    #[test]
    fn which_ids_the_library_carries_as_written() {
        for id in [
            "0",
            "-7",
            "2147483647",
            "-2147483648",
            r#""x""#,
            r#""\u00e9""#,
        ] {
            assert!(carried_as_written(id), "{id}");
        }
        for id in [
            "2147483648",
            "9223372036854775808",
            "-0",
            "1.0",
            "1e3",
            r#""\ud800""#,
            r#""betza-stand-in:0""#,
        ] {
            assert!(!carried_as_written(id), "{id}");
        }
    }

    #[test]
    fn an_answer_goes_back_under_the_id_as_written() {
        let stand_ins = StandIns::default();
        let written = "1".repeat(400);
        let mut request = json!({ "jsonrpc": "2.0", "id": null, "method": "shutdown" });
        stand_ins.stand_in(&mut request, &written);
        let stand_in = request["id"]
            .as_str()
            .expect("a string stand-in")
            .to_owned();
        // A notification from the server or another answer is left alone.
        let other = br#"{"jsonrpc":"2.0","result":null,"id":1}"#;
        assert_eq!(stand_ins.restored(other), None);
        let answer = format!(r#"{{"jsonrpc":"2.0","result":[1e400,2.50],"id":"{stand_in}"}}"#);
        let restored = stand_ins.restored(answer.as_bytes()).expect("restored");
        let restored = String::from_utf8(restored).expect("UTF-8");
        assert!(
            restored.contains(&format!(r#""id":{written}"#)),
            "{restored}"
        );
        assert!(restored.contains(r#""result":[1e400,2.50]"#), "{restored}");
        // Once answered, forgotten.
        assert_eq!(stand_ins.restored(answer.as_bytes()), None);
    }

    #[test]
    fn a_cancellation_names_the_stand_ins_of_its_id() {
        let stand_ins = StandIns::default();
        let cancel = |id: &str| {
            format!(r#"{{"jsonrpc":"2.0","method":"$/cancelRequest","params":{{"id":{id}}}}}"#)
        };
        assert_eq!(stand_ins.cancellations(cancel("5").as_bytes()), None);
        assert_eq!(
            stand_ins.cancellations(cancel("5.5").as_bytes()),
            Some(Vec::new())
        );
        let mut request = json!({ "id": null });
        stand_ins.stand_in(&mut request, "5.5");
        let cancels = stand_ins
            .cancellations(cancel("5.5").as_bytes())
            .expect("cancelled");
        assert_eq!(cancels.len(), 1);
        assert_eq!(cancels[0]["params"]["id"], request["id"]);
        assert_ne!(request["id"], Value::Null);
    }
}
