//! The words for what modifiers do, by where they stand: the one place explanations (and later
//! hovers and lints) take their phrases from.

use super::Modifier;

/// What a mode letter makes a leg do on the square where it ends.
#[derive(Debug, Clone, Copy)]
pub struct ModePhrase {
    pub modifier: Modifier,
    /// On the last leg of a move.
    pub final_leg: &'static str,
    /// On a leg that another leg follows.
    pub earlier_leg: &'static str,
}

const fn mode(
    modifier: Modifier,
    final_leg: &'static str,
    earlier_leg: &'static str,
) -> ModePhrase {
    ModePhrase {
        modifier,
        final_leg,
        earlier_leg,
    }
}

/// The mode letters, in the order their phrases are listed.
pub const MODE_PHRASES: [ModePhrase; 9] = [
    mode(
        Modifier::M,
        "moves to an empty square",
        "must land on an empty square",
    ),
    mode(
        Modifier::C,
        "captures an enemy there",
        "captures an enemy there and goes on (a locust capture)",
    ),
    mode(
        Modifier::D,
        "captures a friendly piece there",
        "captures a friendly piece there and goes on",
    ),
    mode(
        Modifier::E,
        "captures en passant",
        "captures en passant there and goes on (only after an opponent's move that leaves e.p. rights, so the diagram marks the square and stops)",
    ),
    mode(
        Modifier::P,
        "hops over a piece of either colour",
        "must land on a piece of either colour, which stays where it is (a hop)",
    ),
    mode(
        Modifier::G,
        "hops over a piece of either colour, toggling its range",
        "must land on a piece of either colour, which stays; the next leg toggles its range",
    ),
    mode(
        Modifier::Y,
        "(y means nothing on a final leg)",
        "must land on an empty square; the next leg toggles its range",
    ),
    mode(
        Modifier::K,
        "may capture a royal piece (give check)",
        "may capture a royal piece there",
    ),
    mode(
        Modifier::X,
        "borrows the moves of the friendly piece there",
        "excites the friendly piece there, which makes the remaining legs",
    ),
];

/// Why a leg has the modes it has when none is written (seed 000: "non-final legs (before an
/// a) by default have mode m"; "by default the mode of the move is mc").
pub const DEFAULT_FINAL: &str = "moves to an empty square or captures an enemy (mc, the default)";
pub const DEFAULT_EARLIER: &str =
    "must land on an empty square (m, the default on a leg before the last)";

/// MBN's swaps (seed 002: "the position of the piece at destination square will be swapped
/// with the piece at starting square").
pub const SWAP_ENEMY: &str = "swaps places with an enemy there (w)";
pub const SWAP_FRIEND: &str = "swaps places with a friend there (ww)";
pub const SWAP_ANY: &str = "swaps places with any piece there (wy)";

/// MBN's `{}` leg (seed 002), and the leg before it.
pub const WHEN_OPEN: &str = "taken exactly when it is unblocked ({}): not when the leg before took \
     an enemy, nor when each of its next squares holds a friend or is off the board";
pub const ENDS_BEFORE_BLOCKED: &str = "the move ends here when the next leg is blocked";
pub const SKIPS_BLOCKED: &str =
    "when the next leg is blocked the move goes on without it, with what follows";

/// Conditions and properties, in words.
pub const INITIAL: &str = "only on the piece's first move";
pub const INITIAL_SQUARE: &str = "only from a square where a piece of its type started";
pub const LAME: &str = "non-jumping: it is blocked by a piece on the way";
pub const EP_RIGHTS: &str = "creates e.p. rights where it could be blocked";
pub const SKIPS_FIRST: &str = "skips the first square (it jumps it)";
pub const MUST_JUMP: &str = "must jump over a piece on the way";
pub const ISO: &str = "exactly as many steps as the previous slider leg (i, iso)";
pub const UNLOAD: &str = "the captured piece reappears where this leg started (u)";
pub const CYLINDER: &str = "wraps around the left and right edges (o)";
pub const TORUS: &str = "wraps around all four edges (oo)";
/// `t` on a capturing leg.
pub const TAME: &str = "may not capture a royal piece (t)";
/// `t` on a hop.
pub const TAME_HOP: &str = "only over a friendly piece (t)";
/// Chained Betza's `!` operator.
pub const HOP_ENEMY_ONLY: &str = "only over an enemy piece (!)";
/// `o` on a non-final leg.
pub const OFF_BOARD_END: &str = "must end just past the board edge, passing only empty squares; the next leg comes back from there (o)";
pub const CIRCULAR: &str = "bends 45 degrees the same way on every step (q)";
pub const ZIG_ZAG: &str = "bends 90 degrees, alternately left and right, on every step (z)";
/// `q` on a later leg.
pub const SAME_BEND: &str = "turns the way the move last bent";
/// `z` on a later leg.
pub const OTHER_BEND: &str = "turns against the way the move last bent";
pub const HIDDEN_HOP_OFF: &str = "then hops off the piece it landed on, straight on";

impl Modifier {
    /// The phrase of a mode letter, if it is one.
    pub fn mode_phrase(self) -> Option<&'static ModePhrase> {
        MODE_PHRASES.iter().find(|p| p.modifier == self)
    }
}
