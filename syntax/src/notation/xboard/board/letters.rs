//! How XBoard reads the letters of one leg (facts from `moves.c`, `MovesFromString`): its
//! atom table, its direction tables and the four direction systems, the mode letters in its
//! fixed order, and what `p`, `g` and `y` do to the leg that follows.

use super::leg::Leg;

/// Per atom letter A–Z: its symmetry class, and its step (x, y) with x ≤ y; `.` is not an atom.
/// XBoard's J is (1,3) and its L (2,3), the other way round from the seeds.
pub(super) const ATOMS: [(u8, i32, i32); 26] = [
    (b'F', 2, 2), // A
    (b'B', 1, 1), // B
    (b'N', 1, 3), // C
    (b'W', 0, 2), // D
    (b'.', 0, 0),
    (b'F', 1, 1), // F
    (b'F', 3, 3), // G
    (b'W', 0, 3), // H
    (b'.', 0, 0),
    (b'N', 1, 3), // J
    (b'K', 0, 1), // K
    (b'N', 2, 3), // L
    (b'.', 0, 0),
    (b'N', 1, 2), // N
    (b'W', 0, 0), // O
    (b'.', 0, 0),
    (b'Q', 0, 1), // Q
    (b'R', 0, 1), // R
    (b'.', 0, 0),
    (b'.', 0, 0),
    (b'.', 0, 0),
    (b'.', 0, 0),
    (b'W', 0, 1), // W
    (b'.', 0, 0),
    (b'.', 0, 0),
    (b'N', 2, 3), // Z
];

/// The atom a `g` or `y` leg turns the next leg's atom into (rider ↔ leaper), per letter.
const TOGGLED: &[u8; 26] = b"AFCD.BGH.JQL.NO.KW....R..Z";
/// The atom of the other family at the same distance, for a continuation leg whose turn
/// leaves its atom's own directions (orthogonal ↔ diagonal), per letter.
pub(super) const ROTATED: &[u8; 26] = b"DRCA.WHG.JKL.NO.QB....F..Z";

/// Per lower-case letter: its kind as a direction ('0' none, '1' f/b, '2' l/r, '4' h, '5' v,
/// '6' s), as character codes, because XBoard combines kinds by their low bits.
const DIRECTION_KIND: &[u8; 26] = b"01000104000200000260050000";

/// Direction sets per letter (bit d is direction d of [`turn`]): wide and narrow forms, for
/// the atom families and for the King system.
const WIDE: [u8; 26] = set(&[(b'b', 0x3c), (b'f', 0xc3), (b'l', 0xf0), (b'r', 0x0f)]);
const NARROW: [u8; 26] = set(&[
    (b'b', 0x18),
    (b'f', 0x81),
    (b'h', 0xff),
    (b'l', 0x60),
    (b'r', 0x06),
    (b's', 0x66),
    (b'v', 0x99),
]);
const KING_WIDE: [u8; 26] = set(&[
    (b'b', 0x38),
    (b'f', 0x83),
    (b'h', 0xff),
    (b'l', 0xe0),
    (b'r', 0x0e),
    (b's', 0xee),
    (b'v', 0xbb),
]);
const KING_NARROW: [u8; 26] = set(&[
    (b'b', 0x10),
    (b'f', 0x01),
    (b'h', 0xff),
    (b'l', 0x40),
    (b'r', 0x04),
    (b's', 0x44),
    (b'v', 0x11),
]);

const fn set(entries: &[(u8, u8)]) -> [u8; 26] {
    let mut out = [0u8; 26];
    let mut index = 0;
    while index < entries.len() {
        out[(entries[index].0 - b'a') as usize] = entries[index].1;
        index += 1;
    }
    out
}

fn lower(table: &[u8; 26], letter: u8) -> u8 {
    table[usize::from(letter - b'a')]
}

/// Mode bits, as XBoard keeps them.
pub(super) const MINE: u32 = 1;
pub(super) const HIS: u32 = 2;
pub(super) const EMPTY: u32 = 4;
const EN_PASSANT: u32 = 8;
pub(super) const TAME: u32 = 16;
pub(super) const HOP: u32 = 32;
pub(super) const GRASSHOP: u32 = 64;
pub(super) const CYLINDER: u32 = 128;
pub(super) const PASS: u32 = 256;
const TOGGLE_ON_EMPTY: u32 = 512;
pub(super) const CASTLE: u32 = 1024;
pub(super) const INDUCE: u32 = 1 << 12;
/// What stands on a square, as a mode mask: any piece has [`PASS`].
pub(super) const FRIEND: u32 = PASS | MINE;
pub(super) const ENEMY: u32 = PASS | HIS;

/// Direction `dir` of the step (dx, dy): eight reflections, 0 straight as written.
pub(super) fn turn(dir: u8, dx: i32, dy: i32) -> (i32, i32) {
    match dir {
        0 => (dx, dy),
        1 => (dy, dx),
        2 => (dy, -dx),
        3 => (dx, -dy),
        4 => (-dx, -dy),
        5 => (-dy, -dx),
        6 => (-dy, dx),
        _ => (-dx, dy),
    }
}

