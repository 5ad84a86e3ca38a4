//! The letters chained Extended Betza (seed 001) reads its own way: the operators between
//! legs, `a` (all directions) and `e` (equal length), and the atom `I`. Every other letter means
//! what it means in XBetza.

/// An operator's name and what it asks of the square where two legs meet (seed 001's
/// "Overview of chaining operators").
pub fn operator_meaning(operator: char) -> Option<(&'static str, &'static str)> {
    Some(match operator {
        't' => (
            "then",
            "it may stop there (if empty or an enemy's), or go on if it is empty",
        ),
        '-' => ("block", "it must be empty, and the move goes on"),
        '+' => (
            "hop",
            "it must be occupied; the piece there stays, and the move goes on",
        ),
        '?' => (
            "own",
            "it must hold a friend, which stays, and the move goes on",
        ),
        '!' => (
            "foe",
            "it must hold an enemy, which stays, and the move goes on",
        ),
        'x' => (
            "capture",
            "it must hold an enemy, which is captured, and the move goes on",
        ),
        'd' => (
            "destroy",
            "it must be occupied; the piece there, friend or foe, is destroyed, and the move goes on",
        ),
        'y' => (
            "split",
            "the move goes on from one step before the first obstacle",
        ),
        _ => return None,
    })
}

/// Hover text for a letter or operator that chained Betza reads its own way, if it is one.
pub fn symbol_doc(symbol: char) -> Option<String> {
    if let Some((name, words)) = operator_meaning(symbol) {
        return Some(format!(
            "**`{symbol}`** (operator: {name}): joins two legs; on the square where they meet, {words}\n\n"
        ));
    }
    let words = match symbol {
        'a' => "(all): every direction, relative to the leg before",
        'e' => "(equal): as many steps as the leg before",
        'I' => "(Threeleaper): leaps (0,3), as `H` does",
        _ => return None,
    };
    Some(format!("**`{symbol}`** {words}\n\n"))
}

#[cfg(test)]
mod tests {
    /// Seed 001's table names eight operators: "t - + ? ! x d y".
    #[test]
    fn every_operator_has_a_meaning() {
        for operator in "t-+?!xdy".chars() {
            assert!(super::operator_meaning(operator).is_some(), "{operator}");
        }
        assert!(super::symbol_doc('x').is_some_and(|d| d.contains("captured")));
    }
}
