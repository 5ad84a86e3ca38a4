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

if [ -x "$dest/nvim" ] && "$dest/nvim" --headless -u NONE +qa 2>/dev/null; then
    exit 0
fi
"$(dirname "$0")/../common/unpack-debian.sh" "$suite" neovim "$dest"

root=$(cd "$dest/root" && pwd)
lib=$root/usr/lib/x86_64-linux-gnu
cat >"$dest/nvim" <<SCRIPT
#!/bin/sh
VIMRUNTIME=$root/usr/share/nvim/runtime exec $lib/ld-linux-x86-64.so.2 --library-path $lib \\
    $root/usr/bin/nvim --cmd 'set runtimepath+=$root/usr/lib/nvim' "\$@"
SCRIPT
chmod +x "$dest/nvim"
"$dest/nvim" --version | head -n 1
