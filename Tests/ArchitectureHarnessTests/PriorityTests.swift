import ArchitectureHarness
import TestSupport
import Testing

/// Waits that lend priority (docs/threading.md, "The lock"): a caller that waits for a store's
/// turn waits on a lock that records the turn's holder, so the system runs the holder at the
/// waiter's priority. In every architecture: a default-priority thread holds the store's turn (its
/// observer works for 100 ms of processor time), two real-time hogs take both cores, and a
/// higher-priority real-time thread dispatches into the store. The holder must run above the hogs
/// and let the waiter in after about its remaining work, not after the hogs (about a second).
@Suite(
    .enabled(if: PriorityInversion.isPermitted, "needs permission for real-time scheduling"),
    timeLimit(minutes: 1))
struct PriorityTests {
    @Test(arguments: Architecture.allCases)
    func aWaiterLendsItsPriorityToTheTurnsHolder(_ architecture: Architecture) async {
        let store = CounterModel.makeDriver(architecture)
        // The holder's work, run by the observer on the holder's own change, inside its turn (the
        // waiter dispatches only once the holder is inside).
        let pending = Shared<(@Sendable () -> Void)?>(nil)
        let watch = store.observe { _ in
            if let work = pending.withLock({ $0.take() }) {
                work()
            }
        }
        let outcome = await PriorityInversion.stageUntilShown(
            within: 250,
            hold: { work in
                pending.withLock { $0 = work }
                store.dispatch(.add(7))
            },
            wait: { store.dispatch(.increment) })
        watch.dispose()
        #expect(outcome != nil, "\(architecture): no run showed the waiter waiting for the preempted holder")
        #expect(
            (outcome?.waitMilliseconds ?? 0) < 250,
            "\(architecture): \(outcome.map(String.init(describing:)) ?? "")")
        // Each staging adds 7 (the holder) and 1 (the waiter): nothing lost.
        #expect(store.state.count > 0 && store.state.count % 8 == 0)
    }
}
