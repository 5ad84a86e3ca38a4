//! `betza check` against hostile files and output: unreadable files, output that cannot be
//! written or goes away, folders holding pipes, links and huge files, names with control
//! characters, and trees deeper than paths reach.

use std::ffi::OsStr;
use std::process::Command;

use super::temp_file;
use crate::{betza, stderr};

#[test]
fn check_reports_bad_files_and_goes_on() {
    let invalid = temp_file("bad.betza", b"fm\xffW\n");
    let unknown = temp_file("notes.txt", b"hello");
    let good = temp_file("good.betza", b"fmWfcF\n");
    let missing = std::env::temp_dir().join("betza-no-such-file.betza");
    let output = betza([
        OsStr::new("check"),
        invalid.as_os_str(),
        unknown.as_os_str(),
        missing.as_os_str(),
        good.as_os_str(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let errors = stderr(&output);
    assert!(errors.contains("is not UTF-8"), "{errors}");
    assert!(errors.contains("not a file with Betza in it"), "{errors}");
    assert!(errors.contains("cannot read it"), "{errors}");
    assert!(errors.contains("checked 1 file: 0 errors"), "{errors}");
}

/// Issue 26: output that cannot be written ends every command with exit status 74 and a
/// message, never a panic and never a silent 0: `> /dev/full` for each command's stdout, and
/// the human report's stderr.
#[test]
fn output_that_cannot_be_written_exits_74() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full");
    assert!(full().is_ok(), "/dev/full is needed for this test");
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let runs: [(&[&str], bool); 5] = [
        (&["tree", "fmWfcF"], false),
        (&["moves", "N"], false),
        (&["explain", "N"], false),
        (&["check", corpus, "--format", "json"], false),
        (&["check", corpus], true),
    ];
    for (args, on_stderr) in runs {
        let mut command = Command::new(env!("CARGO_BIN_EXE_betza"));
        command.args(args);
        let output = if on_stderr {
            command.stderr(full().expect("/dev/full")).output()
        } else {
            command.stdout(full().expect("/dev/full")).output()
        }
        .expect("the betza binary runs");
        assert_eq!(
            output.status.code(),
            Some(74),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("panicked"), "{args:?}");
        if !on_stderr {
            assert!(
                stderr(&output).contains("cannot write the output"),
                "{args:?}"
            );
        }
    }
}

/// Issue 26: a reader that goes away (`| head`) ends the command quietly, with a non-zero
/// status and no panic.
#[test]
fn a_closed_pipe_ends_quietly() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let mut child = Command::new(env!("CARGO_BIN_EXE_betza"))
        .args(["check", corpus, "--format", "json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the betza binary runs");
    // The reading end closes before anything is written.
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("betza ends");
    assert_eq!(output.status.code(), Some(74));
    assert_eq!(stderr(&output), "");
}

/// Issue 26: `check DIR` decides by name and kind before opening anything: a pipe (which would
/// hang a read), a link to outside the folder (which would leak that file into the report), a
/// file over 64 MiB and links back to the folder itself or its parent are passed over with a
/// note, and the one real file is checked once, quickly.
#[cfg(unix)]
#[test]
fn check_dir_opens_only_regular_files_inside_it_once() {
    let scratch = crate::scratch::Scratch::new("walk");
    let dir = scratch.0.clone();
    let folder = dir.join("pieces");
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::write(folder.join("good.betza"), "mfW\n").expect("a file");
    std::fs::write(dir.join("secret.betza"), "NN\n").expect("a file outside");
    let fifo = Command::new("mkfifo")
        .arg(folder.join("pipe.betza"))
        .status()
        .expect("mkfifo runs");
    assert!(fifo.success());
    std::os::unix::fs::symlink(dir.join("secret.betza"), folder.join("leak.betza"))
        .expect("a link");
    std::os::unix::fs::symlink(".", folder.join("me")).expect("a link to itself");
    std::os::unix::fs::symlink("..", folder.join("up")).expect("a link to the parent");
    // Issue 56: a loop of links and a broken link lead to no file, inside the folder or not.
    std::os::unix::fs::symlink("loop-b.betza", folder.join("loop-a.betza")).expect("a link");
    std::os::unix::fs::symlink("loop-a.betza", folder.join("loop-b.betza")).expect("a link");
    std::os::unix::fs::symlink("gone.betza", folder.join("broken.betza")).expect("a link");
    let big = std::fs::File::create(folder.join("big.betza")).expect("a big file");
    big.set_len(65 * 1024 * 1024).expect("a sparse 65 MiB");
    let mut child = Command::new(env!("CARGO_BIN_EXE_betza"))
        .args([OsStr::new("check"), folder.as_os_str()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the betza binary runs");
    let started = std::time::Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if started.elapsed() > std::time::Duration::from_secs(20) {
            let _ = child.kill();
            panic!("check DIR hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("betza ends");
    let report = stderr(&output);
    assert!(
        report.contains("pipe.betza: skipped: not a regular file"),
        "{report}"
    );
    assert!(
        report.contains("leak.betza: skipped: a link to outside"),
        "{report}"
    );
    for name in ["loop-a.betza", "loop-b.betza", "broken.betza"] {
        assert!(
            report.contains(&format!("{name}: skipped: a link that leads to no file")),
            "{report}"
        );
    }
    assert!(
        report.contains("big.betza: 68157440 bytes, over the 64 MiB"),
        "{report}"
    );
    assert!(!report.contains("NN"), "the file outside leaked: {report}");
    assert_eq!(
        report.matches("[xboard-modifier-order]").count(),
        1,
        "{report}"
    );
}

/// Issue 26: a file name with control characters is shown escaped, so it cannot forge lines of
/// the report.
#[cfg(unix)]
#[test]
fn file_names_are_shown_escaped() {
    let scratch = crate::scratch::Scratch::new("names");
    let dir = scratch.0.clone();
    let path = dir.join("a\nerror: forged.betza");
    std::fs::write(&path, "mfW\n").expect("a file");
    let output = betza([OsStr::new("check"), dir.as_os_str()]);
    let report = stderr(&output);
    assert!(report.contains("a\\nerror: forged.betza"), "{report}");
    assert!(
        !report.lines().any(|l| l.starts_with("error: forged")),
        "{report}"
    );
}

/// Issue 41: a folder walk costs the same at any depth (it was quadratic: 33 s at 1,500
/// folders), finds the file at the bottom, and a tree deeper than paths can reach is an error
/// with exit 1, never "checked 0 files" and exit 0.
#[test]
fn check_dir_walks_deep_trees_and_fails_where_it_cannot_reach() {
    let scratch = crate::scratch::Scratch::new("deep");
    // Made 500 folders at a time by a shell that goes down as it makes them: a path of 3,000
    // folders is longer than the system takes in one call.
    let chunk = vec!["a"; 500].join("/");
    let nest = |name: &str, depth: usize, piece: &str| {
        let root = scratch.0.join(name);
        std::fs::create_dir_all(&root).expect("a folder");
        let made = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "i=0; while [ $i -lt {} ]; do mkdir -p {chunk} && cd -P {chunk} || exit 1; \
                 i=$((i+1)); done; printf '{piece}' > bottom.betza",
                depth / 500
            ))
            .current_dir(&root)
            .status()
            .expect("sh runs");
        assert!(made.success());
        root
    };
    let found = betza([
        OsStr::new("check"),
        nest("found", 1_500, "mfW\\n").as_os_str(),
    ]);
    assert_eq!(found.status.code(), Some(0), "{}", stderr(&found));
    assert!(
        stderr(&found).contains("checked 1 file"),
        "{}",
        stderr(&found)
    );
    let lost = betza([OsStr::new("check"), nest("lost", 3_000, "W\\n").as_os_str()]);
    assert_eq!(lost.status.code(), Some(1), "{}", stderr(&lost));
    assert!(stderr(&lost).contains("error: "), "{}", stderr(&lost));
}
