#!/usr/bin/env bash
# Fills tests/fuzz/corpus/<target>/ with seed inputs built from the project's own data: the
# variant files in corpus/ and ../shared/corpus/ (when present), one file per Betza string found
# in their variants.ini files, the catalogue and golden move sets, and the parser snapshot inputs
# (syntax/test_data/parser/*/{ok,err}/*.betza). Each target gets the files in its own input
# layout (see the doc comment of each fuzz target). Safe to run again: files are named by the
# SHA-1 of their content, as libFuzzer names what it adds.
set -euo pipefail

fuzz_dir=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$fuzz_dir/../.." && pwd)
shared=$root/../shared/corpus
out=$fuzz_dir/corpus
targets=(parse hosts moves explain lint_fixes lsp_session)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for target in "${targets[@]}"; do
    mkdir -p "$out/$target"
done

# add TARGET: stdin becomes one seed of TARGET.
add() {
    local file=$work/seed
    cat >"$file"
    local sum _
    read -r sum _ < <(sha1sum "$file")
    mv "$file" "$out/$1/$sum"
}

# Whole files: variants.ini files and the other host formats' examples.
files=()
while IFS= read -r -d '' file; do
    files+=("$file")
done < <(find "$root/corpus" "$shared" -type f \
    \( -name '*.ini' -o -name '*.pgn' -o -name '*.diagram' -o -name '*.cif' -o -name '*.ccif' \
    -o -name '*.betza' -o -name '*.mbn' \) -print0 2>/dev/null)

# Betza strings, one per line (deduplicated): from variants.ini piece keys, the piece catalogue,
# the golden move sets and the parser snapshot inputs (one string per file, kept whole).
strings=$work/strings
: >"$strings"
for file in "${files[@]}"; do
    case $file in
    *.ini)
        sed -nE 's/^[[:space:]]*(customPiece[0-9]+|king)[[:space:]]*=[[:space:]]*[^:[:space:]]*:([^[:space:];#]+).*/\2/p' \
            "$file" >>"$strings"
        ;;
    esac
done
if [[ -f $root/corpus/pieces.tsv ]]; then
    grep -v '^#' "$root/corpus/pieces.tsv" | cut -f2 | sed '/^$/d' >>"$strings"
fi
for file in "$root"/corpus/golden/*.jsonl; do
    [[ -f $file ]] && sed -nE 's/.*"betza": "([^"\\]*)".*/\1/p' "$file" >>"$strings"
done
sort -u -o "$strings" "$strings"

snapshot_inputs=()
while IFS= read -r -d '' file; do
    snapshot_inputs+=("$file")
done < <(find "$root/syntax/test_data/parser" -path '*/ok/*.betza' -print0 -o \
    -path '*/err/*.betza' -print0 2>/dev/null)

# Operations appended to lsp_session seeds after the 0xFF separator: hover, completion,
# semantic tokens, an edit typing `cF` on line 1, a code action and symbols, a reversed edit
# and an edit past the end.
lsp_ops='\xff\x05\x01\x05\x06\x01\x03\x07\x00\x01\x02\x01\x02\x02cF\x09\x00\x00\x05\x05\x01\x02\x04\x01\x01\x01x\x02\xf1\x00\xf2\x09\x02\n]\x08\x00\x00\xf0\xf0'

# seed_string FILE: one Betza string (the whole file, which may hold any byte), for every
# target in its layout.
seed_string() {
    local f=$1
    add parse <"$f"
    add hosts <"$f"
    { printf 'P: '; cat "$f"; printf '\n'; } | add hosts
    # 8x8 board, from d4, white, unmoved, no blockers.
    { printf '\x03\x03\x03\x03\x00'; cat "$f"; } | add moves
    # 10x8 board from e5, black, a friend on e6 and an enemy on d6.
    { printf '\x05\x03\x04\x04\x09\x04\x05\x03\x05'; cat "$f"; } | add moves
    { printf '\x00'; cat "$f"; } | add explain
    { printf '\x00P: '; cat "$f"; printf '\n'; } | add lint_fixes
    { printf '\x01P: '; cat "$f"; printf '\n'; } | add lint_fixes
    { printf '\x02P: '; cat "$f"; printf '\n'; printf "$lsp_ops"; } | add lsp_session
}

count=0
one=$work/string
while IFS= read -r s; do
    printf '%s' "$s" >"$one"
    seed_string "$one"
    count=$((count + 1))
done <"$strings"
for file in "${snapshot_inputs[@]}"; do
    seed_string "$file"
    count=$((count + 1))
done

# Whole files, for the targets that read files.
for file in "${files[@]}"; do
    add hosts <"$file"
    case $file in
    *.ini) flags='\x02' lsp_flags='\x00' ;;
    *.betza) flags='\x00' lsp_flags='\x02' ;;
    *) continue ;;
    esac
    { printf "$flags"; head -c 4000 "$file"; } | add lint_fixes
    # lsp_session reads at most 4 kB: the file's start, then the operations.
    { printf "$lsp_flags"; head -c 3500 "$file"; printf "$lsp_ops"; } | add lsp_session
    { printf '\x01'; head -c 3500 "$file"; printf "$lsp_ops"; } | add lsp_session
done

echo "seeded $count strings and ${#files[@]} files into $out:"
for target in "${targets[@]}"; do
    printf '  %-12s %5d inputs\n' "$target" "$(find "$out/$target" -type f | wc -l)"
done
