#!/usr/bin/env bash
# The comparative benchmarks in one command: every workload on PrexCore, VueFluxCore, RxStateCore,
# the paths users take (Presenter + View, MainReducer, a dispatch forwarded by another store's
# observer) and the hand-written baseline.
#
#   bash Benchmarks/compare.sh                   the full run: results printed and kept in
#                                                Benchmarks/.results/ (ignored by git); no tracked
#                                                file changes
#   bash Benchmarks/compare.sh --update-docs     the same, then copies the page and chart it wrote
#                                                over docs/benchmarks.md and docs/benchmarks.svg
#                                                (maintainers; other pages quote some of its ratios:
#                                                'swift test --filter FigureTests' lists them)
#   bash Benchmarks/compare.sh --smoke           CI's pass: a few samples, tiny iteration counts, a
#                                                short flood; shows that every path still runs
#   --no-instructions                            skips callgrind (automatic where valgrind is missing)
#
# Three measures, one run:
# - instructions per operation (the primary figure): each case of InstructionCounts under
#   `valgrind --tool=callgrind`, once: N iterations, then 2N more counted on their own (callgrind
#   dumps its counters at a phase boundary), divided by their operations, so start-up, set-up and
#   teardown drop out; two cases at a time, each on one thread, so no count depends on the other;
# - time and allocations per operation: package-benchmark's BenchmarkTool, run directly with the
#   malloc interposer preloaded (see below);
# - the flood and its victim: a thread dispatching in a tight loop while another dispatches every
#   25 ms; the victim's latency, the backlog, resident memory; the same with the flood forwarded
#   from store A into the victim's store B by A's observer, and with the flooder at nice 19;
# - contention, in time: 8 threads against 1 dispatching into one store, and 64 tasks dispatching
#   through the suspending dispatch beside a heartbeat task;
# - the scaling curves (issue 24): instructions per dispatch against observers, state size and
#   features (callgrind, like the cases), and time per dispatch against threads; the report checks
#   each curve's shape against its stated growth (Sources/BenchmarkReport/Curves.swift);
# - the bytes of stack one link of a chain takes: stores whose observers each dispatch into the
#   next nest one call per link on the calling thread (Sources/StackPerLink/StackChain.swift).
# A missed target is printed as a finding; the command fails when something could not run, or when
# a scaling curve grows faster than stated (not in --smoke, whose tiny counts only show that the
# curves run; --smoke runs the shape check's unit tests instead, `swift test` in Benchmarks/).
set -euo pipefail
cd "$(dirname "$0")"

update_docs=0
smoke=0
instructions=1
for argument in "$@"; do
    case "$argument" in
        --update-docs) update_docs=1 ;;
        --smoke) smoke=1 ;;
        --no-instructions) instructions=0 ;;
        *) echo "compare.sh: unknown option $argument (see the top of Benchmarks/compare.sh)" >&2; exit 64 ;;
    esac
done
if [ -n "${BENCHMARK_SMOKE:-}" ]; then smoke=1; fi
if [ "$smoke" = 1 ]; then export BENCHMARK_SMOKE=1; fi
if [ "$instructions" = 1 ] && ! command -v valgrind >/dev/null 2>&1; then
    echo "compare.sh: valgrind is not installed: no instruction counts (apt-get install valgrind)"
    instructions=0
fi
if [ "$update_docs" = 1 ] && { [ "$smoke" = 1 ] || [ "$instructions" = 0 ]; }; then
    echo "compare.sh: --update-docs needs the full run, with instruction counts" >&2
    exit 64
fi

results=.results
rm -rf "$results"
mkdir -p "$results/callgrind" "$results/time"
started=$(date +%s)
failures=0
# A section's title, with the time spent so far (the whole run is meant to take at most 10 minutes
# on a fresh clone of two cores, the build included).
section() {
    echo
    echo "== $* == ($(($(date +%s) - started)) s so far)"
}

section "Building (release)"
swift build -c release --product BenchmarkTool
swift build -c release
bin=$(swift build -c release --show-bin-path)

if [ "$smoke" = 1 ]; then
    section "The scaling curves' shape check: its unit tests"
    # Only the CurveShape target and its tests (no dependency), in the debug build directory.
    if ! swift test --filter CurveShapeTests; then
        echo "compare.sh: the shape check's tests failed" >&2
        failures=$((failures + 1))
    fi
fi

section "Time and allocations: package-benchmark (progress below)"
# BenchmarkTool directly, as `swift package benchmark` would run it, so that only what this package
# builds is preloaded: on Linux with Swift 6.3 the plugin also preloads the Swift runtime
# interposer, which only the package's RuntimeInterposer trait builds (left off here: it serves ARC
# metrics, which no workload uses), and warns that it is missing.
set +e
LD_PRELOAD="$bin/libMallocInterposerSwift.so" "$bin/BenchmarkTool" \
    --command run --baseline-storage-path "$PWD" --format histogramPercentiles --grouping benchmark \
    --path "$results/time" --targets ArchitectureBenchmarks \
    --benchmark-executable-paths "$bin/ArchitectureBenchmarks" 2>&1 | grep -v '^Writing to '
