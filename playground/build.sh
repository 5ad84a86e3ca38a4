#!/usr/bin/env bash
# Builds the playground into playground/dist/: the library compiled to WebAssembly
# (wasm32-unknown-unknown, profile wasm-release), wasm-bindgen's loader beside it, the module
# again as a script, and the page (playground/web/). The folder works as it is, opened from the
# disk (file://) or served by any static host.
#   1. rustup's wasm32-unknown-unknown target, if missing;
#   2. wasm-bindgen-cli at exactly the version of the wasm-bindgen crate in Cargo.lock (the two
#      must agree), installed from crates.io into target/playground-tools and kept there;
#   3. the module, wasm-bindgen --target no-modules (a classic script: Chromium runs no ES
#      module from file://), the module's bytes in base64 as a classic script too (Chromium
#      fetches nothing from file://; the page loads it only there), and the page's files.
#      (No wasm-opt: Debian's binaryen 108 made the module 7% smaller but 8% larger
#      compressed; docs/playground.md.)
# `--install-only` stops after step 2 (.ci/run installs this way before `cargo test`).
set -euo pipefail
playground="$(cd "$(dirname "$0")" && pwd)"
repository="$(dirname "$playground")"
cd "$repository"
target_dir="${CARGO_TARGET_DIR:-$repository/target}"
tools="$target_dir/playground-tools"
dist="$playground/dist"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3; exit }' Cargo.lock)"
if [ -z "$version" ]; then
    echo "playground: no wasm-bindgen in Cargo.lock" >&2
    exit 1
fi
bindgen="$tools/bin/wasm-bindgen"
if ! { [ -x "$bindgen" ] && [ "$("$bindgen" --version)" = "wasm-bindgen $version" ]; }; then
    echo "playground: installing wasm-bindgen-cli $version"
    # Its own lock file first; when the registry no longer serves a version that file pins
    # (0.2.130 pins a webpki-roots the registry lacks), the newest compatible versions.
    install=(cargo install --quiet --force --root "$tools" --version "$version" wasm-bindgen-cli)
    if ! "${install[@]}" --locked; then
        echo "playground: wasm-bindgen-cli's own Cargo.lock cannot be used; resolving again"
        "${install[@]}"
    fi
fi

if [ "${1:-}" = --install-only ]; then
    exit 0
fi

cargo build --lib -p betza-playground --target wasm32-unknown-unknown --profile wasm-release
rm -rf "$dist"
mkdir -p "$dist"
"$bindgen" --target no-modules --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$dist" \
    "$target_dir/wasm32-unknown-unknown/wasm-release/betza_playground.wasm"
module="$dist/betza_playground_bg.wasm"
# `tr` rather than `base64 -w0`, which macOS's base64 lacks.
{
    echo "// Written by playground/build.sh: betza_playground_bg.wasm in base64, for app.js."
    printf 'var betzaPlaygroundModule = "'
    base64 < "$module" | tr -d '\n'
    printf '";\n'
} > "$module.js"
cp "$playground"/web/* "$dist/"
echo "playground: built $dist ($(wc -c < "$module") bytes of WebAssembly)"
