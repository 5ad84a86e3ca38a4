//! Generates large `variants.ini` files for benchmarks by repeating and varying real ones: the
//! files of ../shared/corpus when present, else corpus/examples/variants.ini. Odd copies mirror
//! their pieces (forward and backward swapped), so not every string is seen before. Each copy
//! names its sections apart (`[name-3:parent-3]` when the parent is one of the file's own), as a
//! real file names each variant once.

use std::path::Path;

/// The seed text the large files are made from.
pub fn seed_text() -> String {
    // Benchmarks of both crates include this file; both crates sit beside corpus/.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../../shared/corpus");
    let mut text = String::new();
    if let Ok(entries) = std::fs::read_dir(&shared) {
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ini"))
        {
            text.push_str(&std::fs::read_to_string(path).unwrap_or_default());
            text.push('\n');
        }
    }
    if text.is_empty() {
        text = std::fs::read_to_string(root.join("../corpus/examples/variants.ini"))
            .unwrap_or_default();
    }
    text
}

/// A `variants.ini` of at least `bytes` bytes.
pub fn generate(bytes: usize) -> String {
    let seed = seed_text();
    let own: std::collections::HashSet<&str> = seed
        .lines()
        .filter_map(|line| line.strip_prefix('['))
        .map(|header| header.split([':', ']']).next().unwrap_or(header))
        .collect();
    let mut out = String::with_capacity(bytes + seed.len());
    let mut copy = 0;
    while out.len() < bytes {
        out.push_str(&format!("# copy {copy}\n"));
        for line in seed.lines() {
            if let Some(header) = line.strip_prefix('[') {
                out.push_str(&renamed(header, copy, &own));
            } else if copy % 2 == 1
                && line.trim_start().starts_with("customPiece")
                && let Some((piece, betza)) = line.split_once(':')
            {
                // The Betza string only: the key and the piece's letter stay.
                let mirrored: String = betza
                    .chars()
                    .map(|c| match c {
                        'f' => 'b',
                        'b' => 'f',
                        other => other,
                    })
                    .collect();
                out.push_str(&format!("{piece}:{mirrored}"));
            } else {
                out.push_str(line);
            }
            out.push('\n');
        }
        copy += 1;
    }
    out
}

/// A header (after its `[`) with the copy's number on its name, and on its parent when the
/// parent is one of the file's own sections.
fn renamed(header: &str, copy: usize, own: &std::collections::HashSet<&str>) -> String {
    let (names, rest) = header.split_once(']').unwrap_or((header, ""));
    match names.split_once(':') {
        Some((name, parent)) if own.contains(parent) => {
            format!("[{name}-{copy}:{parent}-{copy}]{rest}")
        }
        Some((name, parent)) => format!("[{name}-{copy}:{parent}]{rest}"),
        None => format!("[{names}-{copy}]{rest}"),
    }
}
