//! A client's `initialize` whose parameters the protocol library cannot read (a capability of
//! the wrong type: `"positionEncodings": "utf-8"` for a list) is refused by it, and the server
//! then stays uninitialized for good. Such parameters are mended on the way in: each part that
//! cannot be read on its own is left out, the rest kept, and what was left out is said in the
//! log. A client that sends a broken capability gets the server without that capability.

use serde::Deserialize;
use serde_json::{Map, Value};
use tower_lsp_server::ls_types::InitializeParams;

/// The most parts looked at one by one: parameters broken in more places than this are read
/// as the smallest ones (no capabilities), which every client's server still works with.
const MOST_TRIES: usize = 4096;
/// Parameters larger than this are not mended part by part (each try copies a part).
const MOST_MENDED_BYTES: usize = 1 << 20;

fn readable(params: &Value) -> bool {
    InitializeParams::deserialize(params).is_ok()
}

/// The smallest readable parameters.
fn bare() -> Value {
    serde_json::json!({ "capabilities": {} })
}

/// The body to pass on instead of `message`'s: `Some` only for an `initialize` request whose
/// parameters cannot be read as they are.
pub fn mended(mut message: Value) -> Option<Vec<u8>> {
    if message.get("method").and_then(Value::as_str) != Some("initialize") {
        return None;
    }
    let params = message.get_mut("params")?;
    if readable(params) {
        return None;
    }
    let mut left_out = Vec::new();
    let small = params.to_string().len() <= MOST_MENDED_BYTES;
    let mut tries = 0;
    let kept = if small {
        keep_readable(&[], params, &mut tries, &mut left_out)
    } else {
        None
    };
    *params = kept.filter(readable).unwrap_or_else(|| {
        left_out = vec!["everything but the smallest parameters".to_owned()];
        bare()
    });
    say!(
        "betza lsp: the client's initialize parameters could not be read as sent; left out: {}",
        left_out.join(", ")
    );
    Some(message.to_string().into_bytes())
}

/// `value` at `path` under the bare parameters.
fn placed(path: &[String], value: &Value) -> Value {
    let Some((first, rest)) = path.split_first() else {
        return value.clone();
    };
    let nested = rest.iter().rev().fold(value.clone(), |inner, key| {
        Value::Object(Map::from_iter([(key.clone(), inner)]))
    });
    let mut root = bare();
    root[first.as_str()] = nested;
    root
}

/// `value` (found at `path`) when it can be read there, else the object of its keys that can,
/// each mended the same way; `None` for a value that cannot be mended. What is dropped goes
/// to `left_out` by its dotted path.
fn keep_readable(
    path: &[String],
    value: &Value,
    tries: &mut usize,
    left_out: &mut Vec<String>,
) -> Option<Value> {
    *tries += 1;
    if *tries > MOST_TRIES {
        left_out.push(format!("{} (and what follows it)", path.join(".")));
        return None;
    }
    if readable(&placed(path, value)) {
        return Some(value.clone());
    }
    let Value::Object(object) = value else {
        left_out.push(path.join("."));
        return None;
    };
    let mut kept = Map::new();
    for (key, inner) in object {
        let inner_path: Vec<String> = path.iter().cloned().chain([key.clone()]).collect();
        if let Some(inner) = keep_readable(&inner_path, inner, tries, left_out) {
            kept.insert(key.clone(), inner);
        }
    }
    Some(Value::Object(kept))
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::mended;

    fn initialize(params: Value) -> Value {
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
    }

    fn params_of(body: &[u8]) -> Value {
        let message: Value = serde_json::from_slice(body).expect("json");
        message["params"].clone()
    }

    #[test]
    fn readable_parameters_pass_as_they_are() {
        let params = json!({"processId": 1, "capabilities": {"general":
            {"positionEncodings": ["utf-8"]}}});
        assert_eq!(mended(initialize(params)), None);
        assert_eq!(mended(json!({"method": "shutdown", "id": 2})), None);
    }

    /// Found by the hostile-client attacks of issue 41: a string where the protocol has a list
    /// left the server uninitialized.
    #[test]
    fn a_capability_of_the_wrong_type_is_left_out_and_the_rest_kept() {
        let params = json!({
            "processId": 7,
            "rootUri": "file:///p",
            "capabilities": {
                "general": {"positionEncodings": "utf-8", "staleRequestSupport":
                    {"cancel": true, "retryOnContentModified": []}},
                "window": {"showDocument": {"support": true}, "workDoneProgress": "yes"},
            },
            "initializationOptions": {"dialect": "fairy"},
        });
        let body = mended(initialize(params)).expect("mended");
        assert_eq!(
            params_of(&body),
            json!({
                "processId": 7,
                "rootUri": "file:///p",
                "capabilities": {
                    "general": {"staleRequestSupport":
                        {"cancel": true, "retryOnContentModified": []}},
                    "window": {"showDocument": {"support": true}},
                },
                "initializationOptions": {"dialect": "fairy"},
            })
        );
    }

    #[test]
    fn parameters_that_are_not_an_object_become_the_smallest_ones() {
        let body = mended(initialize(json!("nothing"))).expect("mended");
        assert_eq!(params_of(&body), json!({"capabilities": {}}));
        let body = mended(initialize(json!({"processId": "me"}))).expect("mended");
        assert_eq!(params_of(&body), json!({"capabilities": {}}));
    }
}
