//! The files the Explain command writes its explanations to: each in a new file of the
//! temporary folder, the newest few kept while the server runs, all removed when it shuts down
//! or ends any other way (its input closed, `exit` without `shutdown`). One written after the
//! shutdown (an Explain still running then) is removed at once.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// How many explanation files stay while the server runs: the newest, which an editor may
/// still show; each one past them removes the oldest.
const KEPT: usize = 16;

/// The explanation files this server wrote and has not removed, oldest first.
#[derive(Debug, Default)]
pub struct ExplanationFiles {
    written: Mutex<Written>,
}

#[derive(Debug, Default)]
struct Written {
    /// Oldest first.
    files: VecDeque<PathBuf>,
    /// Set by [`ExplanationFiles::remove_all`]: no file is kept after it.
    closed: bool,
}

impl ExplanationFiles {
    /// Writes `text` to a new file ([`write_new_file`]) and removes the oldest one past
    /// [`KEPT`].
    pub fn write(&self, text: &str) -> std::io::Result<PathBuf> {
        let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
        if written.closed {
            // The server shut down while this explanation was made: nothing may outlive it.
            return Err(std::io::Error::other("the server is shutting down"));
        }
        let path = write_new_file(text)?;
        written.files.push_back(path.clone());
        while written.files.len() > KEPT {
            if let Some(oldest) = written.files.pop_front() {
                // Already gone (removed by hand, or the folder emptied): nothing to do.
                let _ = std::fs::remove_file(oldest);
            }
        }
        Ok(path)
    }

    /// Removes every file still held and writes no more: at shutdown, so no explanation
    /// outlives its server.
    pub fn remove_all(&self) {
        let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
        written.closed = true;
        for path in written.files.drain(..) {
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Drop for ExplanationFiles {
    /// A server that ends without `shutdown` leaves no file either.
    fn drop(&mut self) {
        self.remove_all();
    }
}

/// Writes `text` to a new file of the temporary folder under a name no one can guess, created
/// only if nothing stands there (no file, no planted link), so nothing else is overwritten and
/// another user's files cannot make it fail.
fn write_new_file(text: &str) -> std::io::Result<PathBuf> {
    use std::hash::{BuildHasher, Hasher};
    use std::io::Write as _;
    let mut last_error = None;
    for attempt in 0u64..8 {
        // A hasher of the standard library is seeded randomly for each process and instance.
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(attempt);
        let name = format!(
            "betza-explain-{}-{:016x}.md",
            std::process::id(),
            hasher.finish()
        );
        let path = std::env::temp_dir().join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                file.write_all(text.as_bytes())?;
                return Ok(path);
            }
            Err(error) => last_error = Some(error),
        }
    }
    Err(last_error.unwrap_or_else(|| std::io::Error::other("no free name")))
}

#[cfg(test)]
mod tests {
    use super::{ExplanationFiles, KEPT};

    #[test]
    fn at_most_the_newest_stay_and_none_after_the_end() {
        let files = ExplanationFiles::default();
        let paths: Vec<_> = (0..KEPT + 3)
            .map(|n| files.write(&format!("{n}")).expect("written"))
            .collect();
        let alive = paths.iter().filter(|path| path.exists()).count();
        assert_eq!(alive, KEPT);
        assert!(paths[KEPT + 2].exists(), "the newest stays");
        drop(files);
        assert!(
            paths.iter().all(|path| !path.exists()),
            "dropped: all removed"
        );
    }

    #[test]
    fn nothing_is_written_after_the_shutdown() {
        let files = ExplanationFiles::default();
        let path = files.write("before").expect("written");
        files.remove_all();
        assert!(!path.exists());
        assert!(files.write("after").is_err());
    }
}
