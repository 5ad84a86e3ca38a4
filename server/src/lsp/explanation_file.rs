//! The files the Explain command writes its explanations to: each in a new file of the
//! temporary folder, the newest few kept while the server runs, all removed when it shuts down.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

/// How many explanation files stay while the server runs: the newest, which an editor may
/// still show; each one past them removes the oldest.
const KEPT: usize = 16;

/// The explanation files this server wrote and has not removed, oldest first.
#[derive(Debug, Default)]
pub struct ExplanationFiles {
    written: Mutex<VecDeque<PathBuf>>,
}

impl ExplanationFiles {
    /// Writes `text` to a new file ([`write_new_file`]) and removes the oldest one past
    /// [`KEPT`].
    pub fn write(&self, text: &str) -> std::io::Result<PathBuf> {
        let path = write_new_file(text)?;
        let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
        written.push_back(path.clone());
        while written.len() > KEPT {
            if let Some(oldest) = written.pop_front() {
                // Already gone (removed by hand, or the folder emptied): nothing to do.
                let _ = std::fs::remove_file(oldest);
            }
        }
        Ok(path)
    }

    /// Removes every file still held: at shutdown, so no explanation outlives its server.
    pub fn remove_all(&self) {
        let mut written = self.written.lock().unwrap_or_else(PoisonError::into_inner);
        for path in written.drain(..) {
            let _ = std::fs::remove_file(path);
        }
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
