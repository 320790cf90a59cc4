import Dispatch
import FlowKernelShims

/// Whether the calling code runs on the main queue, asked of the queue itself; one key for every
/// module.
///
/// `Thread.isMainThread` is the wrong question on Linux: there, under `swift test`, main-queue
/// blocks and main-actor code can run on a thread that is not the process's first thread. A
/// queue-specific key set once on `DispatchQueue.main` answers correctly, and where it answers
/// yes, `MainActor.assumeIsolated` holds.
@usableFromInline package enum MainQueue {
    @usableFromInline static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// `true` when called from a block of the main queue (or the main thread it is bound to).
    @inlinable
    package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }

    /// Runs `body`, a loop that calls listeners one after another, with one answer to
    /// ``isCurrentInLoop`` for all of them: the first listener that asks pays for the check.
    ///
    /// Sound because the loop itself calls every listener from the same queue: whatever a
    /// listener does (a `sync` on another queue, a nested loop of another source, which opens its
    /// own scope) has returned before the loop calls the next one. Nested scopes restore the outer
    /// answer when they end.
    @inlinable
    package static func sharingAnswer(_ body: () -> Void) {
        let outer = fk_main_queue_answer_get()
        fk_main_queue_answer_set(1)
        body()
        fk_main_queue_answer_set(outer)
    }

    /// ``isCurrent``, asked by a listener that a ``sharingAnswer(_:)`` loop calls directly: the
    /// answer is computed once per loop. Anywhere else (no loop open) it is ``isCurrent``.
    ///
    /// Only for code that the loop calls itself, not for code a listener runs in turn (which may
    /// run inside a `sync` on another queue).
    @inlinable
    package static var isCurrentInLoop: Bool {
        let answer = fk_main_queue_answer_get()
        if answer >= 2 {
            return answer == 2
        }
        let current = isCurrent
        if answer == 1 {
            fk_main_queue_answer_set(current ? 2 : 3)
        }
        return current
    }

    /// `body` as a function that callers outside the main actor can call: for a caller that has
    /// proven it runs on the main queue.
    ///
    /// Call the result only where ``isCurrent`` answered `true` on this thread, or from a block of
    /// the main queue: the main actor's executor is the main queue, so that answer proves the
    /// isolation. `MainActor.assumeIsolated` would prove it again at run time, a check of the
    /// current executor costing about 450 instructions and an allocation per call on Linux; this
    /// is the one place in the library that assumes the isolation instead. Converted once (when a
    /// view is connected, say), the result costs nothing per call.
    @inlinable
    package static func assumingIsolation<Argument>(
        _ body: @escaping @MainActor @Sendable (Argument) -> Void
    ) -> @Sendable (Argument) -> Void {
        // A synchronous function isolated to a global actor has the representation of one that is
        // not: the isolation is a static fact, not a value passed at run time.
        unsafeBitCast(body, to: (@Sendable (Argument) -> Void).self)
    }
}
