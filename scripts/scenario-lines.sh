#!/usr/bin/env bash
# Lines of code of each harness scenario per architecture: non-blank lines that are not comments
# (`//` or `///` lines; there are no block comments: swift-format forbids them). Counts only the
# side-by-side example files (Scenarios/<Name>/<Name><Architecture>.swift), not the model, the fake
# client or the harness adapters. Prints a Markdown table for docs/harness.md.
set -euo pipefail
cd "$(dirname "$0")/../Sources/ArchitectureHarness/Scenarios"

count() {
    if [[ -f "$1" ]]; then
        grep -cvE '^[[:space:]]*(//.*)?$' "$1" || true
    else
        echo "-"
    fi
}

echo "| Scenario | Prex | VueFlux | RxState |"
echo "| --- | ---: | ---: | ---: |"
for dir in */; do
    name="${dir%/}"
    echo "| $name | $(count "$name/${name}Prex.swift") | $(count "$name/${name}VueFlux.swift") | $(count "$name/${name}RxState.swift") |"
done
