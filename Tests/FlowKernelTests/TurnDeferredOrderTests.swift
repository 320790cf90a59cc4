import Dispatch
import Foundation
import TestSupport
import Testing

@testable import FlowKernel

/// Where deferred work (rule 4 of docs/threading.md) is applied when the holder's own thread queues
/// work behind it: the queue is first in, first out, so the holder applies it on its way.
@Suite struct TurnDeferredOrderTests {
    /// Thread T forwards an item into `source` from inside `other`'s turn while H holds `source`'s
    /// turn (so the item is deferred with a ticket), then H queues reentrant work behind it. H
    /// applies T's item before its own reentrant work, and T, waiting for the gate, finds nothing
    /// left: bounded, since T queues nothing more while it waits.
    @Test func aHolderAppliesADeferredItemThatItsOwnReentrantWorkFollows() async {
        let source = Source()
        let other = Source()
        let holding = DispatchSemaphore(value: 0)
        let deferred = DispatchSemaphore(value: 0)
        let holder = Locked<UInt>(0)
        let forwarder = Locked<UInt>(0)
        let forwardedAppliedOn = Locked<UInt>(0)
        let log = Recorder<String>()
        let finished = await finishes(within: 60) {
            await runOnThreads(2) { index in
                let me = currentThreadIdentity()
                if index == 0 {
                    holder.withLock { $0 = me }
                    source.send { _ in
                        log.append("own")
                        holding.signal()
                        deferred.wait()  // T's item is queued behind this one, with its ticket
                        source.send { _ in log.append("reentrant") }
                    }
                } else {
                    forwarder.withLock { $0 = me }
                    holding.wait()
                    other.send { _ in
                        // Inside `other`'s turn, with `source` held by H: deferred, not waited for.
                        source.send { appliedOn in
                            forwardedAppliedOn.withLock { $0 = appliedOn }
                            log.append("forwarded")
                        }
                        deferred.signal()
                    }
                }
            }
        }
        #expect(finished, "the two threads stalled")
        #expect(log.values == ["own", "forwarded", "reentrant"])
        #expect(forwardedAppliedOn.withLock { $0 } == holder.withLock { $0 })
        #expect(source.isIdle && other.isIdle)
    }

    /// Without reentrant work behind it, the same deferred item is left for T, which applies it
    /// itself once it leaves `other`'s turn (the holder stops at its own item). T's call returns
    /// before its item is applied ("Forwarded work returns early", docs/threading.md).
    @Test func withNothingBehindItADeferredItemIsAppliedByItsOwnThread() async {
        let source = Source()
        let other = Source()
        let holding = DispatchSemaphore(value: 0)
        let deferred = DispatchSemaphore(value: 0)
        let forwarder = Locked<UInt>(0)
        let forwardedAppliedOn = Locked<UInt>(0)
        let log = Recorder<String>()
        let finished = await finishes(within: 60) {
            await runOnThreads(2) { index in
                if index == 0 {
                    source.send { _ in
                        log.append("own")
                        holding.signal()
                        deferred.wait()
                    }
                } else {
                    forwarder.withLock { $0 = currentThreadIdentity() }
                    holding.wait()
                    other.send { _ in
                        source.send { appliedOn in
                            forwardedAppliedOn.withLock { $0 = appliedOn }
                            log.append("forwarded")
                        }
                        log.append("send returned")
                        deferred.signal()
                    }
                }
            }
        }
        #expect(finished, "the two threads stalled")
        #expect(log.values == ["own", "send returned", "forwarded"])
        #expect(forwardedAppliedOn.withLock { $0 } == forwarder.withLock { $0 })
        #expect(source.isIdle && other.isIdle)
    }

    /// A caller on the direct path that finds work queued before it (here T's deferred item, left
    /// queued with the turn free because H's turn ended before T came back) does not take the
    /// direct path: its work goes in as an item behind the queued one, and it applies both, in
    /// arrival order (docs/threading.md, rule 1). A direct path that ignored the queue would apply
    /// its own work first.
    @Test func aDirectCallThatFindsWorkQueuedBeforeItGoesInBehindItAsAnItem() async {
        let source = Source()
        let other = Source()
        let holding = DispatchSemaphore(value: 0)
        let deferred = DispatchSemaphore(value: 0)
        let directDone = DispatchSemaphore(value: 0)
        let holder = Locked<UInt>(0)
        let forwardedAppliedOn = Locked<UInt>(0)
        let queuedBeforeDirectCall = Locked<Int>(-1)
        let directly = Counter()
        let log = Recorder<String>()
        let finished = await finishes(within: 60) {
            await runOnThreads(2) { index in
                if index == 0 {
                    holder.withLock { $0 = currentThreadIdentity() }
                    source.send { _ in
                        log.append("own")
                        holding.signal()
                        deferred.wait()
                    }
                    // H's turn is over; T's item is still queued, since T is inside `other`'s turn.
                    queuedBeforeDirectCall.withLock { $0 = source.state.withLock { $0.turn.queuedCount } }
                    source.sendDirect(directly: directly) { _ in log.append("direct") }
                    directDone.signal()
                } else {
                    holding.wait()
                    other.send { _ in
                        source.send { appliedOn in
                            forwardedAppliedOn.withLock { $0 = appliedOn }
                            log.append("forwarded")
                        }
                        deferred.signal()
                        directDone.wait()
                    }
                }
            }
        }
        #expect(finished, "the two threads stalled")
        #expect(queuedBeforeDirectCall.withLock { $0 } == 1)
        #expect(log.values == ["own", "forwarded", "direct"])
        #expect(directly.value == 0, "took the direct path past queued work")
        #expect(forwardedAppliedOn.withLock { $0 } == holder.withLock { $0 })
        #expect(source.isIdle && other.isIdle)
    }
}
