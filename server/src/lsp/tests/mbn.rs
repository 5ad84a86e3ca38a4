//! MBN over the protocol: macros (seed 002, section 16) and hover on definitions.

use serde_json::{Value, json};

use super::{Session, position};

/// MBN macros (seed 002, section 16) over the protocol: definition, references, highlights,
/// prepareRename and rename, with the refusals. The renamed document dissolves to the same
/// moves (checked through the syntax crate's expansion of every definition).
#[tokio::test]
async fn mbn_macros_rename_references_and_definition() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/pieces.mbn";
    let text = "@:NR:=N0\nI|Nightrider|=:NR: Z|Amazon-Rider|=Q+:NR:+c{:NR:}K |:NR:|\n";
    let diagnostics = session.open(uri, "mbn", text).await;
    assert_eq!(diagnostics["diagnostics"], json!([]));
    let at = |line, character| json!({ "textDocument": { "uri": uri }, "position": position(line, character) });
    let definition = session.request("textDocument/definition", at(1, 16)).await;
    assert_eq!(
        definition["result"],
        json!([{ "uri": uri, "range": { "start": position(0, 1), "end": position(0, 5) } }])
    );
    let mut references_params = at(0, 2);
    references_params["context"] = json!({ "includeDeclaration": true });
    let references = session
        .request("textDocument/references", references_params)
        .await;
    let starts: Vec<Value> = references["result"]
        .as_array()
        .expect("locations")
        .iter()
        .map(|l| l["range"]["start"].clone())
        .collect();
    // The letters inside the piece set `{:NR:}` and the comment are not uses.
    assert_eq!(starts, [position(0, 1), position(1, 14), position(1, 37)]);
    let highlights = session
        .request("textDocument/documentHighlight", at(1, 38))
        .await;
    assert_eq!(highlights["result"][0]["kind"], json!(3));
    assert_eq!(highlights["result"][1]["kind"], json!(2));
    let prepared = session
        .request("textDocument/prepareRename", at(1, 15))
        .await;
    assert_eq!(
        prepared["result"],
        json!({ "start": position(1, 14), "end": position(1, 18) })
    );
    let not_a_macro = session
        .request("textDocument/prepareRename", at(1, 0))
        .await;
    assert_eq!(not_a_macro["error"]["code"], json!(-32602));
    let mut rename_params = at(1, 15);
    rename_params["newName"] = json!(":RR:");
    let rename = session
        .request("textDocument/rename", rename_params.clone())
        .await;
    let edits = rename["result"]["changes"][uri]
        .as_array()
        .expect("edits")
        .clone();
    assert_eq!(edits.len(), 3);
    assert!(edits.iter().all(|e| e["newText"] == ":RR:"));
    rename_params["newName"] = json!("Q");
    let refused = session
        .request("textDocument/rename", rename_params.clone())
        .await;
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("basic piece Q")),
        "{refused}"
    );
    rename_params["newName"] = json!("nr");
    let refused = session.request("textDocument/rename", rename_params).await;
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("is not a macro name")),
        "{refused}"
    );
    assert!(session.finish().await);
}

/// A C/CIF file holds one game per `pieces` attribute, each with its own macros (notes MB20):
/// renaming `:NR:` in the first game leaves the second game's `:NR:` alone, and another open
/// document is never edited.
#[tokio::test]
async fn a_rename_stays_within_its_game() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/games.cif";
    let text = "<games>\n<game pieces=\"@:NR:=N0 I=:NR:\"/>\n<game pieces=\"@:NR:=W0 R=:NR:\"/>\n</games>\n";
    session.open(uri, "ccif", text).await;
    let other = "file:///w/other.mbn";
    session.open(other, "mbn", "@:NR:=N0 I=:NR:\n").await;
    let mut params =
        json!({ "textDocument": { "uri": uri }, "position": position(1, 26), "newName": ":RR:" });
    let rename = session.request("textDocument/rename", params.clone()).await;
    let changes = rename["result"]["changes"]
        .as_object()
        .expect("changes")
        .clone();
    assert_eq!(changes.keys().collect::<Vec<_>>(), [uri]);
    // The lines the edits of `uri` start on.
    let lines = |edits: &Value| -> Vec<u64> {
        edits
            .as_array()
            .expect("edits")
            .iter()
            .filter_map(|e| e["range"]["start"]["line"].as_u64())
            .collect()
    };
    assert_eq!(lines(&changes[uri]), [1, 1]);
    params["position"] = position(2, 26);
    let second = session.request("textDocument/rename", params).await;
    assert_eq!(lines(&second["result"]["changes"][uri]), [2, 2]);
    assert!(session.finish().await);
}

