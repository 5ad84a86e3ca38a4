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
mirror=${BETZA_DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [ -x "$dest/hx" ] && "$dest/hx" --version >/dev/null 2>&1; then
    exit 0
fi
rm -rf "$dest"
mkdir -p "$dest/debs" "$dest/root"
curl -fsS "$mirror/dists/$suite/main/binary-amd64/Packages.xz" | xz -d >"$dest/Packages"

# The field of a package's entry in the index.
field() {
    awk -v want="Package: $1" -v key="$2:" '
        $0 == want { p = 1; next }
        p && /^$/ { exit }
        p && $1 == key { sub(/^[^:]*: /, ""); print; exit }' "$dest/Packages"
}

# Helix and everything it depends on (the C library and libgcc), taking the first of
# alternatives.
declare -A seen=()
queue=(hx)
while [ ${#queue[@]} -gt 0 ]; do
    package=${queue[0]}
    queue=("${queue[@]:1}")
    [ -n "${seen[$package]:-}" ] && continue
    seen[$package]=1
    file=$(field "$package" Filename)
    if [ -z "$file" ]; then
        echo "fetch-helix: $suite has no package $package" >&2
        exit 1
    fi
    curl -fsS -o "$dest/debs/${file##*/}" "$mirror/$file"
    dpkg-deb -x "$dest/debs/${file##*/}" "$dest/root"
    for dependency in $( (field "$package" Pre-Depends; field "$package" Depends) |
        tr ',' '\n' | sed -e 's/|.*//' -e 's/(.*)//' -e 's/:any//' | tr -d ' '); do
        queue+=("$dependency")
    done
done
rm -rf "$dest/debs" "$dest/Packages"

root=$(cd "$dest/root" && pwd)
lib=$root/usr/lib/x86_64-linux-gnu
cat >"$dest/hx" <<SCRIPT
#!/bin/sh
HELIX_RUNTIME=$root/usr/lib/hx/runtime exec $lib/ld-linux-x86-64.so.2 --library-path $lib \\
    $root/usr/lib/hx/hx "\$@"
SCRIPT
chmod +x "$dest/hx"
echo "fetch-helix: ${!seen[*]}"
"$dest/hx" --version
