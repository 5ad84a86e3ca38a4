#!/usr/bin/env bash
# Usage: fetch-helix.sh SUITE FOLDER
# Puts the Helix of a newer Debian suite (trixie: 25.01, forky: 25.07) in FOLDER, for the
# editor test (tests/helix) to drive in tmux. Debian stable has no Helix, and cannot install
# the newer suites' package (it needs a newer C library), so the package and what it depends
# on are unpacked, not installed, and FOLDER/hx starts Helix with their own dynamic loader; the
# language server Helix spawns still runs on the system's. HELIX_RUNTIME points Helix at the
# package's runtime folder (themes, queries; Debian ships no compiled grammars).
set -euo pipefail
suite=$1
dest=$2

if [ -x "$dest/hx" ] && "$dest/hx" --version >/dev/null 2>&1; then
    exit 0
fi
"$(dirname "$0")/../common/unpack-debian.sh" "$suite" hx "$dest"

root=$(cd "$dest/root" && pwd)
lib=$root/usr/lib/x86_64-linux-gnu
cat >"$dest/hx" <<SCRIPT
#!/bin/sh
HELIX_RUNTIME=$root/usr/lib/hx/runtime exec $lib/ld-linux-x86-64.so.2 --library-path $lib \\
    $root/usr/lib/hx/hx "\$@"
SCRIPT
chmod +x "$dest/hx"
"$dest/hx" --version
