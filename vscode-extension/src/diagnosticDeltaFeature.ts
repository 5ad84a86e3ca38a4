// Asks the server for diagnostics as deltas (README, "Diagnostics as deltas") and shows them in
// a collection of our own. Each notification is applied to the list before it, so they must be
// applied one by one in the order they came: the handler does it at once, without the library's
// publishDiagnostics path, which converts asynchronously. A server that does not say it sends
// deltas sends standard diagnostics, which the library shows as usual.

import * as vscode from "vscode";
import {
  NotificationType,
  type BaseLanguageClient,
  type ClientCapabilities,
  type FeatureState,
  type ServerCapabilities,
  type StaticFeature,
} from "vscode-languageclient/node";

import { applyParts, type DiagnosticsDelta, type Listed } from "./diagnosticDelta";

const CAPABILITY = "betzaDiagnosticDeltas";
const DELTA = new NotificationType<DiagnosticsDelta>("betza/publishDiagnosticsDelta");

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

export class DiagnosticDeltaFeature implements StaticFeature {
  /** Exists while a server that sends deltas runs. */
  private collection: vscode.DiagnosticCollection | undefined;
  /** Per document URI as the server spells it, the list the server's next delta starts from. */
  private readonly lists = new Map<string, Listed<vscode.Diagnostic>[]>();

  constructor(private readonly client: BaseLanguageClient) {
    // Registered once: the library attaches it to every connection, restarts included.
    client.onNotification(DELTA, (delta) => this.apply(delta));
  }

  getState(): FeatureState {
    return { kind: "static" };
  }

  fillClientCapabilities(capabilities: ClientCapabilities): void {
    capabilities.experimental = { ...asRecord(capabilities.experimental), [CAPABILITY]: true };
  }

  initialize(capabilities: ServerCapabilities): void {
    if (asRecord(capabilities.experimental)[CAPABILITY] === true) {
      // Not "betza": the library's own collection (empty while deltas come) has that name.
      this.collection = vscode.languages.createDiagnosticCollection("betza-deltas");
    }
  }

  /**
   * The client stopped, or restarts after a crash: a new server starts from empty lists, so
   * the old ones go, with what they show.
   */
  clear(): void {
    this.collection?.dispose();
    this.collection = undefined;
    this.lists.clear();
  }

  private apply({ uri, parts }: DiagnosticsDelta): void {
    // Stragglers between the library's clean-up and the connection's end.
    if (this.collection === undefined) {
      return;
    }
    const converter = this.client.protocol2CodeConverter;
    const list = applyParts(this.lists.get(uri) ?? [], parts, (diagnostic) => converter.asDiagnostic(diagnostic));
    const document = converter.asUri(uri);
    if (list.length === 0) {
      this.lists.delete(uri);
      this.collection.delete(document);
    } else {
      this.lists.set(uri, list);
      this.collection.set(document, list.map((listed) => listed.shown));
    }
  }
}
