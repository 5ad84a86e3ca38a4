//! The built-in variants' rules as recorded from the engine (`builtin_rules.tsv`, made by
//! `record_builtin_rules.py`).

use std::sync::{Arc, OnceLock};

use super::{PieceSet, PieceType, Rules};

impl Rules {
    /// A built-in variant's rules, as the engine has them, shared by every board that
    /// inherits them unchanged.
    pub fn built_in_shared(name: &str) -> Option<Arc<Rules>> {
        static TABLE: OnceLock<Vec<(String, Arc<Rules>)>> = OnceLock::new();
        TABLE
            .get_or_init(|| {
                include_str!("../builtin_rules.tsv")
                    .lines()
                    .skip(1)
                    .filter_map(rules)
                    .map(|(name, rules)| (name, Arc::new(rules)))
                    .collect()
            })
            .iter()
            .find(|(known, _)| known == name)
            .map(|(_, rules)| Arc::clone(rules))
    }
}

/// One line of `builtin_rules.tsv`.
pub(super) fn rules(line: &str) -> Option<(String, Rules)> {
    let columns: Vec<&str> = line.split('\t').collect();
    let [
        name,
        pieces,
        synonyms,
        king_type,
        promotion_white,
        promotion_black,
        promoted,
        piece_drops,
        seirawan_gating,
        free_drops,
        castling,
        castling_dropped_piece,
        chess960,
        castling_rank,
        king_white,
        king_black,
        rooks_white,
        rooks_black,
        double_step,
        counting,
        check_counting,
    ] = columns.as_slice()
    else {
        return None;
    };
    let set = |text: &str| {
        let mut set = PieceSet::default();
        text.split(' ')
            .filter(|n| *n != "-")
            .filter_map(PieceType::named)
            .for_each(|p| set.insert(p));
        set
    };
    let flag = |text: &str| text == "true";
    let mut rules = Rules::without_parent();
    for (piece, letter) in pairs(pieces) {
        rules.letters[PieceType::named(piece)?.index()] = *letter.as_bytes().first()?;
    }
    for (piece, letter) in pairs(synonyms) {
        Arc::make_mut(&mut rules.synonyms)[PieceType::named(piece)?.index()] =
            *letter.as_bytes().first()?;
    }
    for (from, to) in pairs(promoted) {
        Arc::make_mut(&mut rules.promoted)[PieceType::named(from)?.index()] = PieceType::named(to)?;
    }
    rules.king_type = PieceType::named(king_type)?;
    rules.promotion_types = [set(promotion_white), set(promotion_black)];
    rules.piece_drops = flag(piece_drops);
    rules.seirawan_gating = flag(seirawan_gating);
    rules.free_drops = flag(free_drops);
    rules.castling = flag(castling);
    rules.castling_dropped_piece = flag(castling_dropped_piece);
    rules.chess960 = flag(chess960);
    rules.castling_rank = castling_rank.parse::<i32>().ok()? - 1;
    rules.castling_king = [PieceType::named(king_white)?, PieceType::named(king_black)?];
    rules.castling_rooks = [set(rooks_white), set(rooks_black)];
    rules.double_step = flag(double_step);
    rules.double_step_regions = [rules.double_step; 2];
    rules.counting = *counting != "none";
    rules.check_counting = flag(check_counting);
    Some(((*name).to_owned(), rules))
}

/// `name=value` pairs, space-separated, `-` for none.
fn pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(' ')
        .filter(|pair| *pair != "-")
        .filter_map(|pair| pair.split_once('='))
}
