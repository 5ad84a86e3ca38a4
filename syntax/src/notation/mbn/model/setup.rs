//! The setup operator `!` (seed 002, "Setup Operator"): "after doing the succeeding move(s) set
//! this piece back to the setup square", so `!c{R}R` takes a rook and stays where it stood.

use super::Lower;
use super::path::Path;
use crate::model::{Leg, LegSteps, Modes, Reach};
use crate::notation::mbn::ast;

impl Lower {
    /// `paths`, each made by a term written after `!`, with the way back to the square where
    /// it started: the same line backwards, as far as it went ("In this simple case we could
    /// also use the expression mQ-{cK-tK}"). Where the piece was set down again is said, not
    /// drawn, for a move of several legs, a visit (`j`: the seed's `!cj{K}Q` is a rule that
    /// the kings may not face each other) and a move that only moves.
    pub(super) fn set_back(&mut self, paths: Vec<Path>, term: &ast::Term) -> Vec<Path> {
        let source = term.text_range();
        let why = if paths.iter().any(|p| p.legs.len() != 1) {
            Some(
                "the setup operator `!` on a move of several legs sets the piece back where it \
                 stood; not drawn yet",
            )
        } else if paths.iter().any(|p| p.legs.iter().any(|l| l.modes.hop)) {
            Some(
                "with a visit (`j`) the setup operator `!` states a condition on the position \
                 after the move (MBN description, \"Setup Operator\"; its `K[1-5]+!cj{K}Q` keeps the \
                 kings from facing each other across an open line): said, not drawn",
            )
        } else if paths
            .iter()
            .any(|p| !p.legs.iter().any(|l| l.modes.captures()))
        {
            Some(
                "the setup operator `!` on a move that takes nothing leaves the board as it \
                 was; not drawn",
            )
        } else {
            None
        };
        if let Some(why) = why {
            self.skip(source, why);
            return Vec::new();
        }
        paths
            .into_iter()
            .map(|mut path| {
                let reach = path.legs.first().map_or(Reach::Steps(1), |l| l.reach);
                let mut back = Leg::plain(LegSteps::Relative(vec![4]), reach, source);
                back.modes = Modes::MOVE;
                back.default_modes = false;
                // A slide comes back exactly as far as it went.
                back.iso = reach != Reach::Steps(1);
                path.legs.push(back);
                path.ends = super::path::Ends::of(&path.legs);
                path
            })
            .collect()
    }
}
