#!/usr/bin/env bash
# Builds the DocC documentation of the four library modules with the toolchain's own `docc`, without
# package dependencies: symbol graphs from a debug build, then one `docc convert` per catalog.
# Warnings fail the build (`--warnings-as-errors`), so an unresolved symbol link cannot slip in.
#
#   bash scripts/build-docs.sh [output-dir]     # default: .build/docs; one .doccarchive per module
#
# Environment: SCRATCH (the build folder for the symbol graphs, default .build/docs-symbols),
# DOCC (the docc executable, default: next to `swift`, else on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ReactiveLite PrexCore VueFluxCore RxStateCore)
output="${1:-.build/docs}"
scratch="${SCRATCH:-.build/docs-symbols}"

if [[ -z "${DOCC:-}" ]]; then
    swift_path="$(command -v swift)"
    DOCC="$(dirname "$(readlink -f "$swift_path")")/docc"
    [[ -x "$DOCC" ]] || DOCC="$(command -v docc || true)"
fi
[[ -n "$DOCC" && -x "$DOCC" ]] || { echo "error: docc not found; set DOCC" >&2; exit 1; }

echo "== symbol graphs ($scratch)"
# The compiler writes a module's graph when it compiles the module, so the graphs of an up-to-date
# build stay in place from the last run; if one is missing, the scratch folder is rebuilt from clean.
# Public symbols only (the compiler's default minimum access level), one file per module.
emit_graphs() {
    mkdir -p "$scratch/symbol-graphs"
    graphs="$(cd "$scratch/symbol-graphs" && pwd)"
    swift build --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
}
graphs_complete() {
    for module in "${modules[@]}"; do [[ -f "$graphs/$module.symbols.json" ]] || return 1; done
}
emit_graphs
if ! graphs_complete; then
    rm -rf "$scratch"
    emit_graphs
fi

mkdir -p "$output"
for module in "${modules[@]}"; do
    echo "== docc convert $module"
    # Each catalog sees its own module's symbol graphs only (the main file and any extension files).
    module_graphs="$scratch/symbol-graphs-$module"
    rm -rf "$module_graphs"
    mkdir -p "$module_graphs"
    cp "$graphs/$module".symbols.json "$module_graphs/"
    shopt -s nullglob
    for extension in "$graphs/$module"@*.symbols.json; do cp "$extension" "$module_graphs/"; done
    shopt -u nullglob
    "$DOCC" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$module_graphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.unidirectionalflow.$module" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors
done
echo "== done: $output"
