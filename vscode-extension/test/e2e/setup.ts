// The end-to-end test's setting: its environment, the fresh profile, workspace and settings it
// starts from, the packaged extension installed into code-server, the browser, and the logs and
// screenshots it reads and writes. drive.ts plays the user in it.

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

import { check } from "./workbench";

// Starting code-server and loading the workbench and extension host the first time.
export const START_TIMEOUT = 180_000;

export function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set (test/e2e/run.sh sets it)`);
  }
  return value;
}

export const codeServer = required("CODE_SERVER");
export const vsix = required("VSIX");
export const corpusFile = required("CORPUS_FILE");
export const corpusPgn = required("CORPUS_PGN");
export const work = required("WORK");
/**
 * The shared corpus of real variants files (issue 55), beside the repository; without it the
 * glance on their section headers goes unchecked, and in CI the test fails.
 */
export const sharedCorpus = (() => {
  const folder = process.env["SHARED_CORPUS"];
  if (folder && fs.existsSync(folder)) {
    return folder;
  }
  const ci = process.env["CI"] === "true" || process.env["CI"] === "1";
  check(!ci, `the shared corpus (${folder}) is absent (CI is set: what a test needs must be there)`);
  console.log(`SKIPPED: the shared corpus (${folder}) is absent: the glance on real variants files goes unchecked`);
  return undefined;
})();

/**
 * Section headers of the shared corpus's variants files, as tests/neovim checks them: each
 * file, the header, and the files' letters under its start position.
 */
export const GLANCE = [
  { file: "fairy-stockfish-variants.ini", header: "[allwayspawns:chess]", files: "a b c d e f g h" },
  { file: "pychess-variants.ini", header: "[grandhouse:grand]", files: "a b c d e f g h i j" },
  { file: "pychess-variants.ini", header: "[cwda:chess]", files: "a b c d e f g h" },
];
export const browser = process.env["CHROMIUM"] ?? "/usr/bin/chromium";
export const extensionRoot = path.resolve(__dirname, "..", "..", "..");

export const dirs = {
  userData: path.join(work, "user-data"),
  extensions: path.join(work, "extensions"),
  workspace: path.join(work, "workspace"),
  chromium: path.join(work, "chromium-profile"),
  screenshots: path.join(work, "screenshots"),
  config: path.join(work, "code-server.yaml"),
};

export interface Finding {
  line: number;
  severity: "error" | "warning" | "info" | "hint";
  code: string;
}

export function prepare(): void {
  fs.rmSync(work, { recursive: true, force: true });
  for (const dir of Object.values(dirs)) {
    if (dir !== dirs.config) {
      fs.mkdirSync(dir, { recursive: true });
    }
  }
  fs.writeFileSync(dirs.config, "auth: none\n");
  fs.copyFileSync(corpusFile, path.join(dirs.workspace, "variants.ini"));
  fs.copyFileSync(corpusPgn, path.join(dirs.workspace, "game.pgn"));
  for (const [name, text] of Object.entries({ ...INI_FILES, ...HOST_FILES })) {
    fs.writeFileSync(path.join(dirs.workspace, name), text);
  }
  if (sharedCorpus) {
    fs.mkdirSync(path.join(dirs.workspace, "corpus"));
    for (const file of new Set(GLANCE.map((g) => g.file))) {
      fs.copyFileSync(path.join(sharedCorpus, file), path.join(dirs.workspace, "corpus", file));
    }
  }
  // The engines a variants.ini is checked for, said as a user would (they are the default,
  // Fairy-Stockfish and XBoard, since issue 54; the quick fix below is XBoard's).
  writeWorkspaceSettings({ "betza.engines": ENGINES });
  // Servers that fail: one dies at once, one two seconds after it started.
  fs.writeFileSync(path.join(work, "dead-betza"), "#!/bin/sh\nexit 3\n", { mode: 0o755 });
  // No welcome page, tips, trust prompt or update checks: nothing but the editor on screen.
  writeSettings();
}

/**
 * Variants files under other names (issue 42), and a plain `.ini`: `pychess-variants.ini` is one
 * by its name alone (its section inherits from nothing and it has no custom piece), `rules.ini`
 * by its content alone (a section inheriting from chess); `settings.ini` is neither. Each
 * variant has a broken string, `Nm`, on line 3. `large.variants.ini` has a 12x10 board and, on
 * line 5, a string with a long finding, whose hover must still show the whole diagram.
 */
export const INI_FILES = {
  "pychess-variants.ini": "[tiny]\nmaxRank = 6\nking = k:Nm\n",
  "rules.ini": "[rules:chess]\ncustomPiece1 = x:fmWfcF\ncustomPiece2 = y:Nm\n",
  "settings.ini": "[server]\nport = 8080\nmode = Nx\n",
  "large.variants.ini":
    "[large:chess]\nmaxFile = l\nmaxRank = 10\nstartFen = 12/12/12/12/12/12/12/12/12/K10k w - - 0 1\ncustomPiece1 = a:NN\n",
};

/**
 * Files of the other kinds the server reads (issue 52): an Interactive Diagram whose line 2 has a
 * broken string (`x` at the end of `fmWx`) and line 3 the Shatranj pawn, and a C/CIF file whose
 * line 2 defines `Nx`.
 */
export const HOST_FILES = {
  "pieces.diagram": "files=8 ranks=8\nwazir:W:fmWx:wazir:d1\npawn:P:fmWfcF:pawn:a2-h2\n",
  "pieces.cif": '<?xml version="1.0"?>\n<game name="t" pieces="N|Knight|=Nx B|Bishop|=B0"/>\n',
};

/** The engines the workspace asks findings for. */
export const ENGINES = ["fairy-stockfish", "xboard"];

/** Workspace settings, which VS Code picks up when the file changes (renamed into place, so it never sees half a file). */
export function writeWorkspaceSettings(settings: Record<string, unknown>): void {
  const folder = path.join(dirs.workspace, ".vscode");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(work, "settings.json.new"), JSON.stringify(settings, null, 2));
  fs.renameSync(path.join(work, "settings.json.new"), path.join(folder, "settings.json"));
}

/** The user settings: a quiet workbench. */
export function writeSettings(): void {
  fs.mkdirSync(path.join(dirs.userData, "User"), { recursive: true });
  fs.writeFileSync(
    path.join(dirs.userData, "User", "settings.json"),
    JSON.stringify(
      {
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": false,
        "workbench.enableExperiments": false,
        "security.workspace.trust.enabled": false,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "extensions.autoCheckUpdates": false,
        "extensions.autoUpdate": false,
        "editor.minimap.enabled": false,
        "editor.hover.delay": 200,
        "window.commandCenter": false,
        "chat.commandCenter.enabled": false,
        // The run folder lies inside the project's git checkout: no offer to open it.
        "git.enabled": false,
        // Nor a notification when another program on the machine listens on a port.
        "remote.autoForwardPorts": false,
        // The "betza" output logs each message's method: which notification carried diagnostics.
        "betza.trace.server": "messages",
      },
      null,
      2,
    ),
  );
}

export function codeServerArgs(): string[] {
  return ["--config", dirs.config, "--user-data-dir", dirs.userData, "--extensions-dir", dirs.extensions];
}

export function writeCrashingServer(betza: string): string {
  const file = path.join(work, "crashing-betza");
  fs.writeFileSync(file, `#!/bin/sh\n(sleep 2; kill $$) &\nexec '${betza}' "$@"\n`, { mode: 0o755 });
  return file;
}

