//! A term of MBN (seed 002): its moves, with the prefixes, restrictions and modifiers written
//! around them. The elements are sorted first, by what they do and where they stand, and
//! then laid on every path the moves make; an element that needs a game leaves the whole term
//! out of the drawing, said.

use super::path::Path;
use super::{Lower, conditions, regions, rules};
use crate::model::region::Regions;
use crate::notation::mbn::ast;
use crate::notation::mbn::vocabulary::Operator;

/// A term's elements, sorted by what they do.
#[derive(Default)]
struct Sorted {
    /// The setup operator `!` before it all: the piece is set back where it stood.
    setup: bool,
    /// The board ranges, conditions and attacking sets its moves are limited by.
    limits: Regions,
    modifications: Vec<ast::Modification>,
    moves: Vec<ast::Move>,
}

impl Sorted {
    /// Whether an element read now is a prefix: it comes before every modifier and move.
    fn at_prefix(&self) -> bool {
        self.moves.is_empty() && self.modifications.is_empty()
    }
}

impl Lower {
    /// Prefix operators, restrictions, modifiers and juxtaposed moves.
    pub(super) fn term(&mut self, term: &ast::Term) -> Vec<Path> {
        let Some(sorted) = self.sort(term) else {
            return Vec::new();
        };
        let mut paths = Vec::new();
        for a_move in &sorted.moves {
            let mut inner = self.a_move(a_move);
            if !self.apply(&sorted.modifications, &mut inner, term) {
                return Vec::new();
            }
            for path in &mut inner {
                limit(&mut path.regions, &sorted.limits);
            }
            paths.extend(inner);
        }
        if sorted.setup {
            return self.set_back(paths, term);
        }
        paths
    }

    /// The term's elements sorted by what they do, or `None` when one needs a game to act
    /// in (said): an operator other than a leading `!`, or a restriction the board cannot
    /// decide.
    fn sort(&mut self, term: &ast::Term) -> Option<Sorted> {
        let mut sorted = Sorted::default();
        for element in term.elements() {
            match element {
                // "The setup operator … will be used as a prefix, preceding any modifier, and
                // preceding any range operator".
                ast::TermElement::Operator(Operator::Setup)
                    if !sorted.setup && sorted.at_prefix() =>
                {
                    sorted.setup = true;
                }
                ast::TermElement::Operator(operator) => {
                    self.skip(
                        term.text_range(),
                        &format!(
                            "the `{}` operator needs a game to act in",
                            operator.symbol()
                        ),
                    );
                    return None;
                }
                ast::TermElement::Restriction(restriction) => {
                    if !self.restrict(term, restriction, &mut sorted) {
                        return None;
                    }
                }
                ast::TermElement::Modification(modification) => {
                    sorted.modifications.push(modification);
                }
                ast::TermElement::Move(a_move) => sorted.moves.push(a_move),
            }
        }
        Some(sorted)
    }

    /// Adds a restriction the board decides to the term's limits; `false` (said) for one that
    /// needs a game, or that stands where it means nothing the board decides.
    fn restrict(
        &mut self,
        term: &ast::Term,
        restriction: ast::Restriction,
        sorted: &mut Sorted,
    ) -> bool {
        match restriction {
            // A range the board decides limits the moves: before them where they start,
            // after them where they end.
            ast::Restriction::BoardRange(range) if let Some(region) = regions::region(&range) => {
                if sorted.moves.is_empty() {
                    sorted.limits.from.push(region);
                } else {
                    sorted.limits.to.push(region);
                }
            }
            ast::Restriction::Condition(written)
                if let Some(condition) = conditions::condition(&written) =>
            {
                sorted.limits.conditions.push(condition);
            }
            // "If a piece set is used as a prefix (before any modifier) then it means: do
            // this move only if the start square is attacked by any of the pieces in this
            // piece set."
            ast::Restriction::PieceSet(set)
                if sorted.at_prefix()
                    && !self.nested
                    && let Some(attackers) = self.attackers(&set) =>
            {
                sorted.limits.attacked_by.push(attackers);
            }
            restriction => {
                self.skip(
                    term.text_range(),
                    &rules::positional(&restriction, !sorted.moves.is_empty()),
                );
                return false;
            }
        }
        true
    }
}

/// Lays a term's limits on the regions of a path its moves make.
fn limit(regions: &mut Regions, limits: &Regions) {
    regions.from.extend(limits.from.iter().cloned());
    regions.to.extend(limits.to.iter().cloned());
    regions.conditions.extend(limits.conditions.iter().cloned());
    regions
        .attacked_by
        .extend(limits.attacked_by.iter().cloned());
}
