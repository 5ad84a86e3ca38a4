// The diagnostics list a `betza/publishDiagnosticsDelta` notification makes from the list the
// client had (the README's "Diagnostics as deltas" is the specification). Pure: the diagnostics
// are kept as the protocol sent them, and what the editor shows is made from them by a
// conversion the caller passes, so a run kept where it was is reused without converting again.
// Indices out of the list are clamped, never thrown on: a bad part makes a wrong list, not an
// error in the extension host.

import type { Diagnostic } from "vscode-languageclient";

/** Diagnostics `start` to `end` (excluded) of the list before, moved down `lineDelta` lines. */
export interface KeepPart {
  keep: [start: number, end: number];
  lineDelta?: number;
}

/** Diagnostics as `textDocument/publishDiagnostics` has them. */
export interface AddPart {
  add: Diagnostic[];
}

export type DeltaPart = KeepPart | AddPart;

export interface DiagnosticsDelta {
  uri: string;
  /** The document's version; absent once it is closed. */
  version?: number;
  parts: DeltaPart[];
}

/** A diagnostic as the server sent it (with every move since), and as the editor shows it. */
export interface Listed<Shown> {
  readonly sent: Diagnostic;
  readonly shown: Shown;
}

/** The list `parts` make of the list `before`; `convert` makes what the editor shows of a new or moved diagnostic. */
export function applyParts<Shown>(
  before: readonly Listed<Shown>[],
  parts: readonly DeltaPart[],
  convert: (diagnostic: Diagnostic) => Shown,
): Listed<Shown>[] {
  const after: Listed<Shown>[] = [];
  const addConverted = (sent: Diagnostic) => after.push({ sent, shown: convert(sent) });
  for (const part of parts) {
    if ("keep" in part) {
      // slice() would count a negative index from the end; past the end it stops there.
      const [start, end] = part.keep;
      const lines = part.lineDelta ?? 0;
      for (const listed of before.slice(Math.max(0, start), Math.max(0, end))) {
        if (lines === 0) {
          after.push(listed);
        } else {
          addConverted(movedByLines(listed.sent, lines));
        }
      }
    } else {
      part.add.forEach(addConverted);
    }
  }
  return after;
}

/** A copy of `diagnostic` whose range starts and ends `lines` lines further down (never above the first line). */
function movedByLines(diagnostic: Diagnostic, lines: number): Diagnostic {
  const { start, end } = diagnostic.range;
  return {
    ...diagnostic,
    range: {
      start: { line: Math.max(0, start.line + lines), character: start.character },
      end: { line: Math.max(0, end.line + lines), character: end.character },
    },
  };
}
