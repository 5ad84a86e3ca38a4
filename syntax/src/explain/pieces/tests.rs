use super::*;
use crate::Dialect;

/// A piece of several keeps the game its attacking sets look up (seed 002's
/// `K=K+{C}W2F2`, with `C=RN` the game's Chancellor; notes MB27).
#[test]
fn a_piece_of_a_game_reads_its_attackers_from_the_game() {
    let game = crate::BetzaString::new("C=RN K=K+{C}W2F2", Dialect::Mbn);
    let said = said_in_turn(&pieces(&game), |piece| piece.explanation().to_text());
    assert!(said.contains("C moving `RN` (its definition)"), "{said}");
    assert!(!said.contains("basic piece"), "{said}");
    let alone = crate::BetzaString::new("K=K+{C}W2F2", Dialect::Mbn);
    let said = said_in_turn(&pieces(&alone), |piece| piece.explanation().to_text());
    assert!(
        said.contains("C moving `:1,3:` (MBN's basic piece"),
        "{said}"
    );
}
