//! A leg as XBoard's generator carries it from one leg to the next.

/// Where a leg starts and what it inherits.
#[derive(Debug, Clone, Copy)]
pub(super) struct Leg {
    /// The square of the piece that moves (another one under induction).
    pub(super) piece: (i32, i32),
    /// Where a continuation leg starts; `None` for a move's first leg.
    pub(super) start: Option<(i32, i32)>,
    /// The direction of the leg before, which a continuation leg's directions turn from.
    pub(super) angle: u8,
    /// Steps of the last slider leg (for `i`, iso), or 0.
    pub(super) range: i32,
    /// The move is an initial (`i`) move.
    pub(super) initial_only: bool,
}
