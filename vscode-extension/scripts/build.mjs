// Bundles the extension and vscode-languageclient into one file, so the package needs no
// node_modules. `--production` minifies and drops the source map.
import * as esbuild from "esbuild";

const production = process.argv.includes("--production");

await esbuild.build({
  entryPoints: ["src/extension.ts"],
  bundle: true,
  outfile: "dist/extension.js",
  external: ["vscode"],
  format: "cjs",
  platform: "node",
  target: "node18",
  minify: production,
  sourcemap: !production,
  logLevel: "warning",
});
