import Benchmark
import Dispatch
import Foundation
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// Benchmarks are named "W<workload>.<architecture>"; the report (Sources/BenchmarkReport) groups them
// by workload and divides each architecture's figures by the baseline's. Every benchmark measures
// `benchmark.scaledIterations` operations per sample, so figures are per operation.

/// Workload sizes, shared by every architecture.
enum Size {
    static let fanOutObservers = 1_000
    static let churnObservers = 1_000
    static let concurrentThreads = 2
    static let concurrentDispatchesPerThread = 5_000
}

/// The smoke pass in CI sets BENCHMARK_SMOKE=1: a few samples, enough to show every benchmark runs.
let isSmoke = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] != nil

func configuration(scaling: BenchmarkScalingFactor, extra: [BenchmarkMetric] = []) -> Benchmark.Configuration
{
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal] + extra,
        timeUnits: .nanoseconds,
        warmupIterations: isSmoke ? 1 : 10,
        scalingFactor: scaling,
        maxDuration: isSmoke ? .milliseconds(50) : .seconds(2),
        maxIterations: isSmoke ? 3 : 1_000_000
    )
}

let benchmarks: @Sendable () -> Void = {
    registerDispatchToOneObserver()
    registerFanOut()
    registerChurn()
    registerLargeState()
    registerConcurrentDispatch()
    registerSearchEndToEnd()
}
