import Dispatch
import Foundation
import PrexCore
import RxStateCore
import Synchronization
import VueFluxCore

// The two contention workloads, measured in time (callgrind runs one thread at a time and does not
// see a wait):
//
// - thread contention: 8 dedicated threads dispatch into one store with one observer, against the
//   same store driven by 1 thread, alternately in the same process; the nanoseconds per dispatch of
//   each, and the voluntary context switches (a convoy makes nearly every contended dispatch one);
// - async contention: 64 tasks dispatch into one store through the suspending dispatch, yielding
//   between dispatches, while a heartbeat task on the same pool sleeps 1 ms at a time and records its
//   largest gap between ticks.
//
// Both check the store's final count against the dispatches made.

/// One counter store with one observer, as the contention workloads drive it.
struct CounterStore: Sendable {
    /// The synchronous dispatch of one increment.
    let dispatch: @Sendable () -> Void
    /// The suspending dispatch of one increment (the baseline's: `BaselineStore.dispatchAsync`).
    let dispatchAsync: @Sendable () async -> Void
    /// The store's count.
    let count: @Sendable () -> Int
    /// The observer's subscription, kept for the store's lifetime.
    let subscription: any Sendable
}

/// A store of one architecture, made fresh for each measurement.
package struct ContentionSubject: Sendable {
    package let name: String
    let make: @Sendable () -> CounterStore
}

/// The subjects, by the name compare.sh passes: the baseline and the three modules.
package let contentionSubjects: [ContentionSubject] = [
    ContentionSubject(name: "Baseline") {
        let store = BaselineStore(state: BaselineCounter())
        let subscription = store.subscribe { blackHole($0.count) }
        return CounterStore(
            dispatch: { store.dispatch { $0.count += 1 } },
            dispatchAsync: { await store.dispatchAsync { $0.count += 1 } },
            count: { store.state.count }, subscription: subscription)
    },
    ContentionSubject(name: "PrexCore") {
        let flux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
        let listener = flux.store.addListener { change in blackHole(change.new.count) }
        return CounterStore(
            dispatch: { flux.dispatcher.dispatch(.increment) },
            dispatchAsync: { await flux.dispatcher.dispatchAsync(.increment) },
            count: { flux.store.state.count }, subscription: Keep(listener))
    },
    ContentionSubject(name: "VueFluxCore") {
        let store = VueFluxCore.Store<VueFluxCounterState>(
            state: .init(), mutations: .init(), executor: .immediate)
        let observation = store.computed.count.observe { blackHole($0) }
        let state = store.computed.state
        return CounterStore(
            dispatch: { store.actions.increment() },
            dispatchAsync: { await store.actions.dispatchAsync(action: .increment) },
            count: { state.count.value }, subscription: Keep(observation))
    },
    ContentionSubject(name: "RxStateCore") {
        let store = makeRxCounterStore()
        let observation = store.state.observe { blackHole($0.count) }
        return CounterStore(
            dispatch: { store.dispatch(action: RxCounterAction.increment) },
            dispatchAsync: { await store.dispatchAsync(action: RxCounterAction.increment) },
            count: { store.substate(RxCounterState.self)?.count ?? 0 }, subscription: Keep(observation))
    },
]

/// The process's voluntary context switches so far (a thread that sleeps in a wait makes one).
func voluntaryContextSwitches() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage.ru_nvcsw
}

/// The median of `values` (the lower middle one for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[(sorted.count - 1) / 2]
}

// MARK: - Thread contention

/// What one thread-contention run measured: medians over its rounds.
package struct ThreadContentionResult: Sendable {
    package var threads = 0
    package var dispatchesPerRound = 0
    package var rounds = 0
    /// Nanoseconds per dispatch with one thread dispatching all of a round's dispatches.
    package var oneThreadNanoseconds = 0.0
    /// Nanoseconds per dispatch with `threads` threads sharing them.
    package var manyThreadsNanoseconds = 0.0
    /// Voluntary context switches per 1,000 dispatches with `threads` threads.
    package var switchesPerThousand = 0.0
    /// Increments the store lost, summed over every round of both kinds (the target is zero).
    package var lost = 0

    /// One tab-separated line, as compare.sh records it.
    package func line(subject: String) -> String {
        [
            subject, String(threads), String(dispatchesPerRound), String(rounds),
            String(format: "%.1f", oneThreadNanoseconds), String(format: "%.1f", manyThreadsNanoseconds),
            String(format: "%.1f", switchesPerThousand), String(lost),
        ].joined(separator: "\t")
    }
}

