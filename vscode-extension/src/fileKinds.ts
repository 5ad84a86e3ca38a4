// The kinds of file the server reads, as its own table gives them (syntax/src/host/kinds.rs):
// tests/vscode checks this part, and the languages and activation events of package.json,
// against the table, and writes them.

// Generated from syntax/src/host/kinds.rs by `UPDATE_EDITORS=1 cargo test -p betza-server --test vscode generated_lists`: edit the table, not this part.
/** The language id of each kind of file the server reads. */
export const SERVER_LANGUAGES: readonly string[] = ["fairy-variants", "pgn", "interactive-diagram", "ccif", "betza", "mbn"];

/** Extensions whose files the server reads whatever their language: another extension's. */
export const EXTENSIONS_SENT_BY_NAME: readonly string[] = ["pgn"];
// End of the generated part.
