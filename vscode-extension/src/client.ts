// The language client: which documents go to the server, how it is started and what happens
// when it dies. Diagnostics are asked for with standard `textDocument/diagnostic` and shown by
// the library itself.

import * as fs from "node:fs";
import * as os from "node:os";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  State,
  type CloseHandlerResult,
  type DocumentSelector,
  type ErrorHandler,
  type ErrorHandlerResult,
} from "vscode-languageclient/node";

import { EXTENSIONS_SENT_BY_NAME, SERVER_LANGUAGES } from "./fileKinds";
import { RestartPolicy, gaveUpMessage } from "./restarts";
import { resolveServer, type Resolution } from "./serverPath";
import { serverSettings, type ServerSettings } from "./settings";

export const SELECTOR: DocumentSelector = [
  ...SERVER_LANGUAGES.flatMap((language) => [
    { scheme: "file", language },
    { scheme: "untitled", language },
  ]),
  // PGN stays with whichever extension owns it (or plain text); the server finds the
  // VariantMen tag by the file name, so .pgn files are sent whatever their language.
  ...EXTENSIONS_SENT_BY_NAME.map((extension) => ({ scheme: "file", pattern: `**/*.${extension}` })),
];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, process.platform === "win32" ? fs.constants.F_OK : fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

export function findServer(extensionPath: string): Resolution {
  return resolveServer({
    configured: vscode.workspace.getConfiguration("betza").get<string>("server.path") ?? "",
    extensionPath,
    platform: process.platform,
    searchPath: process.env["PATH"],
    home: os.homedir(),
    isExecutable,
  });
}

export function currentSettings(): ServerSettings {
  const configuration = vscode.workspace.getConfiguration("betza");
  return serverSettings((key) => configuration.get(key));
}

/**
 * Restarts a server that dies after it has run, a few times, then tells the user what to do.
 * One that dies before it ever ran is not restarted: the extension reports the failed start.
 */
class CrashHandler implements ErrorHandler {
  /** Whether the server has once answered `initialize`. */
  ran = false;

  constructor(
    private readonly policy: RestartPolicy,
    private readonly serverPath: string,
    private readonly onGaveUp: (message: string) => void,
  ) {}

  error(_error: Error, _message: unknown, count: number | undefined): ErrorHandlerResult {
    // A broken pipe is reported once per message; the close that follows decides.
    return { action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown, handled: true };
  }

  closed(): CloseHandlerResult {
    if (!this.ran) {
      return { action: CloseAction.DoNotRestart, handled: true };
    }
    if (this.policy.crashed(Date.now())) {
      return { action: CloseAction.Restart, message: "The betza server stopped; restarting it.", handled: true };
    }
    this.onGaveUp(gaveUpMessage(this.serverPath));
    return { action: CloseAction.DoNotRestart, handled: true };
  }
}

/**
 * The library's own error notifications are terse and come in bursts; they go to the log, and
 * the extension says once what happened and what to do.
 */
class BetzaClient extends LanguageClient {
  override error(message: string, data?: unknown): void {
    super.error(message, data, false);
  }
}

export function createClient(
  serverPath: string,
  output: vscode.OutputChannel,
  policy: RestartPolicy,
  onGaveUp: (message: string) => void,
): LanguageClient {
  const crashes = new CrashHandler(policy, serverPath, onGaveUp);
  const client = new BetzaClient(
    "betza",
    "betza",
    { command: serverPath, args: ["lsp"] },
    {
      documentSelector: SELECTOR,
      initializationOptions: currentSettings(),
      outputChannel: output,
      errorHandler: crashes,
      // Without a handler the library shows the bare protocol error; `start()` rejects either
      // way, and the extension says what failed.
      initializationFailedHandler: (error) => {
        output.appendLine(`betza: initialization failed: ${String(error)}`);
        return false;
      },
    },
  );
  client.onDidChangeState(({ newState }) => {
    if (newState === State.Running) {
      crashes.ran = true;
    }
  });
  return client;
}
