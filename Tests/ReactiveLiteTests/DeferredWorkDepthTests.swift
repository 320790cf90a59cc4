import Dispatch
import Foundation
import ReactiveLite
import TestSupport
import Testing

/// Work a thread defers (it forwarded into a source another thread held) is applied once it leaves
/// its outermost turn; applying it may defer more work, again and again when two threads keep
/// calling into each other's sources. That chain must be applied in a loop, not by nested calls:
/// each hop used to nest the next one's application (about 2 KB of stack per hop in a debug
/// build), so a long enough exchange overflowed the thread's stack.
@Suite struct DeferredWorkDepthTests {
    /// Thread T sets `a`; each observer, on T, waits until thread U holds the other variable's
    /// turn, then sets it (so the set is deferred), and lets U go on. U sets `b` then `a`, over and
    /// over, holding each until T has forwarded into it. Every one of T's hops is deferred work
    /// applied as it leaves the turn before. Returns how far T's stack grew between the first hop
    /// and the deepest one, in bytes, or `nil` if the exchange did not end.
    static func stackGrowthOfDeferredPingPong(hops: Int) -> Int? {
        let a = Variable(0)
        let b = Variable(0)
        let uHoldsA = DispatchSemaphore(value: 0)
        let uMayLeaveA = DispatchSemaphore(value: 0)
        let uHoldsB = DispatchSemaphore(value: 0)
        let uMayLeaveB = DispatchSemaphore(value: 0)
        let roles = Shared<(t: pthread_t?, u: pthread_t?)>((nil, nil))
        // Touched by T alone, inside its deliveries.
        let progress = Shared<(hops: Int, firstAddress: Int, growth: Int)>((0, 0, 0))
        let finished = DispatchSemaphore(value: 0)
        let uFinished = DispatchSemaphore(value: 0)
        let isOver = Shared(false)

        @Sendable func isThread(_ thread: pthread_t?) -> Bool {
            thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        /// On T: records the stack's depth, then sets `target` while U holds it.
        @Sendable func forward(
            into target: Variable<Int>, uHolds: DispatchSemaphore, uMayLeave: DispatchSemaphore
        ) {
            guard progress.value.hops < hops else { return }
            uHolds.wait()
            var marker = 0
            let address = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
            progress.withLock { progress in
                progress.hops += 1
                if progress.hops == 1 { progress.firstAddress = address }
                progress.growth = max(progress.growth, progress.firstAddress - address)
            }
            target.value = progress.value.hops  // deferred: U holds `target`'s turn
            uMayLeave.signal()
        }
        let observingA = a.signal.observe { _ in
            if isThread(roles.value.u) {
                guard !isOver.value else { return }
                uHoldsA.signal()
                uMayLeaveA.wait()
            } else if isThread(roles.value.t) {
                forward(into: b, uHolds: uHoldsB, uMayLeave: uMayLeaveB)
            }
        }
        let observingB = b.signal.observe { _ in
            if isThread(roles.value.u) {
                guard !isOver.value else { return }
                uHoldsB.signal()
                uMayLeaveB.wait()
            } else if isThread(roles.value.t) {
                forward(into: a, uHolds: uHoldsA, uMayLeave: uMayLeaveA)
            }
        }
        let u = Thread {
            roles.withLock { $0.u = pthread_self() }
            for round in 0..<(hops / 2 + 1) {
                b.value = -2 * round - 1
                a.value = -2 * round - 2
            }
            uFinished.signal()
        }
        let t = Thread {
            roles.withLock { $0.t = pthread_self() }
            a.value = 1
            finished.signal()
        }
        t.stackSize = 16 << 20
        t.start()
        u.start()
        let ended = finished.wait(timeout: .now() + 60) == .success
        // U may be waiting in an observer for a hop that T did not make: let it run to its end.
        isOver.value = true
        for _ in 0..<2 {
            uMayLeaveA.signal()
            uMayLeaveB.signal()
        }
        _ = uFinished.wait(timeout: .now() + 60)
        observingA.dispose()
        observingB.dispose()
        return ended ? progress.value.growth : nil
    }

    @Test func aLongChainOfDeferredWorkKeepsTheStackFlat() {
        // 400 hops took about 800 KB of T's stack before (debug build), and more under the thread
        // sanitizer; applied in a loop they take the same stack as the first.
        let growth = Self.stackGrowthOfDeferredPingPong(hops: 400)
        #expect(growth != nil, "the exchange did not end within 60 s")
        #expect((growth ?? .max) < 64 << 10, "T's stack grew by \(growth ?? -1) bytes over 400 deferred hops")
    }

    /// A call made on thread T after an item of its deferred work was applied, while the loop still
    /// runs (a deinit of a value the item carried), applies the work it forwards before it returns,
    /// like any outermost call: it used to leave it to the loop, returning first.
    @Test func aCallMadeAsADeferredItemsValueIsReleasedAppliesItsOwnForwardedWorkBeforeReturning() {
        let trigger = Sink<Int>()
        let carrier = Sink<ReleaseAction>()
        let forwarder = Sink<Int>()
        let target = Sink<Int>()
        let roles = Shared<(t: pthread_t?, u: pthread_t?, z: pthread_t?)>((nil, nil, nil))
        @Sendable func isThread(_ thread: pthread_t?) -> Bool {
            thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
        }
        let uHoldsCarrier = DispatchSemaphore(value: 0)
        let uMayLeave = DispatchSemaphore(value: 0)
        let zHoldsTarget = DispatchSemaphore(value: 0)
        let zMayGoOn = DispatchSemaphore(value: 0)
        let targetGotTsValue = Shared(false)
        let seenWhenTheCallReturned = Shared<Bool?>(nil)
        let released = DispatchSemaphore(value: 0)

        // U holds `carrier`'s turn until T has sent into it, so that T's send is deferred.
        let heldCarrier = carrier.signal.observe { _ in
            guard isThread(roles.value.u) else { return }
            uHoldsCarrier.signal()
            uMayLeave.wait()
        }
        // On T: sends into `carrier` a value that only the deferred item keeps. When the item has
        // been applied, the value goes, and its deinit sends into `forwarder` while Z holds `target`.
        let sending = trigger.signal.observe { _ in
            guard isThread(roles.value.t) else { return }
            uHoldsCarrier.wait()
            carrier.send(
                value: ReleaseAction {
                    zHoldsTarget.wait()
                    zMayGoOn.signal()
                    forwarder.send(value: 1)
                    seenWhenTheCallReturned.value = targetGotTsValue.value
                    released.signal()
                })
            uMayLeave.signal()
        }
        // On T: forwards into `target`, which Z holds for a while: deferred, then applied by T.
        let forwarding = forwarder.signal.observe { _ in
            if isThread(roles.value.t) { target.send(value: 1) }
        }
        let targetObservation = target.signal.observe { value in
            if isThread(roles.value.z) {
                zHoldsTarget.signal()
                // Still holding it when T's call forwards into it.
                _ = zMayGoOn.wait(timeout: .now() + 10)
                Thread.sleep(forTimeInterval: 0.2)
            } else if isThread(roles.value.t) && value == 1 {
                targetGotTsValue.value = true
            }
        }
        let u = Thread {
            roles.withLock { $0.u = pthread_self() }
            carrier.send(value: ReleaseAction {})
        }
        let z = Thread {
            roles.withLock { $0.z = pthread_self() }
            target.send(value: 0)
        }
        let t = Thread {
            roles.withLock { $0.t = pthread_self() }
            trigger.send(value: 1)
        }
        u.start()
        z.start()
        while roles.value.u == nil || roles.value.z == nil { usleep(1_000) }
        t.start()
        #expect(released.wait(timeout: .now() + 10) == .success)
        #expect(
            seenWhenTheCallReturned.value == true, "the call returned before its forwarded work was applied")
        for observation in [heldCarrier, sending, forwarding, targetObservation] {
            observation.dispose()
        }
    }
}

/// A value that runs `action` when it is released.
final class ReleaseAction: Sendable {
    let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
}
