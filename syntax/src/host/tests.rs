//! Each scanner against the example file of its format (corpus/examples), against every prefix
//! of it (half-typed files must scan without panic, with ranges on character boundaries), and
//! against the host errors it must report.

use crate::diagnostic::{Code, codes};
use std::path::Path;

use super::{HostFormat, Scan, detect, scan};
use crate::Dialect;

fn example(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/examples")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The Betza strings a scan found, as text.
fn strings<'a>(scan: &Scan, text: &'a str) -> Vec<&'a str> {
    scan.regions
        .iter()
        .filter(|r| r.decoded.is_none())
        .map(|r| &text[r.range])
        .collect()
}

fn every_prefix_scans(format: HostFormat, text: &str) {
    for end in (0..=text.len()).filter(|i| text.is_char_boundary(*i)) {
        let prefix = &text[..end];
        let result = scan(format, prefix, Dialect::XBetza);
        for region in &result.regions {
            assert!(usize::from(region.range.end()) <= prefix.len());
            assert!(prefix.is_char_boundary(region.range.start().into()));
            assert!(prefix.is_char_boundary(region.range.end().into()));
        }
        for error in &result.errors {
            assert!(usize::from(error.range.end()) <= prefix.len());
        }
    }
}

#[test]
fn formats_are_recognised_by_name_and_ini_files_by_content() {
    for name in [
        "variants.ini",
        "my.variants.ini",
        "pychess-variants.ini",
        "fairy-stockfish-variants.ini",
        "shogi-variants.ini",
        "a/b/MyVariants.INI",
    ] {
        assert_eq!(detect(name, ""), Some(HostFormat::VariantsIni), "{name}");
    }
    // `variants` in a folder's name says nothing of the file.
    assert_eq!(
        detect(
            "variants/settings.ini",
            "[x]
key = value"
        ),
        None
    );
    assert_eq!(detect("game.PGN", ""), Some(HostFormat::Pgn));
    assert_eq!(detect("a/b/c.ccif", ""), Some(HostFormat::Cif));
    assert_eq!(detect("griffons.diagram", ""), Some(HostFormat::Diagram));
    assert_eq!(detect("notes.txt", ""), None);
    assert_eq!(detect("variants.txt", "[x]\ncustomPiece1 = a:W"), None);
}

/// An `.ini` of another name is a variants file by what it holds: a key of the engine's own,
/// or a section inheriting from a built-in or from a section above it (DESIGN.md: "Do not
/// claim every `*.ini`").
#[test]
fn an_ini_of_another_name_is_recognised_by_its_content() {
    for text in [
        "[x]\ncustomPiece1 = a:W\n",
        "[x]\ncustompiece12 = a:W\n",
        "[x]\npieceToCharTable = PNBRQK:pnbrqk\n",
        "# before any section\ncustomPiece1 = a:W\n",
        "[inda:chess]\nmaxRank = 6\n",
        "[mini:Shogi]\n",
        "[base]\nmaxRank = 6\n[child:base]\n",
        "\u{feff}[x]\r\ncustomPiece1 = a:W\r\n",
    ] {
        assert_eq!(
            detect("rules.ini", text),
            Some(HostFormat::VariantsIni),
            "{text:?}"
        );
    }
    for text in [
        "",
        "[x]\nkey = value\n",
        "[x:y]\nkey = value\n",
        // tox.ini and supervisord: a parent that is no variant.
        "[testenv]\ndeps = pytest\n[testenv:lint]\ncommands = ruff\n",
        "[program:web]\ncommand = serve\n[group:all]\nprograms = web\n",
        // The words in a comment or a value are no keys.
        "[x]\n; customPiece1 = a:W\nnote = pieceToCharTable\n",
        "[x]\ncustomPieceX = a:W\n",
        // A parent named below its child is not known when the child is read.
        "[child:base]\n[base]\n",
    ] {
        assert_eq!(detect("settings.ini", text), None, "{text:?}");
    }
}