export function installExtension(): string {
  const output = execFileSync(codeServer, [...codeServerArgs(), "--install-extension", vsix], { encoding: "utf8" });
  check(/successfully installed/.test(output), `code-server did not install ${vsix}: ${output}`);
  const installed = fs.readdirSync(dirs.extensions).find((d) => d.startsWith("betza.betza-"));
  check(installed !== undefined, `no betza extension in ${dirs.extensions}`);
  const binary = path.join(dirs.extensions, installed ?? "", "server", "betza");
  check(fs.existsSync(binary), `the package has no bundled server at ${binary}`);
  return binary;
}

/** What `betza check` reports for the file: the numbers the Problems panel must show. */
export function expectedFindings(betza: string): Finding[] {
  let json: string;
  try {
    const engines = ENGINES.flatMap((engine) => ["--engine", engine]);
    json = execFileSync(betza, ["check", "--format", "json", ...engines, path.join(dirs.workspace, "variants.ini")], { encoding: "utf8" });
  } catch (error) {
    // Exit 1 means errors were found; the JSON is still on stdout.
    json = (error as { stdout?: string }).stdout ?? "";
  }
  return JSON.parse(json) as Finding[];
}

export async function startCodeServer(): Promise<{ server: ChildProcess; url: string; log: string[] }> {
  const log: string[] = [];
  const server = spawn(
    codeServer,
    [
      ...codeServerArgs(),
      "--auth", "none",
      "--bind-addr", "127.0.0.1:0",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
      "--disable-getting-started-override",
      dirs.workspace,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start:\n${log.join("")}`)), START_TIMEOUT);
    const read = (chunk: Buffer) => {
      log.push(chunk.toString());
      const listening = /HTTP server listening on (http:\/\/\S+)/.exec(log.join(""));
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
    server.on("exit", (code) => reject(new Error(`code-server exited with ${code}:\n${log.join("")}`)));
  });
  return { server, url, log };
}

export async function launchBrowser(): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dirs.chromium, {
    executablePath: browser,
    headless: true,
    viewport: { width: 1280, height: 800 },
    // The flags the playground's test (playground/test/drive.mjs) gives the same Chromium.
    args: JSON.parse(fs.readFileSync(path.join(extensionRoot, "test", "e2e", "chromium-flags.json"), "utf8")) as string[],
  });
}

export function problemCounts(findings: Finding[]): { errors: number; warnings: number; infos: number } {
  const count = (severity: Finding["severity"]) => findings.filter((f) => f.severity === severity).length;
  return { errors: count("error"), warnings: count("warning"), infos: count("info") };
}

export async function screenshot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  const file = path.join(dirs.screenshots, name);
  await page.screenshot(clip ? { path: file, clip } : { path: file });
}

/** The newest log file of an output channel of the extension host. */
export function findLog(channel: string): string {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith(`-${channel}.log`)) {
        found.push(full);
      }
    }
  };
  walk(path.join(dirs.userData, "logs"));
  check(found.length > 0, `no log of the ${channel} output channel`);
  return found.sort().at(-1) ?? "";
}
