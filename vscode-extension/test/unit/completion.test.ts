import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { insertsAtCursor } from "../../src/completion";

describe("insertsAtCursor", () => {
  it("inserts the server's letter items at the cursor", () => {
    assert.equal(insertsAtCursor("W", false), true);
    assert.equal(insertsAtCursor({ label: "a" }, false), true);
  });

  it("keeps ranges the server chose and word-like items such as customPiece keys", () => {
    assert.equal(insertsAtCursor("W", true), false);
    assert.equal(insertsAtCursor("customPiece2", false), false);
    assert.equal(insertsAtCursor("*", false), false);
  });
});
