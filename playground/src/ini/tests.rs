//! The page's answers about a whole `variants.ini`, on the real file of Fairy-Stockfish's
//! variants and on broken text.

use serde_json::Value;

/// Fairy-Stockfish's own `variants.ini` (../shared/corpus, not copied into the project); `None`,
/// said on the terminal (a failure in CI), when it is absent.
fn corpus() -> Option<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/corpus/fairy-stockfish-variants.ini");
    let text = std::fs::read_to_string(&path);
    if text.is_err() {
        super::tool::missing(&format!("{} is absent", path.display()));
    }
    text.ok()
}

/// The answer through the module's own function, as the page gets it.
fn variant(text: &str, name: &str, square: &str) -> Value {
    let list = super::list(text, name);
    let index = (list["variants"].as_array().expect("a list").iter())
        .find(|v| v["name"] == name)
        .and_then(|v| v["index"].as_u64())
        .unwrap_or_else(|| panic!("`{name}` is listed"));
    let index = usize::try_from(index).expect("an index");
    serde_json::from_str(&crate::ini_variant(text, index, square)).expect("the answer is JSON")
}

fn strings(list: &Value) -> Vec<&str> {
    (list.as_array().expect("a list").iter())
        .filter_map(Value::as_str)
        .collect()
}

fn destinations(view: &Value) -> Vec<&str> {
    let mut squares = strings(&view["moving"]["destinations"]);
    squares.sort_unstable();
    squares
}

/// Every section of the file is listed, in file order, with the board it has: the names are
/// those of its header lines, read here line by line.
#[test]
fn the_variants_of_fairy_stockfishs_file_are_listed() {
    let Some(text) = corpus() else { return };
    let headers: Vec<&str> = (text.lines())
        .filter_map(|line| line.strip_prefix('['))
        .map(|header| header.split([':', ']']).next().unwrap_or_default())
        .collect();
    assert_eq!(
        headers.len(),
        143,
        "the corpus's README counts 143 sections"
    );
    let list: Value =
        serde_json::from_str(&crate::ini_variants(&text, "")).expect("the answer is JSON");
    assert_eq!(
        (&list["total"], &list["matching"]),
        (&143.into(), &143.into())
    );
    let names: Vec<&str> = (list["variants"].as_array().expect("a list").iter())
        .filter_map(|v| v["name"].as_str())
        .collect();
    // Fairy-Stockfish registers every one of them.
    assert_eq!(names, headers);
    assert_eq!(list["unregistered"], Value::Array(Vec::new()));
    assert_eq!(strings(&list["notes"]), Vec::<&str>::new());
    let size = |name: &str| {
        let found = (list["variants"].as_array().expect("a list").iter())
            .find(|v| v["name"] == name)
            .unwrap_or_else(|| panic!("{name} is listed"));
        (found["files"].as_u64(), found["ranks"].as_u64())
    };
    // Its own size, a built-in parent's (xiangqi's 9 × 10, capablanca's 10 × 8), chess's.
    assert_eq!(size("4x5chess"), (Some(4), Some(5)));
    assert_eq!(size("xiangqihouse"), (Some(9), Some(10)));
    assert_eq!(size("gothhouse"), (Some(10), Some(8)));
    assert_eq!(size("centaurking"), (Some(8), Some(8)));
    let found = super::list(&text, "HOUSE");
    assert!(
        found["variants"].as_array().expect("a list").len() > 3,
        "{found}"
    );
    assert!(
        (found["variants"].as_array().expect("a list").iter())
            .all(|v| v["name"].as_str().unwrap_or_default().contains("house"))
    );
}

/// `[4x5chess:gardner]` sets its board to 4 × 5 and its start position `rnbk/pppp/4/PPPP/RNBK`:
/// both are drawn, each piece lettered on its square, and its pieces listed as glance lists them.
#[test]
fn a_chosen_variant_has_its_board_start_position_and_pieces() {
    let Some(text) = corpus() else { return };
    let view = variant(&text, "4x5chess", "");
    assert_eq!((&view["files"], &view["ranks"]), (&4.into(), &5.into()));
    assert_eq!(view["parent"], "gardner");
    assert_eq!(view["start_problem"], Value::Null);
    let diagram = &view["diagram"];
    assert_eq!(
        (&diagram["files"], &diagram["ranks"]),
        (&4.into(), &5.into())
    );
    let mut placed: Vec<String> = (diagram["typed"].as_array().expect("letters").iter())
        .map(|p| format!("{}@{}", p["name"].as_str().unwrap_or_default(), p["square"]))
        .collect();
    placed.sort();
    let mut expected: Vec<String> = [
        "R@a1", "N@b1", "B@c1", "K@d1", "P@a2", "P@b2", "P@c2", "P@d2", "p@a4", "p@b4", "p@c4",
        "p@d4", "r@a5", "n@b5", "b@c5", "k@d5",
    ]
    .iter()
    .map(|p| {
        let (letter, square) = p.split_once('@').expect("@");
        format!("{letter}@\"{square}\"")
    })
    .collect();
    expected.sort();
    assert_eq!(placed, expected);
    let knight = (view["pieces"].as_array().expect("pieces").iter())
        .find(|p| p["letter"] == "n")
        .expect("a knight");
    // A built-in piece by its type, as the hover's glance names it.
    assert_eq!(
        (&knight["betza"], &knight["name"]),
        (&"N".into(), &"knight".into())
    );
    assert_eq!(knight["origin"], "of the built-in `gardner`");
    // The first of White's pieces that can move: a1's rook cannot, b1's knight can.
    assert_eq!(view["moving"]["square"], "b1");
    assert_eq!(destinations(&view), ["a3", "c3"]);
}

