// The dialect the server reads a file's Betza in, for the status bar. It mirrors the server's
// host scanners (syntax/src/host): each host format has one dialect, except `.betza` files,
// where a `# dialect: NAME` line sets the dialect of the lines after it.

import { DIALECTS, type DialectId } from "./settings";

export const SHORT_NAMES: Record<DialectId, string> = {
  xbetza: "XBetza",
  fairy: "Fairy-Stockfish",
  mbn: "MBN",
  chained: "Chained Betza",
};

export const TITLES: Record<DialectId, string> = {
  xbetza: "XBetza",
  fairy: "Fairy-Stockfish Betza",
  mbn: "Modified Betza Notation",
  chained: "chained Extended Betza",
};

export interface DialectHere {
  readonly dialect: DialectId;
  /** Why this dialect, for the tooltip. */
  readonly reason: string;
}

export interface TextLines {
  readonly languageId: string;
  readonly fileName: string;
  readonly lineCount: number;
  lineAt(line: number): string;
}

/** The dialect named by a `# dialect: NAME` line, matched as the server does (trimmed, any case). */
export function declaredDialect(line: string): DialectId | undefined {
  const content = line.trim();
  if (!content.startsWith("#")) {
    return undefined;
  }
  const comment = content.slice(1).trim();
  if (!comment.startsWith("dialect:")) {
    return undefined;
  }
  const name = comment.slice("dialect:".length).trim().toLowerCase();
  return DIALECTS.find((d) => d === name);
}

/** The dialect at `line` of a document, or undefined when the server does not read it. */
export function dialectAt(document: TextLines, line: number, fallback: DialectId): DialectHere | undefined {
  const lower = document.fileName.toLowerCase();
  switch (document.languageId) {
    case "fairy-variants":
      return { dialect: "fairy", reason: "Fairy-Stockfish variants.ini files are read as Fairy-Stockfish reads them" };
    case "interactive-diagram":
      return { dialect: "xbetza", reason: "the pieces of Interactive Diagrams are written in XBetza" };
    case "ccif":
      return { dialect: "mbn", reason: "the pieces of C/CIF files are written in MBN" };
    case "mbn":
      return { dialect: "mbn", reason: ".mbn files hold MBN definitions" };
    case "betza": {
      const last = Math.min(line, document.lineCount - 1);
      for (let at = last; at >= 0; at--) {
        const declared = declaredDialect(document.lineAt(at));
        if (declared !== undefined) {
          return { dialect: declared, reason: `set by the \`# dialect:\` line ${at + 1}` };
        }
      }
      return { dialect: fallback, reason: "no `# dialect:` line above: the `betza.dialect` setting" };
    }
    default:
      if (document.languageId === "pgn" || lower.endsWith(".pgn")) {
        return { dialect: "xbetza", reason: "PGN VariantMen tags are XBoard's XBetza" };
      }
      return undefined;
  }
}
