// The workloads, written once and run by two drivers: ArchitectureBenchmarks (package-benchmark:
// time and allocations) and InstructionCounts (one case N times, counted under callgrind). Every case
// uses only the libraries' public API.

/// One measured case: a workload on one architecture, or on one of the paths its users take.
package struct Case: Sendable {
    /// The workload, "W1" to "W8".
    package let workload: String
    /// The architecture, optionally with the path after a "+": "PrexCore", "PrexCore+View",
    /// "RxStateCore+MainReducer". The report shows a path as its own row, in its architecture's column.
    package let architecture: String
    /// How many reported operations one iteration is: 1,000 for a dispatch that notifies 1,000
    /// observers (the report gives the cost per notification), 1 for most.
    package let operationsPerIteration: Int
    /// package-benchmark's iterations per sample (1 or 1,000).
    package let iterationsPerSample: Int
    /// Iterations of the small run under callgrind; the large run does three times as many, and the
    /// instructions per operation are the difference divided by the difference in operations. Zero
    /// when the count is not reproducible (workload 6 waits by yielding to other threads, and how
    /// often depends on the scheduling), so the case has no instruction figure.
    package let callgrindIterations: Int
    /// Sets the case up and returns its loop.
    package let body: Body

    /// "W1.PrexCore+View": package-benchmark's benchmark name and InstructionCounts' argument.
    package var name: String { "\(workload).\(architecture)" }

    package init(
        _ workload: String, _ architecture: String, operationsPerIteration: Int = 1,
        iterationsPerSample: Int = 1_000, callgrindIterations: Int, body: Body
    ) {
        self.workload = workload
        self.architecture = architecture
        self.operationsPerIteration = operationsPerIteration
        self.iterationsPerSample = iterationsPerSample
        self.callgrindIterations = callgrindIterations
        self.body = body
    }
}

/// Where a case runs: on the caller's thread, or on the main actor (the Presenter + View path, whose
/// views are reflected inline only there; the search scenario, whose intents run there).
package enum Body: Sendable {
    case anyThread(@Sendable () -> Loop)
    case mainActor(@MainActor @Sendable () -> MainActorLoop)
    case mainActorAsync(@MainActor @Sendable () -> AsyncLoop)
}

/// What a case reports after its loop, beside time, allocations and instructions.
package struct Outcome: Sendable {
    /// Updates the store lost (workload 5), when the case checks.
    package var lostUpdates: Int?
    /// Set when the loop did not do what the case claims (for example, a view not reflected inline).
    package var problem: String?

    package init(lostUpdates: Int? = nil, problem: String? = nil) {
        self.lostUpdates = lostUpdates
        self.problem = problem
    }
}

/// A set-up case: `run(n)` performs `n` iterations; `finish()` tears down and reports.
package struct Loop {
    package let run: (Int) -> Void
    package let finish: () -> Outcome

    package init(run: @escaping (Int) -> Void, finish: @escaping () -> Outcome = { Outcome() }) {
        self.run = run
        self.finish = finish
    }
}

/// A `Loop` that runs on the main actor.
package struct MainActorLoop {
    package let run: @MainActor (Int) -> Void
    package let finish: @MainActor () -> Outcome

    package init(run: @escaping @MainActor (Int) -> Void, finish: @escaping @MainActor () -> Outcome) {
        self.run = run
        self.finish = finish
    }
}

/// A `Loop` that runs on the main actor and awaits.
package struct AsyncLoop {
    package let run: @MainActor (Int) async -> Void
    package let finish: @MainActor () -> Outcome

    package init(
        run: @escaping @MainActor (Int) async -> Void,
        finish: @escaping @MainActor () -> Outcome = { Outcome() }
    ) {
        self.run = run
        self.finish = finish
    }
}

/// Every case, in the order the report shows them.
package let catalog: [Case] =
    dispatchToOneObserver + dispatchForwarded + fanOut + churn + largeState + concurrentDispatch
    + searchEndToEnd + crossFeatureAction + manyFeatures

/// The case named `name` ("W1.PrexCore").
package func findCase(_ name: String) -> Case? {
    catalog.first { $0.name == name }
}

/// Keeps a value alive and opaque to the optimizer, so a loop's work is not removed.
@inline(never)
package func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
