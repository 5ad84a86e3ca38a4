import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import type { Diagnostic } from "vscode-languageclient";

import { applyParts, type DeltaPart, type Listed } from "../../src/diagnosticDelta";

/** A finding of `code` on lines `line` to `line + 1`, as the server sends it. */
function finding(code: string, line: number): Diagnostic {
  return {
    range: { start: { line, character: 4 }, end: { line: line + 1, character: 2 } },
    severity: 2,
    code,
    source: "betza",
    message: `${code} here`,
  };
}

/** What the editor would show, as a short string; counts the conversions. */
function converter() {
  const counted = { conversions: 0 };
  const convert = (diagnostic: Diagnostic) => {
    counted.conversions++;
    return `${String(diagnostic.code)}@${diagnostic.range.start.line}-${diagnostic.range.end.line}`;
  };
  return { counted, convert };
}

function shown(list: readonly Listed<string>[]): string[] {
  return list.map((listed) => listed.shown);
}

/** The list the first notification for a document makes: these findings, added. */
function listOf(...findings: Diagnostic[]): Listed<string>[] {
  return applyParts([], [{ add: findings }], converter().convert);
}

describe("applyParts", () => {
  it("adds every diagnostic to an empty list", () => {
    const { counted, convert } = converter();
    const list = applyParts([], [{ add: [finding("a", 1), finding("b", 5)] }], convert);
    assert.deepEqual(shown(list), ["a@1-2", "b@5-6"]);
    assert.equal(counted.conversions, 2);
  });

  it("keeps a run without lineDelta as it was, without converting it again", () => {
    const before = listOf(finding("a", 1), finding("b", 5), finding("c", 9));
    const { counted, convert } = converter();
    const after = applyParts(before, [{ keep: [1, 3] }], convert);
    assert.deepEqual(shown(after), ["b@5-6", "c@9-10"]);
    assert.equal(after[0], before[1]);
    assert.equal(counted.conversions, 0);
  });

  it("moves a kept run's start and end lines by lineDelta, in new objects", () => {
    const before = listOf(finding("a", 1), finding("b", 5));
    const after = applyParts(before, [{ keep: [0, 2], lineDelta: 3 }], converter().convert);
    assert.deepEqual(shown(after), ["a@4-5", "b@8-9"]);
    assert.deepEqual(after[1]?.sent.range, { start: { line: 8, character: 4 }, end: { line: 9, character: 2 } });
    // The list before is untouched: it may still be on screen.
    assert.deepEqual(shown(before), ["a@1-2", "b@5-6"]);
    assert.deepEqual(before[1]?.sent.range, finding("b", 5).range);
    const upwards = applyParts(after, [{ keep: [0, 2], lineDelta: -3 }], converter().convert);
    assert.deepEqual(shown(upwards), ["a@1-2", "b@5-6"]);
  });

  it("makes the list of mixed parts in their order", () => {
    const before = listOf(finding("a", 1), finding("b", 5), finding("c", 9));
    const parts: DeltaPart[] = [
      { keep: [0, 1] },
      { add: [finding("new", 3)] },
      // "b" is gone; a line was inserted above "c".
      { keep: [2, 3], lineDelta: 1 },
      { add: [finding("last", 20)] },
    ];
    assert.deepEqual(shown(applyParts(before, parts, converter().convert)), ["a@1-2", "new@3-4", "c@10-11", "last@20-21"]);
  });

  it("empties the list when there are no parts (a closed document)", () => {
    assert.deepEqual(applyParts(listOf(finding("a", 1)), [], converter().convert), []);
  });

  it("clamps keep indices outside the list instead of throwing", () => {
    const before = listOf(finding("a", 1), finding("b", 5));
    const apply = (keep: [number, number]) => shown(applyParts(before, [{ keep }], converter().convert));
    assert.deepEqual(apply([-3, 1]), ["a@1-2"]);
    assert.deepEqual(apply([1, 99]), ["b@5-6"]);
    assert.deepEqual(apply([5, 9]), []);
    assert.deepEqual(apply([2, 1]), []);
    assert.deepEqual(apply([-5, -1]), []);
  });

  it("never moves a line above the first", () => {
    const after = applyParts(listOf(finding("a", 1)), [{ keep: [0, 1], lineDelta: -5 }], converter().convert);
    assert.deepEqual(shown(after), ["a@0-0"]);
  });

  it("keeps every other field of a moved diagnostic: code, source, severity, message, tags", () => {
    const unnecessary: Diagnostic = { ...finding("default-mode", 2), severity: 4, tags: [1] };
    const deprecated: Diagnostic = { ...finding("old", 7), tags: [2], data: { fix: "x" } };
    const seen: Diagnostic[] = [];
    const before = applyParts([], [{ add: [unnecessary, deprecated] }], (diagnostic) => diagnostic);
    applyParts(before, [{ keep: [0, 2], lineDelta: 2 }], (diagnostic) => {
      seen.push(diagnostic);
      return diagnostic;
    });
    assert.deepEqual(seen, [
      { ...unnecessary, range: { start: { line: 4, character: 4 }, end: { line: 5, character: 2 } } },
      { ...deprecated, range: { start: { line: 9, character: 4 }, end: { line: 10, character: 2 } } },
    ]);
  });
});