/// Runs `dispatchesPerThread` dispatches on each of `threads` dedicated threads, released together
/// once all have started; returns the elapsed nanoseconds and the voluntary context switches.
private func dispatchOnThreads(
    _ threads: Int, _ dispatchesPerThread: Int, _ dispatch: @escaping @Sendable () -> Void
) -> (nanoseconds: Double, switches: Int) {
    let ready = Atomic<Int>(0)
    let go = Atomic<Bool>(false)
    let done = DispatchGroup()
    for _ in 0..<threads {
        done.enter()
        let thread = Thread {
            ready.add(1, ordering: .releasing)
            while !go.load(ordering: .acquiring) { sched_yield() }
            for _ in 0..<dispatchesPerThread {
                dispatch()
            }
            done.leave()
        }
        thread.start()
    }
    while ready.load(ordering: .acquiring) < threads { sched_yield() }
    let switches = voluntaryContextSwitches()
    let start = nowNanoseconds()
    go.store(true, ordering: .releasing)
    done.wait()
    let elapsed = Double(nowNanoseconds() - start)
    return (elapsed, voluntaryContextSwitches() - switches)
}

/// Measures `subject` with 1 thread and with `threads` threads, alternately for `rounds` rounds of
/// `threads * dispatchesPerThread` dispatches each, a fresh store per measurement.
package func threadContention(
    _ subject: ContentionSubject, threads: Int, dispatchesPerThread: Int, rounds: Int
) -> ThreadContentionResult {
    let total = threads * dispatchesPerThread
    var one: [Double] = []
    var many: [Double] = []
    var switches: [Double] = []
    var lost = 0
    for _ in 0..<rounds {
        for threadCount in [1, threads] {
            let store = subject.make()
            let start = store.count()
            let run = dispatchOnThreads(threadCount, total / threadCount, store.dispatch)
            lost += start + total - store.count()
            if threadCount == 1 {
                one.append(run.nanoseconds / Double(total))
            } else {
                many.append(run.nanoseconds / Double(total))
                switches.append(Double(run.switches) * 1_000 / Double(total))
            }
            withExtendedLifetime(store) {}
        }
    }
    return ThreadContentionResult(
        threads: threads, dispatchesPerRound: total, rounds: rounds, oneThreadNanoseconds: median(one),
        manyThreadsNanoseconds: median(many), switchesPerThousand: median(switches), lost: lost)
}

// MARK: - Async contention

/// What one async-contention run measured: medians over its rounds, the heartbeat's worst gap
/// over all of them.
package struct AsyncContentionResult: Sendable {
    package var tasks = 0
    package var dispatchesPerTask = 0
    package var rounds = 0
    /// Nanoseconds per dispatch: the round's wall time over its dispatches.
    package var nanoseconds = 0.0
    /// The heartbeat's largest gap between two ticks, in milliseconds, over every round.
    package var heartbeatMaxGapMilliseconds = 0.0
    /// The heartbeat's ticks in the round with the median time (it sleeps 1 ms per tick).
    package var heartbeatTicks = 0
    /// Voluntary context switches per 1,000 dispatches.
    package var switchesPerThousand = 0.0
    /// Increments the store lost, summed over every round (the target is zero).
    package var lost = 0

    /// One tab-separated line, as compare.sh records it.
    package func line(subject: String) -> String {
        [
            subject, String(tasks), String(dispatchesPerTask), String(rounds),
            String(format: "%.1f", nanoseconds), String(format: "%.3f", heartbeatMaxGapMilliseconds),
            String(heartbeatTicks), String(format: "%.1f", switchesPerThousand), String(lost),
        ].joined(separator: "\t")
    }
}

