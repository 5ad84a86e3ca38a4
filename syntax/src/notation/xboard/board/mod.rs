//! XBoard's reading of an XBetza string, as its own generator runs it: the string is read
//! afresh for every leg, letters in XBoard's fixed order, and each leg walks the board as it
//! stood before the move (facts from XBoard's `moves.c`, `MovesFromString`; notes X1–X9 in
//! NOTATION-NOTES.md). Nothing here is shared with the seed's model: that is the point of a
//! reading of its own, against which the `xboard-*` lints compare. Every generation is bounded:
//! the legs after an `a` are read from XBoard's own 80-byte copy, a move written again is read
//! once, and a budget of squares and a limit on distinct moves stop the rest, saying so.

use rowan::TextRange;
// A fast hasher: the keys are small and never come from outside.
use rustc_hash::FxHashSet as HashSet;

mod leg;
mod letters;
#[cfg(test)]
mod tests;

use leg::Leg;
use letters::{
    ATOMS, CASTLE, CYLINDER, EMPTY, ENEMY, FRIEND, GRASSHOP, HIS, HOP, INDUCE, MINE, Modes,
    NextLeg, PASS, ROTATED, TAME, direction_set, leg_mode, read_modes, turn,
};

use crate::board::{Generated, GeneratedMove, Occupant, Position, Side, Square};

/// The most squares one generation may visit before it stops and says so.
const BUDGET: u32 = 2_000_000;

/// The most distinct moves one generation keeps before it stops and says so: a chain of
/// locust captures among many enemies ends in more ways than anyone reads (a piece XBoard
/// plays has one locust capture, and hundreds of moves at most).
const MOVE_LIMIT: usize = 4096;

