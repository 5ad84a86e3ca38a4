//! A private scratch folder for an end-to-end test.

use std::path::PathBuf;

/// A folder only this run of the test uses (mode 0700, a name not taken before), removed with
/// everything in it when dropped: never a shared, predictable path.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(label: &str) -> Scratch {
        use std::os::unix::fs::DirBuilderExt;
        let base = std::env::temp_dir();
        for attempt in 0..1000 {
            let dir = base.join(format!("betza-{label}-{}-{attempt}", std::process::id()));
            match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Scratch(dir),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => panic!("cannot make a folder in {}: {e}", base.display()),
            }
        }
        panic!("no fresh folder name left in {}", base.display())
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
