import ArchitectureHarness
import Dispatch
import FlowKernel
import Foundation
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

/// Bounded caller work when one store's observer forwards into another (docs/threading.md,
/// "Forwarded work"): a thread floods store `a`, whose observer dispatches into store `b` from
/// inside `a`'s turn, while another thread dispatches into `b` now and then. In every architecture
/// the occasional caller applies its own inputs and at most one forwarded input per call (the one
/// that arrived just before its own), never the stream; nothing is lost; `b` ends at the exact sum.
@Suite(timeLimit(minutes: 2)) struct ForwardingTests {
    static let victimCalls = 100
    static let victimAmount = 1_000

    @Test(arguments: Architecture.allCases)
    func aForwardedFloodIsAppliedByItsOwnThread(_ architecture: Architecture) async {
        let a = CounterModel.makeDriver(architecture)
        let b = CounterModel.makeDriver(architecture)
        let forwarded = Counter()
        let forward = a.observe { _ in
            forwarded.increment()
            b.dispatch(.increment)
        }
        let outcome = await Self.flood(into: b, forwarded: forwarded) { a.dispatch(.increment) }
        forward.dispose()
        #expect(outcome.finished, "\(architecture): a forwarded flood stalled another thread's dispatch")
        #expect(outcome.mostForeignInOneCall <= 1, "\(architecture)")
        #expect(outcome.foreignOnVictim <= Self.victimCalls, "\(architecture)")
        #expect(a.state.count == outcome.flooded, "\(architecture)")
        #expect(b.state.count == forwarded.value + Self.victimCalls * Self.victimAmount, "\(architecture)")
    }

    /// A flood forwarded from an executor's drain: store `a` is a VueFlux store on a serial queue,
    /// whose drain commits a batch of up to 128 actions in one go, and `a`'s observer forwards each
    /// commit into `b`. While one thread holds `b`'s turn, the drain forwards a batch into `b`,
    /// and another thread (the victim) then dispatches into `b`. The drain applies each input it
    /// forwarded right after the commit that sent it, waiting for `b`'s turn then; so the victim
    /// applies at most the one input forwarded before its own, not the batch.
    @Test(arguments: Architecture.allCases)
    func aBatchForwardedFromAnExecutorsDrainIsAppliedByTheDrain(_ architecture: Architecture) async {
        let queue = DispatchQueue(label: "forwarding drain")
        let a = Store(
            state: QueuedCounterState(), mutations: QueuedCounterMutations(), executor: .queue(queue))
        let b = CounterModel.makeDriver(architecture)
        let forwarded = Counter()
        let forward = a.computed.count.signal.observe { value in
            guard value > 0 else { return }
            forwarded.increment()
            b.dispatch(.increment)
        }
        let holdAmount = 5_000
        let held = Counter()
        let victim = Locked<UInt>(0)
        let (watch, foreignOnVictim) = Self.countForeignInputs(of: b, appliedOn: victim) { step in
            if step == holdAmount {
                held.increment()
                usleep(200_000)
            }
        }
        let actions = 1_000
        let aActions = a.actions
        await runOnThreads(3) { index in
            switch index {
            case 0:
                b.dispatch(.add(holdAmount))
            case 1:
                while held.value == 0 { usleep(100) }
                // The whole flood is queued before the drain starts: its first batch is full.
                queue.suspend()
                for _ in 0..<actions { aActions.dispatch(action: ()) }
                queue.resume()
            default:
                while held.value == 0 { usleep(100) }
                usleep(100_000)
                victim.withLock { $0 = currentThreadIdentity() }
                b.dispatch(.add(Self.victimAmount))
            }
        }
        #expect(await eventually(within: 30) { b.state.count == holdAmount + Self.victimAmount + actions })
        forward.dispose()
        watch.dispose()
        #expect(foreignOnVictim.value <= 1, "\(architecture): the victim applied a forwarded batch")
        #expect(forwarded.value == actions, "\(architecture)")
    }

    /// What ``flood(into:forwarded:floodOnce:)`` measured.
    struct FloodOutcome {
        var finished: Bool
        var flooded: Int
        var foreignOnVictim: Int
        var mostForeignInOneCall: Int
    }

    /// Observes `b` on the thread that applies each of its inputs: counts the forwarded inputs (a
    /// step of 1) applied on the thread `victim` names, and calls `onStep` with every step.
    static func countForeignInputs(
        of b: any ScenarioDriver<CounterModel>,
        appliedOn victim: Locked<UInt>,
        onStep: @escaping @Sendable (Int) -> Void
    ) -> (AnyDisposable, Counter) {
        let lastSeen = Locked(0)
        let foreign = Counter()
        let watch = b.observe { state in
            let step = lastSeen.withLock { last in
                defer { last = state.count }
                return state.count - last
            }
            if step == 1 && currentThreadIdentity() == victim.withLock({ $0 }) {
                foreign.increment()
            }
            onStep(step)
        }
        return (watch, foreign)
    }

    /// One thread calls `floodOnce` in a loop (which ends up forwarding into `b`) while another, the
    /// victim, dispatches into `b` now and then: returns how many forwarded inputs of `b` the victim
    /// applied, in all and at most in one call.
    static func flood(
        into b: any ScenarioDriver<CounterModel>,
        forwarded: Counter,
        floodOnce: @escaping @Sendable () -> Void
    ) async -> FloodOutcome {
        let victim = Locked<UInt>(0)
        let (watch, foreignOnVictim) = Self.countForeignInputs(of: b, appliedOn: victim) { step in
            if step == Self.victimAmount {
                // The victim's own input holds `b`'s turn a moment, so forwarded inputs find it taken.
                usleep(200)
            }
        }
        let stop = Counter()
        let flooded = Counter()
        let mostForeignInOneCall = Locked(0)
        let finished = await finishes(within: 60) {
            await runOnThreads(2) { index in
                if index == 0 {
                    while stop.value == 0 {
                        floodOnce()
                        flooded.increment()
                    }
                    return
                }
                victim.withLock { $0 = currentThreadIdentity() }
                while forwarded.value < 100 { usleep(100) }
                for _ in 0..<Self.victimCalls {
                    let before = foreignOnVictim.value
                    b.dispatch(.add(Self.victimAmount))
                    let foreign = foreignOnVictim.value - before
                    mostForeignInOneCall.withLock { $0 = max($0, foreign) }
                    usleep(100)
                }
                stop.increment()
            }
        }
        watch.dispose()
        return FloodOutcome(
            finished: finished, flooded: flooded.value, foreignOnVictim: foreignOnVictim.value,
            mostForeignInOneCall: mostForeignInOneCall.withLock { $0 })
    }

    /// A chain of 30 stores, each one's observer dispatching into the next, nests one turn per link
    /// on the dispatching thread (docs/threading.md, "A chain nests on the calling thread's
    /// stack"). It fits an iOS secondary thread's 512 KiB stack in debug builds and under the
    /// thread sanitizer (a link took 5 to 8 KiB, 6 to 10 KiB under the sanitizer), and every store
    /// has the action's effect when the first dispatch returns. Fails (overflows) if a link's
    /// stack use grows past about 17 KiB. (An array of `any ScenarioDriver<CounterModel>` needs
    /// iOS 16 / macOS 13 on Apple platforms.)
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(arguments: Architecture.allCases)
    func aChainOfThirtyForwardingStoresFitsASecondaryThreadsStack(_ architecture: Architecture) async {
        let stores = (0..<30).map { _ in CounterModel.makeDriver(architecture) }
        let observations = (0..<(stores.count - 1)).map { index in
            let next = stores[index + 1]
            // Forwards changes only, not the state a new observer is given first.
            return stores[index].observe { state in
                if state.count > 0 { next.dispatch(.increment) }
            }
        }
        let lastWhenTheDispatchReturned = Locked(0)
        await runOnThread(stackSize: secondaryThreadStackSize) {
            stores[0].dispatch(.increment)
            lastWhenTheDispatchReturned.withLock { $0 = stores[stores.count - 1].state.count }
        }
        #expect(lastWhenTheDispatchReturned.withLock { $0 } == 1, "\(architecture)")
        #expect(stores.allSatisfy { $0.state.count == 1 }, "\(architecture)")
        for observation in observations { observation.dispose() }
    }
}

/// The forwarding store of ``ForwardingTests/aBatchForwardedFromAnExecutorsDrainIsAppliedByTheDrain(_:)``:
/// a VueFlux counter whose one action increments.
final class QueuedCounterState: VueFluxCore.State {
    typealias Action = Void
    typealias Mutations = QueuedCounterMutations
    let count = Variable(0)
}

struct QueuedCounterMutations: Mutations {
    func commit(action: Void, state: QueuedCounterState) {
        state.count.value += 1
    }
}

extension Computed where State == QueuedCounterState {
    var count: Constant<Int> { state.count.constant }
}