/// An editor's language decides where the name says nothing; `fairy-variants` is a choice
/// and wins over the name; an `.ini` stays nobody's when its content is no variants file.
#[test]
fn documents_are_recognised_by_name_language_and_content() {
    use super::detect_document;
    let variants = "[mini:chess]\nmaxRank = 6\n";
    let plain = "[server]\nport = 80\n";
    for language in ["ini", "dosini", "plaintext", "fairy-variants", ""] {
        assert_eq!(
            detect_document("/w/rules.ini", language, variants),
            Some(HostFormat::VariantsIni),
            "{language}"
        );
        assert_eq!(
            detect_document("/w/pychess-variants.ini", language, plain),
            Some(HostFormat::VariantsIni),
            "{language}"
        );
    }
    for language in ["ini", "dosini", "plaintext", "betza", ""] {
        assert_eq!(detect_document("/w/settings.ini", language, plain), None);
    }
    assert_eq!(
        detect_document("/w/settings.ini", "fairy-variants", plain),
        Some(HostFormat::VariantsIni)
    );
    // Eglot 1.9 sends every document with the language of the first: the name decides.
    for (name, format) in [
        ("/w/griffons.diagram", HostFormat::Diagram),
        ("/w/pieces.betza", HostFormat::Betza),
        ("/w/game.pgn", HostFormat::Pgn),
    ] {
        assert_eq!(
            detect_document(name, "fairy-variants", variants),
            Some(format)
        );
    }
    assert_eq!(
        detect_document("Untitled-1", "ini", variants),
        Some(HostFormat::VariantsIni)
    );
    assert_eq!(detect_document("Untitled-1", "ini", plain), None);
    assert_eq!(
        detect_document("Untitled-1", "pgn", ""),
        Some(HostFormat::Pgn)
    );
    assert_eq!(
        detect_document("Untitled-1", "plaintext", "fmWfcF"),
        Some(HostFormat::Betza)
    );
}

/// Every format is registered: its host is its own.
#[test]
fn every_format_has_its_host() {
    for format in HostFormat::ALL {
        // A new format fails to compile here: list it in `HostFormat::ALL` and here.
        match format {
            HostFormat::VariantsIni
            | HostFormat::Pgn
            | HostFormat::Diagram
            | HostFormat::Cif
            | HostFormat::Betza
            | HostFormat::Mbn => {}
        }
        assert_eq!(super::of(format).kind().format, format);
    }
    assert_eq!(super::kinds().count(), HostFormat::ALL.len());
}

/// Every extension, language and format belongs to one kind, and each kind is
/// recognised by what the table says of it (the editors' lists are generated from it).
#[test]
fn the_table_of_kinds_is_what_detection_reads() {
    use super::{detect_document, kinds};
    let mut extensions = Vec::new();
    let mut languages = Vec::new();
    for kind in kinds() {
        for extension in kind.extensions {
            extensions.push(*extension);
            let name = format!("a/Piece.{}", extension.to_ascii_uppercase());
            assert_eq!(detect(&name, ""), Some(kind.format), "{name}");
        }
        if let Some(shared) = kind.shared {
            extensions.push(shared.extension);
            let name = format!("My{}.{}", shared.name_word, shared.extension);
            assert_eq!(detect(&name, ""), Some(kind.format), "{name}");
            assert_eq!(detect(&format!("other.{}", shared.extension), ""), None);
        }
        languages.extend(kind.other_languages);
        languages.push(kind.language);
        assert_eq!(
            detect_document("Untitled-1", kind.language, ""),
            Some(kind.format),
            "{}",
            kind.language
        );
    }
    let formats: std::collections::HashSet<HostFormat> = kinds().map(|k| k.format).collect();
    assert_eq!(formats.len(), kinds().count(), "one kind a format");
    for list in [&mut extensions, &mut languages] {
        let count = list.len();
        list.sort_unstable();
        list.dedup();
        assert_eq!(list.len(), count, "one kind each: {list:?}");
    }
}