/// The moves XBoard generates for `text` in `position`.
pub fn generate(text: &str, position: &Position) -> Generated {
    let mut walk = Walk {
        position,
        out: Generated::default(),
        victims: Vec::new(),
        made: HashSet::default(),
        budget: BUDGET,
        whole: TextRange::up_to(rowan::TextSize::of(text)),
        source: TextRange::up_to(rowan::TextSize::of(text)),
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

/// What makes two moves of XBoard's reading the same move: where it ends, what it takes there,
/// whether it swaps, whether it is an initial move, its locust victims, and the letters it
/// comes from (start and end), so that each move of the string keeps its own landings and can
/// be compared with the same move of another reading.
type MoveKey = (
    Square,
    Option<Occupant>,
    bool,
    bool,
    Vec<Square>,
    (u32, u32),
);

struct Walk<'p> {
    position: &'p Position,
    out: Generated,
    /// Squares where earlier legs of the move captured (locust victims).
    victims: Vec<Square>,
    /// The moves made so far: many paths of a long move end alike, and each is kept once.
    made: HashSet<MoveKey>,
    budget: u32,
    whole: TextRange,
    /// The letters of the move being walked, from its `i`s to its range, which every move it
    /// makes comes from (the whole string before the first is read).
    source: TextRange,
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

    /// Whether the piece on `piece` stands on its start square, as far as a position says: an
    /// unmoved position is the start position for every piece on it (the piece, and the
    /// friend or enemy an `x` leg hands the move to), a moved one for none; an empty square
    /// was empty at the start.
    fn stands_on_its_start_square(&self, (x, y): (i32, i32)) -> StartSquare {
        if self.occupant(x, y) == EMPTY {
            StartSquare::Empty
        } else if self.position.moved {
            StartSquare::No
        } else {
            StartSquare::Yes
        }
    }

    /// Says once that a part of the string needs what a position cannot tell.
    fn not_generated(&mut self, why: &'static str) {
        if !self.out.not_generated.iter().any(|(_, said)| *said == why) {
            self.out.not_generated.push((self.whole, why));
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
        let mut p = 0usize;
        // The moves read so far, as written: a move written again makes the same moves, so a
        // string of thousands of copies is walked once.
        let mut read_before: HashSet<&[u8]> = HashSet::default();
        // The string ends at a 0 byte, as XBoard's 80-byte copy after an `a` does.
        while text.get(p).is_some_and(|&c| c != 0) {
            let start = p;
            let Some(written) = self.read_move(text, start, leg) else {
                return;
            };
            p = written.end;
            // Its range may run on past where the next move starts (`W123`).
            let digits = text[p..].iter().take_while(|c| c.is_ascii_digit()).count();
            if leg.start.is_none() && !read_before.insert(&text[start..p + digits]) {
                continue;
            }
            if leg.start.is_none() {
                self.source = source_range(start, p);
            }
            let Some(mut atom) = self.atom_move(text, &written, leg) else {
                continue;
            };
            if !self.rays(&mut atom, leg, written.directions) || leg.start.is_some() {
                return;
            }
        }
    }

    /// The move written at `start`, from its `i`s to its range, or `None` where XBoard stops
    /// reading: no atom letter, or a letter that is no atom.
    fn read_move(&self, text: &[u8], start: usize, leg: Leg) -> Option<WrittenMove> {
        let at = |i: usize| text.get(i).copied().unwrap_or(0);
        // `p` walks the letters to the atom; `desc` reads the modifiers, from after the `i`s.
        let (mut p, mut desc) = (start, start);
        let mut initial = 0;
        while at(p) == b'i' {
            initial += 1;
            p += 1;
            desc = p;
        }
        while at(p).is_ascii_lowercase() {
            p += 1;
        }
        let letter = at(p);
        if !letter.is_ascii_uppercase() {
            return None;
        }
        let (symmetry, dx, dy) = ATOMS[usize::from(letter - b'A')];
        let (dir_set, all) = direction_set(&at, &mut desc, symmetry, leg)?;
        let mut directions = Directions::of(symmetry, (dx, dy), dir_set, leg);
        if self.position.side == Side::Black && leg.start.is_none() {
            // Black's first legs turn half round; the diagonals kept for later do not.
            directions.first = directions.first.rotate_left(4);
        }
        let modes = read_modes(&at, &mut desc);
        p += 1;
        let expo = read_range(text, &mut p, symmetry);
        Some(WrittenMove {
            initial,
            dy,
            directions,
            all,
            modes,
            expo,
            end: p,
        })
    }

    /// The written move as its rays walk it, or `None` when it is not made here: `ii` and
    /// castling need the game's start position (said), and an `i` move is made only by a
    /// piece on its start square.
    fn atom_move(&mut self, text: &[u8], written: &WrittenMove, leg: Leg) -> Option<AtomMove> {
        let mut initial = written.initial;
        let mut initial_only = leg.initial_only;
        if initial == 2 {
            // XBoard's `ii` asks whether the square one rank behind the piece (toward its
            // own side) held a piece of its type at the start (moves.c 544-548): a question
            // about the start position, which a position does not answer.
            self.not_generated(II_NEEDS_THE_START);
            return None;
        }
        if initial > 0 && leg.range == 0 {
            // First move only: the piece that makes this leg stands where it stood at the
            // start (moves.c 549-555). That is the piece itself, or the friend an `x` leg
            // handed the move to, or no piece at all after an `x` leg that ends on an empty
            // square (`xy`, `xn` on a step), which XBoard compares with an empty start square.
            match self.stands_on_its_start_square(leg.piece) {
                StartSquare::No => return None,
                StartSquare::Empty => {}
                StartSquare::Yes => initial_only = true,
            }
            initial = 0;
        }
        // `O` with a range is castling: XBoard walks it as a W step (moves.c 556-559).
        let castles = written.expo > 0 && written.directions.step == (0, 0);
        let expo = if written.expo < 0 { 1 } else { written.expo };
        let (mut mode, next) = leg_mode(text, &written.modes, expo);
        let mut step = written.directions.step;
        if castles {
            mode |= CASTLE;
            step.1 = 1;
        }
        // On W and F steps (castling's too) `j` skips the first square and `n` is `m` that
        // creates e.p. rights.
        let (jump, skip) = if written.dy == 1 || castles {
            (1, written.modes.jump - 1)
        } else {
            (written.modes.jump, 0)
        };
        Some(AtomMove {
            step,
            expo,
            all: written.all,
            mode,
            put: written.modes.put,
            jump,
            skip,
            iso: initial > 0,
            initial_only,
            next,
        })
    }

    /// Every direction of an atom's move, in XBoard's order; false when the budget ran out.
    fn rays(&mut self, atom: &mut AtomMove, leg: Leg, directions: Directions) -> bool {
        let Directions {
            first: mut set,
            mut diagonals,
            ..
        } = directions;
        loop {
            for dir in (0..8u8).filter(|dir| set & (1 << dir) != 0) {
                if !self.ray(atom, leg, dir) {
                    return false;
                }
            }
            if diagonals == 0 {
                return true;
            }
            // The diagonals go as F steps of the same length.
            (atom.step.0, set, diagonals) = (atom.step.1, diagonals, 0);
        }
    }

    /// One direction of a leg (`MovesFromString`'s ray); false when the budget ran out.
    fn ray(&mut self, atom: &mut AtomMove, leg: Leg, dir: u8) -> bool {
        let width = i32::from(self.position.size.files);
        let height = i32::from(self.position.size.ranks);
        let (dx, dy) = atom.step;
        let mut ray = Ray {
            dir,
            step: turn(dir, dx, dy),
            square: leg.start.unwrap_or(leg.piece),
            left: atom.expo,
            hop: atom.mode,
            wrapped: 0,
        };
        let mut to_skip = if dy != 1 || atom.mode & CASTLE != 0 {
            0
        } else {
            atom.skip
        };
        // A sideways ray on a cylinder with no end to its range (a rider's, or castling's)
        // comes round again and again: XBoard counts its range down from 0 until the count
        // wraps, some 2^32 squares. Past a full turn nothing new happens on it, and the only
        // thing that still changes is the number of steps handed to an iso leg after it,
        // whose moves repeat with a period of at most the board's width squared; so the ray
        // stops once it has gone that far, and a little more.
        let endless = atom.mode & CYLINDER != 0
            && ray.step.1 == 0
            && (atom.expo == 0 || atom.mode & CASTLE != 0);
        let turns = width * width + 3 * width;
        let mut steps = 0;
        loop {
            crate::cancel::checkpoint();
            if self.budget == 0 {
                self.out.truncated = true;
                return false;
            }
            self.budget -= 1;
            let (vx, vy) = ray.step;
            let (mut x, y) = (ray.square.0 + vx, ray.square.1 + vy);
            if y < 0 || y >= height {
                break;
            }
            steps += 1;
            if endless && steps > turns {
                break;
            }
            if x < 0 || x >= width {
                if atom.mode & CYLINDER == 0 {
                    break;
                }
                x = x.rem_euclid(width);
                ray.wrapped += 1;
            }
            ray.square = (x, y);
            let go_on = if to_skip > 0 {
                to_skip -= 1;
                true
            } else {
                self.visit(atom, leg, &mut ray)
            };
            if !go_on {
                break;
            }
            ray.left -= 1;
            if ray.left == 0 {
                break;
            }
        }
        true
    }

    /// What the leg does on the ray's square; whether the ray goes on past it.
    fn visit(&mut self, atom: &mut AtomMove, leg: Leg, ray: &mut Ray) -> bool {
        let (x, y) = ray.square;
        let (vx, vy) = ray.step;
        let half = self.occupant(x - vx + vx / 2, y - vy + vy / 2);
        if (atom.jump == 0 && half != EMPTY) || (atom.jump > 1 && half == EMPTY) {
            return false;
        }
        let mut occup = if ray.square == leg.piece && ray.wrapped == 0 {
            EMPTY
        } else {
            self.occupant(x, y)
        };
        if atom.iso && atom.expo - ray.left + 1 != leg.range {
            return occup == EMPTY;
        }
        if let Some(next) = atom.next.take() {
            if atom.mode & TAME != 0 && HIS & occup != 0 {
                occup &= 3;
            }
            if atom.skip < 0 {
                atom.mode |= EMPTY;
            }
            if occup & atom.mode != 0 {
                occup = self.go_on(atom, &next, leg, ray, occup);
            }
            atom.next = Some(next);
            return occup == EMPTY;
        }
        if ray.hop & (HOP | GRASSHOP) != 0 {
            if occup != EMPTY {
                if ray.hop & GRASSHOP != 0 && ray.left != 1 {
                    ray.left = 2;
                }
                ray.hop &= 31;
            }
            return true;
        }
        if atom.mode & CASTLE != 0 {
            // Castling runs on over empty squares, whatever its range, to the first piece.
            ray.left = 2;
            if occup == EMPTY {
                return true;
            }
            self.castle(atom, leg, (x, y));
            return false;
        }
        if occup & atom.mode != 0 {
            if atom.mode & INDUCE != 0 {
                if let Some(friend) = self.square(x, y) {
                    self.out.borrowed_from.push(friend);
                }
            } else {
                self.land(x, y, occup, atom.put, atom.initial_only);
            }
        } else if occup != EMPTY
            && atom.mode & (MINE | HIS | EMPTY) != 0
            && atom.mode & INDUCE == 0
            && let Some(to) = self.square(x, y)
        {
            // The move could end here, but not on the piece standing here.
            self.out.in_the_way.insert(to);
        }
        occup == EMPTY
    }

    /// The rest of the move from the ray's square, which the leg may end on: through it when
    /// it has no side effect, and again as a locust move when it captures or unloads. Returns
    /// the square's occupant as the leg goes on seeing it.
    fn go_on(&mut self, atom: &AtomMove, next: &NextLeg, leg: Leg, ray: &Ray, occup: u32) -> u32 {
        let (x, y) = ray.square;
        let range = if atom.expo != 1 {
            atom.expo - ray.left + 1
        } else {
            leg.range
        };
        let through = (occup | INDUCE) & atom.mode & (INDUCE | PASS | EMPTY);
        let mut text = next.text;
        if (1u8 << ray.dir) & atom.all == 0
            && let Some(letter) = text
                .get_mut(next.atom_at)
                .filter(|a| a.is_ascii_uppercase())
        {
            *letter = ROTATED[usize::from(*letter - b'A')];
        }
        let onward = Leg {
            piece: leg.piece,
            start: Some((x, y)),
            angle: ray.dir,
            range,
            initial_only: atom.initial_only,
        };
        let mut occup = occup;
        if through != 0 && !next.unloads {
            if atom.mode & INDUCE != 0 {
                // The friend here makes the rest of the move.
                self.read(
                    &text,
                    Leg {
                        piece: (x, y),
                        ..onward
                    },
                );
                occup = 0;
            } else {
                self.read(&text, onward);
            }
        }
        if occup & atom.mode & 3 != 0 || (through != 0 && next.unloads) {
            let victim = self.square(x, y);
            self.victims.extend(victim);
            self.read(&text, onward);
            if victim.is_some() {
                self.victims.pop();
            }
        }
        occup
    }

    /// XBoard's castling with the piece a castling ray met on `partner` (moves.c 739-773): it
    /// castles when that piece stands on its start square and on the file `skip` squares in
    /// from an edge (the `j`s), whichever way the ray went, even along a file. The piece lands
    /// its range away from its own file toward that edge, on the partner's rank. A King's
    /// castling is taken, which XBoard makes at once; another piece's is the same move entered
    /// with the partner clicked first, and without that click XBoard lists only the left one.
    fn castle(&mut self, atom: &AtomMove, leg: Leg, partner: (i32, i32)) {
        if !matches!(self.stands_on_its_start_square(partner), StartSquare::Yes) {
            return;
        }
        let last = i32::from(self.position.size.files) - 1;
        let (file, (x, y)) = (leg.piece.0, partner);
        if x == atom.skip {
            self.land(file - atom.expo, y, EMPTY, false, atom.initial_only);
        }
        if x == last - atom.skip {
            self.land(file + atom.expo, y, EMPTY, false, atom.initial_only);
        }
    }

    /// A move that ends on (x, y), made by the piece on `piece`.
    fn land(&mut self, x: i32, y: i32, occup: u32, swap: bool, initial_only: bool) {
        let Some(to) = self.square(x, y) else { return };
        let capture = match occup {
            FRIEND if !swap => Some(Occupant::Friend),
            ENEMY if !swap => Some(Occupant::Enemy),
            _ => None,
        };
        let source = (self.source.start().into(), self.source.end().into());
        let key = (
            to,
            capture,
            swap,
            initial_only,
            self.victims.clone(),
            source,
        );
        if self.made.contains(&key) {
            return;
        }
        if self.made.len() >= MOVE_LIMIT {
            // The search stops at its next square.
            self.out.truncated = true;
            self.budget = 0;
            return;
        }
        self.made.insert(key);
        self.out.moves.push(GeneratedMove {
            to,
            capture,
            swap,
            path: Vec::new(),
            hopped: Vec::new(),
            initial_only,
            unload: None,
            captured: self.victims.clone(),
            waypoints: Vec::new(),
            ep_rights: Vec::new(),
            source: self.source,
        });
    }
}

/// The letters from `start` to `end` of the string, as a range.
fn source_range(start: usize, end: usize) -> TextRange {
    let at = |i: usize| rowan::TextSize::from(u32::try_from(i).unwrap_or(u32::MAX));
    TextRange::new(at(start), at(end.max(start)))
}

/// Why a move of XBoard's `ii` is not generated.
const II_NEEDS_THE_START: &str = "XBoard's `ii` needs the game's start position: the square one rank behind the piece must have held a piece of its type";

/// What the square of the piece making an `i` leg held at the start.
enum StartSquare {
    /// The piece that stands there now.
    Yes,
    /// Another piece, or none.
    No,
    /// Nothing, as now.
    Empty,
}

/// One move of the string as written, read up to its range and not yet walked.
struct WrittenMove {
    /// How many `i`s it starts with.
    initial: u32,
    /// The atom's step along the file: 1 on W and F steps, where `j` and `n` read otherwise.
    dy: i32,
    directions: Directions,
    /// The atom's own directions (see [`AtomMove::all`]).
    all: u8,
    modes: Modes,
    /// The range as written: 0 unlimited, -1 a leaper's single step, else this many squares.
    expo: i32,
    /// Where the next move starts.
    end: usize,
}

/// One atom's move as XBoard has read it.
struct AtomMove {
    /// The step (x, y) in the family being walked (W or F in the King's system).
    step: (i32, i32),
    /// The range: 0 unlimited, else this many squares.
    expo: i32,
    /// The atom's own directions; a turn outside them rotates the next leg's atom.
    all: u8,
    mode: u32,
    /// `u`: the move swaps with the piece it lands on.
    put: bool,
    /// 0 lame (`n`), 1 plain, more must jump (`j`).
    jump: i32,
    /// Squares skipped first (`j` on a W or F step), or -1 for `n` there.
    skip: i32,
    /// `i` on a continuation leg: as many steps as the last slider leg.
    iso: bool,
    initial_only: bool,
    /// The rest of the move after an `a`.
    next: Option<NextLeg>,
}

/// One direction being walked.
struct Ray {
    dir: u8,
    step: (i32, i32),
    square: (i32, i32),
    /// Squares left in the range (counting down past 0 when unlimited).
    left: i32,
    /// The mode still hopping: `p`/`g` until the first piece.
    hop: u32,
    /// Times the ray crossed the side edge.
    wrapped: u32,
}

/// The directions an atom's move walks: `first` with `step`, then `diagonals` as steps of the
/// same length along the diagonals. The King's system walks the straight directions first and
/// the diagonals after, as W and F steps (an oblique continuation leg keeps its own leap);
/// every other atom walks its own set at once.
#[derive(Clone, Copy)]
struct Directions {
    step: (i32, i32),
    first: u8,
    diagonals: u8,
}

impl Directions {
    fn of(symmetry: u8, (dx, dy): (i32, i32), set: u8, leg: Leg) -> Directions {
        let king_system = matches!(symmetry, b'K' | b'Q') || leg.start.is_some();
        if !king_system || (dx != 0 && dx != dy) {
            return Directions {
                step: (dx, dy),
                first: set,
                diagonals: 0,
            };
        }
        let (straight, diagonals) = (set & 0x55, set & 0xaa);
        if straight == 0 {
            Directions {
                step: (dy, dy),
                first: diagonals,
                diagonals: 0,
            }
        } else {
            Directions {
                step: (0, dy),
                first: straight,
                diagonals,
            }
        }
    }
}

/// The range written after the atom letter, at `p`, which it leaves past the range: 0 for a
/// rider and -1 for a leaper when none is written.
fn read_range(text: &[u8], p: &mut usize, symmetry: u8) -> i32 {
    if !text.get(*p).is_some_and(u8::is_ascii_digit) {
        return if matches!(symmetry, b'B' | b'R' | b'Q') {
            0
        } else {
            -1
        };
    }
    let digits = text[*p..].iter().take_while(|c| c.is_ascii_digit());
    let range = digits.fold(0i32, |n, d| {
        n.saturating_mul(10).saturating_add(i32::from(d - b'0'))
    });
    // XBoard steps over one digit, or two for a number over 9, however long the number is.
    *p += if range > 9 { 2 } else { 1 };
    range
}
