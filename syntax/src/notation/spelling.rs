//! How a notation's authors write moves: data each notation gives, which conversions read to
//! offer strings in the notation's own style.

/// How a notation's authors write moves, for the strings a conversion offers.
pub(crate) struct Spelling {
    /// The atoms of a lame leaper written with `n`; `None`: the seed's `nD`, `nA`, and the
    /// Knight as a step and a turn.
    pub lame: Option<&'static [&'static str]>,
    /// The unlimited riders, the conventional first: the seed writes the Nightrider `N0`.
    pub riders: &'static [&'static str],
    /// Modes before directions (`mfW`), else directions first (`fmW`).
    pub mode_first: bool,
}

/// The seed's spelling: directions first and modes in XBoard's order (`fmW`, `ifmnD`), the
/// only order XBoard reads in full (reference/xboard.md).
pub(crate) const SEED: Spelling = Spelling {
    lame: None,
    // The other leapers' riders written with `0` too: XBoard reads a doubled atom as two
    // leaps, not a rider (`HH`), but `H0` as the rider (reference/xboard.md).
    riders: &[
        "R", "B", "N0", "Q", "NN", "D0", "A0", "H0", "G0", "C0", "Z0",
    ],
    mode_first: false,
};
