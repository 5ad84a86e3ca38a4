//! Large things passed around the protocol library (issue 56): the library reads every message
//! into a JSON tree, which takes ten to forty times the message. So a document's text on its
//! way in ([`super::texts`]) and a long answer on its way out ([`super::answers`]) are left in
//! a locker here, and the library carries a marker instead: a short string that names the
//! locker, from which the other side takes the thing back.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex};

use super::state::locked;

/// Lockers for things of type `T`, shared by both sides.
pub struct Lockers<T> {
    shared: Arc<Mutex<Held<T>>>,
    /// Starts every marker: a string no client writes, random in each process, so a text that
    /// looks like a marker is still taken as it is.
    prefix: Arc<str>,
}

struct Held<T> {
    things: HashMap<u64, T>,
    next: u64,
    /// Whether things are taken in: a side that would not take them back closes the lockers.
    open: bool,
}

impl<T> Clone for Lockers<T> {
    fn clone(&self) -> Lockers<T> {
        Lockers {
            shared: self.shared.clone(),
            prefix: self.prefix.clone(),
        }
    }
}

impl<T> Lockers<T> {
    /// Lockers whose markers start with `what` (what a person reading one sees) and a nonce,
    /// open or closed.
    pub fn new(what: &str, open: bool) -> Lockers<T> {
        let nonce = RandomState::new().hash_one(what);
        Lockers {
            shared: Arc::new(Mutex::new(Held {
                things: HashMap::new(),
                next: 0,
                open,
            })),
            prefix: format!("{what} {nonce:016x} ").into(),
        }
    }

    /// Opens or closes the lockers; closing them drops what they hold.
    pub fn open(&self, open: bool) {
        let mut held = locked(&self.shared);
        held.open = open;
        if !open {
            held.things.clear();
        }
    }

    /// Whether things are taken in now.
    pub fn is_open(&self) -> bool {
        locked(&self.shared).open
    }

    /// Leaves `things` in lockers and returns their markers, in order; `None` (nothing left)
    /// while they are closed.
    pub fn leave(&self, things: Vec<T>) -> Option<Vec<String>> {
        let mut held = locked(&self.shared);
        if !held.open {
            return None;
        }
        let markers = things
            .into_iter()
            .map(|thing| {
                let number = held.next;
                held.next += 1;
                held.things.insert(number, thing);
                format!("{}{number}", self.prefix)
            })
            .collect();
        Some(markers)
    }

    /// What was left under `marker`, once; `None` for anything that is no marker of these
    /// lockers or whose thing was taken.
    pub fn take(&self, marker: &str) -> Option<T> {
        let number = marker.strip_prefix(&*self.prefix)?.parse::<u64>().ok()?;
        locked(&self.shared).things.remove(&number)
    }
}

#[cfg(test)]
mod tests {
    use super::Lockers;

    #[test]
    fn a_thing_left_is_taken_back_once_by_its_marker() {
        let lockers = Lockers::new("\u{0}test", true);
        let markers = lockers.leave(vec!["a", "b"]).expect("open");
        assert_eq!(lockers.take(&markers[1]), Some("b"));
        assert_eq!(lockers.take(&markers[1]), None);
        assert_eq!(lockers.take("a"), None);
        let other = Lockers::<&str>::new("\u{0}test", true);
        assert_eq!(other.take(&markers[0]), None, "another process's nonce");
        assert_eq!(lockers.take(&markers[0]), Some("a"));
    }

    #[test]
    fn closed_lockers_take_nothing_in_and_drop_what_they_held() {
        let lockers = Lockers::new("\u{0}test", false);
        assert!(!lockers.is_open());
        assert_eq!(lockers.leave(vec![1]), None);
        lockers.open(true);
        assert!(lockers.is_open());
        let markers = lockers.leave(vec![1]).expect("open");
        lockers.open(false);
        assert_eq!(lockers.take(&markers[0]), None);
    }
}