/// One round: `tasks` child tasks dispatch `dispatchesPerTask` times each, yielding between
/// dispatches, beside a heartbeat task that ticks every millisecond until they are done.
private func asyncRound(_ store: CounterStore, tasks: Int, dispatchesPerTask: Int) async -> (
    nanoseconds: Double, maxGap: Double, ticks: Int, switches: Int
) {
    let finished = Atomic<Bool>(false)
    let heartbeat = Task.detached { () -> (maxGap: Double, ticks: Int) in
        var last = nowNanoseconds()
        var maxGap: UInt64 = 0
        var ticks = 0
        while !finished.load(ordering: .acquiring) {
            try? await Task.sleep(for: .milliseconds(1))
            let now = nowNanoseconds()
            maxGap = max(maxGap, now - last)
            last = now
            ticks += 1
        }
        return (Double(maxGap) / 1e6, ticks)
    }
    let switches = voluntaryContextSwitches()
    let start = nowNanoseconds()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<tasks {
            group.addTask {
                for _ in 0..<dispatchesPerTask {
                    await store.dispatchAsync()
                    await Task.yield()
                }
            }
        }
    }
    let elapsed = Double(nowNanoseconds() - start)
    let switched = voluntaryContextSwitches() - switches
    finished.store(true, ordering: .releasing)
    let beat = await heartbeat.value
    return (elapsed / Double(tasks * dispatchesPerTask), beat.maxGap, beat.ticks, switched)
}

/// Measures `subject` under `tasks` tasks for `rounds` rounds, a fresh store per round.
package func asyncContention(
    _ subject: ContentionSubject, tasks: Int, dispatchesPerTask: Int, rounds: Int
) async -> AsyncContentionResult {
    var result = AsyncContentionResult(tasks: tasks, dispatchesPerTask: dispatchesPerTask, rounds: rounds)
    var runs: [(nanoseconds: Double, ticks: Int, switches: Double)] = []
    for _ in 0..<rounds {
        let store = subject.make()
        let start = store.count()
        let round = await asyncRound(store, tasks: tasks, dispatchesPerTask: dispatchesPerTask)
        result.lost += start + tasks * dispatchesPerTask - store.count()
        result.heartbeatMaxGapMilliseconds = max(result.heartbeatMaxGapMilliseconds, round.maxGap)
        runs.append(
            (
                round.nanoseconds, round.ticks,
                Double(round.switches) * 1_000 / Double(tasks * dispatchesPerTask)
            ))
        withExtendedLifetime(store) {}
    }
    runs.sort { $0.nanoseconds < $1.nanoseconds }
    let middle = runs[(runs.count - 1) / 2]
    result.nanoseconds = middle.nanoseconds
    result.heartbeatTicks = middle.ticks
    result.switchesPerThousand = middle.switches
    return result
}

// MARK: - Thread scaling (the threads curve)

/// One point of the threads curve: the median nanoseconds per dispatch with `threads` threads.
package struct ThreadScalingPoint: Sendable {
    package var threads = 0
    package var dispatches = 0
    package var rounds = 0
    /// The median over the rounds of the wall time per dispatch.
    package var nanoseconds = 0.0
    /// Increments the store lost over every round (the target is zero).
    package var lost = 0

    /// One tab-separated line, as compare.sh records it: subject, threads, dispatches per round,
    /// rounds, nanoseconds per dispatch, lost updates.
    package func line(subject: String) -> String {
        [
            subject, String(threads), String(dispatches), String(rounds), String(format: "%.1f", nanoseconds),
            String(lost),
        ].joined(separator: "\t")
    }
}

/// Measures `subject` at each of `threadCounts`: `rounds` rounds, the thread counts alternating
/// within each round, of `dispatches` dispatches shared evenly by the threads, into a fresh store
/// with one observer each time (the thread contention's code, at every count).
package func threadScaling(
    _ subject: ContentionSubject, threadCounts: [Int], dispatches: Int, rounds: Int
) -> [ThreadScalingPoint] {
    var times: [Int: [Double]] = [:]
    var lost: [Int: Int] = [:]
    for _ in 0..<rounds {
        for threads in threadCounts {
            let store = subject.make()
            let start = store.count()
            let perThread = dispatches / threads
            let run = dispatchOnThreads(threads, perThread, store.dispatch)
            lost[threads, default: 0] += start + perThread * threads - store.count()
            times[threads, default: []].append(run.nanoseconds / Double(perThread * threads))
            withExtendedLifetime(store) {}
        }
    }
    return threadCounts.map { threads in
        ThreadScalingPoint(
            threads: threads, dispatches: dispatches / threads * threads, rounds: rounds,
            nanoseconds: median(times[threads] ?? []), lost: lost[threads] ?? 0)
    }
}
