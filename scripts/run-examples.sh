#!/usr/bin/env bash
# Builds the examples (the nested Examples/ package; warnings are errors), runs their tests, runs
# each program, and checks that what it prints is what its page shows after its
# `<!-- output: NAME -->` line: the counters in docs/getting-started.md, each debounced search in
# its module's chapter. Exits non-zero if a program fails or its output differs.
#
#   bash scripts/run-examples.sh
#
# Environment: SCRATCH (the build folder, default .build/examples).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SCRATCH:-.build/examples}"
examples=(PrexCounter VueFluxCounter RxStateCounter PrexSearch VueFluxSearch RxStateSearch)

# The page that shows what program $1 prints (a function, not an associative array: macOS ships
# bash 3.2).
page_of() {
    case "$1" in
        *Counter) echo docs/getting-started.md ;;
        PrexSearch) echo docs/prex.md ;;
        VueFluxSearch) echo docs/vueflux.md ;;
        RxStateSearch) echo docs/rxstate.md ;;
    esac
}

swift build --package-path Examples --scratch-path "$scratch" --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Examples --scratch-path "$scratch" --skip-build

# The fenced block right after `<!-- output: NAME -->` in page $2.
documented_output() {
    awk -v marker="<!-- output: $1 -->" '
        $0 == marker { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }
    ' "$2"
}

status=0
for example in "${examples[@]}"; do
    echo "== swift run $example"
    actual="$(swift run --package-path Examples --scratch-path "$scratch" --skip-build "$example")"
    printf '%s\n' "$actual"
    page="$(page_of "$example")"
    expected="$(documented_output "$example" "$page")"
    if [[ -z "$expected" ]]; then
        echo "error: $page has no output block for $example" >&2
        status=1
    elif [[ "$actual" != "$expected" ]]; then
        echo "error: $example printed something else than $page shows:" >&2
        diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2 || true
        status=1
    fi
done
exit "$status"
