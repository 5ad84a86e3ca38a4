#!/usr/bin/env bash
# Usage: install-sarif-validator.sh FOLDER
# Puts what tests/cli/check/sarif_schema.rs validates `betza check --format sarif` with in
# FOLDER: npm's @microsoft/sarif-multitool-linux (the SARIF SDK's multitool, a self-contained
# binary, and the SARIF 2.1.0 JSON schema it ships, sarif-2.1.0.json), and Debian's
# python3-jsonschema, which checks a log against that schema. Quick when both are there.
set -euo pipefail
dest=$1
version=5.7.0
package=$dest/node_modules/@microsoft/sarif-multitool-linux

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
if ! dpkg -s python3-jsonschema >/dev/null 2>&1; then
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-jsonschema
fi

if [ -f "$package/sarif-2.1.0.json" ] && [ -x "$package/Sarif.Multitool" ] &&
    grep -q "\"version\": \"$version\"" "$package/package.json"; then
    exit 0
fi
mkdir -p "$dest"
npm install --prefix "$dest" --no-save --no-audit --no-fund --no-package-lock \
    "@microsoft/sarif-multitool-linux@$version"
# Its postinstall script makes the binary executable; so does this, should scripts be off.
chmod u+x "$package/Sarif.Multitool"
DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 "$package/Sarif.Multitool" --version
