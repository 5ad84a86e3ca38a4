// Builds a platform-specific .vsix for this machine: the server in release mode, copied into
// server/ where the extension looks after the setting (src/serverPath.ts), and the minified
// client.
// Needs no network: vsce runs without dependency detection (the client is bundled).
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const extension = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const repository = path.dirname(extension);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: "inherit" });

/** vsce's name for this platform (`vsce package --help` lists them). */
function vsceTarget() {
  const arch = { x64: "x64", arm64: "arm64", arm: "armhf" }[process.arch];
  const platform = { linux: "linux", darwin: "darwin", win32: "win32" }[process.platform];
  if (!arch || !platform || (platform !== "linux" && arch === "armhf")) {
    throw new Error(`no VS Code target for ${process.platform}-${process.arch}`);
  }
  // Alpine's musl cannot run a binary linked against glibc, so it has targets of its own.
  const musl = platform === "linux" && !process.report.getReport().header.glibcVersionRuntime;
  return `${musl ? "alpine" : platform}-${arch}`;
}

const target = vsceTarget();
const binary = process.platform === "win32" ? "betza.exe" : "betza";
// BETZA_SERVER_BINARY packages a binary built elsewhere (a cross build, or a snapshot of the
// server while the working tree is mid-change); by default the workspace's server is built.
let built = process.env.BETZA_SERVER_BINARY;
if (!built) {
  run("cargo", ["build", "--release", "-p", "betza-server"], repository);
  built = path.join(process.env.CARGO_TARGET_DIR ?? path.join(repository, "target"), "release", binary);
}
fs.mkdirSync(path.join(extension, "server"), { recursive: true });
fs.copyFileSync(built, path.join(extension, "server", binary));
fs.chmodSync(path.join(extension, "server", binary), 0o755);

run(process.execPath, ["scripts/build.mjs", "--production"], extension);
const { version } = JSON.parse(fs.readFileSync(path.join(extension, "package.json"), "utf8"));
const out = `betza-${target}-${version}.vsix`;
run(
  process.execPath,
  [
    path.join(extension, "node_modules", "@vscode", "vsce", "vsce"),
    "package",
    "--target", target,
    "--out", out,
    "--no-dependencies",
    // The README's pictures travel inside the package; there is no public repository to link.
    "--no-rewrite-relative-links",
    // The project's licence (MIT OR Apache-2.0) is declared in package.json; the repository
    // has no licence file to copy.
    "--skip-license",
  ],
  extension,
);
console.log(`packaged ${path.join(extension, out)}`);
