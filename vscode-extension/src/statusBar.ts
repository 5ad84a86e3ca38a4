// The status-bar item with the dialect of the Betza at the cursor; hidden in other files.

import * as vscode from "vscode";

import { SHORT_NAMES, TITLES, dialectAt } from "./dialect";
import { currentSettings } from "./client";

export class DialectStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("betza.dialect", vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.item.name = "Betza dialect";
    const update = () => this.update();
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(update),
      // In .betza files a `# dialect:` line changes the dialect of the lines below it.
      vscode.window.onDidChangeTextEditorSelection(update),
      vscode.workspace.onDidChangeTextDocument(update),
      vscode.workspace.onDidOpenTextDocument(update),
    ];
    this.update();
  }

  update(): void {
    const editor = vscode.window.activeTextEditor;
    const document = editor?.document;
    const here =
      document &&
      dialectAt(
        {
          languageId: document.languageId,
          fileName: document.fileName,
          lineCount: document.lineCount,
          lineAt: (line) => document.lineAt(line).text,
        },
        editor.selection.active.line,
        currentSettings().dialect,
      );
    if (!here) {
      this.item.hide();
      return;
    }
    this.item.text = `$(symbol-misc) ${SHORT_NAMES[here.dialect]}`;
    this.item.tooltip = new vscode.MarkdownString(`Betza dialect: **${TITLES[here.dialect]}** (${here.reason})`);
    this.item.command =
      document.languageId === "betza"
        ? { title: "Change the default dialect", command: "workbench.action.openSettings", arguments: ["betza.dialect"] }
        : undefined;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}
