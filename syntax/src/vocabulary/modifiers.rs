//! Modifiers: the lower-case letters before an atom (seed 000, "Directional modifiers", "Modes
//! and other" and the list of new XBetza modifiers; seed 004 for `u`).

use super::FairySupport::{self, Skipped, Understood};

/// A modifier letter. `a` is not a modifier but the leg separator ([`super::LetterRole::Again`]);
/// `w` has no meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    X,
    Y,
    Z,
}

/// What a modifier says about a leg.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModifierClass {
    /// Selects directions: f b l r v s h.
    Direction,
    /// Says what the leg may do on its destination square: m c d e p g y k x.
    Mode,
    /// Any other condition or property: i n j u t o q z.
    Condition,
}

/// One row of the modifier table.
#[derive(Debug, Clone, Copy)]
pub struct ModifierEntry {
    pub modifier: Modifier,
    pub letter: char,
    pub name: &'static str,
    pub class: ModifierClass,
    /// One sentence for hover and completion.
    pub summary: &'static str,
    pub fairy: FairySupport,
}

use ModifierClass::{Condition, Direction, Mode};

const fn entry(
    modifier: Modifier,
    letter: char,
    name: &'static str,
    class: ModifierClass,
    summary: &'static str,
    fairy: FairySupport,
) -> ModifierEntry {
    ModifierEntry {
        modifier,
        letter,
        name,
        class,
        summary,
        fairy,
    }
}

/// Every modifier, in the order of [`Modifier`].
pub const MODIFIERS: [ModifierEntry; 24] = [
    entry(
        Modifier::B,
        'b',
        "backward",
        Direction,
        "backward",
        Understood,
    ),
    entry(
        Modifier::C,
        'c',
        "capture",
        Mode,
        "may only capture an enemy on the destination; on a non-final leg, a locust capture",
        Understood,
    ),
    entry(
        Modifier::D,
        'd',
        "destroy",
        Mode,
        "captures a friendly piece",
        Skipped,
    ),
    entry(
        Modifier::E,
        'e',
        "en passant",
        Mode,
        "captures a lame leaper on a square it just passed through",
        Skipped,
    ),
    entry(
        Modifier::F,
        'f',
        "forward",
        Direction,
        "forward",
        Understood,
    ),
    entry(
        Modifier::G,
        'g',
        "grasshop",
        Mode,
        "hops over a piece and lands right behind it; on a non-final leg, hops on and toggles the next leg's range",
        Understood,
    ),
    entry(
        Modifier::H,
        'h',
        "half",
        Direction,
        "with a direction on an oblique atom, all moves with a component that way (fhN); before l or r, a chiral set (hrN)",
        Understood,
    ),
    entry(
        Modifier::I,
        'i',
        "initial / iso",
        Condition,
        "leading: only on the piece's first move (ii: from a square where its type started); in a continuation leg: as many steps as the previous slider leg",
        Understood,
    ),
    entry(
        Modifier::J,
        'j',
        "jump",
        Condition,
        "must jump; on a slider, the first step is doubled (jB = Ski-Bishop); on castling, the partner is the next piece in",
        Skipped,
    ),
    entry(
        Modifier::K,
        'k',
        "king",
        Mode,
        "may capture a royal piece (deliver check); kc: captures only non-royal pieces",
        Skipped,
    ),
    entry(Modifier::L, 'l', "left", Direction, "left", Understood),
    entry(
        Modifier::M,
        'm',
        "move",
        Mode,
        "may only move to an empty square",
        Understood,
    ),
    entry(
        Modifier::N,
        'n',
        "non-jumping",
        Condition,
        "lame: may be blocked on the way; on steppers, creates e.p. rights",
        Understood,
    ),
    entry(
        Modifier::O,
        'o',
        "off-board",
        Condition,
        "in a non-final leg, the destination must be off board; oo: moves wrap around the board",
        Skipped,
    ),
    entry(
        Modifier::P,
        'p',
        "hop",
        Mode,
        "hops over a piece (cannon); on a non-final leg, ends on an occupied square and leaves it alone",
        Understood,
    ),
    entry(
        Modifier::Q,
        'q',
        "circular",
        Condition,
        "the rider bends 45 degrees the same way on every step (qN = Rose)",
        Skipped,
    ),
    entry(Modifier::R, 'r', "right", Direction, "right", Understood),
    entry(
        Modifier::S,
        's',
        "sideways",
        Direction,
        "left or right",
        Understood,
    ),
    entry(
        Modifier::T,
        't',
        "tame",
        Condition,
        "may not capture royal pieces; with p or g, hops only over friendly pieces",
        Skipped,
    ),
    entry(
        Modifier::U,
        'u',
        "unload",
        Condition,
        "the piece this move captures reappears on this leg's starting square (udQ = Swapper)",
        Skipped,
    ),
    entry(
        Modifier::V,
        'v',
        "vertical",
        Direction,
        "forward or backward",
        Understood,
    ),
    entry(
        Modifier::X,
        'x',
        "excite",
        Mode,
        "the friend on the destination makes the remaining legs (mNxaN); on a final leg, borrows its moves (xK)",
        Skipped,
    ),
    entry(
        Modifier::Y,
        'y',
        "fork",
        Mode,
        "in a non-final leg, moves to an empty square and toggles the next leg's range (FyafsF = Griffon)",
        Skipped,
    ),
    entry(
        Modifier::Z,
        'z',
        "zig-zag",
        Condition,
        "the rider bends 90 degrees in alternating directions on every step (zB = Crooked Bishop)",
        Skipped,
    ),
];

impl Modifier {
    pub fn from_char(letter: char) -> Option<Modifier> {
        MODIFIERS
            .iter()
            .find(|e| e.letter == letter)
            .map(|e| e.modifier)
    }

    pub fn entry(self) -> &'static ModifierEntry {
        &MODIFIERS[self as usize]
    }
}