/// The keys and parents the table gives editors that read an `.ini` themselves are what the
/// server's own reading (`ini::is_variants_file`) looks for, in any case.
#[test]
fn the_content_rule_editors_are_given_is_the_servers() {
    let shared = super::kinds()
        .find_map(|kind| kind.shared)
        .expect("variants files share .ini");
    let holds = shared.content.holds;
    let spellings = |key: &str| {
        [
            key.to_string(),
            key.to_ascii_lowercase(),
            key.to_ascii_uppercase(),
        ]
    };
    let keys = (shared.content.keys)();
    assert!(keys.len() > 250 && keys.contains(&"maxRank") && keys.contains(&"pieceToCharTable"));
    for key in &keys {
        for spelt in spellings(key) {
            assert!(holds(&format!("[x]\n{spelt} = a\n")), "{spelt}");
        }
        assert!(!holds(&format!("[x]\nx{key} = a\n")), "x{key}");
    }
    // A plain word counts with a value the engine reads as it, in any case.
    let plain_words = [
        (
            (shared.content.piece_keys)(),
            ["p", " P ", "k:WF", "a:"],
            ["100", "red", "-", ""],
        ),
        (
            (shared.content.switch_keys)(),
            ["true", "false", " TRUE ", "False"],
            ["yes", "secret", "1", "truer"],
        ),
    ];
    for (keys, read, other) in plain_words {
        for key in keys {
            for spelt in spellings(key) {
                for value in read {
                    assert!(
                        holds(&format!("[x]\n{spelt} = {value}\n")),
                        "{spelt} = {value}"
                    );
                }
            }
            for value in other {
                assert!(
                    !holds(&format!("[x]\n{key} = {value}\n")),
                    "{key} = {value}"
                );
            }
        }
    }
    for key in shared.content.numbered_keys {
        for number in ["", "1", "25", "007"] {
            let spelt = format!("{}{number}", key.to_ascii_lowercase());
            assert!(holds(&format!("[x]\n{spelt} = a\n")), "{spelt}");
        }
        assert!(!holds(&format!("[x]\n{key}X = a\n")), "{key}X");
    }
    let parents = (shared.content.built_in_parents)();
    assert!(parents.len() > 100 && parents.contains(&"chess"));
    for parent in parents {
        assert_eq!(parent, parent.to_ascii_lowercase());
        assert!(holds(&format!("[mine:{parent}]\n")), "{parent}");
    }
    assert!(!holds("[mine:chesss]\n"));
}

#[test]
fn variants_ini_regions_and_context() {
    let text = example("variants.ini");
    let result = scan(HostFormat::VariantsIni, &text, Dialect::XBetza);
    let found = strings(&result, &text);
    assert!(
        found.contains(&"fmWfcF") && found.contains(&"nN") && found.contains(&"KN"),
        "{found:?}"
    );
    assert_eq!(found.len(), 22);
    let king = result
        .regions
        .iter()
        .find(|r| &text[r.range] == "KN")
        .expect("king = k:KN");
    assert_eq!(king.context.section.as_deref(), Some("kings-of-the-hill"));
    assert_eq!(king.context.piece.as_deref(), Some("k"));
    assert!(result.regions.iter().all(|r| r.dialect == Dialect::Fairy));
    assert!(result.errors.is_empty(), "{:?}", result.errors);
    every_prefix_scans(HostFormat::VariantsIni, &text);
}

#[test]
fn variants_ini_host_errors_that_hide_a_piece() {
    let text = "[a:chess]\ncustomPiece1 = x:W\ncustomPiece2 = x:F\ncustomPiece26 = y:N\ncustomPiece3 = mfW\n[b:nosuchvariant]\n[c:a]\n[broken\n";
    let result = scan(HostFormat::VariantsIni, text, Dialect::XBetza);
    let codes: Vec<Code> = result.errors.iter().map(|e| e.code).collect();
    assert_eq!(
        codes,
        [
            codes::LETTER_USED_TWICE,
            codes::CUSTOM_PIECE_NUMBER,
            codes::MALFORMED_PIECE,
            codes::UNKNOWN_PARENT,
            codes::UNCLOSED_SECTION
        ]
    );
    let twice = &result.errors[0];
    assert_eq!(&text[twice.range], "x");
    // The message names the key that took the letter first.
    assert!(
        twice.message.contains("`customPiece1`"),
        "{}",
        twice.message
    );
    assert_eq!(&text[result.errors[3].range], "nosuchvariant");
}

