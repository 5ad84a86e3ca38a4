//! What the modifiers of an MBN term say about each of its moves, read letter by letter and
//! then applied to every path the term makes.

use super::directions::selects;
use super::leapers::leap_over;
use super::path::{Ends, Path};
use super::{Lower, regions, sets};
use crate::model::piece_set::LegSets;
use crate::model::{Initial, LONGEST_LINE, Lameness, Leg, LegSteps, Modes, Reach, Step, Wrap};
use crate::notation::mbn::ast;
use crate::notation::mbn::vocabulary::{Directional, Modifier, ModifierLetters};

/// What a term's modifiers say about each of its moves.
#[derive(Debug, Default)]
pub(super) struct Modifiers {
    /// Directional modifiers, each selecting among the first leg's steps.
    pub(super) directions: Vec<Directional>,
    /// What the last leg may do, when a mode letter is written.
    pub(super) modes: Option<Modes>,
    pub(super) initial: Initial,
    /// `n`: leaps may be blocked.
    pub(super) lame: bool,
    /// `p` and its forms: the last leg hops over pieces and goes on.
    pub(super) hurdles: Option<Hurdles>,
    /// Piece sets after `c`, `p`, `j`, `w` (seed 002, "Piece Sets").
    pub(super) sets: LegSets,
    /// `g`: a slide that leaps over what stands between.
    pub(super) leaping: bool,
    pub(super) wrap: Wrap,
}

/// How many pieces `p` hops over (seed 002): "p Must hop over any single hurdle … When doubled
/// (pp) it must hop over any number of hurdles (but at least one) … This modifier can be
/// declared as optional" (`p?`, `pp?`: none at all too, "the latter is a slide").
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Hurdles {
    many: bool,
    optional: bool,
}

/// The most pieces a slide can hop over: the squares between the ends of the longest line.
const MOST_HURDLES: usize = LONGEST_LINE - 1;

impl Modifiers {
    /// Reads one modifier other than a direction; `false` for one that needs more than a
    /// diagram of one piece.
    pub(super) fn read(&mut self, letters: ModifierLetters) -> bool {
        let mut mode =
            |set: &dyn Fn(&mut Modes)| set(self.modes.get_or_insert_with(Modes::default));
        match (letters.modifier, letters.doubled, letters.any) {
            (Modifier::Move, false, false) => mode(&|m| m.to_empty = true),
            (Modifier::Capture, false, false) => mode(&|m| m.capture_enemy = true),
            (Modifier::Capture, true, false) => mode(&|m| m.capture_friend = true),
            (Modifier::Capture, false, true) => mode(&|m| {
                m.capture_enemy = true;
                m.capture_friend = true;
            }),
            (Modifier::All, false, false) => mode(&|m| {
                m.to_empty = true;
                m.capture_enemy = true;
            }),
            (Modifier::EnPassant, false, false) => mode(&|m| m.en_passant = true),
            // "j … move to any opponent piece, but without capturing (visit a piece) … When
            // doubled (jj) any friendly piece … (jy) any piece".
            (Modifier::Visit, false, false) => mode(&|m| {
                m.hop = true;
                m.hop_enemy_only = true;
            }),
            (Modifier::Visit, true, false) => mode(&|m| {
                m.hop = true;
                m.tame = true;
            }),
            (Modifier::Visit, false, true) => mode(&|m| m.hop = true),
            // "w … the position of the piece at destination square will be swapped with the
            // piece at starting square … If doubled (ww) then swapping will be done only with
            // friendly pieces. And if suffixed with y (wy) … with all pieces."
            (Modifier::Swap, false, false) => mode(&|m| m.swap_enemy = true),
            (Modifier::Swap, true, false) => mode(&|m| m.swap_friend = true),
            (Modifier::Swap, false, true) => mode(&|m| {
                m.swap_enemy = true;
                m.swap_friend = true;
            }),
            (Modifier::Initial, false, false) => self.initial = Initial::FirstMove,
            (Modifier::Initial, true, false) => self.initial = Initial::FromStartSquare,
            (Modifier::NonJumping, false, false) => self.lame = true,
            (Modifier::Hop, many, false) => {
                self.hurdles = Some(Hurdles {
                    many,
                    optional: false,
                });
            }
            (Modifier::LeapingSlider, false, false) => self.leaping = true,
            // "o This modifier makes the move cylindrical … If doubled (oo) also the top and
            // bottom edges of the board will be connected."
            (Modifier::Cylinder, false, false) => self.wrap = Wrap::Cylinder,
            (Modifier::Cylinder, true, false) => self.wrap = Wrap::Torus,
            _ => return false,
        }
        true
    }

