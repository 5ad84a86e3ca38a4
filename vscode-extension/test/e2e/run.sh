#!/usr/bin/env bash
# End-to-end test of the extension in the real VS Code, from a clean machine:
#   1. Debian packages: Chromium (the browser), ripgrep (code-server's search binary, which its
#      installer would otherwise download from GitHub), and the compilers for code-server's
#      native modules;
#   2. npm ci, then code-server from npm into .e2e/code-server (kept between runs);
#   3. npm run package: the server in release mode and the .vsix (set VSIX to test a built one);
#   4. test/e2e/drive.ts: installs the .vsix into a fresh code-server profile and checks it in
#      Chromium. UPDATE_IMAGES=1 copies its screenshots to images/.
# `--install-only` stops after step 2: .ci/run installs this way before `cargo test`, whose
# tests/vscode runs the rest (with the server binary that cargo built).
set -euo pipefail
extension="$(cd "$(dirname "$0")/../.." && pwd)"
repository="$(dirname "$extension")"
cache="$extension/.e2e"
cd "$extension"

# code-server 4.100.x is the newest that runs on Node 20. The ripgrep package version and its
# release tag are the ones in that code-server's lib/vscode/npm-shrinkwrap.json.
code_server_version=4.100.3
ripgrep_package_version=1.15.11
ripgrep_release=v13.0.0-10

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for package in build-essential pkg-config libkrb5-dev ripgrep chromium; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "e2e: installing ${missing[*]}"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi

# npm ci, unless node_modules already holds this package-lock.json (npm records it there).
if [ ! node_modules/.package-lock.json -nt package-lock.json ]; then
    npm ci --no-audit --no-fund
fi

code_server="$cache/code-server/node_modules/.bin/code-server"
vscode_modules="$cache/code-server/node_modules/code-server/lib/vscode/node_modules"
if ! { [ -x "$code_server" ] && [ -x "$vscode_modules/@vscode/ripgrep/bin/rg" ] &&
       "$code_server" --config /dev/null --version 2>/dev/null | grep -q "^$code_server_version "; }; then
    echo "e2e: installing code-server $code_server_version"
    case "$(uname -m)" in
        x86_64) ripgrep_target=x86_64-unknown-linux-musl ;;
        aarch64) ripgrep_target=aarch64-unknown-linux-musl ;;
        *) echo "e2e: no ripgrep target for $(uname -m)" >&2; exit 1 ;;
    esac
    # @vscode/ripgrep's installer takes the release archive from this folder when it is there.
    export TMPDIR="$cache/tmp"
    seed="$TMPDIR/vscode-ripgrep-cache-$ripgrep_package_version"
    rm -rf "$cache/code-server" "$TMPDIR"
    mkdir -p "$seed" "$cache/code-server" "$TMPDIR/rg"
    cp /usr/bin/rg "$TMPDIR/rg/rg"
    tar -czf "$seed/ripgrep-$ripgrep_release-$ripgrep_target.tar.gz" -C "$TMPDIR/rg" rg
    echo '{ "private": true }' > "$cache/code-server/package.json"
    # code-server's postinstall refuses to run as root without unsafe-perm, and installs VS Code's
    # own dependencies (native modules built with node-gyp against /usr/include/node).
    (cd "$cache/code-server" &&
        npm_config_unsafe_perm=true npm_config_yes=true \
            npm install --no-audit --no-fund --no-package-lock "code-server@$code_server_version")
    if [ ! -x "$vscode_modules/@vscode/ripgrep/bin/rg" ]; then
        echo "e2e: code-server's postinstall did not install VS Code's modules ($vscode_modules)" >&2
        exit 1
    fi
    unset TMPDIR
fi

if [ "${1:-}" = --install-only ]; then
    exit 0
fi

if [ -z "${VSIX:-}" ]; then
    npm run package
    VSIX="$(ls -t "$extension"/betza-*.vsix | head -n 1)"
fi

npm run build:e2e
CODE_SERVER="$code_server" VSIX="$VSIX" CHROMIUM=/usr/bin/chromium \
    CORPUS_FILE="$repository/corpus/examples/variants.ini" CORPUS_PGN="$repository/corpus/examples/game.pgn" \
    SHARED_CORPUS="${SHARED_CORPUS:-$(dirname "$repository")/shared/corpus}" \
    WORK="$cache/run" \
    node out/test/e2e/drive.js
