//! Issue 55: the variant at a glance, `K` on section headers of real variants files.

use std::path::Path;

use serde_json::Value;

use super::{tool, workspace};

/// Section headers of the shared corpus's real variants files, each file and the header's
/// text: a board of 8×8 and one of 10×10 inheriting a built-in variant, and one of 8×8 with
/// pieces of its own.
pub(super) const GLANCE: [(&str, &str, &str); 3] = [
    (
        "fairy-stockfish-variants.ini",
        "[allwayspawns:chess]",
        "a b c d e f g h",
    ),
    (
        "pychess-variants.ini",
        "[grandhouse:grand]",
        "a b c d e f g h i j",
    ),
    ("pychess-variants.ini", "[cwda:chess]", "a b c d e f g h"),
];

/// Copies the corpus files of [`GLANCE`] into `folder` and returns where their headers are,
/// `path:line` parted by `;` (empty, and said as a missing tool, without the corpus).
pub(super) fn glance_headers(folder: &Path) -> String {
    let shared = workspace().join("../shared/corpus");
    if !shared.is_dir() {
        tool::missing(&format!(
            "{} is absent: the glance on real variants files goes unchecked",
            shared.display()
        ));
        return String::new();
    }
    std::fs::create_dir_all(folder).expect("corpus folder");
    let mut headers = Vec::new();
    for (name, header, _) in GLANCE {
        let text = std::fs::read_to_string(shared.join(name)).expect("reads the corpus file");
        let path = folder.join(name);
        std::fs::write(&path, &text).expect("copies the corpus file");
        let line = text
            .lines()
            .position(|l| l.trim_end() == header)
            .unwrap_or_else(|| panic!("{name} has no `{header}`"));
        headers.push(format!("{}:{}", path.display(), line + 1));
    }
    headers.join(";")
}

/// Issue 55: `K` on each header of [`GLANCE`] shows the start position drawn (rank 1 and the
/// files' letters) and the pieces listed.
pub(super) fn check_glance(result: &Value, label: &str) {
    let Some(glance) = result["glance"].as_object() else {
        return;
    };
    for (name, header, files) in GLANCE {
        let variant = header[1..].split(':').next().unwrap_or_default();
        let title = format!("Variant `{variant}`");
        let Some((_, float)) = glance
            .iter()
            .find(|(entry, float)| entry.contains(name) && float.to_string().contains(&title))
        else {
            panic!("{label}: no glance for {header} in {name}: {glance:?}");
        };
        let lines: Vec<&str> = float
            .as_array()
            .map(|l| l.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let shown = lines.join("\n");
        assert!(
            lines.iter().any(|l| l.starts_with("Start position ("))
                && lines.iter().any(|l| l.trim_start().starts_with("1 "))
                && lines.iter().any(|l| l.trim() == files)
                && lines.iter().any(|l| l.starts_with("Pieces:")),
            "{label}: K on {header} of {name} should show the start position and the pieces:\n{shown}"
        );
    }
}
