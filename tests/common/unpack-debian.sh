#!/usr/bin/env bash
# Usage: unpack-debian.sh SUITE PACKAGE FOLDER
# Unpacks PACKAGE of Debian's SUITE and everything it depends on (the first of alternatives)
# into FOLDER/root, without installing them: the editors the tests run from Debian's newer
# suites need a newer C library than stable's, so their scripts start them with the unpacked
# dynamic loader. Prints the packages it unpacked. BETZA_DEBIAN_MIRROR overrides the mirror.
set -euo pipefail
suite=$1
first=$2
dest=$3
mirror=${BETZA_DEBIAN_MIRROR:-http://deb.debian.org/debian}

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

declare -A seen=()
queue=("$first")
while [ ${#queue[@]} -gt 0 ]; do
    package=${queue[0]}
    queue=("${queue[@]:1}")
    [ -n "${seen[$package]:-}" ] && continue
    seen[$package]=1
    file=$(field "$package" Filename)
    if [ -z "$file" ]; then
        echo "unpack-debian: $suite has no package $package" >&2
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
echo "unpack-debian: ${!seen[*]}"
