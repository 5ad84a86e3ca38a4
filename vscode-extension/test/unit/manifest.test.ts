// The manifest against the server and the rest of the extension: every language activates the
// extension and has a configuration, no file type another extension owns is claimed, and the
// settings cover what the server reads.

import { strict as assert } from "node:assert";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, it } from "node:test";

import { SERVER_LANGUAGES } from "../../src/fileKinds";

const root = path.join(__dirname, "..", "..", "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
const contributes = manifest.contributes;

interface Language {
  id: string;
  extensions?: string[];
  filenames?: string[];
  filenamePatterns?: string[];
  configuration?: string;
}

describe("package.json", () => {
  const languages: Language[] = contributes.languages;

  it("defines exactly the server's language ids but PGN's, and activates on each, on pgn and on ini", () => {
    assert.deepEqual(languages.map((l) => l.id).sort(), SERVER_LANGUAGES.filter((id) => id !== "pgn").sort());
    assert.deepEqual(languages.map((l) => l.id).sort(), ["betza", "ccif", "fairy-variants", "interactive-diagram", "mbn"]);
    // ini: a variants file of another name opens as INI, and only the server can tell.
    assert.deepEqual(
      [...manifest.activationEvents].sort(),
      [...SERVER_LANGUAGES, "ini"].sort().map((id) => `onLanguage:${id}`),
    );
  });

  it("gives every language a configuration file that exists", () => {
    for (const language of languages) {
      assert.ok(language.configuration, language.id);
      const config = JSON.parse(fs.readFileSync(path.join(root, language.configuration), "utf8"));
      assert.ok(config.comments && config.brackets, language.id);
    }
  });

  it("claims variants files by name only, and no .pgn or plain .ini", () => {
    const claimed = languages.flatMap((l) => [...(l.extensions ?? []), ...(l.filenames ?? []), ...(l.filenamePatterns ?? [])]);
    assert.deepEqual(claimed.sort(), ["*variants*.ini", ".betza", ".ccif", ".cif", ".diagram", ".mbn", "variants.ini"]);
  });

  it("has a grammar file for every language and injection, each with the scope it declares", () => {
    for (const grammar of contributes.grammars) {
      const file = JSON.parse(fs.readFileSync(path.join(root, grammar.path), "utf8"));
      assert.equal(file.scopeName, grammar.scopeName);
    }
    const withGrammar = contributes.grammars.map((g: { language?: string }) => g.language).filter(Boolean);
    assert.deepEqual(withGrammar.sort(), languages.map((l) => l.id).sort());
  });

  it("does not reuse the command id the language client registers for the server", () => {
    const commands = contributes.commands.map((c: { command: string }) => c.command);
    assert.ok(!commands.includes("betza.explain"));
    assert.ok(commands.includes("betza.explainAtCursor"));
  });

  it("has a setting for each key of the server's Settings", () => {
    const state = fs.readFileSync(path.join(root, "..", "server", "src", "lsp", "state.rs"), "utf8");
    const struct = /pub struct Settings \{([\s\S]*?)\n\}/.exec(state)?.[1] ?? "";
    const fields = [...struct.matchAll(/pub (\w+):/g)].map((m) => m[1] ?? "");
    assert.ok(fields.length >= 5, "found the Settings struct");
    const camel = fields.map((f) => f.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()));
    for (const key of camel) {
      assert.ok(`betza.${key}` in contributes.configuration.properties, key);
    }
  });

  it("lists every diagnostic code of syntax/DIAGNOSTICS.md under betza.rules", () => {
    const lints = fs.readFileSync(path.join(root, "..", "syntax", "DIAGNOSTICS.md"), "utf8");
    const codes = [...lints.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((m) => m[1]);
    assert.ok(codes.length > 60);
    const rules = contributes.configuration.properties["betza.rules"].properties;
    assert.deepEqual(Object.keys(rules).sort(), [...codes].sort());
  });
});