/// How many bytes of the legs after an `a` XBoard copies for the next leg to read
/// (`MovesFromString` copies them with `strncpy` into a buffer of 80). Past its end XBoard reads
/// whatever its stack holds; we read the end of the string there. The copy is what bounds a
/// move's legs: each leg reads a shorter copy than the one before.
pub(super) const LEG_BUFFER: usize = 80;

/// The legs after an `a` as XBoard copies them, unused bytes 0 (the end of the string).
pub(super) type LegText = [u8; LEG_BUFFER];

/// The text of the legs after an `a`, as the next leg reads it.
pub(super) struct NextLeg {
    pub(super) text: LegText,
    /// Where its atom letter stands.
    pub(super) atom_at: usize,
    /// The next leg puts down the piece this one took (`u`).
    pub(super) unloads: bool,
}

/// The mode letters of a leg, read in XBoard's order.
pub(super) struct Modes {
    pub(super) mode: u32,
    pub(super) put: bool,
    pub(super) jump: i32,
    /// Where the next leg's letters start, after an `a`.
    pub(super) cont: Option<usize>,
}

/// Reads `u m c d e x t p g o y n j a` from `desc`, each at most once and in this order (only
/// `j` repeats); a letter out of order stops the reading.
pub(super) fn read_modes(at: &impl Fn(usize) -> u8, desc: &mut usize) -> Modes {
    let mut take = |letter: u8| {
        let found = at(*desc) == letter;
        if found {
            *desc += 1;
        }
        found
    };
    let mut modes = Modes {
        mode: 0,
        put: take(b'u'),
        jump: 1,
        cont: None,
    };
    for (letter, bits) in [(b'm', EMPTY), (b'c', HIS), (b'd', MINE), (b'e', EN_PASSANT)] {
        if take(letter) {
            modes.mode |= bits;
        }
    }
    if take(b'x') {
        modes.mode = MINE | INDUCE;
    }
    for (letter, bits) in [
        (b't', TAME),
        (b'p', HOP),
        (b'g', GRASSHOP),
        (b'o', CYLINDER),
        (b'y', TOGGLE_ON_EMPTY),
    ] {
        if take(letter) {
            modes.mode |= bits;
        }
    }
    if take(b'n') {
        modes.jump = 0;
    }
    while take(b'j') {
        modes.jump += 1;
    }
    if take(b'a') {
        modes.cont = Some(*desc);
    }
    modes
}

/// The leg's mode bits with XBoard's default (`mc` when no `m`, `c`, `d` or `e` is written on a
/// final leg), and the rest of the move after an `a` as the next leg reads it.
pub(super) fn leg_mode(text: &[u8], modes: &Modes, expo: i32) -> (u32, Option<NextLeg>) {
    let mut mode = modes.mode;
    let next = match modes.cont {
        None => {
            if mode & 15 == 0 {
                mode |= HIS | EMPTY;
            }
            None
        }
        Some(start) => Some(continuation(&text[start..], &mut mode, expo)),
    };
    (mode, next)
}

/// The next leg's text, with `p`, `g` and `y` applied: on a leg another follows, `p` passes
/// over a piece, `g` does so and toggles the next leg's atom (rider ↔ leaper), `y` toggles it
/// on an empty square; such a leg's default mode is `m`.
fn continuation(rest: &[u8], mode: &mut u32, expo: i32) -> NextLeg {
    // `strncpy`: up to the end of the string, the rest of the buffer 0.
    let mut text: LegText = [0; LEG_BUFFER];
    let copied = rest
        .iter()
        .take(LEG_BUFFER)
        .take_while(|c| **c != 0)
        .count();
    text[..copied].copy_from_slice(&rest[..copied]);
    let atom_at = text.iter().position(|c| !c.is_ascii_lowercase());
    let unloads = text[..atom_at.unwrap_or(text.len())]
        .iter()
        .take_while(|c| **c != b'a')
        .any(|c| *c == b'u');
    if *mode & HOP != 0 {
        *mode ^= PASS | HOP;
    }
    if *mode & (GRASSHOP | TOGGLE_ON_EMPTY) != 0 {
        *mode |= PASS;
        if *mode & TOGGLE_ON_EMPTY != 0 {
            *mode ^= TOGGLE_ON_EMPTY | PASS | EMPTY;
        }
        if let Some(index) = atom_at.filter(|i| text[*i].is_ascii_uppercase()) {
            text[index] = TOGGLED[usize::from(text[index] - b'A')];
            // The old range is cut off; a leaper made a rider rides without limit. XBoard
            // writes these two bytes even past its buffer; we do not.
            let range = if expo == 1 { b'0' } else { 0 };
            for (at, byte) in [(index + 1, range), (index + 2, 0)] {
                if let Some(slot) = text.get_mut(at) {
                    *slot = byte;
                }
            }
        }
    }
    if *mode & 0x30f == 0 {
        *mode |= EMPTY;
    }
    NextLeg {
        text,
        atom_at: atom_at.unwrap_or(usize::MAX),
        unloads,
    }
}