/// A click's moves, as Fairy-Stockfish plays them from the start position: the knight's two
/// squares, Black's knight's two, the centaur king's knight leaps over its own pieces (its king
/// steps all blocked), a pawn's steps.
#[test]
fn a_click_shows_the_moves_of_the_piece_there() {
    let Some(text) = corpus() else { return };
    let knight = variant(&text, "centaurking", "g1");
    assert_eq!(knight["moving"]["letter"], "N");
    assert_eq!(knight["moving"]["side"], "White");
    assert_eq!(knight["moving"]["name"], "knight");
    assert_eq!(destinations(&knight), ["f3", "h3"]);
    assert_eq!(
        strings(&knight["diagram"]["destinations"]),
        strings(&knight["moving"]["destinations"])
    );
    let black = variant(&text, "centaurking", "b8");
    assert_eq!(
        (&black["moving"]["letter"], &black["moving"]["side"]),
        (&"n".into(), &"Black".into())
    );
    assert_eq!(destinations(&black), ["a6", "c6"]);
    let king = variant(&text, "centaurking", "e1");
    assert_eq!(king["moving"]["betza"], "KN");
    assert_eq!(destinations(&king), ["d3", "f3"]);
    // `customPiece1 = p:mWfceFifmnD`: the step and the initial double step.
    let pawn = variant(&text, "allwayspawns", "e2");
    assert_eq!(pawn["moving"]["betza"], "mWfceFifmnD");
    // A custom piece by the catalogue's name for its moves, where it has one.
    let custom = (pawn["pieces"].as_array().expect("pieces").iter())
        .find(|p| p["letter"] == "p")
        .expect("the pawn");
    assert_eq!(custom["origin"], "`customPiece1` in `[allwayspawns]`");
    assert_eq!(destinations(&pawn), ["e3", "e4"]);
    let black_pawn = variant(&text, "allwayspawns", "d7");
    assert_eq!(destinations(&black_pawn), ["d5", "d6"]);
    // What the diagram shows is said.
    let notes = strings(&pawn["notes"]).join(" ");
    assert!(notes.contains("are not drawn"), "{notes}");
    // An empty square is said, and the first piece that can move is drawn instead.
    let empty = variant(&text, "centaurking", "e4");
    assert_eq!(
        empty["notice"],
        "No piece stands on e4 in the start position."
    );
    assert_eq!(empty["moving"]["square"], "b1");
}

/// A built-in piece that its variant moves beyond its Betza says so beside its moves.
#[test]
fn a_piece_its_variant_limits_says_so() {
    let Some(text) = corpus() else { return };
    let advisor = variant(&text, "xiangqihouse", "d1");
    let notes = strings(&advisor["notes"]).join(" ");
    assert!(
        notes.contains("does not go everywhere its Betza says"),
        "{notes}"
    );
}

/// A built-in type given another letter moves as the type does, wherever the engine has it:
/// orda's `centaur = h` is the centaur (`KN`), its `kniroo = l` the kniroo (`mNcR`).
#[test]
fn a_built_in_type_under_another_letter_moves_as_the_type() {
    let Some(text) = corpus() else { return };
    let orda = variant(&text, "orda", "b8");
    let betza = |letter: &str| {
        (orda["pieces"].as_array().expect("pieces").iter())
            .find(|p| p["letter"] == letter)
            .map(|p| p["betza"].as_str().unwrap_or_default().to_owned())
    };
    assert_eq!(betza("h").as_deref(), Some("KN"));
    assert_eq!(betza("l").as_deref(), Some("mNcR"));
    assert_eq!(orda["moving"]["letter"], "h");
    // The centaur on b8 (`lhaykahl/8/pppppppp/…`): its king steps to the empty seventh rank,
    // its knight leap to d7; a6 and c6 hold its own pawns.
    assert_eq!(destinations(&orda), ["a7", "b7", "c7", "d7"]);
}

