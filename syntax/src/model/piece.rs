//! A piece as the model holds it: its moves, each made of legs, and where a move may start and
//! end. A move's attackers are moves themselves, so the limits live here beside the move.

use rowan::TextRange;

use super::region::{Condition, Region};
use super::{Step, engine, piece_set};
use crate::Dialect;

/// A piece: the union of its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub dialect: Dialect,
    pub moves: Vec<Move>,
    /// Some moves were not built: a repeat group had more expansions than are built
    /// ([`repeat::EXPANSION_LIMIT`](super::repeat::EXPANSION_LIMIT), [`repeat::PIECE_EXPANSION_LIMIT`](super::repeat::PIECE_EXPANSION_LIMIT)), or a dialect's own bound.
    pub incomplete: bool,
    /// Parts of the text the model does not draw, with the reason (MBN's rules of the game).
    pub not_drawn: Vec<(TextRange, String)>,
    /// In a reading that stores the piece as its engine does (Fairy-Stockfish's): the stored
    /// piece, which its moves are generated from.
    pub engine: Option<Box<engine::EnginePiece>>,
    /// How the board walks the moves, as the notation's lowering says.
    pub walk: WalkRules,
}

/// What a notation says of how its moves are walked on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WalkRules {
    /// Directions are each player's own, so black's moves are white's mirrored.
    pub mirrors_for_black: bool,
    /// A move may end on its start square only where the notation allows it.
    pub forbids_return_to_start: bool,
}

/// How often an unlimited repetition (an MBN complex rider, a chained exponent `0`) is
/// unrolled: a line of the largest board.
pub(crate) const LONGEST_LINE: usize = 25;

/// Every orientation of the leaps `(a, b)`: both orders, all four signs, each once.
pub(crate) fn orientations(leaps: &[(i8, i8)]) -> Vec<Step> {
    let mut steps = Vec::new();
    for &(a, b) in leaps {
        for (x, y) in [(a, b), (b, a)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let step = Step::new(x * sx, y * sy);
                if !steps.contains(&step) && (x, y) != (0, 0) {
                    steps.push(step);
                }
            }
        }
    }
    steps
}

impl Piece {
    /// Whether the piece has nothing to generate: no move, or nothing stored by the engine.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty() && self.engine.as_ref().is_none_or(|engine| engine.is_empty())
    }

    /// The moves built from each written move, by its source range (a repeat group gives
    /// several), so callers that walk the written moves find theirs without a search each.
    pub fn by_source(&self) -> std::collections::HashMap<TextRange, Vec<&Move>> {
        let mut map: std::collections::HashMap<TextRange, Vec<&Move>> =
            std::collections::HashMap::new();
        for a_move in &self.moves {
            map.entry(a_move.source).or_default().push(a_move);
        }
        map
    }
}

/// One move of a piece.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    pub kind: MoveKind,
    /// `i`: only on the piece's first move; `ii`: only from a square where its type started.
    pub initial: Initial,
    /// The legs, in order; the last one ends the move.
    pub legs: Vec<Leg>,
    /// The squares it may start from and end on, where the notation limits them (MBN).
    pub regions: Regions,
    pub source: TextRange,
}

/// Where a move may start and end: every range given must hold (nested ranges intersect:
/// "[1-4](K+[1]N) is equivalent to [1-4]K+[1]N").
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Regions {
    pub from: Vec<Region>,
    pub to: Vec<Region>,
    /// MBN's edge rider (`W*`, `B*`): the move ends where its line leaves the board.
    pub to_edge: bool,
    /// MBN's conditions on the position (`/Ta1/W`): each must hold for the move.
    pub conditions: Vec<Condition>,
    /// MBN's piece set before a move (`K=K+{C}W2F2`): the move only if an enemy of the set
    /// attacks the piece's square.
    pub attacked_by: Vec<Attackers>,
}

/// A piece set whose pieces must attack the moving piece's square, each type with the moves
/// it attacks by (its definition in the same text, or MBN's basic piece of its letter).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Attackers {
    pub set: piece_set::PieceSet,
    pub movers: Vec<(String, Vec<Move>)>,
    /// Where each type's moves come from, said in the explanation ("C: RN, its definition").
    pub said: Vec<String>,
}

impl Regions {
    pub fn is_empty(&self) -> bool {
        self.from.is_empty()
            && self.to.is_empty()
            && !self.to_edge
            && self.conditions.is_empty()
            && self.attacked_by.is_empty()
    }
}

/// What sort of move it is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Leaps or slides described by its legs.
    Legs,
    /// `U`: a leap to every square of the board but its own, in these modes (seed 000 lists
    /// `d` and `U` side by side: `dU` goes to every friend, `mU` to every empty square).
    Universal(Modes),
    /// `O<n>`: castling with the piece at the board edge, the king moving `n` squares (2 when
    /// no range is written) along one of `directions` (sideways steps).
    Castling {
        king_step: u32,
        directions: Vec<Step>,
        /// `j`: the partner is not the farthest piece but the next one in.
        next_closer: bool,
    },
    /// `I`: the moves of the piece type that moved last; none without a game.
    Imitator,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Initial {
    #[default]
    Always,
    FirstMove,
    FromStartSquare,
}

