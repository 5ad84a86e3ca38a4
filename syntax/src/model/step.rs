//! Step vectors and the turns between them: the geometry that moves are described in, shared by
//! the model (which names the steps a leg may take) and the board (which takes them).

/// The eight king steps clockwise from forward; index `k` is a turn of `k` × 45°.
pub const COMPASS: [Step; 8] = [
    Step::new(0, 1),
    Step::new(1, 1),
    Step::new(1, 0),
    Step::new(1, -1),
    Step::new(0, -1),
    Step::new(-1, -1),
    Step::new(-1, 0),
    Step::new(-1, 1),
];

/// A step vector in white's orientation: `dy > 0` is forward, `dx > 0` is to the right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub dx: i8,
    pub dy: i8,
}

/// Which way a leg bent: clockwise (right) or anticlockwise (left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lean {
    Right,
    Left,
}

impl Lean {
    /// The lean of a turn by `eighths` clockwise, or of `step` when the turn is straight on or
    /// straight back.
    pub fn of_turn(eighths: u8, step: Step) -> Option<Lean> {
        match eighths % 8 {
            1..=3 => Some(Lean::Right),
            5..=7 => Some(Lean::Left),
            _ => step.leaning(),
        }
    }
}

impl Step {
    pub const fn new(dx: i8, dy: i8) -> Step {
        Step { dx, dy }
    }

    /// The step as black makes it: black's directions are white's rotated 180° (seed 000 and
    /// both engines).
    pub fn for_black(self) -> Step {
        Step::new(-self.dx, -self.dy)
    }

    /// Rotated 90° clockwise (forward becomes right).
    pub fn clockwise(self) -> Step {
        Step::new(self.dy, -self.dx)
    }

    /// The step turned clockwise by `eighths` × 45° (seed 000: continuation legs name their
    /// directions relative to the previous leg). An orthogonal or diagonal step turns into the
    /// other family at the same distance (W↔F, D↔A, H↔G: "atom rotation"); an oblique leap keeps
    /// its shape and moves to the next of its eight orientations.
    pub fn turned(self, eighths: u8) -> Step {
        let k = usize::from(eighths % 8);
        let (ax, ay) = (self.dx.abs(), self.dy.abs());
        if ax == 0 || ay == 0 || ax == ay {
            let n = self.king_distance();
            let unit = Step::new(self.dx.signum(), self.dy.signum());
            let Some(index) = COMPASS.iter().position(|c| *c == unit) else {
                return self;
            };
            let turned = COMPASS[(index + k) % 8];
            return Step::new(turned.dx * n, turned.dy * n);
        }
        let (a, b) = (ax.min(ay), ax.max(ay));
        let ring = [
            Step::new(a, b),
            Step::new(b, a),
            Step::new(b, -a),
            Step::new(a, -b),
            Step::new(-a, -b),
            Step::new(-b, -a),
            Step::new(-b, a),
            Step::new(-a, b),
        ];
        match ring.iter().position(|s| *s == self) {
            Some(index) => ring[(index + k) % 8],
            None => self,
        }
    }

    /// The side an oblique leap leans to from the nearest orthogonal, looking along it: (1,2)
    /// leans right of forward, (2,1) left of right. Orthogonal and diagonal steps lean nowhere.
    pub fn leaning(self) -> Option<Lean> {
        let (ax, ay) = (self.dx.abs(), self.dy.abs());
        if ax == 0 || ay == 0 || ax == ay {
            return None;
        }
        // Clockwise from the nearer orthogonal when the coordinates' product has the sign that
        // the (1,2) orientation has along the longer axis.
        let clockwise = (ax < ay) == (self.dx.signum() == self.dy.signum());
        Some(if clockwise { Lean::Right } else { Lean::Left })
    }

    /// The size of the step, shorter part first: the same for all eight orientations of a leap.
    pub fn shape(self) -> (i8, i8) {
        let (x, y) = (self.dx.saturating_abs(), self.dy.saturating_abs());
        (x.min(y), x.max(y))
    }

    /// The shortest step along the same line (`(2,2)` → `(1,1)`, `(2,4)` → `(1,2)`), and how
    /// many of it the step is.
    pub fn reduced(self) -> (Step, u8) {
        fn gcd(a: u8, b: u8) -> u8 {
            if b == 0 { a } else { gcd(b, a % b) }
        }
        let times = gcd(self.dx.unsigned_abs(), self.dy.unsigned_abs()).max(1);
        match i8::try_from(times) {
            Ok(by) => (Step::new(self.dx / by, self.dy / by), times),
            Err(_) => (self, 1),
        }
    }

    /// The number of king steps the leap spans.
    pub fn king_distance(self) -> i8 {
        self.dx.abs().max(self.dy.abs())
    }
}
