//! A tmux server of a test's own, for the end-to-end tests that drive an editor in a
//! terminal: keys in, the screen out.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A tmux server of the test's own (its socket in the scratch folder), ended when dropped.
pub struct Tmux {
    pub socket: PathBuf,
    /// The program it runs, as failures name it.
    pub editor: &'static str,
}

/// `text` quoted for the shell that tmux runs a command with.
pub fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

impl Tmux {
    /// The command that starts the session `betza`, `columns` by `lines`, in `dir`, running
    /// `shell_command`; the caller adds the environment and runs it with
    /// [`Tmux::started`].
    pub fn new_session(
        &self,
        dir: &Path,
        columns: u16,
        lines: u16,
        shell_command: &str,
    ) -> Command {
        let mut command = self.command();
        let (columns, lines) = (columns.to_string(), lines.to_string());
        command
            .args([
                "new-session",
                "-d",
                "-x",
                &columns,
                "-y",
                &lines,
                "-s",
                "betza",
                "-c",
            ])
            .arg(dir)
            .arg(shell_command)
            .env_remove("TMUX");
        command
    }

    /// Runs `new_session`, a command of [`Tmux::new_session`]; panics if it fails.
    pub fn started(new_session: &mut Command) {
        let started = new_session.status().expect("tmux runs");
        assert!(started.success(), "tmux new-session failed");
    }

    pub fn command(&self) -> Command {
        let mut command = Command::new("tmux");
        command.arg("-S").arg(&self.socket);
        command
    }

    pub fn run(&self, args: &[&str]) -> Output {
        let out = self.command().args(args).output().expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// Keys as tmux names them (`Enter`, `Escape`, `Space`, `C-x`) or literal text.
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "betza"];
        args.extend(keys);
        self.run(&args);
    }

    pub fn literal(&self, text: &str) {
        self.run(&["send-keys", "-t", "betza", "-l", text]);
    }

    pub fn screen(&self) -> String {
        let out = self
            .command()
            .args(["capture-pane", "-p", "-t", "betza"])
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The screen once `ready` holds for it; panics with the last screen after 15 s.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "{} did not show {what} in 15 s; the screen read:\n{screen}",
                self.editor
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.command().arg("kill-server").output();
    }
}