    /// The paths the modifiers make of one: its first leg's steps selected by the directions,
    /// the initial-only flag, lameness and wrapping on its legs, the written modes on its last
    /// leg, and with `p` a hop over a piece there (`pp`, `p?`: a path for each count of pieces).
    pub(super) fn apply_to(&self, mut path: Path) -> Vec<Path> {
        // A group's own letters stay its path's when none are written outside it: `((fr)K)0*`
        // turns `(fr)` at every repeat.
        if !self.directions.is_empty() {
            path.directions.clone_from(&self.directions);
        }
        if self.initial != Initial::Always {
            path.initial = self.initial;
        }
        // `t` and `z` turn from the leg before: the leg keeps its steps for the join to turn.
        if let Some(first) = path.legs.first_mut()
            && !self.directions.is_empty()
            && !self.directions.iter().any(|d| d.turns_from_before())
            && let LegSteps::Absolute(steps) = &first.steps
        {
            let kept: Vec<Step> = steps
                .iter()
                .copied()
                .filter(|s| self.directions.iter().any(|d| selects(*d, *s)))
                .collect();
            first.steps = LegSteps::Absolute(kept);
        }
        for leg in &mut path.legs {
            if self.lame && leg.reach == Reach::Steps(1) {
                leg.lame = Some(Lameness::ShortestPaths);
            }
            if self.wrap != Wrap::None {
                leg.wrap = self.wrap;
            }
        }
        // "e … In conjunction with m: this move allows capturing en passant by the opponent":
        // e.p. rights on the squares it passes, no capture of its own.
        let gives_ep = self
            .modes
            .is_some_and(|m| m.en_passant && m.to_empty && !m.capture_enemy);
        if gives_ep {
            for leg in &mut path.legs {
                leg.ep_rights = true;
            }
        }
        if self.sets != LegSets::default()
            && let Some(last) = path.legs.last_mut()
        {
            last.sets = Some(Box::new(self.sets.clone()));
        }
        if let (Some(modes), Some(last)) = (self.modes, path.legs.last_mut()) {
            let swaps = modes.swap_enemy || modes.swap_friend;
            last.modes = Modes {
                // "w Instead of capturing this piece it will swap": `wK` still moves to an
                // empty square ("Move to any adjacent square. If this square is occupied…").
                to_empty: modes.to_empty || (swaps && !modes.capture_enemy),
                capture_enemy: modes.capture_enemy || (modes.en_passant && !modes.to_empty),
                en_passant: modes.en_passant && !gives_ep,
                ..modes
            };
            last.default_modes = false;
        }
        let mut paths = match self.hurdles {
            Some(hurdles) => hopping(path, hurdles),
            None => vec![path],
        };
        for path in &mut paths {
            path.ends = Ends::of(&path.legs);
        }
        paths
    }
}

impl Lower {
    /// Applies a term's modifiers to its moves' paths; `false` when one cannot be drawn.
    pub(super) fn apply(
        &mut self,
        modifications: &[ast::Modification],
        paths: &mut Vec<Path>,
        term: &ast::Term,
    ) -> bool {
        if !modifications.is_empty() && paths.iter().any(|p| p.universal) {
            self.skip(
                term.text_range(),
                "modifiers on the universal leaper `U` are not drawn yet",
            );
            return false;
        }
        let Some(mut read) = self.modifiers(modifications) else {
            return false;
        };
        if let Some(limited) = self.qualify(modifications, &mut read) {
            self.skip(term.text_range(), &not_drawn(limited));
            return false;
        }
        if read.hurdles.is_some() && !paths.iter().all(hops_one_square_between) {
            self.skip(
                term.text_range(),
                "`p` on a leap other than over one square between (D, A) is not drawn yet",
            );
            return false;
        }
        if read.leaping && !paths.iter_mut().all(leap_over) {
            self.skip(
                term.text_range(),
                "`g` on a move that is not a single slide is not drawn yet",
            );
            return false;
        }
        *paths = std::mem::take(paths)
            .into_iter()
            .flat_map(|path| read.apply_to(path))
            .collect();
        self.spend(paths.iter().map(|p| p.legs.len()).sum());
        true
    }

