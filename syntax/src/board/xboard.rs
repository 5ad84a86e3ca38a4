//! XBoard's reading of an XBetza string, as its own generator runs it: the string is read
//! afresh for every leg, letters in XBoard's fixed order, and each leg walks the board as it
//! stood before the move (facts from XBoard's `moves.c`, `MovesFromString`; notes X1–X9 in
//! NOTATION-NOTES.md). Nothing here is shared with the seed's model: that is the point of a
//! reading of its own, against which the `xboard-*` lints compare.

use rowan::TextRange;

use super::{Generated, GeneratedMove, Occupant, Position, Side, Square};

/// Per atom letter A–Z: its symmetry class, and its step (x, y) with x ≤ y; `.` is not an atom.
/// XBoard's J is (1,3) and its L (2,3), the other way round from the seeds.
const ATOMS: [(u8, i32, i32); 26] = [
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
const ROTATED: &[u8; 26] = b"DRCA.WHG.JKL.NO.QB....F..Z";

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
const MINE: u32 = 1;
const HIS: u32 = 2;
const EMPTY: u32 = 4;
const EN_PASSANT: u32 = 8;
const TAME: u32 = 16;
const HOP: u32 = 32;
const GRASSHOP: u32 = 64;
const CYLINDER: u32 = 128;
const PASS: u32 = 256;
const TOGGLE_ON_EMPTY: u32 = 512;
const CASTLE: u32 = 1024;
const INDUCE: u32 = 1 << 12;
/// What stands on a square, as a mode mask: any piece has [`PASS`].
const FRIEND: u32 = PASS | MINE;
const ENEMY: u32 = PASS | HIS;

/// Direction `dir` of the step (dx, dy): eight reflections, 0 straight as written.
fn turn(dir: u8, dx: i32, dy: i32) -> (i32, i32) {
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

/// The most squares one generation may visit before it stops and says so.
const BUDGET: u32 = 2_000_000;

/// The moves XBoard generates for `text` in `position`.
pub fn generate(text: &str, position: &Position) -> Generated {
    let mut walk = Walk {
        position,
        out: Generated::default(),
        victims: Vec::new(),
        budget: BUDGET,
        whole: TextRange::up_to(rowan::TextSize::of(text)),
    };
    let origin = (i32::from(position.from.file), i32::from(position.from.rank));
    walk.read(
        text.as_bytes(),
        Leg {
            piece: origin,
            start: None,
            angle: 0,
            range: 0,
            initial_only: false,
        },
    );
    walk.out
}

/// Where a leg starts and what it inherits.
#[derive(Debug, Clone, Copy)]
struct Leg {
    /// The square of the piece that moves (another one under induction).
    piece: (i32, i32),
    /// Where a continuation leg starts; `None` for a move's first leg.
    start: Option<(i32, i32)>,
    /// The direction of the leg before, which a continuation leg's directions turn from.
    angle: u8,
    /// Steps of the last slider leg (for `i`, iso), or 0.
    range: i32,
    /// The move is an initial (`i`) move.
    initial_only: bool,
}

struct Walk<'p> {
    position: &'p Position,
    out: Generated,
    /// Squares where earlier legs of the move captured (locust victims).
    victims: Vec<Square>,
    budget: u32,
    whole: TextRange,
}

impl Walk<'_> {
    /// What stands on (x, y) as the board was before the move: the moving piece on its own
    /// square, nothing off the board.
    fn occupant(&self, x: i32, y: i32) -> u32 {
        let Some(square) = self.square(x, y) else {
            return EMPTY;
        };
        if square == self.position.from {
            return FRIEND;
        }
        match self.position.occupant(square) {
            None => EMPTY,
            Some(Occupant::Friend) => FRIEND,
            Some(Occupant::Enemy) => ENEMY,
        }
    }

    fn square(&self, x: i32, y: i32) -> Option<Square> {
        let file = u8::try_from(x).ok()?;
        let rank = u8::try_from(y).ok()?;
        let square = Square { file, rank };
        self.position.size.contains(square).then_some(square)
    }

    /// Reads the moves of `text` (the whole string for first legs, the rest after an `a` for
    /// a continuation leg, which reads one move only).
    fn read(&mut self, text: &[u8], leg: Leg) {
        let at = |i: usize| text.get(i).copied().unwrap_or(0);
        let width = i32::from(self.position.size.files);
        let height = i32::from(self.position.size.ranks);
        let (mut p, mut desc) = (0usize, 0usize);
        while at(p) != 0 {
            let mut initial = 0;
            while at(p) == b'i' {
                initial += 1;
                p += 1;
                desc = p;
            }
            while at(p).is_ascii_lowercase() {
                p += 1;
            }
            let atom = at(p);
            if !atom.is_ascii_uppercase() {
                return;
            }
            let (symmetry, mut dx, dy) = ATOMS[usize::from(atom - b'A')];
            let mut expo: i32 = -1;
            let mut dir_set: u8 = 0;
            let mut diagonals: u8 = 0;
            let mut retry = false;
            let all: u8;
            let king_system = leg.start.is_some();
            match symmetry {
                b'B' | b'F' if !king_system => {
                    if symmetry == b'B' {
                        expo = 0;
                    }
                    all = 0xaa;
                    while at(desc).is_ascii_lowercase() && lower(DIRECTION_KIND, at(desc)) != b'0' {
                        let kind = lower(DIRECTION_KIND, at(desc));
                        let next = at(desc + 1);
                        let mut bits = lower(&WIDE, at(desc));
                        if next.is_ascii_lowercase()
                            && (kind | lower(DIRECTION_KIND, next)) & 3 == 3
                        {
                            bits &= lower(&WIDE, next);
                            desc += 2;
                        } else {
                            desc += 1;
                        }
                        dir_set |= bits;
                    }
                    dir_set &= 0xaa;
                    if dir_set == 0 {
                        dir_set = 0xaa;
                    }
                }
                b'R' | b'W' if !king_system => {
                    if symmetry == b'R' {
                        expo = 0;
                    }
                    all = 0x55;
                    while at(desc).is_ascii_lowercase()
                        && lower(DIRECTION_KIND, at(desc)) & !4 != b'0'
                    {
                        dir_set |= lower(&NARROW, at(desc));
                        desc += 1;
                    }
                    dir_set &= 0x55;
                    if dir_set == 0 {
                        dir_set = 0x55;
                    }
                    dir_set = dir_set.rotate_left(u32::from(leg.angle));
                }
                b'N' if !king_system => {
                    all = 0xff;
                    if at(desc) == b'h' {
                        dir_set = if at(desc + 1) == b'r' { 0x55 } else { 0xaa };
                        desc += 2;
                    } else {
                        while at(desc).is_ascii_lowercase()
                            && lower(DIRECTION_KIND, at(desc)) != b'0'
                        {
                            let kind = lower(DIRECTION_KIND, at(desc));
                            let next = at(desc + 1);
                            let mut bits = lower(&NARROW, at(desc));
                            if next == b'h' {
                                bits = lower(&WIDE, at(desc));
                                desc += 2;
                            } else if at(desc) == next
                                || (next.is_ascii_lowercase()
                                    && kind < b'4'
                                    && (kind | lower(DIRECTION_KIND, next)) & 3 == 3)
                            {
                                bits = lower(&WIDE, at(desc)) & lower(&NARROW, next);
                                desc += 2;
                            } else {
                                desc += 1;
                            }
                            dir_set |= bits;
                        }
                    }
                    if dir_set == 0 {
                        dir_set = 0xff;
                    }
                }
                b'B' | b'F' | b'R' | b'W' | b'N' | b'Q' | b'K' => {
                    // K and Q, and every atom of a continuation leg: the King's system.
                    all = match symmetry {
                        b'B' | b'F' => 0xaa,
                        b'R' | b'W' => 0x55,
                        _ => 0xff,
                    };
                    if matches!(symmetry, b'Q' | b'B' | b'R') {
                        expo = 0;
                    }
                    while at(desc).is_ascii_lowercase() && lower(DIRECTION_KIND, at(desc)) != b'0' {
                        let kind = lower(DIRECTION_KIND, at(desc));
                        let next = at(desc + 1);
                        let mut bits = lower(&KING_NARROW, at(desc));
                        if next == at(desc) {
                            // A doubled letter stands alone.
                            desc += 1;
                        } else if next.is_ascii_lowercase()
                            && kind < b'4'
                            && (kind | lower(DIRECTION_KIND, next)) & 3 == 3
                        {
                            bits = lower(&KING_WIDE, at(desc)) & lower(&KING_WIDE, next);
                            desc += 2;
                        } else {
                            desc += 1;
                        }
                        dir_set |= bits;
                    }
                    if dir_set == 0 {
                        dir_set = match (king_system, all) {
                            (false, _) => 0xff,
                            // A continuation leg omits going straight back, and a four-fold
                            // atom its diagonals too.
                            (true, 0xff) => 0xef,
                            (true, _) => 0x45,
                        };
                    }
                    dir_set = dir_set.rotate_left(u32::from(leg.angle));
                    if !(dx != 0 && dx != dy) {
                        diagonals = dir_set & 0xaa;
                        dir_set &= 0x55;
                        if dir_set != 0 {
                            retry = true;
                            dx = 0;
                        } else {
                            dx = dy;
                            dir_set = diagonals;
                        }
                    }
                }
                _ => return,
            }
            if self.position.side == Side::Black && leg.start.is_none() {
                // Black's first legs turn half round; the diagonals kept for later do not.
                dir_set = dir_set.rotate_left(4);
            }
            let mut mode: u32 = 0;
            let mut put = false;
            let mut jump: i32 = 1;
            let mut cont: Option<usize> = None;
            let take = |letter: u8, desc: &mut usize| {
                let found = at(*desc) == letter;
                if found {
                    *desc += 1;
                }
                found
            };
            put |= take(b'u', &mut desc);
            if take(b'm', &mut desc) {
                mode |= EMPTY;
            }
            if take(b'c', &mut desc) {
                mode |= HIS;
            }
            if take(b'd', &mut desc) {
                mode |= MINE;
            }
            if take(b'e', &mut desc) {
                mode |= EN_PASSANT;
            }
            if take(b'x', &mut desc) {
                mode = MINE | INDUCE;
            }
            if take(b't', &mut desc) {
                mode |= TAME;
            }
            if take(b'p', &mut desc) {
                mode |= HOP;
            }
            if take(b'g', &mut desc) {
                mode |= GRASSHOP;
            }
            if take(b'o', &mut desc) {
                mode |= CYLINDER;
            }
            if take(b'y', &mut desc) {
                mode |= TOGGLE_ON_EMPTY;
            }
            if take(b'n', &mut desc) {
                jump = 0;
            }
            while take(b'j', &mut desc) {
                jump += 1;
            }
            if take(b'a', &mut desc) {
                cont = Some(desc);
            }
            p += 1;
            if at(p).is_ascii_digit() {
                let digits = text[p..].iter().take_while(|c| c.is_ascii_digit());
                expo = digits.fold(0i32, |n, d| {
                    n.saturating_mul(10).saturating_add(i32::from(d - b'0'))
                });
                p += 1;
                if expo > 9 {
                    p += 1;
                }
            }
            desc = p;
            let mut initial_only = leg.initial_only;
            if initial > 0 && (initial == 2 || leg.range == 0) {
                // First move only (`ii`: from a start square, which a position cannot tell).
                if self.position.moved {
                    continue;
                }
                initial = 0;
                initial_only = true;
            }
            if expo > 0 && dx == 0 && dy == 0 {
                self.out.not_generated.push((
                    self.whole,
                    "XBoard's castling needs the game's start position",
                ));
                continue;
            }
            if expo < 0 {
                expo = 1;
            }
            let mut next_leg: Option<(Vec<u8>, usize, bool)> = None;
            match cont {
                None => {
                    if mode & 15 == 0 {
                        mode |= HIS | EMPTY;
                    }
                }
                Some(start) => {
                    let mut rest = text[start..].to_vec();
                    let atom_at = rest.iter().position(|c| !c.is_ascii_lowercase());
                    let unloads = rest[..atom_at.unwrap_or(rest.len())]
                        .iter()
                        .take_while(|c| **c != b'a')
                        .any(|c| *c == b'u');
                    if mode & HOP != 0 {
                        mode ^= PASS | HOP;
                    }
                    if mode & (GRASSHOP | TOGGLE_ON_EMPTY) != 0 {
                        mode |= PASS;
                        if mode & TOGGLE_ON_EMPTY != 0 {
                            mode ^= TOGGLE_ON_EMPTY | PASS | EMPTY;
                        }
                        if let Some(index) = atom_at.filter(|i| rest[*i].is_ascii_uppercase()) {
                            rest[index] = TOGGLED[usize::from(rest[index] - b'A')];
                            rest.truncate(index + 1);
                            if expo == 1 {
                                rest.push(b'0');
                            }
                        }
                    }
                    if mode & 0x30f == 0 {
                        mode |= EMPTY;
                    }
                    next_leg = Some((rest, atom_at.unwrap_or(usize::MAX), unloads));
                }
            }
            let mut skip = 0;
            if dy == 1 {
                // On W and F steps `j` skips the first square and `n` is `m` that creates
                // e.p. rights.
                skip = jump - 1;
                jump = 1;
            }
            loop {
                for dir in 0..8u8 {
                    let bit = 1u8 << dir;
                    if dir_set & bit == 0 {
                        continue;
                    }
                    let mut i = expo;
                    let mut to_skip = if dy != 1 || mode & CASTLE != 0 {
                        0
                    } else {
                        skip
                    };
                    let mut hop = mode;
                    let mut wrapped = 0;
                    let (vx, vy) = turn(dir, dx, dy);
                    let (mut x, mut y) = leg.start.unwrap_or(leg.piece);
                    loop {
                        if self.budget == 0 {
                            self.out.truncated = true;
                            return;
                        }
                        self.budget -= 1;
                        x += vx;
                        y += vy;
                        if y < 0 || y >= height {
                            break;
                        }
                        if x < 0 || x >= width {
                            if mode & CYLINDER == 0 {
                                break;
                            }
                            x = x.rem_euclid(width);
                            wrapped += 1;
                        }
                        let next = 'square: {
                            if to_skip > 0 {
                                to_skip -= 1;
                                break 'square true;
                            }
                            let half = self.occupant(x - vx + vx / 2, y - vy + vy / 2);
                            if jump == 0 && half != EMPTY {
                                break 'square false;
                            }
                            if jump > 1 && half == EMPTY {
                                break 'square false;
                            }
                            let mut occup = if (x, y) == leg.piece && wrapped == 0 {
                                EMPTY
                            } else {
                                self.occupant(x, y)
                            };
                            if initial > 0 && expo - i + 1 != leg.range {
                                break 'square occup == EMPTY;
                            }
                            if let Some((rest, atom_at, unloads)) = &next_leg {
                                if mode & TAME != 0 && HIS & occup != 0 {
                                    occup &= 3;
                                }
                                if skip < 0 {
                                    mode |= EMPTY;
                                }
                                if occup & mode != 0 {
                                    let range = if expo != 1 { expo - i + 1 } else { leg.range };
                                    let through = (occup | INDUCE) & mode & (INDUCE | PASS | EMPTY);
                                    let mut rest = rest.clone();
                                    if bit & all == 0
                                        && let Some(atom) = rest
                                            .get_mut(*atom_at)
                                            .filter(|a| a.is_ascii_uppercase())
                                    {
                                        *atom = ROTATED[usize::from(*atom - b'A')];
                                    }
                                    let onward = Leg {
                                        piece: leg.piece,
                                        start: Some((x, y)),
                                        angle: dir,
                                        range,
                                        initial_only,
                                    };
                                    if through != 0 && !unloads {
                                        if mode & INDUCE != 0 {
                                            // The friend here makes the rest of the move.
                                            self.read(
                                                &rest,
                                                Leg {
                                                    piece: (x, y),
                                                    ..onward
                                                },
                                            );
                                            occup = 0;
                                        } else {
                                            self.read(&rest, onward);
                                        }
                                    }
                                    if occup & mode & 3 != 0 || (through != 0 && *unloads) {
                                        let victim = self.square(x, y);
                                        self.victims.extend(victim);
                                        self.read(&rest, onward);
                                        if victim.is_some() {
                                            self.victims.pop();
                                        }
                                    }
                                }
                                break 'square occup == EMPTY;
                            }
                            if hop & (HOP | GRASSHOP) != 0 {
                                if occup != EMPTY {
                                    if hop & GRASSHOP != 0 && i != 1 {
                                        i = 2;
                                    }
                                    hop &= 31;
                                }
                                break 'square true;
                            }
                            if occup & mode != 0 {
                                if mode & INDUCE != 0 {
                                    if let Some(friend) = self.square(x, y) {
                                        self.out.borrowed_from.push(friend);
                                    }
                                } else {
                                    self.land(x, y, occup, put, initial_only);
                                }
                            }
                            occup == EMPTY
                        };
                        if !next {
                            break;
                        }
                        i -= 1;
                        if i == 0 {
                            break;
                        }
                    }
                }
                dx = dy;
                dir_set = diagonals;
                if !(retry && diagonals != 0) {
                    break;
                }
                retry = false;
            }
            if leg.start.is_some() {
                return;
            }
        }
    }

    /// A move that ends on (x, y), made by the piece on `piece`.
    fn land(&mut self, x: i32, y: i32, occup: u32, swap: bool, initial_only: bool) {
        let Some(to) = self.square(x, y) else { return };
        let capture = match occup {
            FRIEND => Some(Occupant::Friend),
            ENEMY => Some(Occupant::Enemy),
            _ => None,
        };
        self.out.moves.push(GeneratedMove {
            to,
            capture: if swap { None } else { capture },
            swap,
            path: Vec::new(),
            hopped: Vec::new(),
            initial_only,
            unload: None,
            captured: self.victims.clone(),
            waypoints: Vec::new(),
            ep_rights: Vec::new(),
            source: self.whole,
        });
    }
}
