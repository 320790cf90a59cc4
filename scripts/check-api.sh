#!/usr/bin/env bash
# API stability of the products apps depend on. The public API of each stable module is recorded in
# api-baseline/<Module>.json (swift-api-digester's dump, made by SwiftPM). CI compares the working
# tree against that record with `swift package diagnose-api-breaking-changes` and fails on any
# breaking change. It also fails when a commit moved the record without touching CHANGELOG.md: a
# breaking change lands only with a CHANGELOG line that names it, in the same commit as the moved
# baseline.
#
#   bash scripts/check-api.sh            # the check (CI)
#   bash scripts/check-api.sh --update   # after a deliberate API change: lists what breaks against
#                                        # the record, refuses unless CHANGELOG.md's Unreleased
#                                        # section names each broken symbol, then rewrites the record
#                                        # from the working tree; commit it with the CHANGELOG line.
#
# Additions are not breaking; they are recorded by the next --update (a release does one).
set -euo pipefail
cd "$(dirname "$0")/.."

# The API-stable products (the harness is a tool of this repository, not listed).
modules=(ReactiveLite PrexCore VueFluxCore RxStateCore)
for extra in PrexCoreTesting VueFluxCoreTesting RxStateCoreTesting; do
    if grep -q "name: \"$extra\"" Package.swift; then modules+=("$extra"); fi
done
record=api-baseline
scratch=.build/api-check

# SwiftPM keeps baselines in <baseline-dir>/<resolved commit of the treeish>/<Module>.json and only
# builds the treeish when a module's file is missing. Placing the record there under HEAD's commit
# makes it compare against the record without building any other revision.
compare() {
    local head
    head=$(git rev-parse HEAD)
    rm -rf "$scratch"
    mkdir -p "$scratch/baselines/$head"
    local module
    for module in "${modules[@]}"; do
        if [[ ! -f "$record/$module.json" ]]; then
            echo "check-api: $record/$module.json is missing; run 'bash scripts/check-api.sh --update'" >&2
            return 2
        fi
        cp "$record/$module.json" "$scratch/baselines/$head/"
    done
    swift package diagnose-api-breaking-changes HEAD --products "${modules[@]}" \
        --baseline-dir "$scratch/baselines" 2>&1 | tee "$scratch/report.txt" | grep -v '^\[' || true
    ! grep -q 'API breakage' "$scratch/report.txt" \
        && grep -q 'No breaking changes detected' "$scratch/report.txt"
}

# Every commit that changed the record after its first one must also change CHANGELOG.md.
check_history() {
    local commits first commit bad=0
    commits=$(git log --format=%H -- "$record" 2>/dev/null || true)
    [[ -n "$commits" ]] || return 0
    first=$(printf '%s\n' "$commits" | tail -1)
    for commit in $commits; do
        [[ "$commit" == "$first" ]] && continue
        if ! git show --name-only --format= "$commit" | grep -qx 'CHANGELOG.md'; then
            echo "check-api: commit $(git log -1 --format='%h %s' "$commit") moved $record without a CHANGELOG.md line" >&2
            bad=1
        fi
    done
    return $bad
}

if [[ "${1:-}" == "--update" ]]; then
    if [[ -d "$record" ]] && ! compare >/dev/null 2>&1; then
        echo "Breaking changes against the recorded API:"
        grep 'API breakage' "$scratch/report.txt" | sed 's/^/  /'
        unreleased=$(awk '/^## \[Unreleased\]/{on=1; next} /^## \[/{on=0} on' CHANGELOG.md)
        missing=0
        while IFS= read -r line; do
            # The qualified name after the declaration kind, without its labels:
            # 'API breakage: func Store.removeListener(_:) has been removed' -> Store.removeListener.
            name=$(printf '%s' "$line" | sed -E 's/.*API breakage: [a-z]+ ([^ (]+).*/\1/')
            if ! grep -qF -- "$name" <<<"$unreleased"; then
                echo "check-api: CHANGELOG.md's Unreleased section does not name $name ($line)" >&2
                missing=1
            fi
        done < <(grep 'API breakage' "$scratch/report.txt" || true)
        [[ "$missing" == 0 ]] || exit 1
    fi
    # Dump the working tree, new files included: a commit object of it, made with a scratch index so
    # that neither the index nor any branch moves, is what SwiftPM checks out and builds.
    scratch_index=$(mktemp -u)
    GIT_INDEX_FILE="$scratch_index" git read-tree HEAD
    GIT_INDEX_FILE="$scratch_index" git add -A
    tree=$(GIT_INDEX_FILE="$scratch_index" git write-tree)
    rm -f "$scratch_index"
    tree_commit=$(git commit-tree "$tree" -p HEAD -m "api baseline")
    rm -rf "$scratch/dump"
    swift package diagnose-api-breaking-changes "$tree_commit" --products "${modules[@]}" \
        --baseline-dir "$scratch/dump" --regenerate-baseline >/dev/null
    mkdir -p "$record"
    rm -f "$record"/*.json
    for module in "${modules[@]}"; do
        cp "$scratch/dump/$tree_commit/$module.json" "$record/"
    done
    echo "Rewrote $record/ for: ${modules[*]}. Commit it together with CHANGELOG.md."
    exit 0
fi

status=0
compare || { echo "check-api: breaking API change against $record/ (see above)." \
    "Name it in CHANGELOG.md's Unreleased section and run 'bash scripts/check-api.sh --update'." >&2; status=1; }
check_history || status=1
[[ "$status" == 0 ]] && echo "check-api: no breaking change against $record/ (${modules[*]})."
exit "$status"
