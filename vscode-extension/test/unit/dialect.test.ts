import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { dialectAt, declaredDialect, type TextLines } from "../../src/dialect";
import { SERVER_LANGUAGES } from "../../src/fileKinds";

function document(languageId: string, fileName: string, text = ""): TextLines {
  const lines = text.split("\n");
  return { languageId, fileName, lineCount: lines.length, lineAt: (line) => lines[line] ?? "" };
}

describe("dialectAt", () => {
  it("gives each host format its fixed dialect", () => {
    assert.equal(dialectAt(document("fairy-variants", "/v/variants.ini"), 0, "xbetza")?.dialect, "fairy");
    assert.equal(dialectAt(document("ccif", "/g/game.cif"), 0, "xbetza")?.dialect, "mbn");
    assert.equal(dialectAt(document("mbn", "/p/pieces.mbn"), 0, "fairy")?.dialect, "mbn");
    assert.equal(dialectAt(document("pgn", "/g/game.pgn"), 0, "fairy")?.dialect, "xbetza");
    assert.equal(dialectAt(document("interactive-diagram", "/d/griffons.diagram"), 0, "fairy")?.dialect, "xbetza");
  });

  it("has a dialect for every language the server reads", () => {
    for (const language of SERVER_LANGUAGES) {
      assert.ok(dialectAt(document(language, "/untitled"), 0, "xbetza"), language);
    }
  });

  it("knows PGN by its file name when another extension (or none) owns the language", () => {
    assert.equal(dialectAt(document("plaintext", "/g/GAME.PGN"), 0, "fairy")?.dialect, "xbetza");
  });

  it("hides for files the server does not read", () => {
    assert.equal(dialectAt(document("ini", "/etc/php.ini"), 0, "xbetza"), undefined);
    assert.equal(dialectAt(document("plaintext", "/notes.txt"), 0, "xbetza"), undefined);
  });

  it("follows # dialect: lines in .betza files, from the cursor's line upwards", () => {
    const file = document("betza", "/p/x.betza", "Wazir: W\n# dialect: fairy\nHorse: nN\n#dialect:CHAINED\nR-B");
    assert.equal(dialectAt(file, 0, "mbn")?.dialect, "mbn");
    assert.match(dialectAt(file, 0, "mbn")?.reason ?? "", /betza\.dialect/);
    assert.equal(dialectAt(file, 1, "xbetza")?.dialect, "fairy");
    assert.equal(dialectAt(file, 2, "xbetza")?.dialect, "fairy");
    assert.match(dialectAt(file, 2, "xbetza")?.reason ?? "", /line 2/);
    assert.equal(dialectAt(file, 4, "xbetza")?.dialect, "chained");
    assert.equal(dialectAt(file, 99, "xbetza")?.dialect, "chained");
  });

  it("ignores a dialect line naming no dialect, as the server does after reporting it", () => {
    assert.equal(declaredDialect("# dialect: betza"), undefined);
    assert.equal(declaredDialect("Name: # dialect: fairy"), undefined);
    assert.equal(declaredDialect("  #  dialect:  Fairy "), "fairy");
    const file = document("betza", "/p/x.betza", "# dialect: fairy\n# dialect: nonsense\nW");
    assert.equal(dialectAt(file, 2, "xbetza")?.dialect, "fairy");
  });
});
