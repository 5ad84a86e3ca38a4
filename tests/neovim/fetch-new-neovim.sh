#!/usr/bin/env bash
# Usage: fetch-new-neovim.sh SUITE FOLDER
# Puts the Neovim of a newer Debian suite (trixie: 0.10, forky: 0.12) in FOLDER, for the editor
# test to run the user's config through vim.lsp.start and vim.lsp.config as well as through
# Debian stable's Neovim 0.7. Stable cannot install those packages (they need a newer C
# library), so they are unpacked, not installed, and FOLDER/nvim starts them with their own
# dynamic loader; the language server Neovim spawns still runs on the system's. Tree-sitter
# parsers (Markdown renders the hover) live in usr/lib/nvim, added to 'runtimepath'.
set -euo pipefail
suite=$1
dest=$2
mirror=${BETZA_DEBIAN_MIRROR:-http://deb.debian.org/debian}

if [ -x "$dest/nvim" ] && "$dest/nvim" --headless -u NONE +qa 2>/dev/null; then
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

# Neovim and everything it depends on, taking the first of alternatives.
declare -A seen=()
queue=(neovim)
while [ ${#queue[@]} -gt 0 ]; do
    package=${queue[0]}
    queue=("${queue[@]:1}")
    [ -n "${seen[$package]:-}" ] && continue
    seen[$package]=1
    file=$(field "$package" Filename)
    if [ -z "$file" ]; then
        echo "fetch-new-neovim: $suite has no package $package" >&2
        exit 1
    fi
    curl -fsS -o "$dest/debs/${file##*/}" "$mirror/$file"
    dpkg-deb -x "$dest/debs/${file##*/}" "$dest/root"
    for dependency in $( (field "$package" Pre-Depends; field "$package" Depends) |
        tr ',' '\n' | sed -e 's/|.*//' -e 's/(.*)//' -e 's/:any//' | tr -d ' '); do
        queue+=("$dependency")
    done
done

root=$(cd "$dest/root" && pwd)
lib=$root/usr/lib/x86_64-linux-gnu
cat >"$dest/nvim" <<SCRIPT
#!/bin/sh
VIMRUNTIME=$root/usr/share/nvim/runtime exec $lib/ld-linux-x86-64.so.2 --library-path $lib \\
    $root/usr/bin/nvim --cmd 'set runtimepath+=$root/usr/lib/nvim' "\$@"
SCRIPT
chmod +x "$dest/nvim"
echo "fetch-new-neovim: ${!seen[*]}"
"$dest/nvim" --version | head -n 1
