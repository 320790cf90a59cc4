#!/usr/bin/env bash
# The comparative benchmarks in one command: runs every workload on PrexCore, VueFluxCore,
# RxStateCore and the hand-written baseline, prints the comparison table, rewrites
# docs/benchmarks.md and docs/benchmarks.svg, writes the targets as package-benchmark static
# thresholds (Benchmarks/Thresholds) and checks the run against them. About two minutes on 2 cores,
# plus the first release build of package-benchmark.
#
#   bash Benchmarks/compare.sh                                # the full run
#   BENCHMARK_SMOKE=1 bash Benchmarks/compare.sh --no-docs     # CI's smoke pass: a few samples each
set -euo pipefail
cd "$(dirname "$0")"

write_docs=1
if [ "${1:-}" = "--no-docs" ]; then write_docs=0; fi

export_dir=$(mktemp -d)
scratch_dir=$(mktemp -d)
trap 'rm -rf "$export_dir" "$scratch_dir"' EXIT
docs_dir=../docs
thresholds_dir=Thresholds
if [ "$write_docs" = 0 ]; then
    docs_dir="$scratch_dir/docs"
    thresholds_dir="$scratch_dir/Thresholds"
    mkdir -p "$docs_dir"
fi

echo "== Building and running the benchmarks (progress below) =="
# The run is stored as the baseline 'current' (in .benchmarkBaselines, not committed), so that the
# export and the threshold check below read it instead of running everything again.
swift package --allow-writing-to-package-directory benchmark baseline update current
swift package --allow-writing-to-directory "$export_dir" benchmark baseline read current \
    --format histogramPercentiles --path "$export_dir" | grep -v '^Writing to ' || true
if ! ls "$export_dir"/*.tsv >/dev/null 2>&1; then
    echo "compare.sh: the benchmark run produced no results" >&2
    exit 1
fi

echo
echo "== Comparison (p50 per operation, ratio to the baseline) =="
swift build -c release --product BenchmarkReport >/dev/null
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || sysctl -n machdep.cpu.brand_string 2>/dev/null || echo unknown)
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo 2>/dev/null || echo '?')
toolchain=$(swift --version 2>/dev/null | head -1)
machine="$cpu, $cores cores, $memory, $(uname -sm), $toolchain"
rm -f "$thresholds_dir"/*.p90.json 2>/dev/null || true
.build/release/BenchmarkReport "$export_dir" "$docs_dir" "$thresholds_dir" "bash Benchmarks/compare.sh" "$machine"

echo
echo "== Targets, checked by package-benchmark against the static thresholds in $thresholds_dir =="
# A missed target is a finding, not a failure of this command: docs/benchmarks.md says which and why.
set +e
swift package --allow-writing-to-package-directory benchmark thresholds check current \
    --path "$thresholds_dir" --format markdown > "$scratch_dir/check.txt" 2>&1
status=$?
set -e
worse=$(grep -o 'Deviations worse than threshold for ArchitectureBenchmarks:[^ ]*' "$scratch_dir/check.txt" \
    | sed 's/.*ArchitectureBenchmarks://' | sort -u | tr '\n' ' ')
if grep -q "WORSE than the defined thresholds" "$scratch_dir/check.txt"; then
    echo "Missed (p90 above the baseline's p90 x target): $worse"
elif grep -qE "BETTER than the defined thresholds|EQUAL to the defined thresholds|better than threshold" "$scratch_dir/check.txt" \
    || [ "$status" = 0 ]; then
    echo "All targets met (p90 at most the baseline's p90 x target)."
else
    echo "compare.sh: the threshold check failed to run (exit $status):" >&2
    tail -20 "$scratch_dir/check.txt" >&2
    exit 1
fi
if [ "$write_docs" = 1 ]; then
    echo
    echo "docs/benchmarks.md is rewritten. Other pages quote some of its ratios (docs/README.md, docs/vueflux.md):"
    echo "'swift test --filter FigureTests' lists any that this run changed, to quote again."
fi
