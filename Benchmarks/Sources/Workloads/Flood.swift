import Dispatch
import Foundation
import PrexCore
import ReactiveLite
import RxStateCore
import Synchronization
import VueFluxCore

// The flood and its victim: one thread dispatches in a tight loop for a fixed time (a sync loop, a
// socket), while another dispatches once every 25 ms (a main thread now and then). One trivial
// observer counts deliveries. What is measured: how long the victim's calls take, how far delivery
// falls behind the flood, and the process's resident memory.
//
// The forwarding flood ("PrexCore+Forwarding"): the flooder dispatches into store A, whose observer
// dispatches each change into store B; the victim dispatches into B, and the counting observer is
// B's. The flooder's stream reaches B from inside A's turn, which is the case the kernel must not
// hand to B's turn holder (issue 22).

/// A store under the flood: how to dispatch one increment, and how to subscribe the observer.
package struct FloodSubject: Sendable {
    package var name: String
    /// What the flooding thread calls in its loop.
    let flood: @Sendable () -> Void
    /// What the victim calls every 25 ms: the same dispatch, or the one into the forwarding
    /// subject's store B.
    let victim: @Sendable () -> Void
    /// Subscribes `observer` (called once per delivery); returns what keeps the subscription alive.
    let subscribe: @Sendable (_ observer: @escaping @Sendable () -> Void) -> any Sendable
    /// The flooding thread's nice value (0: the default priority, as the victim's; 19: the lowest).
    var flooderNice: Int32 = 0

    /// A subject whose flooder and victim call the same dispatch.
    init(
        name: String, dispatch: @escaping @Sendable () -> Void,
        subscribe: @escaping @Sendable (_ observer: @escaping @Sendable () -> Void) -> any Sendable
    ) {
        self.name = name
        self.flood = dispatch
        self.victim = dispatch
        self.subscribe = subscribe
    }

    /// A forwarding subject: the flooder calls `flood` (into store A), the victim `victim` (into
    /// store B). `subscribe` must first subscribe A's forwarding observer, then the counting one on
    /// B, so that a replaying A's first forwarded value is counted before the run starts.
    init(
        forwarding name: String, flood: @escaping @Sendable () -> Void,
        victim: @escaping @Sendable () -> Void,
        subscribe: @escaping @Sendable (_ observer: @escaping @Sendable () -> Void) -> any Sendable
    ) {
        self.name = name
        self.flood = flood
        self.victim = victim
        self.subscribe = subscribe
    }
}

/// The subjects, by the name compare.sh passes: each store flooded directly, then the forwarding
/// subjects (ForwardingFlood.swift).
package let floodSubjects: [FloodSubject] =
    directFloodSubjects + forwardingFloodSubjects + lowPriorityFloodSubjects

/// The direct floods of the baseline and the three modules with the flooding thread at nice 19
/// ("PrexCore+LowPriority"): a background thread of the lowest priority streams actions while the
/// default-priority victim dispatches now and then.
private let lowPriorityFloodSubjects: [FloodSubject] = directFloodSubjects.prefix(4).map { subject in
    var lowered = subject
    lowered.name = subject.name + "+LowPriority"
    lowered.flooderNice = 19
    return lowered
}

private let directFloodSubjects: [FloodSubject] = [
    FloodSubject(
        name: "Baseline",
        dispatch: { baselineFloodStore.dispatch { $0.count += 1 } },
        subscribe: { observer in baselineFloodStore.subscribe { _ in observer() } }),
    FloodSubject(
        name: "PrexCore",
        dispatch: { prexFloodFlux.dispatcher.dispatch(.increment) },
        subscribe: { observer in prexFloodFlux.store.addListener { _ in observer() } }),
    FloodSubject(
        name: "VueFluxCore",
        dispatch: { vueFluxFloodStore.actions.increment() },
        subscribe: { observer in Keep(vueFluxFloodStore.computed.count.observe { _ in observer() }) }),
    FloodSubject(
        name: "RxStateCore",
        dispatch: { rxFloodStore.dispatch(action: RxCounterAction.increment) },
        subscribe: { observer in Keep(rxFloodStore.state.observe { _ in observer() }) }),
    FloodSubject(
        name: "ReactiveLite",
        dispatch: { reactiveLiteFloodVariable.value += 1 },
        subscribe: { observer in Keep(reactiveLiteFloodVariable.signal.observe { _ in observer() }) }),
]

private let baselineFloodStore = BaselineStore(state: BaselineCounter())
private let prexFloodFlux = Flux(state: PrexCounterState(), mutation: PrexCounterMutation())
private let vueFluxFloodStore = VueFluxCore.Store<VueFluxCounterState>(
    state: .init(), mutations: .init(), executor: .immediate)
private let rxFloodStore = makeRxCounterStore()
private let reactiveLiteFloodVariable = Variable(0)

/// Holds a disposable for the length of the run. `@unchecked Sendable`: set once, never read.
final class Keep: @unchecked Sendable {
    let value: Any
    init(_ value: Any) { self.value = value }
}