/// How far a leg may go along one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reach {
    /// At most this many steps (1 for a leaper).
    Steps(u32),
    Unlimited,
    /// `*`: as many steps as there are ranks between the square and the enemy half, at least 1.
    ToEnemyHalf,
}

impl Reach {
    /// Range toggling (seed 000): "continuing slider as leaper, and vice versa".
    pub(crate) fn toggled(self) -> Reach {
        match self {
            Reach::Steps(1) => Reach::Unlimited,
            _ => Reach::Steps(1),
        }
    }
}

/// Where a leg's steps point.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LegSteps {
    /// In white's orientation (black rotates them 180°): the first leg.
    Absolute(Vec<Step>),
    /// Turns from the previous leg's step, in eighths of a full turn clockwise (0 is straight
    /// on, 4 straight back): a continuation leg with direction letters, or a hidden hop-off.
    Relative(Vec<u8>),
    /// A continuation leg without direction letters: every turn that keeps the atom's own
    /// directions, landing only on squares the move has not visited (seed 000: "all directions
    /// belonging to the atom, except to squares that it already visited on an earlier leg (or
    /// the square it started from)").
    Unvisited(Vec<u8>),
    /// A continuation leg with `q` or `z` among its direction letters (seed 000: "q in leg
    /// after s or oblique leap breaks symmetry stands for l or r in same direction as previous
    /// bend"; `z` for the opposite one): the turns when the previous leg bent right, and when it
    /// bent left. A previous leg that did not bend leaves no turn.
    Chiral {
        after_right: Vec<u8>,
        after_left: Vec<u8>,
        /// The turns after a leg that did not bend: none in XBetza; MBN's `z` after a
        /// diagonal step reflects it either way (notes MB29).
        unbent: Vec<u8>,
        /// `q` (the same way) rather than `z` (the other way).
        same_way: bool,
    },
}

/// What a leg may do on the square where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Modes {
    /// `m`: move to an empty square.
    pub to_empty: bool,
    /// `c`: capture an enemy.
    pub capture_enemy: bool,
    /// `d`: capture a friend.
    pub capture_friend: bool,
    /// `e`: capture en passant.
    pub en_passant: bool,
    /// `p` or `g` on a leg that a hidden or written leg follows: end on an occupied square and
    /// leave it alone.
    pub hop: bool,
    /// `k`: may capture a royal piece.
    pub royal: bool,
    /// `x`: on a non-final leg, the friend there makes the remaining legs (induction); on a
    /// final leg, the piece borrows that friend's moves.
    pub excite: bool,
    /// `t`: may not capture a royal piece; a hop may only mount a friendly piece.
    pub tame: bool,
    /// A hop may only mount an enemy piece (chained Betza's `!`).
    pub hop_enemy_only: bool,
    /// MBN's `w` (`wy` both): land on an enemy and swap places with it instead of taking it.
    pub swap_enemy: bool,
    /// MBN's `ww` (`wy` both): swap places with a friend.
    pub swap_friend: bool,
}

impl Modes {
    /// `mc`: the default of a final leg.
    pub const MOVE_OR_CAPTURE: Modes = Modes {
        to_empty: true,
        capture_enemy: true,
        capture_friend: false,
        en_passant: false,
        hop: false,
        royal: false,
        excite: false,
        tame: false,
        hop_enemy_only: false,
        swap_enemy: false,
        swap_friend: false,
    };

    /// `m`: the default of a non-final leg.
    pub const MOVE: Modes = Modes {
        capture_enemy: false,
        ..Modes::MOVE_OR_CAPTURE
    };

    pub fn is_empty(self) -> bool {
        self == Modes::default()
    }

    /// Whether the leg may take a piece where it ends.
    pub fn captures(self) -> bool {
        self.capture_enemy || self.capture_friend || self.en_passant
    }

    /// Whether the leg may take a friend (`friend`) or an enemy standing where it ends.
    pub fn takes(self, friend: bool) -> bool {
        if friend {
            self.capture_friend
        } else {
            self.capture_enemy
        }
    }

    /// Whether the leg may swap places with a friend (`friend`) or an enemy (MBN's `w`).
    pub fn swaps_with(self, friend: bool) -> bool {
        if friend {
            self.swap_friend
        } else {
            self.swap_enemy
        }
    }

    /// Whether a final leg with these modes can end anywhere: on an empty square, or on a
    /// piece it takes or swaps places with.
    pub fn ends_somewhere(self) -> bool {
        self.to_empty
            || self.capture_enemy
            || self.capture_friend
            || self.swap_enemy
            || self.swap_friend
    }
}

