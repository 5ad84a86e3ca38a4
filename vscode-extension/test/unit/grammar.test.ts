// The TextMate grammars, tokenised the way VS Code does it (vscode-textmate with Oniguruma),
// including the injections into other extensions' INI and PGN grammars.

import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { before, describe, it } from "node:test";
import * as oniguruma from "vscode-oniguruma";
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from "vscode-textmate";

const root = path.join(__dirname, "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const grammars: { scopeName: string; path: string; injectTo?: string[] }[] = manifest.contributes.grammars;

// Stand-ins for the host grammars other extensions provide: a PGN tag grammar and VS Code's INI.
const hosts: Record<string, object> = {
  "text.pgn": {
    scopeName: "text.pgn",
    patterns: [{ match: '^\\[\\w+ "[^"]*"\\]', name: "meta.tag.pgn" }, { match: "\\d+\\.", name: "constant.numeric.pgn" }],
  },
  "source.ini": {
    scopeName: "source.ini",
    patterns: [{ match: "^\\s*[^=]+=.*$", name: "meta.entry.ini" }],
  },
};

let registry: Registry;

before(async () => {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  registry = new Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      const host = hosts[scopeName];
      if (host) {
        return parseRawGrammar(JSON.stringify(host), `${scopeName}.json`);
      }
      const entry = grammars.find((g) => g.scopeName === scopeName);
      if (!entry) {
        return null;
      }
      const file = path.join(root, entry.path);
      return parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
    getInjections: (scopeName) => grammars.filter((g) => g.injectTo?.includes(scopeName)).map((g) => g.scopeName),
  });
});

/** Each token of one line as `text: innermost scope`, whitespace left out. */
async function tokens(scopeName: string, line: string): Promise<string[]> {
  const grammar: IGrammar | null = await registry.loadGrammar(scopeName);
  assert.ok(grammar, scopeName);
  return grammar
    .tokenizeLine(line, INITIAL)
    .tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1]] as const)
    .filter(([text]) => text.trim() !== "")
    .map(([text, scope]) => `${text.trim()}: ${scope}`);
}

