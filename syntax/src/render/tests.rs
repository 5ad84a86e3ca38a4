//! A square holding a friend or an enemy shows which, and what the piece does there, in the
//! text grid and in the SVG picture alike (issue 42: a friend and an enemy on a square the
//! piece could take were both drawn as the capture's cross, the enemy indistinguishable from
//! an empty square).

use std::collections::BTreeMap;

use crate::board::{Position, Square, SquareUse, generate};
use crate::{Dialect, parse};

/// What `betza` (XBetza) does from e5 on 8x8 with the friends and enemies given.
fn drawn(
    betza: &str,
    friends: &[&str],
    enemies: &[&str],
) -> (Position, BTreeMap<Square, SquareUse>) {
    let position = crate::tests::position_8x8("e5", friends, enemies);
    let parsed = parse(betza, Dialect::XBetza);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::XBetza);
    let uses = generate(&piece, &position).summary();
    (position, uses)
}

/// The symbol of `square` in the text grid of the whole board, and the grid's legend.
fn symbol_and_legend(
    betza: &str,
    friends: &[&str],
    enemies: &[&str],
    square: &str,
) -> (char, String) {
    let (position, uses) = drawn(betza, friends, enemies);
    let grid = super::grid(&position, &uses, None);
    let square: Square = square.parse().expect("square");
    let row = usize::from(position.size.ranks - 1 - square.rank);
    let line = grid.lines().nth(row).expect("the square's rank");
    // "  6  . . ." : a rank number in three columns, then a space before each square.
    let symbol = line
        .chars()
        .nth(5 + 2 * usize::from(square.file))
        .expect("the square");
    (symbol, grid.lines().last().expect("a legend").to_owned())
}

