import { strict as assert } from "node:assert";
import { describe, it } from "node:test";

import { bundledPath, resolveServer, type Lookup } from "../../src/serverPath";

function lookup(executables: string[], overrides: Partial<Lookup> = {}): Lookup {
  const present = new Set(executables);
  return {
    configured: "",
    extensionPath: "/ext",
    platform: "linux",
    searchPath: "/usr/local/bin:/usr/bin",
    home: "/home/me",
    isExecutable: (file) => present.has(file),
    ...overrides,
  };
}

describe("resolveServer", () => {
  it("prefers the setting over the bundled binary and PATH", () => {
    const found = resolveServer(lookup(["/opt/betza", "/ext/server/betza", "/usr/bin/betza"], { configured: "/opt/betza" }));
    assert.deepEqual(found, { found: true, path: "/opt/betza", source: "setting" });
  });

  it("reports a setting that points nowhere instead of falling back", () => {
    const found = resolveServer(lookup(["/ext/server/betza"], { configured: "/opt/missing" }));
    assert.equal(found.found, false);
    assert.match(found.found ? "" : found.problem, /betza\.server\.path.*\/opt\/missing/);
  });

  it("expands ~ in the setting", () => {
    const found = resolveServer(lookup(["/home/me/.cargo/bin/betza"], { configured: " ~/.cargo/bin/betza " }));
    assert.deepEqual(found, { found: true, path: "/home/me/.cargo/bin/betza", source: "setting" });
  });

  it("takes the bundled binary before PATH", () => {
    const found = resolveServer(lookup(["/ext/server/betza", "/usr/bin/betza"]));
    assert.deepEqual(found, { found: true, path: "/ext/server/betza", source: "bundled" });
  });

  it("searches PATH in order, skipping empty entries", () => {
    const found = resolveServer(lookup(["/usr/bin/betza", "/second/betza"], { searchPath: "::/usr/bin:/second" }));
    assert.deepEqual(found, { found: true, path: "/usr/bin/betza", source: "path" });
  });

  it("uses betza.exe and ; on Windows", () => {
    const found = resolveServer(
      lookup(["C:\\tools\\betza.exe"], { platform: "win32", extensionPath: "C:\\ext", searchPath: "C:\\bin;C:\\tools" }),
    );
    assert.deepEqual(found, { found: true, path: "C:\\tools\\betza.exe", source: "path" });
    assert.equal(bundledPath("C:\\ext", "win32"), "C:\\ext\\server\\betza.exe");
  });

  it("says how to install the server when there is none", () => {
    const found = resolveServer(lookup([], { searchPath: undefined }));
    assert.equal(found.found, false);
    assert.match(found.found ? "" : found.problem, /cargo install --path server/);
    assert.match(found.found ? "" : found.problem, /betza\.server\.path/);
  });
});
