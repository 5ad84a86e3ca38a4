import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { serverSettings } from "../../src/settings";

function reader(values: Record<string, unknown>) {
  return (key: string) => values[key];
}

describe("serverSettings", () => {
  it("gives the server's defaults for an empty configuration", () => {
    assert.deepEqual(serverSettings(reader({})), { dialect: "xbetza", rules: {}, hoverImage: true, startPosition: true });
  });

  it("passes every setting the server reads, in its camelCase names", () => {
    const settings = serverSettings(
      reader({
        dialect: "chained",
        boardSize: " 10x8 ",
        engines: ["fairy-stockfish", "xboard"],
        rules: { "xboard-modifier-order": "off", "default-mode": "error" },
        hoverImage: false,
        startPosition: false,
        maxFindings: 0,
      }),
    );
    assert.deepEqual(settings, {
      dialect: "chained",
      boardSize: "10x8",
      engines: ["fairy-stockfish", "xboard"],
      rules: { "xboard-modifier-order": "off", "default-mode": "error" },
      hoverImage: false,
      startPosition: false,
      maxFindings: 0,
    });
  });

  it("leaves engines out when unset, so the dialect's own apply, but keeps an empty list", () => {
    assert.equal("engines" in serverSettings(reader({ engines: null })), false);
    assert.deepEqual(serverSettings(reader({ engines: [] })).engines, []);
  });

  it("drops values the server would misread", () => {
    const settings = serverSettings(
      reader({
        dialect: "Betza",
        boardSize: "27x8",
        engines: ["xboard", "stockfish", "xboard"],
        rules: { "no-moves": "fatal", "range-one": "hint", "lone-half": 3 },
        maxFindings: -1,
      }),
    );
    assert.equal("maxFindings" in settings, false);
    assert.equal("maxFindings" in serverSettings(reader({ maxFindings: 2.5 })), false);
    assert.equal(settings.dialect, "xbetza");
    assert.equal("boardSize" in settings, false);
    assert.deepEqual(settings.engines, ["xboard"]);
    assert.deepEqual(settings.rules, { "range-one": "hint" });
  });
});