/// The drawing of `square` in the SVG of the whole board: every element centred on it.
fn svg_square(betza: &str, friends: &[&str], enemies: &[&str], square: &str) -> String {
    let (position, uses) = drawn(betza, friends, enemies);
    let picture = super::svg(&position, &uses, None);
    let square: Square = square.parse().expect("square");
    let cell = super::SVG_CELL;
    let x = u32::from(square.file) * cell + cell / 2;
    let y = u32::from(position.size.ranks - 1 - square.rank) * cell + cell / 2;
    let (left, top) = (x - cell / 4, y - cell / 4);
    // Circles by their centre, crosses by their first corner, frames by theirs.
    let centred = [
        format!(r#"cx="{x}" cy="{y}""#),
        format!(r#"d="M{left} {top} "#),
    ];
    picture
        .split('<')
        .filter(|element| centred.iter().any(|c| element.contains(c.as_str())))
        .collect::<Vec<_>>()
        .join("<")
}

#[test]
fn a_friend_and_an_enemy_on_a_capture_square_are_drawn_apart() {
    // The Shatranj Pawn from e5 captures on d6 and f6.
    let empty = symbol_and_legend("fmWfcF", &[], &[], "f6");
    let friend = symbol_and_legend("fmWfcF", &["f6"], &[], "f6");
    let enemy = symbol_and_legend("fmWfcF", &[], &["f6"], "f6");
    assert_eq!(empty.0, 'x');
    assert_eq!(friend.0, 'B', "{}", friend.1);
    assert!(
        friend.1.contains("B friend in the way of a move there"),
        "{}",
        friend.1
    );
    assert_eq!(enemy.0, 'X', "{}", enemy.1);
    assert!(
        enemy.1.contains("X enemy, which it captures"),
        "{}",
        enemy.1
    );

    let empty = svg_square("fmWfcF", &[], &[], "f6");
    let friend = svg_square("fmWfcF", &["f6"], &[], "f6");
    let enemy = svg_square("fmWfcF", &[], &["f6"], "f6");
    assert!(
        empty.contains(r##"stroke="#c0392b""##) && !empty.contains("circle"),
        "{empty}"
    );
    // The friend, a light disc, in a dashed ring: no cross, it is not taken.
    assert!(friend.contains(r##"fill="#fdfefe""##), "{friend}");
    assert!(friend.contains("stroke-dasharray"), "{friend}");
    assert!(!friend.contains("path"), "{friend}");
    // The enemy, a dark disc, under the capture's cross.
    assert!(enemy.contains(r##"fill="#555""##), "{enemy}");
    assert!(enemy.contains(r##"stroke="#c0392b""##), "{enemy}");
    assert!(!enemy.contains("stroke-dasharray"), "{enemy}");
}

#[test]
fn a_friend_the_piece_captures_is_not_drawn_as_an_enemy_it_captures() {
    // `cdW`: captures friends and enemies alike.
    let (friend, legend) = symbol_and_legend("cdW", &["e6"], &["f5"], "e6");
    let (enemy, _) = symbol_and_legend("cdW", &["e6"], &["f5"], "f5");
    assert_eq!((friend, enemy), ('D', 'X'), "{legend}");
    assert!(legend.contains("D friend, which it captures"), "{legend}");
    let friend = svg_square("cdW", &["e6"], &["f5"], "e6");
    let enemy = svg_square("cdW", &["e6"], &["f5"], "f5");
    assert!(
        friend.contains(r##"fill="#fdfefe""##) && friend.contains(r##"stroke="#c0392b""##),
        "{friend}"
    );
    assert!(
        enemy.contains(r##"fill="#555""##) && enemy.contains(r##"stroke="#c0392b""##),
        "{enemy}"
    );
}

#[test]
fn an_enemy_the_piece_cannot_take_is_in_its_way() {
    // The pawn's step ahead is a move only: an enemy there blocks it.
    let (symbol, legend) = symbol_and_legend("fmWfcF", &[], &["e6"], "e6");
    assert_eq!(symbol, 'N', "{legend}");
    assert!(
        legend.contains("N enemy it cannot take, in the way of a move there"),
        "{legend}"
    );
    // Out of the piece's reach, a friend or an enemy is only itself.
    assert_eq!(symbol_and_legend("fmWfcF", &["a1"], &["h8"], "a1").0, 'F');
    assert_eq!(symbol_and_legend("fmWfcF", &["a1"], &["h8"], "h8").0, 'E');
}

#[test]
fn a_hopper_shows_whose_piece_it_hops_over() {
    // The Cannon from e5: over the friend on e6 to take on e8, over the enemy on c5 to take on
    // a5.
    let at = |square| symbol_and_legend("mRcpR", &["e6"], &["e8", "c5", "a5"], square);
    let legend = at("e6").1;
    assert_eq!(
        [at("e6").0, at("e8").0, at("c5").0],
        ['J', 'X', 'H'],
        "{legend}"
    );
    assert!(legend.contains("J friend, hopped over"), "{legend}");
    assert!(legend.contains("H enemy, hopped over"), "{legend}");
    // With nothing to take beyond it, the enemy on c5 only stops the Cannon's move.
    assert_eq!(symbol_and_legend("mRcpR", &[], &["c5"], "c5").0, 'N');
}

/// Issue 42: the hover's picture has the files' letters under the board and the ranks' numbers
/// left of it, as the text grid and the playground do, each under or beside its square, and it
/// stays within the height it is given.
#[test]
fn the_fitted_picture_names_files_and_ranks() {
    let (position, uses) = drawn("fmWfcF", &[], &[]);
    let picture = super::svg_fitted(&position, &uses, None, 120);
    let labels: Vec<&str> = (picture.split("</text>"))
        .filter_map(|element| element.rsplit_once('>').map(|(_, label)| label))
        .collect();
    for label in ["a", "h", "1", "8"] {
        assert!(labels.contains(&label), "`{label}` in {labels:?}");
    }
    // Files left to right, ranks top to bottom: `a` left of `b`, `8` above `7`.
    let at = |label: &str, axis: &str| -> u32 {
        let element = (picture.split("<text"))
            .find(|e| e.contains(&format!(">{label}</text>")))
            .expect("the label");
        let value = element
            .split(&format!(r#"{axis}=""#))
            .nth(1)
            .expect("a position");
        value[..value.find('"').expect("a quote")]
            .parse()
            .expect("a number")
    };
    assert!(at("a", "x") < at("b", "x"));
    assert!(at("8", "y") < at("7", "y"));
    let height: u32 = picture
        .split(r#"height=""#)
        .nth(1)
        .and_then(|h| h[..h.find('"')?].parse().ok())
        .expect("a height");
    assert!(height <= 120, "{height}");
}

/// Issue 55: under a finding, VS Code's hover leaves the picture about 90 pixels; a 12×12
/// board drawn in them had squares of 6 pixels and its ranks' numbers, 11 pixels tall, ran
/// into each other. The squares keep a size one can read, and the numbers and letters written
/// stand clear of each other, rank 1 and file a among them.
#[test]
fn a_large_board_in_a_small_picture_stays_legible() {
    use crate::board::{BoardSize, Side};
    let size = BoardSize {
        files: 12,
        ranks: 12,
    };
    let position =
        Position::new(size, size.centre(), Side::White, false, &[], &[]).expect("a position");
    let parsed = parse("NN", Dialect::XBetza);
    let piece = crate::registry::lower(&parsed.piece(), Dialect::XBetza);
    let uses = generate(&piece, &position).summary();
    let picture = super::svg_fitted(&position, &uses, None, 90);
    let number = |text: &str, name: &str| -> u32 {
        let value = text.split(&format!(r#"{name}=""#)).nth(1).expect(name);
        value[..value.find('"').expect("a quote")]
            .parse()
            .expect("a number")
    };
    // The squares, from the scale of the board's group (its squares are 36 pixels).
    let scale: f64 = picture
        .split("scale(")
        .nth(1)
        .and_then(|s| s[..s.find(')')?].parse().ok())
        .expect("a scale");
    assert!(scale * 36.0 >= 9.0, "squares of {} pixels", scale * 36.0);
    let coordinates = picture
        .split(r#"text-anchor="middle">"#)
        .nth(1)
        .and_then(|rest| rest.split("</g>").next())
        .expect("the coordinates");
    // The coordinates' group, `<g font-size="…" …>`.
    let group = picture
        .split("<g font-size=")
        .nth(1)
        .expect("the coordinates' group");
    let size = f64::from(number(&format!(" font-size={group}"), "font-size"));
    let labels: Vec<(String, u32, u32)> = (coordinates.split("<text").skip(1))
        .map(|element| {
            let label = element.split('>').nth(1).unwrap_or_default();
            let label = label.split('<').next().unwrap_or_default().to_owned();
            (label, number(element, "x"), number(element, "y"))
        })
        .collect();
    let ranks: Vec<&(String, u32, u32)> = labels
        .iter()
        .filter(|(l, ..)| l.parse::<u8>().is_ok())
        .collect();
    let files: Vec<&(String, u32, u32)> = labels
        .iter()
        .filter(|(l, ..)| l.parse::<u8>().is_err())
        .collect();
    for (label, ..) in [&ranks, &files].iter().flat_map(|l| l.first()) {
        assert!(["1", "a"].contains(&label.as_str()), "{labels:?}");
    }
    for pair in ranks.windows(2) {
        assert!(
            f64::from(pair[0].2 - pair[1].2) > size,
            "numbers run into each other: {labels:?}"
        );
    }
    for pair in files.windows(2) {
        assert!(
            f64::from(pair[1].1 - pair[0].1) > size * 2.0 / 3.0,
            "letters run into each other: {labels:?}"
        );
    }
}
