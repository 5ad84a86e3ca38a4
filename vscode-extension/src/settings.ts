// The `betza.*` settings as the server reads them (server/src/lsp/state.rs, `Settings`): sent
// as initialization options and again on every change. Only values the server understands are
// passed on, so a typo in settings.json falls back to the server's default instead of being
// read as something else.

export const DIALECTS = ["xbetza", "fairy", "mbn", "chained"] as const;
export type DialectId = (typeof DIALECTS)[number];

export const ENGINES = ["xboard", "fairy-stockfish"] as const;
export const LEVELS = ["off", "error", "warning", "info", "hint"] as const;

export interface ServerSettings {
  dialect: DialectId;
  boardSize?: string;
  /** Absent: the dialect's own engines. */
  engines?: string[];
  rules: Record<string, string>;
  hoverImage: boolean;
  startPosition: boolean;
  /** Absent: the server's default; 0: no limit. */
  maxFindings?: number;
}

/** Reads one key of the `betza` section; `WorkspaceConfiguration.get` fits. */
export type SettingReader = (key: string) => unknown;

const BOARD = /^([1-9]|1[0-9]|2[0-6])x([1-9]|1[0-9]|2[0-6])$/;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

export function serverSettings(read: SettingReader): ServerSettings {
  const dialect = read("dialect");
  const settings: ServerSettings = {
    dialect: isOneOf(DIALECTS, dialect) ? dialect : "xbetza",
    rules: {},
    hoverImage: read("hoverImage") !== false,
    startPosition: read("startPosition") !== false,
  };
  const board = read("boardSize");
  if (typeof board === "string" && BOARD.test(board.trim())) {
    settings.boardSize = board.trim();
  }
  const engines = read("engines");
  if (Array.isArray(engines)) {
    settings.engines = [...new Set(engines.filter((e) => isOneOf(ENGINES, e)))];
  }
  const maxFindings = read("maxFindings");
  if (typeof maxFindings === "number" && Number.isSafeInteger(maxFindings) && maxFindings >= 0) {
    settings.maxFindings = maxFindings;
  }
  const rules = read("rules");
  if (typeof rules === "object" && rules !== null) {
    for (const [code, level] of Object.entries(rules)) {
      if (isOneOf(LEVELS, level)) {
        settings.rules[code] = level;
      }
    }
  }
  return settings;
}
