//! The file the Explain command writes its explanation to.

/// Writes `text` to a new file of the temporary folder under a name no one can guess, created
/// only if nothing stands there (no file, no planted link), so nothing else is overwritten and
/// another user's files cannot make it fail.
pub fn write_new_file(text: &str) -> std::io::Result<std::path::PathBuf> {
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
