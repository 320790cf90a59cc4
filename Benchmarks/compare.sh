#!/usr/bin/env bash
# The comparative benchmarks in one command: runs every workload on PrexCore, VueFluxCore,
# RxStateCore and the hand-written baseline, prints the comparison table, and writes
# docs/benchmarks.md and docs/benchmarks.svg. Takes about 5 minutes on 2 cores, more the first time
# (the release build of package-benchmark).
#
#   bash Benchmarks/compare.sh              # the full run
#   BENCHMARK_SMOKE=1 bash Benchmarks/compare.sh --no-docs   # CI's smoke pass: a few samples each
set -euo pipefail
cd "$(dirname "$0")"

write_docs=1
if [ "${1:-}" = "--no-docs" ]; then write_docs=0; fi

export_dir=$(mktemp -d)
trap 'rm -rf "$export_dir"' EXIT

echo "== Building and running the benchmarks (progress below) =="
swift package --allow-writing-to-directory "$export_dir" benchmark \
    --format histogramPercentiles --path "$export_dir" 2>&1 \
    | grep -v '^Writing to ' || true
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
docs_dir=../docs
if [ "$write_docs" = 0 ]; then docs_dir=$(mktemp -d); fi
.build/release/BenchmarkReport "$export_dir" "$docs_dir" "bash Benchmarks/compare.sh" "$machine"