/// Half-typed text: what can be read is listed and drawn, the rest says what is wrong.
#[test]
fn broken_text_lists_what_it_can_and_says_what_is_wrong() {
    let text = "[good:chess]\ncustomPiece1 = a:NN[\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNA w - - 0 1\n\
                [bad:nowhere]\nmaxRank = 9\n[good:chess]\n[shift:chess]\nmaxFile = 10\n[half:che";
    let list = super::list(text, "");
    assert_eq!(list["total"], 5);
    let listed: Vec<&str> = (list["variants"].as_array().expect("a list").iter())
        .filter_map(|v| v["name"].as_str())
        .collect();
    assert_eq!(listed, ["good", "shift"]);
    let unregistered = list["unregistered"].as_array().expect("a list");
    let said: Vec<String> = (unregistered.iter())
        .map(|v| {
            format!(
                "{}: {}",
                v["name"].as_str().unwrap_or_default(),
                v["problem"].as_str().unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(
        said[0].starts_with("bad: ") && said[0].contains("nowhere"),
        "{said:?}"
    );
    assert!(said[1].starts_with("good: "), "{said:?}");
    assert!(said[2].starts_with("half: "), "{said:?}");
    // The custom piece on h1, its half-typed string read as far as the engine reads it.
    let good = variant(text, "good", "h1");
    assert_eq!(good["moving"]["letter"], "A");
    assert_eq!(good["moving"]["betza"], "NN[");
    // A start position of 8 files on a board of 10 is said, and nothing is drawn.
    let shift = variant(text, "shift", "");
    assert_eq!(shift["files"], 10);
    assert!(
        shift["start_problem"]
            .as_str()
            .is_some_and(|p| p.contains("does not fit")),
        "{shift}"
    );
    assert!(shift.get("diagram").is_none());
    // No such section, and a section without a board, say so.
    let unregistered: Value = serde_json::from_str(&crate::ini_variant(text, 2, "")).expect("JSON");
    assert!(
        unregistered["problem"]
            .as_str()
            .is_some_and(|p| p.contains("nowhere")),
        "{unregistered}"
    );
    let none: Value = serde_json::from_str(&crate::ini_variant(text, 99, "")).expect("JSON");
    assert!(none["problem"].is_string(), "{none}");
}

/// Any text gets an answer, for every section and any square: never a panic.
#[test]
fn any_text_is_answered() {
    let texts = [
        "",
        "[",
        "[]\n",
        "[:]\n=\n",
        "\u{feff}[a]\n",
        "[a:a]\n[b:b]\nmaxRank = x\nstartFen = 9/9",
        "[a:chess]\nstartFen = 8/8/8/8/8/8/8/8 w - - 0 1\n",
        "[a:chess]\nmaxFile = 0\nmaxRank = 0\n",
        "[a:xiangqi]\ncustomPiece1 = p:\u{e9}\u{1f600}\n",
        "[a:chess]\nstartFen = ZZZZZZZZ/8/8/8/8/8/8/8 w - - 0 1\n",
    ];
    for text in texts {
        let list = super::list(text, "");
        let count = list["total"].as_u64().expect("a count");
        for index in 0..=count + 1 {
            for square in ["", "a1", "a8", "e1", "zz", "l12"] {
                let index = usize::try_from(index).expect("an index");
                let view = super::variant(text, index, square);
                assert!(view.is_object(), "{text:?} {index} {square}: {view}");
            }
        }
    }
    // A letter of no piece is drawn without moves, and said.
    let view = super::variant(texts[9], 1, "a8");
    let notes = strings(&view["notes"]).join(" ");
    assert!(notes.contains("no piece of `[a]`"), "{view}");
}

/// A file of thousands of sections lists a bounded number, says so, and finds the others by
/// name.
#[test]
fn a_file_of_thousands_of_sections_is_listed_within_a_bound() {
    let text: String = (0..5000)
        .map(|i| format!("[v{i}:chess]\ncustomPiece1 = a:N{}\n", i % 7))
        .collect();
    let start = std::time::Instant::now();
    let list = super::list(&text, "");
    let variant = super::variant(&text, 4000, "");
    let spent = start.elapsed();
    assert_eq!(list["total"], 5000);
    assert_eq!(
        list["variants"].as_array().expect("a list").len(),
        super::LIST_MOST
    );
    let notes = strings(&list["notes"]).join(" ");
    assert!(notes.contains("300 of 5000 sections are listed"), "{notes}");
    assert_eq!(variant["name"], "v3999");
    let found = super::list(&text, "v4999");
    assert_eq!(found["variants"][0]["name"], "v4999");
    eprintln!("5000 sections: listed and one drawn in {spent:?}");
    // The text read is bounded too, cut at a section's start: its bytes, and its sections.
    let long = "[a:chess]\n# a long comment\n".repeat(super::TEXT_MOST / 20);
    let read = super::within_bound(&long);
    assert!(
        read.len() <= super::TEXT_MOST && read.ends_with('\n'),
        "{}",
        read.len()
    );
    let many = "[a:chess]\n".repeat(super::SECTIONS_MOST + 5);
    let read = super::within_bound(&many);
    assert_eq!(read.len(), 10 * super::SECTIONS_MOST);
    let list = super::list(&many, "");
    let notes = strings(&list["notes"]).join(" ");
    assert!(
        notes.contains("only its first 10000 sections are read"),
        "{notes}"
    );
}