status=${PIPESTATUS[0]}
set -e
if [ "$status" != 0 ] || ! ls "$results"/time/*.tsv >/dev/null 2>&1; then
    echo "compare.sh: the package-benchmark run failed (exit $status)" >&2
    failures=$((failures + 1))
fi

"$bin/InstructionCounts" list > "$results/cases.tsv"
if [ "$instructions" = 1 ]; then
    # valgrind 3.19 gives up on the debug information that this toolchain writes for C targets
    # ("Possibly corrupted debuginfo file"); counts do not need it, so callgrind runs a copy
    # without it.
    counter="$results/InstructionCounts.nodebug"
    if ! objcopy --strip-debug "$bin/InstructionCounts" "$counter" 2>/dev/null; then
        cp "$bin/InstructionCounts" "$counter"
    fi
    # Counts one case or curve point under callgrind, in one run of `InstructionCounts count`: N
    # iterations, a phase boundary, 2N more, another boundary. callgrind writes what it counted up
    # to each boundary (<out>.1, then <out>.2 since the first), so <out>.2 holds iterations N+1 to
    # 3N alone. Writes <directory>/<name>.tsv: the name, N, 3N and the cumulative counts at the two
    # boundaries (the report divides their difference by 2N iterations); left absent when the run
    # fails, its log beside it.
    count_under_callgrind() {
        local name=$1 small=$2 directory=$3 large=$(($2 * 3)) out first second
        out="$directory/$name.out"
        if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
            --dump-before=instruction_counts_phase_boundary \
            "$counter" count "$name" "$small" > "$directory/$name.log" 2>&1; then
            return 0
        fi
        first=$(awk '/^(summary|totals):/ {print $2; exit}' "$out.1" 2>/dev/null)
        second=$(awk '/^(summary|totals):/ {print $2; exit}' "$out.2" 2>/dev/null)
        if [ -z "$first" ] || [ -z "$second" ]; then
            echo "no phase boundary was counted (valgrind's --dump-before)" >> "$directory/$name.log"
            return 0
        fi
        printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$small" "$large" "$first" "$((first + second))" \
            > "$directory/$name.tsv"
    }
    # Runs count_under_callgrind for each "name iterations" line of standard input, two at a time
    # on the machine's cores: each run is one process that callgrind runs on one thread, so its
    # count does not depend on what runs beside it. Then appends each count to <table>, in input
    # order, and reports the ones that failed.
    count_all() {
        local directory=$1 table=$2 running=0 name iterations
        local names=()
        while read -r name iterations; do
            if [ "$smoke" = 1 ]; then iterations=1; fi
            names+=("$name")
            count_under_callgrind "$name" "$iterations" "$directory" &
            running=$((running + 1))
            if [ "$running" -ge 2 ]; then
                wait -n || true
                running=$((running - 1))
            fi
        done
        wait
        : > "$table"
        for name in "${names[@]}"; do
            if [ -f "$directory/$name.tsv" ]; then
                cat "$directory/$name.tsv" >> "$table"
            else
                echo "compare.sh: $name failed under callgrind:" >&2
                grep -hv '^==' "$directory/$name.log" 2>/dev/null | tail -5 >&2
                failures=$((failures + 1))
            fi
        done
    }

    section "Instructions: callgrind, each case counted over iterations N+1 to 3N"
    awk -F'\t' '$3 == 0 {
        print $1 ": no instruction count (it waits on other threads; the count depends on scheduling)"
    }' "$results/cases.tsv"
    # Input redirected, not piped, so that count_all's failures count in this shell.
    count_all "$results/callgrind" "$results/instructions.tsv" \
        < <(awk -F'\t' '$3 != 0 {print $1, $3}' "$results/cases.tsv")
    echo "$(wc -l < "$results/instructions.tsv") cases counted"

    section "Scaling curves: instructions per dispatch against observers, state size, features"
    "$bin/InstructionCounts" curve-points > "$results/curve-points.tsv"
    mkdir -p "$results/curves"
    count_all "$results/curves" "$results/curves.tsv" < <(awk -F'\t' '{print $1, $5}' "$results/curve-points.tsv")
    echo "$(wc -l < "$results/curves.tsv") curve points counted"
fi

section "Flood and victim: one thread floods, another dispatches every 25 ms"
# Whether the victim is caught depends on timing: three runs per subject, the report keeps the worst.
seconds=2
rounds=3
if [ "$smoke" = 1 ]; then seconds=0.3; rounds=1; fi
: > "$results/flood.tsv"
for subject in $("$bin/InstructionCounts" flood-subjects); do
    echo "$subject: $rounds run(s) of $seconds s"
    for _ in $(seq "$rounds"); do
        if ! timeout 120 "$bin/InstructionCounts" flood "$subject" "$seconds" >> "$results/flood.tsv"; then
            echo "compare.sh: the flood on $subject did not finish" >&2
            failures=$((failures + 1))
        fi
    done
done

section "Thread contention: 8 threads against 1, dispatching into one store"
# Time, not instructions: callgrind runs one thread at a time and does not see a wait. Each
# subject in its own process; 1 and 8 threads alternate, and the report takes the medians.
per_thread=25000
rounds=3
if [ "$smoke" = 1 ]; then per_thread=500; rounds=1; fi
: > "$results/contention.tsv"
for subject in $("$bin/InstructionCounts" contention-subjects); do
    echo "$subject: $rounds round(s) of 8 x $per_thread dispatches, on 1 thread and on 8"
    if ! timeout 300 "$bin/InstructionCounts" contention "$subject" 8 "$per_thread" "$rounds" \
        >> "$results/contention.tsv"; then
        echo "compare.sh: the thread contention on $subject did not finish" >&2
        failures=$((failures + 1))
    fi
done

section "Threads curve: time per dispatch with 1, 2, 4 and 8 threads dispatching into one store"
# The thread contention's code at each thread count, the counts alternating within each round.
dispatches=80000
rounds=3
if [ "$smoke" = 1 ]; then dispatches=2000; rounds=1; fi
: > "$results/threads.tsv"
for subject in $("$bin/InstructionCounts" contention-subjects); do
    echo "$subject: $rounds round(s) of $dispatches dispatches on 1, 2, 4 and 8 threads"
    if ! timeout 300 "$bin/InstructionCounts" threads "$subject" "$dispatches" "$rounds" 1,2,4,8 \
        >> "$results/threads.tsv"; then
        echo "compare.sh: the threads curve on $subject did not finish" >&2
        failures=$((failures + 1))
    fi
done

section "Async contention: 64 tasks through the suspending dispatch, beside a heartbeat task"
per_task=2000
rounds=3
if [ "$smoke" = 1 ]; then per_task=50; rounds=1; fi
: > "$results/async.tsv"
for subject in $("$bin/InstructionCounts" contention-subjects); do
    echo "$subject: $rounds round(s) of 64 tasks x $per_task dispatches"
    if ! timeout 300 "$bin/InstructionCounts" async "$subject" 64 "$per_task" "$rounds" \
        >> "$results/async.tsv"; then
        echo "compare.sh: the async contention on $subject did not finish" >&2
        failures=$((failures + 1))
    fi
done

section "Stack per chain link: stores whose observers each dispatch into the next"
# Bytes, not time: the same on every run of one build.
: > "$results/stack.tsv"
for subject in $("$bin/StackPerLink" subjects); do
    if ! timeout 120 "$bin/StackPerLink" "$subject" >> "$results/stack.tsv"; then
        echo "compare.sh: the stack measurement on $subject did not finish" >&2
        failures=$((failures + 1))
    fi
done
cat "$results/stack.tsv"

section "Comparison"
cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || true)
if [ -z "$cpu" ]; then cpu=$(sysctl -n machdep.cpu.brand_string 2>/dev/null || echo unknown); fi
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
memory=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo 2>/dev/null || echo '?')
toolchain=$(swift --version 2>/dev/null | head -1)
machine="$cpu, $cores cores, $memory, $(uname -sm), $toolchain"
valgrind_version=$(valgrind --version 2>/dev/null || echo "valgrind not run")
set +e
"$bin/BenchmarkReport" "$results" "bash Benchmarks/compare.sh --update-docs" "$machine" "$valgrind_version"
status=$?
set -e
if [ "$status" = 3 ]; then
    echo "compare.sh: a scaling curve grows faster than stated (above)" >&2
    failures=$((failures + 1))
elif [ "$status" != 0 ]; then
    echo "compare.sh: the report failed (exit $status)" >&2
    failures=$((failures + 1))
fi

echo
echo "Results: Benchmarks/$results/ (benchmarks.md, benchmarks.svg, the raw figures); $(($(date +%s) - started)) s."
if [ "$update_docs" = 1 ] && [ "$failures" = 0 ]; then
    cp "$results/benchmarks.md" ../docs/benchmarks.md
    cp "$results/benchmarks.svg" ../docs/benchmarks.svg
    cp "$results"/benchmarks-*.svg ../docs/
    echo "docs/benchmarks.md and its charts rewritten. Other pages quote some of its ratios"
    echo "(docs/README.md, docs/vueflux.md): 'swift test --filter FigureTests' lists any to quote again."
fi
if [ "$failures" != 0 ]; then
    echo "compare.sh: $failures part(s) failed to run (above)" >&2
    exit 1
fi
