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

/// A reading of a string: a dialect as we read it, or XBoard's own generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reading {
    /// The seeds' XBetza (`xbetza`).
    XBetza,
    /// Fairy-Stockfish's reading (`fairy`).
    Fairy,
    /// XBoard's generator reading XBetza (`xboard`).
    XBoard,
}

impl Reading {
    pub const ALL: [Reading; 3] = [Reading::XBetza, Reading::Fairy, Reading::XBoard];

    /// The name on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Reading::XBetza => "xbetza",
            Reading::Fairy => "fairy",
            Reading::XBoard => "xboard",
        }
    }

    /// The dialect the text is written in: XBoard reads XBetza.
    pub fn dialect(self) -> Dialect {
        match self {
            Reading::Fairy => Dialect::Fairy,
            Reading::XBetza | Reading::XBoard => Dialect::XBetza,
        }
    }

    /// The reading of a string written in `dialect`, where a conversion has one.
    pub fn of_dialect(dialect: Dialect) -> Option<Reading> {
        match dialect {
            Dialect::XBetza => Some(Reading::XBetza),
            Dialect::Fairy => Some(Reading::Fairy),
            Dialect::Mbn | Dialect::Chained => None,
        }
    }

    /// Who reads the string this way, in a difference's words and a menu.
    pub fn reader(self) -> &'static str {
        match self {
            Reading::XBetza => "XBetza",
            Reading::Fairy => "Fairy-Stockfish",
            Reading::XBoard => "XBoard",
        }
    }
}

impl fmt::Display for Reading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Reading {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "xbetza" => Ok(Reading::XBetza),
            "fairy" => Ok(Reading::Fairy),
            "xboard" => Ok(Reading::XBoard),
            _ => Err(format!(
                "unknown reading `{s}`: expected one of xbetza, fairy, xboard"
            )),
        }
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
}