    /// Reads into `read` what qualifies the modifiers (a range of the board, `?`, a piece
    /// set); the first modifier whose qualifier is not drawn, if any.
    fn qualify<'m>(
        &mut self,
        modifications: &'m [ast::Modification],
        read: &mut Modifiers,
    ) -> Option<&'m ast::Modifier> {
        modifications
            .iter()
            .find_map(|modification| match modification {
                ast::Modification::Letter(modifier) if !self.qualifies(modifier, read) => {
                    Some(modifier)
                }
                _ => None,
            })
    }

    /// Reads what qualifies one modifier; `false` when it is not drawn.
    fn qualifies(&mut self, modifier: &ast::Modifier, read: &mut Modifiers) -> bool {
        if let Some(range) = modifier.board_range() {
            return board_range(modifier, &range, read);
        }
        if modifier.is_optional() {
            let hop = modifier
                .letters()
                .is_some_and(|l| l.modifier == Modifier::Hop);
            match read.hurdles.as_mut().filter(|_| hop) {
                Some(hurdles) => hurdles.optional = true,
                None => return false,
            }
        }
        match modifier.piece_set() {
            Some(set) => self.piece_set(modifier, &set, read),
            None => true,
        }
    }

    /// The piece set after a modifier, read into `read`; `false` when it is not drawn.
    fn piece_set(
        &mut self,
        modifier: &ast::Modifier,
        set: &ast::PieceSet,
        read: &mut Modifiers,
    ) -> bool {
        let modifier_letter = modifier.letters().map(|l| l.modifier);
        // "e … A piece set may follow, defining the pieces which can be captured en passant
        // (default is: this piece themself)": which piece made the double step needs a
        // game, so any e.p. capture is drawn and the set said.
        if modifier_letter == Some(Modifier::EnPassant) {
            self.skip(
                modifier.text_range(),
                &format!(
                    "captures en passant only pieces of `{}`; which piece gave the e.p. \
                     rights needs a game, so any e.p. capture is drawn",
                    set.syntax().text()
                ),
            );
            return true;
        }
        // Sets on what a leg does where it lands are drawn (`a{^C}`: "useful when we want
        // to restrict either the move-only or the capture-only capability", its captures);
        // the rest (`m`, `g`, `k`, optional modifiers other than `p?`) needs a game.
        let slot = match modifier_letter {
            Some(Modifier::Capture | Modifier::All) => Some(&mut read.sets.capture),
            Some(Modifier::Hop | Modifier::Visit) => Some(&mut read.sets.hop),
            Some(Modifier::Swap) => Some(&mut read.sets.swap),
            _ => None,
        };
        match slot {
            Some(slot) if slot.is_none() => {
                *slot = Some(sets::piece_set(set));
                true
            }
            _ => false,
        }
    }

    /// What a term's modifiers say, or `None` (and said) at a letter that cannot be drawn.
    fn modifiers(&mut self, modifications: &[ast::Modification]) -> Option<Modifiers> {
        let mut read = Modifiers::default();
        for modification in modifications {
            if let Some(directional) = modification.directional() {
                read.directions.push(directional);
            } else if let ast::Modification::Letter(modifier) = modification
                && let Some(letters) = modifier.letters()
                && !read.read(letters)
            {
                self.skip(
                    modifier.text_range(),
                    &format!("`{letters}` needs more than a diagram of one piece can show"),
                );
                return None;
            }
        }
        Some(read)
    }
}

/// A range of the board after a modifier, read into `read`: `o[b,g]`, whose files make a
/// cylinder of their own, is drawn; `false` for any other.
fn board_range(modifier: &ast::Modifier, range: &ast::BoardRange, read: &mut Modifiers) -> bool {
    let cylinder = modifier
        .letters()
        .is_some_and(|l| l.modifier == Modifier::Cylinder && !l.doubled && !l.any);
    match regions::files_of(range).filter(|_| cylinder) {
        Some((first, last)) => {
            read.wrap = Wrap::Files { first, last };
            true
        }
        None => false,
    }
}

/// Why a term is not drawn, said of the modifier whose qualifier is not.
fn not_drawn(limited: &ast::Modifier) -> String {
    let letters = limited.letters().map(|l| l.to_string()).unwrap_or_default();
    let optional = if limited.is_optional() { "?" } else { "" };
    let why = if limited.board_range().is_some() {
        "its range of the board is not drawn yet"
    } else if limited.is_optional() && limited.piece_set().is_none() {
        "an optional modifier other than `p?` is not drawn yet"
    } else {
        "a set on this modifier needs a game to decide, and is not drawn"
    };
    let written = limited.syntax().text().to_string();
    let letters = format!("{letters}{optional}");
    let label = if written == letters {
        format!("`{written}`")
    } else {
        format!("`{written}`: `{letters}`")
    };
    format!("{label}: {why}")
}

/// `p` on a leap with one square between (D, A) jumps a piece there; any other leap has no
/// such square, or several where "any single hurdle" may stand.
fn hops_one_square_between(path: &Path) -> bool {
    path.legs.last().is_none_or(|leg| {
        leg.reach != Reach::Steps(1)
            || matches!(&leg.steps, LegSteps::Absolute(steps) if steps.iter().all(|s| {
                s.king_distance() == 2 && s.dx % 2 == 0 && s.dy % 2 == 0
            }))
    })
}

/// `path` hopping over pieces with its last leg: a leap over the one square between (`pD`)
/// must jump a piece there ("the hurdle can be anywhere in the path"); a slide hops one piece
/// and goes on beyond it, or for `pp` one path for each count of pieces, each hop-off leg
/// hopping again; `?` keeps the move without a hop too (`apply` keeps other leaps from here).
fn hopping(mut path: Path, hurdles: Hurdles) -> Vec<Path> {
    let Some(last) = path.legs.pop() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if hurdles.optional {
        let mut plain = path.clone();
        plain.legs.push(last.clone());
        out.push(plain);
    }
    if last.reach == Reach::Steps(1) {
        path.legs.push(Leg {
            jumping: true,
            ..last
        });
        out.push(path);
        return out;
    }
    let most = if hurdles.many { MOST_HURDLES } else { 1 };
    let mut off = last;
    for _ in 0..most {
        let [mount, hop_off] = off.hopping(false);
        path.legs.push(mount);
        let mut hopped = path.clone();
        hopped.legs.push(hop_off.clone());
        out.push(hopped);
        off = hop_off;
    }
    out
}