describe("grammars", () => {
  it("colour the Betza after customPieceN = x: in variants.ini", async () => {
    assert.deepEqual(await tokens("source.fairy-variants", "customPiece3 = p:fmWfcF"), [
      "customPiece3: variable.other.property.piece.fairy-variants",
      "=: punctuation.separator.key-value.fairy-variants",
      "p: constant.character.piece.fairy-variants",
      ":: punctuation.separator.fairy-variants",
      "f: variable.parameter.direction.betza",
      "m: keyword.other.mode.betza",
      "W: entity.name.type.atom.betza",
      "f: variable.parameter.direction.betza",
      "c: keyword.other.mode.betza",
      "F: entity.name.type.atom.betza",
    ]);
  });

  it("leave other variants.ini values and comments alone", async () => {
    assert.deepEqual(await tokens("source.fairy-variants", "pieceToCharTable = PNBRQ"), [
      "pieceToCharTable: variable.other.property.fairy-variants",
      "=: punctuation.separator.key-value.fairy-variants",
      "PNBRQ: string.unquoted.value.fairy-variants",
    ]);
    assert.deepEqual(await tokens("source.fairy-variants", "# customPiece1 = a:BN"), [
      "#: punctuation.definition.comment.fairy-variants",
      "customPiece1 = a:BN: comment.line.fairy-variants",
    ]);
    assert.deepEqual(await tokens("source.fairy-variants", "[shatranj:chess]"), [
      "[: punctuation.definition.section.fairy-variants",
      "shatranj: entity.name.section.fairy-variants",
      ":: punctuation.separator.inherit.fairy-variants",
      "chess: entity.other.inherited-class.fairy-variants",
      "]: punctuation.definition.section.fairy-variants",
    ]);
  });

  it("inject into INI files shown with VS Code's INI grammar", async () => {
    const line = await tokens("source.ini", "king = k:KN");
    assert.ok(line.includes("K: entity.name.type.atom.betza"), line.join("\n"));
    assert.deepEqual(await tokens("source.ini", "name = value"), ["name = value: meta.entry.ini"]);
  });

  it("inject into a PGN grammar's VariantMen tag and nowhere else", async () => {
    const line = await tokens("text.pgn", '[VariantMen "P:fmWfceFifmnD;+P:WfF"]');
    assert.ok(line.includes("VariantMen: entity.name.tag.pgn"), line.join("\n"));
    assert.ok(line.includes("+P: constant.character.piece.pgn"), line.join("\n"));
    assert.ok(line.includes("D: entity.name.type.atom.betza"), line.join("\n"));
    assert.ok(line.includes(";: punctuation.separator.piece.pgn"), line.join("\n"));
    assert.deepEqual(await tokens("text.pgn", '[Event "fmW"]'), ['[Event "fmW"]: meta.tag.pgn']);
  });

  it("colour MBN in the pieces attribute of C/CIF", async () => {
    const line = await tokens("text.xml.ccif", '<game pieces="N|Knight|=N B|Bishop|=B0" rules="FBR">');
    assert.deepEqual(line.slice(0, 12), ["<: punctuation.definition.tag.xml", "game: entity.name.tag.xml", "pieces: entity.other.attribute-name.xml", "=: punctuation.separator.key-value.xml", "\": punctuation.definition.string.begin.xml", "N: entity.name.type.atom.mbn", "|: punctuation.definition.comment.mbn", "Knight: comment.block.mbn", "|: punctuation.definition.comment.mbn", "=: keyword.operator.definition.mbn", "N: entity.name.type.atom.mbn", "B: entity.name.type.atom.mbn"]);
    assert.ok(line.includes("B: entity.name.type.atom.mbn"), line.join("\n"));
    assert.ok(line.includes("0: constant.numeric.steps.mbn"), line.join("\n"));
    assert.ok(line.includes('"FBR": string.quoted.xml'), line.join("\n"));
  });

  it("colour the XBetza of Interactive Diagram piece lines, but not their bracket groups", async () => {
    assert.deepEqual(await tokens("source.interactive-diagram", "files=8 griffon:G:fmW[F?fsR]:griffon:c1,f1"), [
      "files: variable.other.property.interactive-diagram",
      "=: punctuation.separator.key-value.interactive-diagram",
      "8: string.unquoted.value.interactive-diagram",
      "griffon: entity.name.function.piece.interactive-diagram",
      ":: punctuation.separator.interactive-diagram",
      "G: constant.character.piece.interactive-diagram",
      ":: punctuation.separator.interactive-diagram",
      "f: variable.parameter.direction.betza",
      "m: keyword.other.mode.betza",
      "W: entity.name.type.atom.betza",
      "[F?fsR]: meta.group.unread.interactive-diagram",
      ":: punctuation.separator.interactive-diagram",
      "griffon: string.unquoted.image.interactive-diagram",
      ":: punctuation.separator.interactive-diagram",
      "c1,f1: constant.other.squares.interactive-diagram",
    ]);
  });

  it("colour .betza lines, names and dialect declarations", async () => {
    assert.deepEqual(await tokens("source.betza", "Xiangqi Horse: mafsW"), [
      "Xiangqi Horse: entity.name.function.piece.betza",
      ":: punctuation.separator.key-value.betza",
      "m: keyword.other.mode.betza",
      "a: keyword.operator.leg.betza",
      "f: variable.parameter.direction.betza",
      "s: variable.parameter.direction.betza",
      "W: entity.name.type.atom.betza",
    ]);
    assert.deepEqual(await tokens("source.betza", "# dialect: chained"), [
      "#: punctuation.definition.comment.betza",
      "dialect: keyword.other.dialect.betza",
      ":: punctuation.separator.key-value.betza",
      "chained: constant.language.dialect.betza",
    ]);
  });
});
