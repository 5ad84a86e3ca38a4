//! The notations the tooling understands (DESIGN.md, "Dialects").

use std::fmt;
use std::str::FromStr;

/// Which reading of Betza a string is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// H. G. Muller's XBetza (seeds 000, 003, 004): XBoard, WinBoard, Interactive Diagrams.
    #[default]
    XBetza,
    /// Fairy-Stockfish's reading of Betza in `variants.ini`.
    Fairy,
    /// Modified Betza Notation of C/CIF (seed 002).
    Mbn,
    /// Extended Betza with chaining operators (seed 001).
    Chained,
}

impl Dialect {
    pub const ALL: [Dialect; 4] = [
        Dialect::XBetza,
        Dialect::Fairy,
        Dialect::Mbn,
        Dialect::Chained,
    ];

    /// The identifier used on the command line, in settings and in `# dialect:` lines.
    pub fn id(self) -> &'static str {
        match self {
            Dialect::XBetza => "xbetza",
            Dialect::Fairy => "fairy",
            Dialect::Mbn => "mbn",
            Dialect::Chained => "chained",
        }
    }

    /// The name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            Dialect::XBetza => "XBetza",
            Dialect::Fairy => "Fairy-Stockfish Betza",
            Dialect::Mbn => "Modified Betza Notation",
            Dialect::Chained => "chained Extended Betza",
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The error for a dialect name nobody knows; it lists the ones that exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Dialect::ALL.iter().map(|d| d.id()).collect();
        write!(
            f,
            "unknown dialect `{}`: expected one of {}",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownDialect {}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownDialect(s.to_owned()))
    }
}

/// An engine that reads Betza strings with its own generator: whose reading a portability
/// rule speaks for, and a [`Reading`] of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Engine {
    XBoard,
    FairyStockfish,
}

impl Engine {
    pub const ALL: [Engine; 2] = [Engine::XBoard, Engine::FairyStockfish];

    /// The name settings and the command line use.
    pub fn id(self) -> &'static str {
        match self {
            Engine::XBoard => "xboard",
            Engine::FairyStockfish => "fairy-stockfish",
        }
    }
}

impl std::str::FromStr for Engine {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Engine::ALL
            .into_iter()
            .find(|e| e.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = Engine::ALL.iter().map(|e| e.id()).collect();
                format!("unknown engine `{s}`: expected one of {}", names.join(", "))
            })
    }
}

/// How a string is read: in a dialect, as we read it, or by an engine's own generator. One
/// enum for every reading the tooling names: the proofs of fixes (a fix keeps the dialect's
/// reading, a port the engine's), conversions (their readings are [`Reading::CONVERSIONS`]),
/// and `--dialect` on the command line and in the playground ([`Reading::NAMED`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reading {
    Dialect(Dialect),
    Engine(Engine),
}

impl Reading {
    /// The seeds' XBetza (`xbetza`).
    pub const XBETZA: Reading = Reading::Dialect(Dialect::XBetza);
    /// Fairy-Stockfish's reading (`fairy`).
    pub const FAIRY: Reading = Reading::Dialect(Dialect::Fairy);
    /// XBoard's generator reading XBetza (`xboard`).
    pub const XBOARD: Reading = Reading::Engine(Engine::XBoard);

    /// The readings a string is named in (`--dialect`): every dialect, and XBoard's reading
    /// of XBetza.
    pub const NAMED: [Reading; 5] = [
        Reading::Dialect(Dialect::XBetza),
        Reading::Dialect(Dialect::Fairy),
        Reading::Dialect(Dialect::Mbn),
        Reading::Dialect(Dialect::Chained),
        Reading::XBOARD,
    ];

    /// The readings a conversion reads and writes, in the order of its menu.
    pub const CONVERSIONS: [Reading; 3] = [Reading::XBETZA, Reading::FAIRY, Reading::XBOARD];

    /// The name on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Reading::Dialect(dialect) => dialect.id(),
            Reading::Engine(engine) => engine.id(),
        }
    }

    /// The dialect the text is written in: XBoard reads XBetza, Fairy-Stockfish its own.
    pub fn dialect(self) -> Dialect {
        match self {
            Reading::Dialect(dialect) => dialect,
            Reading::Engine(Engine::XBoard) => Dialect::XBetza,
            Reading::Engine(Engine::FairyStockfish) => Dialect::Fairy,
        }
    }

    /// The reading of a string written in `dialect`, where a conversion has one.
    pub fn of_dialect(dialect: Dialect) -> Option<Reading> {
        Some(Reading::Dialect(dialect)).filter(|reading| reading.converts())
    }

    /// Whether a conversion reads and writes this reading.
    pub fn converts(self) -> bool {
        Reading::CONVERSIONS.contains(&self)
    }

    /// Who reads the string this way, in a difference's words and a menu.
    pub fn reader(self) -> &'static str {
        match self {
            Reading::Dialect(Dialect::XBetza) => "XBetza",
            Reading::Dialect(Dialect::Fairy) | Reading::Engine(Engine::FairyStockfish) => {
                "Fairy-Stockfish"
            }
            Reading::Engine(Engine::XBoard) => "XBoard",
            Reading::Dialect(dialect) => dialect.title(),
        }
    }

    /// A reading a conversion reads or writes, by its id (`--from`, `--to`).
    pub fn conversion(s: &str) -> Result<Reading, String> {
        Reading::CONVERSIONS
            .into_iter()
            .find(|reading| reading.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let known: Vec<&str> = Reading::CONVERSIONS.iter().map(|r| r.id()).collect();
                format!(
                    "unknown reading `{s}`: expected one of {}",
                    known.join(", ")
                )
            })
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A named reading (`--dialect`): a dialect, or `xboard`.
impl FromStr for Reading {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim().eq_ignore_ascii_case(Reading::XBOARD.id()) {
            return Ok(Reading::XBOARD);
        }
        s.parse::<Dialect>()
            .map(Reading::Dialect)
            .map_err(|e| format!("{e}, or {}", Reading::XBOARD.id()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_names_list_the_known_ones() {
        for dialect in Dialect::ALL {
            assert_eq!(dialect.id().parse::<Dialect>(), Ok(dialect));
        }
        assert_eq!("Fairy".parse::<Dialect>(), Ok(Dialect::Fairy));
        let error = "betza".parse::<Dialect>().unwrap_err().to_string();
        assert_eq!(
            error,
            "unknown dialect `betza`: expected one of xbetza, fairy, mbn, chained"
        );
    }

    #[test]
    fn readings_parse_from_their_ids_with_the_errors_of_the_command_line() {
        for reading in Reading::NAMED {
            assert_eq!(reading.id().parse::<Reading>(), Ok(reading));
        }
        for reading in Reading::CONVERSIONS {
            assert_eq!(Reading::conversion(reading.id()), Ok(reading));
        }
        assert_eq!(
            "betza".parse::<Reading>().unwrap_err(),
            "unknown dialect `betza`: expected one of xbetza, fairy, mbn, chained, or xboard"
        );
        assert_eq!(
            Reading::conversion("mbn").unwrap_err(),
            "unknown reading `mbn`: expected one of xbetza, fairy, xboard"
        );
    }
}