/// The direction letters at `desc` as the set of directions the atom's family reads them to,
/// with the family's own directions (`all`); `None` for a letter that is no atom. First legs of
/// F, W and N atoms have sets of their own; K, Q and every continuation leg use the King's.
pub(super) fn direction_set(
    at: &impl Fn(usize) -> u8,
    desc: &mut usize,
    symmetry: u8,
    leg: Leg,
) -> Option<(u8, u8)> {
    let first = leg.start.is_none();
    Some(match symmetry {
        b'B' | b'F' if first => (diagonal_set(at, desc), 0xaa),
        b'R' | b'W' if first => (orthogonal_set(at, desc), 0x55),
        b'N' if first => (oblique_set(at, desc), 0xff),
        b'B' | b'F' | b'R' | b'W' | b'N' | b'Q' | b'K' => {
            let all = match symmetry {
                b'B' | b'F' => 0xaa,
                b'R' | b'W' => 0x55,
                _ => 0xff,
            };
            let set = king_set(at, desc, first, all);
            (set.rotate_left(u32::from(leg.angle)), all)
        }
        _ => return None,
    })
}

/// The direction kind of the letter at `i` (see [`DIRECTION_KIND`]), `'0'` for no direction.
fn kind(at: &impl Fn(usize) -> u8, i: usize) -> u8 {
    let letter = at(i);
    if letter.is_ascii_lowercase() {
        lower(DIRECTION_KIND, letter)
    } else {
        b'0'
    }
}

/// Whether two direction kinds combine into one direction (f/b with l/r, by their low bits).
fn pairs(kind: u8, next_kind: u8) -> bool {
    (kind | next_kind) & 3 == 3
}

/// The directions of a first leg of B or F: a pair of letters names one diagonal.
fn diagonal_set(at: &impl Fn(usize) -> u8, desc: &mut usize) -> u8 {
    let mut set = 0;
    while kind(at, *desc) != b'0' {
        let letter = at(*desc);
        let mut bits = lower(&WIDE, letter);
        if at(*desc + 1).is_ascii_lowercase() && pairs(kind(at, *desc), kind(at, *desc + 1)) {
            bits &= lower(&WIDE, at(*desc + 1));
            *desc += 2;
        } else {
            *desc += 1;
        }
        set |= bits;
    }
    set &= 0xaa;
    if set == 0 { 0xaa } else { set }
}

/// The directions of a first leg of R or W: each letter on its own, until an `h`.
fn orthogonal_set(at: &impl Fn(usize) -> u8, desc: &mut usize) -> u8 {
    let mut set = 0;
    while kind(at, *desc) & !4 != b'0' {
        set |= lower(&NARROW, at(*desc));
        *desc += 1;
    }
    set &= 0x55;
    if set == 0 { 0x55 } else { set }
}

/// The directions of a first leg of N: `h` then `r` for the leaps leaning right (then any
/// other letter, left); a letter alone for its narrow form, followed by `h` for its wide form,
/// doubled or paired (`ff`, `fr`) for the leaps in its wide form and the second's narrow one.
fn oblique_set(at: &impl Fn(usize) -> u8, desc: &mut usize) -> u8 {
    let mut set = 0;
    if at(*desc) == b'h' {
        set = if at(*desc + 1) == b'r' { 0x55 } else { 0xaa };
        *desc += 2;
    } else {
        while kind(at, *desc) != b'0' {
            let (letter, next) = (at(*desc), at(*desc + 1));
            let mut bits = lower(&NARROW, letter);
            if next == b'h' {
                bits = lower(&WIDE, letter);
                *desc += 2;
            } else if letter == next
                || (next.is_ascii_lowercase()
                    && kind(at, *desc) < b'4'
                    && pairs(kind(at, *desc), kind(at, *desc + 1)))
            {
                bits = lower(&WIDE, letter) & lower(&NARROW, next);
                *desc += 2;
            } else {
                *desc += 1;
            }
            set |= bits;
        }
    }
    if set == 0 { 0xff } else { set }
}

/// The directions in the King's system (K, Q and every continuation leg), before a
/// continuation turns them by the direction of the leg before; `all` is the atom's family.
fn king_set(at: &impl Fn(usize) -> u8, desc: &mut usize, first: bool, all: u8) -> u8 {
    let mut set = 0;
    while kind(at, *desc) != b'0' {
        let (letter, next) = (at(*desc), at(*desc + 1));
        let mut bits = lower(&KING_NARROW, letter);
        if next == letter {
            // A doubled letter stands alone.
            *desc += 1;
        } else if next.is_ascii_lowercase()
            && kind(at, *desc) < b'4'
            && pairs(kind(at, *desc), kind(at, *desc + 1))
        {
            bits = lower(&KING_WIDE, letter) & lower(&KING_WIDE, next);
            *desc += 2;
        } else {
            *desc += 1;
        }
        set |= bits;
    }
    if set != 0 {
        return set;
    }
    match (first, all) {
        (true, _) => 0xff,
        // A continuation leg omits going straight back, and a four-fold atom its diagonals
        // too.
        (false, 0xff) => 0xef,
        (false, _) => 0x45,
    }
}
