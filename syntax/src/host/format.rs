//! The formats of file that carry Betza: each is one host (`super::Host`), registered in
//! `super::HOSTS`.

/// The kinds of file that carry Betza.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HostFormat {
    /// Fairy-Stockfish `variants.ini`.
    VariantsIni,
    /// PGN with a `VariantMen` tag.
    Pgn,
    /// Interactive Diagram definitions.
    Diagram,
    /// C/CIF XML with MBN pieces.
    Cif,
    /// `.betza`: one string per line.
    Betza,
    /// `.mbn`: MBN definitions.
    Mbn,
}

impl HostFormat {
    /// Every format, each registered in `super::HOSTS` (a test holds the two together).
    pub const ALL: [HostFormat; 6] = [
        HostFormat::VariantsIni,
        HostFormat::Pgn,
        HostFormat::Diagram,
        HostFormat::Cif,
        HostFormat::Betza,
        HostFormat::Mbn,
    ];
}