/// Issue 25: `fairy`, `chessgi`, `losers` and `wolf` are built into Fairy-Stockfish (variant.cpp
/// 1849 on; reference/fairy-stockfish-builtins.tsv), so inheriting from them is no mistake;
/// `threecheck` is not (the engine calls it `3check`).
#[test]
fn sections_may_inherit_from_every_built_in_variant() {
    let text = "[a:fairy]\n[b:chessgi]\n[c:losers]\n[d:wolf]\n[e:3check]\n[f:threecheck]\n";
    let result = scan(HostFormat::VariantsIni, text, Dialect::Fairy);
    let unknown: Vec<&str> = result
        .errors
        .iter()
        .filter(|e| e.code == codes::UNKNOWN_PARENT)
        .map(|e| &text[e.range])
        .collect();
    assert_eq!(unknown, ["threecheck"]);
}

#[test]
fn pgn_variant_men_tag() {
    let text = example("game.pgn");
    let result = scan(HostFormat::Pgn, &text, Dialect::XBetza);
    assert_eq!(
        strings(&result, &text),
        ["fmWfceFifmnD", "N", "BN", "RN", "WfF"]
    );
    let promoted = result.regions.last().expect("+P");
    assert_eq!(promoted.context.piece.as_deref(), Some("+P"));
    every_prefix_scans(HostFormat::Pgn, &text);
}

#[test]
fn interactive_diagram_piece_lines() {
    let text = example("example.diagram");
    let result = scan(HostFormat::Diagram, &text, Dialect::XBetza);
    // Seed 000's diagram; `rook::::a1,l1` keeps its standard moves and has no string.
    assert_eq!(
        strings(&result, &text),
        ["fmFcafmFifmD", "mRpafscRifhN", "gQ"]
    );
    assert_eq!(result.regions[0].context.name.as_deref(), Some("checker"));
    every_prefix_scans(HostFormat::Diagram, &text);
}

#[test]
fn cif_pieces_attribute_decodes_entities_and_maps_back() {
    let text = example("pieces.cif");
    let result = scan(HostFormat::Cif, &text, Dialect::XBetza);
    assert_eq!(result.regions.len(), 1);
    let region = &result.regions[0];
    assert_eq!(region.dialect, Dialect::Mbn);
    let decoded = region.text(&text);
    assert!(decoded.ends_with("K|King & castler|=K"), "{decoded}");
    // The `&` decoded from `&amp;` maps back to the `&amp;` in the file.
    let amp = decoded.find('&').expect("an ampersand");
    let in_file = region.to_file(rowan::TextRange::at(
        u32::try_from(amp).expect("small").into(),
        1.into(),
    ));
    assert!(text[usize::from(in_file.start())..].starts_with("&amp;"));
    every_prefix_scans(HostFormat::Cif, &text);
}

#[test]
fn plain_betza_files_with_names_comments_and_dialect_lines() {
    let text = "# dialect: fairy\nHorse: nN\n\nmafsW\n# dialect: xbetza\nLion: KNADcaKmcabK\n# dialect: chess\n";
    let result = scan(HostFormat::Betza, text, Dialect::XBetza);
    assert_eq!(strings(&result, text), ["nN", "mafsW", "KNADcaKmcabK"]);
    let dialects: Vec<Dialect> = result.regions.iter().map(|r| r.dialect).collect();
    assert_eq!(dialects, [Dialect::Fairy, Dialect::Fairy, Dialect::XBetza]);
    assert_eq!(result.regions[0].context.name.as_deref(), Some("Horse"));
    assert_eq!(
        result.errors.len(),
        1,
        "`# dialect: chess` is not a dialect"
    );
    let seeds = example("seed-examples.betza");
    let result = scan(HostFormat::Betza, &seeds, Dialect::XBetza);
    assert_eq!(result.regions.len(), 133);
    every_prefix_scans(HostFormat::Betza, &seeds);
}

/// Seed 002: comments "may contain any character except vertical bars, even spaces", and
/// describe the piece they stand in (`B|Blue Whale|=vW+fF`).
#[test]
fn mbn_files_split_on_whitespace_outside_comments() {
    let text = "N=:1,2: |a comment with spaces| B|Blue Whale|=vW+fF\nR=W0";
    let result = scan(HostFormat::Mbn, text, Dialect::XBetza);
    assert_eq!(
        strings(&result, text),
        [
            "N=:1,2:",
            "|a comment with spaces|",
            "B|Blue Whale|=vW+fF",
            "R=W0"
        ]
    );
    every_prefix_scans(HostFormat::Mbn, text);
}

