/// The architectures in the order the tables show them; the baseline comes first.
let architectures = ["Baseline", "PrexCore", "VueFluxCore", "RxStateCore"]

/// What each workload measures, how to turn a sample into a per-operation figure, and the target.
struct Workload {
    let id: String
    let title: String
    /// A short name for the console table.
    let short: String
    /// What one reported operation is, after dividing by `divisor`.
    let unit: String
    /// A sample's figures are divided by this to give the per-operation figures.
    let divisor: Double
    /// The benchmark's scaling factor: package-benchmark's raw figures (which its thresholds use)
    /// are per sample of this many operations.
    let scaling: Double
    /// The target ratio to the baseline (p50), per architecture; absent means no target.
    let targetRatio: [String: Double]
    /// Whether PrexCore and VueFluxCore must not allocate per operation in steady state.
    let zeroAllocation: Set<String>
    /// What the original libraries reached on this machine (from the benchmarks issue), for context.
    let originals: String
    /// Why a target may be out of reach, shown when it is missed.
    let notes: [String: String]
}

let workloads: [Workload] = [
    Workload(
        id: "W1", title: "1. Dispatch to 1 observer (counter increment)", short: "dispatch, 1 observer",
        unit: "dispatch", divisor: 1, scaling: 1000,
        targetRatio: ["PrexCore": 3, "VueFluxCore": 3, "RxStateCore": 3],
        zeroAllocation: ["PrexCore", "VueFluxCore"],
        originals: "VueFlux 10x, Prex 18x, ReSwift 27x, RxState 49x",
        notes: [
            "VueFluxCore":
                "close to the target, and on either side of it from run to run: beyond the baseline, a dispatch pays for locking (the store's lock to enqueue and to give up the drainer role, the Variable's lock for the write and for the delivery)",
            "RxStateCore":
                "each dispatch carries the action as an existential (`any ActionType`, copied, and checked when its reducer opens it and the substate) and retains and releases the snapshot it announces (the state, its index by type, the last action) and the observer list: 15 to 20 reference-count pairs per dispatch; it also marks the thread as running a reducer (a thread-specific slot, written twice) so that a read from inside any reducer never waits",
        ]),
    Workload(
        id: "W2", title: "2. Fan-out: one dispatch, 1,000 observers", short: "fan-out, 1,000 observers",
        unit: "observer notification",
        divisor: 1_000, scaling: 1,
        targetRatio: ["PrexCore": 1.5, "VueFluxCore": 1.5, "RxStateCore": 1.5],
        zeroAllocation: [],
        originals: "Prex 1.6x, VueFlux 1.7x, ReSwift 7x, RxState 31x",
        notes: [
            "RxStateCore":
                "each notification goes through the `state` signal's wrapper closure, which builds the value the observer receives (the `[SubstateType]` array) and retains and releases it",
        ]),
    Workload(
        id: "W3", title: "3. Subscribe + unsubscribe, 1,000 observers present",
        short: "subscribe+unsubscribe", unit: "pair", divisor: 1, scaling: 1000,
        targetRatio: ["PrexCore": 2, "VueFluxCore": 2, "RxStateCore": 2],
        zeroAllocation: [],
        originals: "Prex 1.3x, VueFlux 5x, RxState 35x, ReSwift 74x",
        notes: [
            "PrexCore":
                "each registration allocates a listener and the `Subscription` handle that unregisters it when released, and the handle holds the store weakly; merging the two objects is the next step",
            "VueFluxCore":
                "a new observer of a Variable receives the current value at once (the replay contract), which the baseline does not do",
            "RxStateCore":
                "a new observer receives the current state at once (the replay contract) and subscribing goes through the store's queue to keep that replay gap-free",
        ]),
    Workload(
        id: "W4", title: "4. Large state: 10,000-element array, one append per dispatch",
        short: "large state append", unit: "dispatch",
        divisor: 1, scaling: 1000,
        targetRatio: ["VueFluxCore": 3, "RxStateCore": 3],
        zeroAllocation: [],
        originals: "every original copies the array on each action: 44x to 81x",
        notes: [
            "PrexCore":
                "no target: `StateChange` hands the view the old state, so each action copies the array (see docs/prex.md)",
            "VueFluxCore":
                "`state.items.value.append(x)` reads the Variable (a second reference to the array) and writes it back, so the append copies",
            "RxStateCore":
                "the append itself is in place (no copy), but each dispatch carries workload 1's fixed overhead",
        ]),
    Workload(
        id: "W5", title: "5. Concurrent dispatch from 2 threads", short: "2-thread dispatch",
        unit: "dispatch",
        divisor: 10_000, scaling: 1,
        targetRatio: ["PrexCore": 4, "VueFluxCore": 4, "RxStateCore": 4],
        zeroAllocation: [],
        originals: "VueFlux 4.4x, Prex 8x; RxState lost 23% of the updates; ReSwift stops with a fatal error",
        notes: [:]),
    Workload(
        id: "W6", title: "6. Search scenario end to end (zero-latency fake client)",
        short: "search end to end", unit: "search", divisor: 1, scaling: 1,
        targetRatio: [:],
        zeroAllocation: [],
        originals: "not measured on the originals",
        notes: [:]),
]
