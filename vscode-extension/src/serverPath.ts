// Where the `betza` binary comes from, in order: the `betza.server.path` setting, the binary
// bundled in a platform-specific package, then `betza` on PATH. A setting that points nowhere
// is an error, not a reason to fall back: the user asked for that binary.

import * as path from "node:path";

export type ServerSource = "setting" | "bundled" | "path";

export type Resolution =
  | { readonly found: true; readonly path: string; readonly source: ServerSource }
  | { readonly found: false; readonly problem: string };

export interface Lookup {
  /** The `betza.server.path` setting, possibly empty. */
  readonly configured: string;
  /** The extension's install folder. */
  readonly extensionPath: string;
  readonly platform: NodeJS.Platform;
  /** The PATH environment variable. */
  readonly searchPath: string | undefined;
  readonly home: string;
  /** Whether a file exists there and may be executed. */
  readonly isExecutable: (file: string) => boolean;
}

export const INSTALL_HINT =
  "Install it with `cargo install --path server` from the betza repository, or set `betza.server.path` to the binary.";

function binaryName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "betza.exe" : "betza";
}

/** The bundled binary's place inside the extension (scripts/package.mjs puts it there). */
export function bundledPath(extensionPath: string, platform: NodeJS.Platform): string {
  const join = platform === "win32" ? path.win32.join : path.posix.join;
  return join(extensionPath, "server", binaryName(platform));
}

function expandHome(file: string, home: string, platform: NodeJS.Platform): string {
  if (file === "~") {
    return home;
  }
  if (file.startsWith("~/") || (platform === "win32" && file.startsWith("~\\"))) {
    return home + file.slice(1);
  }
  return file;
}

export function resolveServer(lookup: Lookup): Resolution {
  const { platform } = lookup;
  const configured = lookup.configured.trim();
  if (configured !== "") {
    const file = expandHome(configured, lookup.home, platform);
    return lookup.isExecutable(file)
      ? { found: true, path: file, source: "setting" }
      : {
          found: false,
          problem: `\`betza.server.path\` is set to ${file}, which is not an executable file. Correct the setting, or clear it to use the bundled or installed server.`,
        };
  }
  const bundled = bundledPath(lookup.extensionPath, platform);
  if (lookup.isExecutable(bundled)) {
    return { found: true, path: bundled, source: "bundled" };
  }
  const pathModule = platform === "win32" ? path.win32 : path.posix;
  const folders = (lookup.searchPath ?? "").split(pathModule.delimiter).filter((f) => f !== "");
  for (const folder of folders) {
    const candidate = pathModule.join(folder, binaryName(platform));
    if (lookup.isExecutable(candidate)) {
      return { found: true, path: candidate, source: "path" };
    }
  }
  return {
    found: false,
    problem: `The betza language server was not found: this package bundles none for this platform and there is no \`betza\` on PATH. ${INSTALL_HINT}`,
  };
}