#[test]
fn mangled_files_never_panic() {
    for format in HostFormat::ALL {
        for text in [
            "[",
            "[a:",
            "customPiece1 =",
            "customPiece1 = :",
            "=",
            "[VariantMen \"",
            "[VariantMen \"P:",
            "<game pieces=\"&amp",
            "<game pieces='&#x110000;'>",
            "a:b:c",
            ":::",
            "\u{2028}\r\r\n",
            "😀:😀:😀",
            "# dialect:",
            "|||",
            "\0",
        ] {
            let _ = scan(format, text, Dialect::Fairy);
        }
    }
}

/// Issue 40: the example's Griffon-family pieces written with bracket groups; each group is one
/// note of the file, and only `K` of `K[F?fsR]` is a string (host/diagram.rs).
#[test]
fn interactive_diagram_bracket_groups() {
    let text = example("griffons.diagram");
    let result = scan(HostFormat::Diagram, &text, Dialect::XBetza);
    assert_eq!(strings(&result, &text), ["fmWfceFifmnD", "K", "K"]);
    let groups: Vec<&str> = result.errors.iter().map(|e| &text[e.range]).collect();
    assert_eq!(groups, ["[F?fsR]", "[F?fqR]", "[F?fsR]"]);
    assert!(
        (result.errors.iter()).all(|e| e.code == codes::DIAGRAM_BRACKET_GROUP),
        "{:?}",
        result.errors
    );
    every_prefix_scans(HostFormat::Diagram, &text);
}

/// Each host reads the board its file gives a piece, for hovers and findings alike: an
/// Interactive Diagram's `files=` and `ranks=` (the first that give a number), a PGN game's
/// `FEN` tag (the tag lines around the piece's, each game its own), a `variants.ini`
/// section's once its parents are applied.
#[test]
fn each_host_reads_the_board_its_file_gives() {
    let board_of = |format: HostFormat, text: &str| -> Vec<Option<(u8, u8, &'static str)>> {
        let scan = scan(format, text, Dialect::XBetza);
        let host = super::of(format);
        scan.regions
            .iter()
            .map(|region| {
                let board = host.board_of(region, scan.ini.as_deref())?;
                Some((board.size.files, board.size.ranks, board.whose))
            })
            .collect()
    };
    let diagram = "satellite=x files=x files=10 ranks=8\nrook:R:R::a1\nqueen:Q:Q::d1\n";
    assert_eq!(
        board_of(HostFormat::Diagram, diagram),
        [Some((10, 8, "the diagram's")); 2]
    );
    assert_eq!(
        board_of(HostFormat::Diagram, "files=27 ranks=8\nrook:R:R::a1\n"),
        [None],
        "a side past z"
    );
    let games = "[Variant \"x\"]\n[FEN \"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\"]\n\
                 [VariantMen \"N:N;K:K\"]\n\n1. e4 *\n\n[Variant \"y\"]\n[VariantMen \"N:N\"]\n";
    assert_eq!(
        board_of(HostFormat::Pgn, games),
        [Some((5, 5, "the game's")), Some((5, 5, "the game's")), None]
    );
    let ini = "[big:chess]\nmaxFile = 10\n[v:big]\nmaxRank = 6\ncustomPiece1 = a:W\n";
    assert_eq!(
        board_of(HostFormat::VariantsIni, ini),
        [Some((10, 6, "the section's"))]
    );
    assert_eq!(board_of(HostFormat::Betza, "W\n"), [None]);
}

/// Issue 56: a start position's finding and its help list the variant's pieces alike.
#[test]
fn a_start_position_finding_and_its_help_list_the_pieces_alike() {
    let text = "[v:chess]\nstartFen = rnbqkbnr/ppppzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let scan = scan(HostFormat::VariantsIni, text, Dialect::Fairy);
    let finding = scan
        .errors
        .iter()
        .find(|e| e.message.contains("`z`"))
        .expect("the stray letter is found");
    let listed = |said: &str| {
        said.split("(its pieces: ")
            .nth(1)
            .map(|rest| rest[..6].to_owned())
    };
    let help = finding.help.as_deref().unwrap_or_default();
    assert_eq!(
        listed(&finding.message).as_deref(),
        Some("bknpqr"),
        "{}",
        finding.message
    );
    assert_eq!(listed(help).as_deref(), Some("bknpqr"), "{help}");
}
