//! Whole-pipeline tests of `parse`: snapshot trees of every test_data input, the golden strings
//! of both engines, the real variant files, and properties that must hold for any input.

mod pathological;
mod properties;
mod snapshots;

/// The files of the real variant corpus (../shared/corpus, not copied into the project), sorted;
/// `None`, said on the terminal (a failure in CI), when the folder is absent.
pub(crate) fn shared_corpus_files() -> Option<Vec<std::path::PathBuf>> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        crate::tool::missing(&format!("{} is absent", folder.display()));
        return None;
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    Some(paths)
}

/// A position on 8x8: the piece (White, unmoved) on `from`, friends and enemies where given.
pub(crate) fn position_8x8(
    from: &str,
    friends: &[&str],
    enemies: &[&str],
) -> crate::board::Position {
    use crate::board::{BoardSize, Position, Side, Square};
    let squares = |names: &[&str]| -> Vec<Square> {
        names.iter().map(|s| s.parse().expect("square")).collect()
    };
    let size: BoardSize = "8x8".parse().expect("size");
    let from: Square = from.parse().expect("square");
    Position::new(
        size,
        from,
        Side::White,
        false,
        &squares(friends),
        &squares(enemies),
    )
    .expect("position")
}

/// The squares a piece reaches straight up the d-file from d4 on 8x8, with friends and enemies
/// where given: the one line most move tests need to look at.
pub(crate) fn north_from_d4(
    text: &str,
    dialect: crate::Dialect,
    friends: &[&str],
    enemies: &[&str],
) -> Vec<String> {
    let position = position_8x8("d4", friends, enemies);
    let piece = crate::registry::lower(&crate::parse(text, dialect).piece(), dialect);
    let mut north: Vec<String> = crate::board::generate(&piece, &position)
        .destinations()
        .iter()
        .map(ToString::to_string)
        .filter(|s| s.starts_with('d') && s.as_str() > "d4")
        .collect();
    north.sort();
    north
}