/// Which squares can block a lame (`n`) leap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lameness {
    /// XBetza: the leap is blocked only if every geometrically shortest path of king steps has
    /// an occupied square (seed 000: "all geometrically shortest paths to a destination").
    ShortestPaths,
}

/// How a bent rider turns between its steps (seed 000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bend {
    /// `q`: "rider bends 45-degrees in same direction on every step (qN = Rose)".
    Circular,
    /// `z`: "rider bends 90-degrees in opposit directions on every step (zB = Crooked Bishop)".
    ZigZag,
}

/// Wrapping at the board edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Wrap {
    #[default]
    None,
    /// `o`: left and right edges meet.
    Cylinder,
    /// `oo`: both pairs of edges meet.
    Torus,
    /// MBN's `o[b,g]`: the files from `first` to `last` (counted from 0) make a cylinder of
    /// their own ("the b and g files are connected"); a piece outside them does not wrap.
    Files { first: u8, last: u8 },
}

/// One leg of a move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Leg {
    pub steps: LegSteps,
    pub reach: Reach,
    pub modes: Modes,
    /// No mode letter was written: the modes are the default of the leg's place.
    pub default_modes: bool,
    /// `n`: may be blocked on the way, and how.
    pub lame: Option<Lameness>,
    /// The leg creates e.p. rights (seed 000): `n` on a stepper or slider of W or F, or `in`
    /// or `nn` on a leaper, on the squares where it could be blocked.
    pub ep_rights: bool,
    /// `j`: on a slider, skips the first square; on a leaper, must jump over something.
    pub jumping: bool,
    /// `u`: the piece this move captures reappears where this leg started.
    pub unload: bool,
    pub wrap: Wrap,
    /// Not written: the hop-off leg that `p` and `g` imply.
    pub hidden: bool,
    /// `g` or `y`: the next leg's reach is toggled (rider ↔ leaper).
    pub toggles_next: bool,
    /// `i` on a continuation leg: exactly as many steps as the previous slider leg.
    pub iso: bool,
    /// `q` or `z` on the first leg: a rider that bends on every step.
    pub bend: Option<Bend>,
    /// `o` on a non-final leg (seed 000): the leg ends on the first square past the board edge
    /// along its line, from where the next leg comes back.
    pub ends_off_board: bool,
    /// MBN's `{}` leg (seed 002): taken exactly when it is open where the leg before ended;
    /// when it is blocked it "does not belong to the move", which goes on without it.
    pub when_open: bool,
    /// On the first leg of a `{}` part: how many legs the part has (skipped together).
    pub brace_legs: usize,
    /// MBN's piece sets on the leg's modes (`c{L}`): which pieces it may take, hop, swap.
    pub sets: Option<Box<piece_set::LegSets>>,
    pub source: TextRange,
}

impl Leg {
    /// A leg that goes `steps` up to `reach` and may move or capture where it ends (the
    /// default of a final leg), with no other property.
    pub(crate) fn plain(steps: LegSteps, reach: Reach, source: TextRange) -> Leg {
        Leg {
            steps,
            reach,
            modes: Modes::MOVE_OR_CAPTURE,
            default_modes: true,
            lame: None,
            ep_rights: false,
            jumping: false,
            unload: false,
            wrap: Wrap::None,
            hidden: false,
            toggles_next: false,
            iso: false,
            bend: None,
            ends_off_board: false,
            when_open: false,
            brace_legs: 0,
            sets: None,
            source,
        }
    }

    /// `pR` is `pafR` and `gQ` is `gafQ` (seed 000): a leg that ends on the mount, then a hidden
    /// leg straight on, which takes the move's other modes. `g` toggles the hidden leg's reach
    /// (a rider hops off as a leaper, a leaper as a rider: gK is the Contra-Grasshopper). Every
    /// dialect's hopper lowers to these two legs.
    pub(crate) fn hopping(mut self, grasshop: bool) -> [Leg; 2] {
        let hop_off_reach = if grasshop {
            self.reach.toggled()
        } else {
            self.reach
        };
        let hop_off = Leg {
            steps: LegSteps::Relative(vec![0]),
            reach: hop_off_reach,
            modes: self.modes,
            default_modes: self.default_modes,
            // "an npDD on a1 can hop over a mount on a3 or a5, but not over obstacles on a2 or
            // a4".
            lame: self.lame,
            ep_rights: false,
            jumping: false,
            unload: self.unload,
            wrap: self.wrap,
            hidden: true,
            toggles_next: false,
            iso: false,
            bend: None,
            ends_off_board: false,
            when_open: false,
            brace_legs: 0,
            // The hop-off leg captures or swaps, the mount leg hops: each reads its own set.
            sets: self.sets.clone(),
            source: self.source,
        };
        self.modes = Modes {
            hop: true,
            tame: self.modes.tame,
            ..Modes::default()
        };
        self.default_modes = false;
        self.unload = false;
        self.toggles_next = grasshop;
        [self, hop_off]
    }
}
