#!/usr/bin/env bash
# Builds the getting-started examples (the nested Examples/ package; warnings are errors), runs
# their tests, runs each counter, and checks that what it prints is what docs/getting-started.md shows after its
# `<!-- output: NAME -->` line. Exits non-zero if a program fails or its output differs.
#
#   bash scripts/run-examples.sh
#
# Environment: SCRATCH (the build folder, default .build/examples).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SCRATCH:-.build/examples}"
page=docs/getting-started.md
examples=(PrexCounter VueFluxCounter RxStateCounter)

swift build --package-path Examples --scratch-path "$scratch" --build-tests -Xswiftc -warnings-as-errors
swift test --package-path Examples --scratch-path "$scratch" --skip-build

# The fenced block right after `<!-- output: NAME -->` in the page.
documented_output() {
    awk -v marker="<!-- output: $1 -->" '
        $0 == marker { found = 1; next }
        found == 1 && /^```/ { found = 2; next }
        found == 2 && /^```/ { exit }
        found == 2 { print }
    ' "$page"
}

status=0
for example in "${examples[@]}"; do
    echo "== swift run $example"
    actual="$(swift run --package-path Examples --scratch-path "$scratch" --skip-build "$example")"
    printf '%s\n' "$actual"
    expected="$(documented_output "$example")"
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
