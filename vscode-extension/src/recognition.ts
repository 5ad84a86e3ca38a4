// Fairy-Stockfish variants files under other names (`rules.ini` full of `customPiece` lines):
// VS Code opens them as plain INI, and only their content says otherwise. The extension
// activates on `onLanguage:ini` for them, asks the server about each `.ini` that opens as INI
// or as plain text (`betza.isVariantsFile`: the library decides, as it does for `betza check`),
// and gives those it reads as variants files the `fairy-variants` language. Every other `.ini`
// keeps its language: the extension never claims `*.ini` in its manifest.

/** The language a variants file is given. */
export const VARIANTS_LANGUAGE = "fairy-variants";

/** The server's command: `[fileName, languageId, text]`, answered `true` or `false`. */
export const IS_VARIANTS_FILE = "betza.isVariantsFile";

export interface OpenedDocument {
  readonly languageId: string;
  readonly fileName: string;
}

/** Whether to ask the server about a document: an INI one, or an `.ini` opened as plain text. */
export function mayBeVariantsFile(document: OpenedDocument): boolean {
  return document.languageId === "ini" || (document.languageId === "plaintext" && /\.ini$/i.test(document.fileName));
}
