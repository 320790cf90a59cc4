import Benchmark
import Foundation
import Workloads

// Every case of the catalog (Sources/Workloads) as a package-benchmark benchmark named
// "W<workload>.<architecture>", for time and allocations. Each measures
// `benchmark.scaledIterations` iterations per sample; the report divides by the operations per
// iteration. Instruction counts come from the same cases under callgrind (Sources/InstructionCounts).

/// The smoke pass in CI sets BENCHMARK_SMOKE=1: a few samples, enough to show every benchmark runs.
let isSmoke = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] != nil

let lostUpdates = BenchmarkMetric.custom("Lost updates", polarity: .prefersSmaller, useScalingFactor: false)

func configuration(_ item: Case) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal] + (item.workload == "W5" ? [lostUpdates] : []),
        timeUnits: .nanoseconds,
        warmupIterations: isSmoke ? 1 : 10,
        scalingFactor: item.iterationsPerSample == 1 ? .one : .kilo,
        // 1 s of samples per case: thousands for most, enough for a stable median, and the whole
        // compare.sh stays within 10 minutes on a fresh clone of two cores, the build included.
        maxDuration: isSmoke ? .milliseconds(50) : .seconds(1),
        maxIterations: isSmoke ? 3 : 1_000_000
    )
}

/// Reports what the loop's outcome says: lost updates as a metric, a broken claim as a failure.
func report(_ outcome: Outcome, _ item: Case, _ benchmark: Benchmark) {
    if let lost = outcome.lostUpdates {
        benchmark.measurement(lostUpdates, lost)
    }
    if let problem = outcome.problem {
        benchmark.error("\(item.name): \(problem)")
    }
}

/// Hands the benchmark to the main actor for the measurement loop. `@unchecked Sendable`: the
/// `Benchmark` object is not `Sendable`, but only one task uses it at a time: the caller awaits the
/// main-actor loop and touches the benchmark again only after it returns.
struct BenchmarkHandle: @unchecked Sendable {
    let benchmark: Benchmark
}

@MainActor
func measure(_ handle: BenchmarkHandle, _ item: Case, _ make: @MainActor () -> MainActorLoop) {
    let benchmark = handle.benchmark
    let loop = make()
    benchmark.startMeasurement()
    loop.run(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    report(loop.finish(), item, benchmark)
}

@MainActor
func measure(_ handle: BenchmarkHandle, _ item: Case, _ make: @MainActor () -> AsyncLoop) async {
    let benchmark = handle.benchmark
    let loop = make()
    benchmark.startMeasurement()
    await loop.run(benchmark.scaledIterations.count)
    benchmark.stopMeasurement()
    report(loop.finish(), item, benchmark)
}

let benchmarks: @Sendable () -> Void = {
    for item in catalog {
        let configuration = configuration(item)
        switch item.body {
        case .anyThread(let make):
            Benchmark(item.name, configuration: configuration) { benchmark in
                let loop = make()
                benchmark.startMeasurement()
                loop.run(benchmark.scaledIterations.count)
                benchmark.stopMeasurement()
                report(loop.finish(), item, benchmark)
            }
        case .mainActor(let make):
            Benchmark(item.name, configuration: configuration) { benchmark async in
                await measure(BenchmarkHandle(benchmark: benchmark), item, make)
            }
        case .mainActorAsync(let make):
            Benchmark(item.name, configuration: configuration) { benchmark async in
                await measure(BenchmarkHandle(benchmark: benchmark), item, make)
            }
        }
    }
}
