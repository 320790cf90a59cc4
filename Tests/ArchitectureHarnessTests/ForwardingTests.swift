import ArchitectureHarness
import Dispatch
import FlowKernel
import Foundation
import TestSupport
import Testing

/// Bounded caller work when one store's observer forwards into another (docs/threading.md,
/// "Forwarded work"): a thread floods store `a`, whose observer dispatches into store `b` from
/// inside `a`'s turn, while another thread dispatches into `b` now and then. In every architecture
/// the occasional caller applies its own inputs and at most one forwarded input per call (the one
/// that arrived just before its own), never the stream; nothing is lost; `b` ends at the exact sum.
@Suite(.timeLimit(.minutes(2))) struct ForwardingTests {
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
        let victim = Locked<UInt>(0)
        let lastSeen = Locked(0)
        let foreignOnVictim = Counter()
        // Runs on the thread that applied each input of `b`: a step of 1 is a forwarded input.
        let watch = b.observe { state in
            let step = lastSeen.withLock { last in
                defer { last = state.count }
                return state.count - last
            }
            if step == 1 && currentThreadIdentity() == victim.withLock({ $0 }) {
                foreignOnVictim.increment()
            }
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
                        a.dispatch(.increment)
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
        #expect(finished, "\(architecture): a forwarded flood stalled another thread's dispatch")
        forward.dispose()
        watch.dispose()
        #expect(mostForeignInOneCall.withLock { $0 } <= 1)
        #expect(foreignOnVictim.value <= Self.victimCalls)
        #expect(a.state.count == flooded.value)
        #expect(b.state.count == forwarded.value + Self.victimCalls * Self.victimAmount)
    }

    /// A chain of 30 stores, each one's observer dispatching into the next, nests one turn per link
    /// on the dispatching thread (docs/threading.md, "A chain nests on the calling thread's
    /// stack"). It fits an iOS secondary thread's 512 KiB stack in debug builds and under the
    /// thread sanitizer (a link took 5 to 8 KiB, 6 to 10 KiB under the sanitizer), and every store
    /// has the action's effect when the first dispatch returns. Fails (overflows) if a link's
    /// stack use grows past about 17 KiB.
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
