// Gives `.ini` files the server reads as variants files the `fairy-variants` language, once
// each: when they open, and when the server (re)starts with them open. A user who then picks
// another language keeps it until the file is closed. See recognition.ts.

import * as vscode from "vscode";
import { ExecuteCommandRequest, State, type LanguageClient } from "vscode-languageclient/node";

import { IS_VARIANTS_FILE, VARIANTS_LANGUAGE, mayBeVariantsFile } from "./recognition";

export class IniFiles implements vscode.Disposable {
  /** The documents given the language, by URI. */
  private readonly given = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly output: vscode.OutputChannel,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => void this.consider(document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        // A change of language closes the document and opens it again at once; only a file
        // that stays closed is forgotten.
        const key = document.uri.toString();
        setTimeout(() => {
          if (!vscode.workspace.textDocuments.some((open) => open.uri.toString() === key)) {
            this.given.delete(key);
          }
        }, 0);
      }),
    ];
  }

  /** Asks about every open document: those that opened before the server ran. */
  considerOpen(): void {
    for (const document of vscode.workspace.textDocuments) {
      void this.consider(document);
    }
  }

  private async consider(document: vscode.TextDocument): Promise<void> {
    const client = this.client();
    const key = document.uri.toString();
    if (!mayBeVariantsFile(document) || this.given.has(key) || client?.state !== State.Running) {
      return;
    }
    let answer: unknown;
    try {
      answer = await client.sendRequest(ExecuteCommandRequest.type, {
        command: IS_VARIANTS_FILE,
        arguments: [document.fileName, document.languageId, document.getText()],
      });
    } catch (error) {
      this.output.appendLine(`betza: could not ask whether ${document.fileName} is a variants file: ${String(error)}`);
      return;
    }
    if (answer === true && !document.isClosed && mayBeVariantsFile(document) && !this.given.has(key)) {
      this.given.add(key);
      await vscode.languages.setTextDocumentLanguage(document, VARIANTS_LANGUAGE);
    }
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}