/// Hover in MBN speaks of the definition under the cursor, with its macros dissolved (seed 002:
/// "Before any piece definition will be interpreted, all the macro definitions have to be
/// dissolved"), and on a macro's name of the macro: its text, its uses and its meaning.
#[tokio::test]
async fn mbn_hover_dissolves_macros_one_definition_at_a_time() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/hover.mbn";
    let text = "@:NR:=N0\nZ|Amazon-Rider|=Q+:NR: I|Nightrider| @I=N0 W4\n";
    session.open(uri, "mbn", text).await;
    let hover = |line, character| json!({ "textDocument": { "uri": uri }, "position": position(line, character) });
    let on_use = session.request("textDocument/hover", hover(1, 19)).await;
    let value = on_use["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(
        value.contains("**macro `:NR:`** = `N0` (used 1 time)"),
        "{value}"
    );
    assert!(value.contains("The Nightrider"), "{value}");
    assert_eq!(
        on_use["result"]["range"],
        json!({ "start": position(1, 18), "end": position(1, 22) })
    );
    let on_piece = session.request("textDocument/hover", hover(1, 16)).await;
    let value = on_piece["result"]["contents"]["value"]
        .as_str()
        .unwrap_or("");
    assert!(
        value.contains("**piece `Z`** (Amazon-Rider) = `Q+:NR:`"),
        "{value}"
    );
    assert!(value.contains("with macros dissolved: `Q+(N0)`"), "{value}");
    // The hover is about `Z` alone: the short rook `W4` is another definition.
    assert!(!value.contains("W4"), "{value}");
    assert_eq!(
        on_piece["result"]["range"],
        json!({ "start": position(1, 0), "end": position(1, 22) })
    );
    // A lone letter that a macro overrides is that macro's piece.
    let lone = session.request("textDocument/hover", hover(1, 24)).await;
    let value = lone["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(value.contains("with macros dissolved: `N0`"), "{value}");
    assert!(value.contains("The Nightrider"), "{value}");
    // On a letter: MBN's own meaning of it, not XBetza's.
    let letter = session.request("textDocument/hover", hover(1, 43)).await;
    let value = letter["result"]["contents"]["value"].as_str().unwrap_or("");
    assert!(value.contains("\n---\n\n**`W`** (Wazir)"), "{value}");
    assert!(session.finish().await);
}

/// Seed 002: "K=K+{C}W2F2 If the current square of the King is attacked (checked) by a
/// Chancellor (C) then the King has the choice to make an escape move". The hover on `K` is
/// about `K` alone, and its attacker `C` moves as the game's own `C=RN` defines it, not as
/// MBN's basic Camel (notes MB27).
#[tokio::test]
async fn mbn_hover_reads_attackers_from_the_game() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/escape.mbn";
    session.open(uri, "mbn", "C=RN\nK=K+{C}W2F2\n").await;
    let hover = json!({ "textDocument": { "uri": uri }, "position": position(1, 0) });
    let on_king = session.request("textDocument/hover", hover).await;
    let value = on_king["result"]["contents"]["value"]
        .as_str()
        .unwrap_or("");
    assert!(value.contains("C moving `RN` (its definition)"), "{value}");
    assert!(!value.contains("basic piece"), "{value}");
    assert!(session.finish().await);
}

/// Completion and colours in a `.mbn` file come from MBN's own tables (seed 002): `w` is
/// offered as the swap modifier and coloured as a mode, `d` means any direction, and XBetza's
/// `a` (again) is MBN's "all".
#[tokio::test]
async fn mbn_completion_and_tokens_read_mbn_letters() {
    let (mut session, _) = Session::start(&["utf-16"], Value::Null).await;
    let uri = "file:///w/swap.mbn";
    session.open(uri, "mbn", "wfK\n").await;
    let items = session
        .request(
            "textDocument/completion",
            json!({ "textDocument": { "uri": uri }, "position": position(0, 1) }),
        )
        .await;
    let items = items["result"].as_array().expect("items").clone();
    let detail = |label: &str| {
        items
            .iter()
            .find(|i| i["label"] == label)
            .and_then(|i| i["detail"].as_str())
            .map(str::to_owned)
    };
    assert_eq!(detail("w").as_deref(), Some("swap (MBN modifier)"));
    assert_eq!(detail("d").as_deref(), Some("any direction (MBN modifier)"));
    assert_eq!(detail("a").as_deref(), Some("all (MBN modifier)"));
    // w (mode 2), f (direction 1), K (atom 0), each one character on line 0.
    assert_eq!(
        session.semantic_tokens(uri).await,
        json!([0, 0, 1, 2, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0])
    );
}
