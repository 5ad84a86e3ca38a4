import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { mayBeVariantsFile } from "../../src/recognition";

describe("mayBeVariantsFile", () => {
  it("asks about INI documents and .ini files opened as plain text", () => {
    assert.ok(mayBeVariantsFile({ languageId: "ini", fileName: "/w/rules.ini" }));
    assert.ok(mayBeVariantsFile({ languageId: "ini", fileName: "Untitled-1" }));
    assert.ok(mayBeVariantsFile({ languageId: "plaintext", fileName: "/w/RULES.INI" }));
  });

  it("leaves every other document alone, and one that has a language of its own", () => {
    assert.ok(!mayBeVariantsFile({ languageId: "plaintext", fileName: "/w/notes.txt" }));
    assert.ok(!mayBeVariantsFile({ languageId: "fairy-variants", fileName: "/w/rules.ini" }));
    assert.ok(!mayBeVariantsFile({ languageId: "properties", fileName: "/w/rules.ini" }));
  });
});
