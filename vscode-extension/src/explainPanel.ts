// "Betza: Explain piece at cursor": the server's hover for the cursor (the explanation move by
// move and the diagram) in a panel beside the editor, which stays open while the user edits.

import * as vscode from "vscode";
import { HoverRequest, type LanguageClient, type MarkupContent } from "vscode-languageclient/node";

import { panelHtml, preformatted } from "./panelHtml";

/** The Markdown of a hover's contents, whichever of the protocol's shapes it came in. */
function markdownOf(contents: MarkupContent | unknown): string {
  const parts = Array.isArray(contents) ? contents : [contents];
  return parts
    .map((part) => {
      if (typeof part === "string") {
        return part;
      }
      if (typeof part === "object" && part !== null && "value" in part && typeof part.value === "string") {
        return part.value;
      }
      return "";
    })
    .join("\n\n");
}

async function render(markdown: string): Promise<string> {
  try {
    // The built-in Markdown extension's renderer, the one VS Code's previews use.
    const html = await vscode.commands.executeCommand<string>("markdown.api.render", markdown);
    if (typeof html === "string" && html !== "") {
      return html;
    }
  } catch {
    // The Markdown extension can be disabled; the plain text still says everything.
  }
  return preformatted(markdown);
}

export class ExplainPanel {
  private panel: vscode.WebviewPanel | undefined;

  async explain(client: LanguageClient, editor: vscode.TextEditor): Promise<void> {
    const params = client.code2ProtocolConverter.asTextDocumentPositionParams(
      editor.document,
      editor.selection.active,
    );
    const hover = await client.sendRequest(HoverRequest.type, params);
    if (hover === null) {
      void vscode.window.showInformationMessage("There is no Betza string at the cursor.");
      return;
    }
    // The hover's range is the whole Betza string (or MBN definition) it explains.
    const title = hover.range
      ? `Betza: ${editor.document.getText(client.protocol2CodeConverter.asRange(hover.range))}`
      : "Betza explanation";
    const body = await render(markdownOf(hover.contents));
    if (this.panel === undefined) {
      this.panel = vscode.window.createWebviewPanel(
        "betza.explanation",
        title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: false, enableFindWidget: true },
      );
      this.panel.onDidDispose(() => (this.panel = undefined));
    } else {
      this.panel.reveal(vscode.ViewColumn.Beside, true);
    }
    this.panel.title = title;
    this.panel.webview.html = panelHtml(title, body, this.panel.webview.cspSource);
  }

  dispose(): void {
    this.panel?.dispose();
  }
}
