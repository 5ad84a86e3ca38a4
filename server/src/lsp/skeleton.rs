//! A message's parameters read as a JSON tree without the texts of documents: every member named
//! `text` is skipped where it stands, not copied (issue 56). The framing layer reads a message's
//! method, id and document from the tree and passes the message on as it came, so the text of a
//! document of many megabytes is held once, in the body read, and not again in the tree.

use std::fmt;

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The tree, and whether a `text` member was left out of it (`null` in its place).
pub struct Skeleton {
    pub value: Value,
    pub without_text: bool,
}

impl From<Value> for Skeleton {
    fn from(value: Value) -> Skeleton {
        Skeleton {
            value,
            without_text: false,
        }
    }
}

impl<'de> Deserialize<'de> for Skeleton {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Skeleton, D::Error> {
        deserializer.deserialize_any(SkeletonVisitor)
    }
}

struct SkeletonVisitor;

impl<'de> Visitor<'de> for SkeletonVisitor {
    type Value = Skeleton;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Skeleton, E> {
        Ok(Value::Bool(value).into())
    }

    fn visit_i64<E>(self, value: i64) -> Result<Skeleton, E> {
        Ok(Value::from(value).into())
    }

    fn visit_u64<E>(self, value: u64) -> Result<Skeleton, E> {
        Ok(Value::from(value).into())
    }

    fn visit_f64<E>(self, value: f64) -> Result<Skeleton, E> {
        Ok(Value::from(value).into())
    }

    fn visit_str<E>(self, value: &str) -> Result<Skeleton, E> {
        Ok(Value::from(value).into())
    }

    fn visit_string<E>(self, value: String) -> Result<Skeleton, E> {
        Ok(Value::String(value).into())
    }

    fn visit_unit<E>(self) -> Result<Skeleton, E> {
        Ok(Value::Null.into())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Skeleton, A::Error> {
        let (mut items, mut without_text) = (Vec::new(), false);
        while let Some(item) = seq.next_element::<Skeleton>()? {
            without_text |= item.without_text;
            items.push(item.value);
        }
        Ok(Skeleton {
            value: Value::Array(items),
            without_text,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Skeleton, A::Error> {
        let (mut members, mut without_text) = (Map::new(), false);
        while let Some(key) = map.next_key::<String>()? {
            let value = if key == "text" {
                // Skipped as it is read: no copy, not even of its escapes.
                map.next_value::<IgnoredAny>()?;
                without_text = true;
                Value::Null
            } else {
                let member = map.next_value::<Skeleton>()?;
                without_text |= member.without_text;
                member.value
            };
            members.insert(key, value);
        }
        Ok(Skeleton {
            value: Value::Object(members),
            without_text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Skeleton;

    #[test]
    fn texts_are_left_out_and_the_rest_kept() {
        let body = r#"{"textDocument":{"uri":"file:///a","text":"a\nb","version":1},
                       "contentChanges":[{"range":null,"text":"x"}],"n":[1,"s",true,null]}"#;
        let read: Skeleton = serde_json::from_str(body).expect("read");
        assert!(read.without_text);
        assert_eq!(
            read.value,
            serde_json::json!({"textDocument":{"uri":"file:///a","text":null,"version":1},
                               "contentChanges":[{"range":null,"text":null}],
                               "n":[1,"s",true,null]})
        );
        let plain: Skeleton = serde_json::from_str(r#"{"position":{"line":1}}"#).expect("read");
        assert!(!plain.without_text);
    }
}