/// What one flood run measured.
package struct FloodResult: Sendable {
    package var victimCalls = 0
    /// The victim's typical call: the median of its calls (with 80 calls a p99 is the slowest).
    package var victimMedianMilliseconds = 0.0
    package var victimMaxMilliseconds = 0.0
    package var flooded = 0
    package var peakBacklog = 0
    package var rssBeforeMiB = 0.0
    package var rssPeakMiB = 0.0
    /// How long delivery took to catch up once the flood stopped, in milliseconds (-1: not within
    /// 20 s).
    package var drainMilliseconds = 0.0

    /// One tab-separated line: the subject and the figures, as compare.sh records them.
    package func line(subject: String) -> String {
        [
            subject, String(victimCalls), String(format: "%.4f", victimMedianMilliseconds),
            String(format: "%.3f", victimMaxMilliseconds), String(flooded), String(peakBacklog),
            String(format: "%.1f", rssBeforeMiB), String(format: "%.1f", rssPeakMiB),
            String(format: "%.1f", drainMilliseconds),
        ].joined(separator: "\t")
    }
}

/// Resident memory of this process, in MiB (Linux; 0 where /proc is missing).
func residentMiB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func nowNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Floods `subject` from one thread for `seconds` while the calling thread dispatches every 25 ms.
package func flood(_ subject: FloodSubject, seconds: Double) -> FloodResult {
    let delivered = Atomic<Int>(0)
    let flooded = Atomic<Int>(0)
    let victimDispatched = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)
    let peakBacklog = Atomic<Int>(0)
    let peakRSS = Atomic<Int>(0)  // in KiB

    let subscription = subject.subscribe { delivered.add(1, ordering: .relaxed) }
    // A replaying store delivers its current value at once; count from here.
    let initialDeliveries = delivered.load(ordering: .acquiring)
    var result = FloodResult()
    result.rssBeforeMiB = residentMiB()

    let floodDispatch = subject.flood
    let victimDispatch = subject.victim
    let deadline = nowNanoseconds() + UInt64(seconds * 1e9)
    let stoppedAt = Atomic<UInt64>(0)
    let finished = Atomic<Bool>(false)
    let flooderDone = Atomic<Bool>(false)
    let caughtUpAt = Atomic<UInt64>(0)
    let flooderNice = subject.flooderNice
    let flooder = Thread {
        if flooderNice != 0 {
            lowerCallingThreadsPriority(toNice: flooderNice)
        }
        while !stop.load(ordering: .relaxed) {
            floodDispatch()
            flooded.add(1, ordering: .relaxed)
        }
        flooderDone.store(true, ordering: .releasing)
    }
    // The sampler also ends the flood: a victim captured by the flood cannot.
    let sampler = Thread {
        while !finished.load(ordering: .relaxed) {
            let now = nowNanoseconds()
            if now >= deadline && !stop.load(ordering: .relaxed) {
                stoppedAt.store(now, ordering: .relaxed)
                stop.store(true, ordering: .releasing)
            }
            let done = flooderDone.load(ordering: .acquiring)
            let sent = flooded.load(ordering: .acquiring) + victimDispatched.load(ordering: .acquiring)
            let backlog = sent - (delivered.load(ordering: .acquiring) - initialDeliveries)
            if backlog > peakBacklog.load(ordering: .relaxed) {
                peakBacklog.store(backlog, ordering: .relaxed)
            }
            if done && backlog <= 0 && caughtUpAt.load(ordering: .relaxed) == 0 {
                caughtUpAt.store(now, ordering: .releasing)
            }
            let rss = Int(residentMiB() * 1_024)
            if rss > peakRSS.load(ordering: .relaxed) { peakRSS.store(rss, ordering: .relaxed) }
            usleep(2_000)
        }
    }
    flooder.start()
    sampler.start()

    var latencies: [Double] = []
    while !stop.load(ordering: .acquiring) {
        usleep(25_000)
        let start = nowNanoseconds()
        victimDispatch()
        latencies.append(Double(nowNanoseconds() - start) / 1e6)
        victimDispatched.add(1, ordering: .relaxed)
    }
    // Wait for delivery to catch up with everything dispatched (the flooder's last call included).
    while caughtUpAt.load(ordering: .acquiring) == 0
        && nowNanoseconds() - stoppedAt.load(ordering: .acquiring) < 20_000_000_000
    {
        usleep(1_000)
    }
    let caughtUp = caughtUpAt.load(ordering: .acquiring)
    result.drainMilliseconds =
        caughtUp == 0 ? -1 : Double(caughtUp - stoppedAt.load(ordering: .acquiring)) / 1e6
    finished.store(true, ordering: .releasing)
    withExtendedLifetime(subscription) {}

    latencies.sort()
    result.victimCalls = latencies.count
    if !latencies.isEmpty {
        let middle = latencies.count / 2
        result.victimMedianMilliseconds =
            latencies.count % 2 == 1 ? latencies[middle] : (latencies[middle - 1] + latencies[middle]) / 2
        result.victimMaxMilliseconds = latencies[latencies.count - 1]
    }
    result.flooded = flooded.load(ordering: .acquiring)
    result.peakBacklog = peakBacklog.load(ordering: .acquiring)
    result.rssPeakMiB = max(Double(peakRSS.load(ordering: .acquiring)) / 1_024, residentMiB())
    return result
}

/// Gives the calling thread the nice value `nice` (Linux, where a nice value is a thread's own and
/// `setpriority` with `who` 0 names the calling thread). Elsewhere the thread keeps its priority:
/// the page is made on Linux.
func lowerCallingThreadsPriority(toNice nice: Int32) {
    #if canImport(Glibc)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
    #endif
}
