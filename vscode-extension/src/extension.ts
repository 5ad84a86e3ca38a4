// Entry point: finds the server, starts the client, and wires the commands, the settings and
// the status bar to it.

import * as vscode from "vscode";
import { DidChangeConfigurationNotification, State, type LanguageClient } from "vscode-languageclient/node";

import { SELECTOR, createClient, currentSettings, findServer } from "./client";
import { ExplainPanel } from "./explainPanel";
import { IniFiles } from "./iniFiles";
import { RestartPolicy } from "./restarts";
import { INSTALL_HINT } from "./serverPath";
import { DialectStatus } from "./statusBar";

let client: LanguageClient | undefined;

async function showProblem(message: string, output: vscode.OutputChannel): Promise<void> {
  const settings = "Open Settings";
  const log = "Show Output";
  const choice = await vscode.window.showErrorMessage(message, settings, log);
  if (choice === settings) {
    await vscode.commands.executeCommand("workbench.action.openSettings", "betza.server.path");
  } else if (choice === log) {
    output.show(true);
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("betza");
  const policy = new RestartPolicy();
  const panel = new ExplainPanel();
  const status = new DialectStatus();
  const iniFiles = new IniFiles(() => client, output);
  context.subscriptions.push(output, panel, status, iniFiles);

  const start = async () => {
    const server = findServer(context.extensionPath);
    if (!server.found) {
      void showProblem(server.problem, output);
      return;
    }
    output.appendLine(`betza: starting ${server.path} lsp (from ${server.source})`);
    const next = createClient(server.path, output, policy, (message) => void showProblem(message, output));
    client = next;
    let reason = "it stopped before it answered";
    try {
      await next.start();
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    // start() can also resolve for a server that died first (the library forgets its pending
    // start when the connection closes), so the state decides.
    if (next.state !== State.Running) {
      client = undefined;
      void showProblem(
        `The betza language server (${server.path}) could not be started: ${reason}. Its log is in the "betza" output. ${INSTALL_HINT}`,
        output,
      );
      return;
    }
    iniFiles.considerOpen();
  };

  const stop = async () => {
    const running = client;
    client = undefined;
    if (running?.needsStop()) {
      await running.stop().catch((error: unknown) => output.appendLine(`betza: stopping the server failed: ${String(error)}`));
    }
  };

  // Starts and stops run one after another: a settings file saved twice in quick succession
  // must not stop a server while it is still starting.
  let lifecycle = Promise.resolve();
  const restart = () => {
    lifecycle = lifecycle.then(async () => {
      policy.reset();
      await stop();
      await start();
    });
    return lifecycle;
  };

  context.subscriptions.push(
    vscode.commands.registerCommand("betza.restartServer", restart),
    vscode.commands.registerCommand("betza.explainAtCursor", async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || vscode.languages.match(SELECTOR, editor.document) === 0) {
        void vscode.window.showInformationMessage("Open a Betza file and put the cursor on a Betza string.");
        return;
      }
      if (client?.state !== State.Running) {
        void vscode.window.showErrorMessage("The betza language server is not running; see the “betza” output.");
        return;
      }
      await panel.explain(client, editor);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (!event.affectsConfiguration("betza")) {
        return;
      }
      status.update();
      if (event.affectsConfiguration("betza.server.path")) {
        await restart();
      } else if (client?.state === State.Running) {
        // The server reads the `betza` section of the notification (state.rs).
        await client.sendNotification(DidChangeConfigurationNotification.type, {
          settings: { betza: currentSettings() },
        });
      }
    }),
  );

  await restart();
}

export async function deactivate(): Promise<void> {
  if (client?.needsStop()) {
    await client.stop();
  }
}
