import FlowKernelShims

// Which turns the calling thread is inside, and the work it deferred until it leaves the outermost.

extension Turn {
    /// Marks the calling thread as running inside a turn until ``leave()``.
    @inlinable
    package static func enter() {
        fk_delivery_depth_add(1)
    }

    /// Ends a mark of ``enter()``. Leaving the outermost turn applies the work the thread deferred
    /// meanwhile (``deferUntilOutermostTurnEnds(_:)``), before the call that entered returns.
    @inlinable
    package static func leave() {
        fk_delivery_depth_add(-1)
        if _slowPath(fk_delivery_depth_get() == 0 && fk_deferred_work_get() != nil) {
            applyDeferredWork()
        }
    }

    /// Keeps `body` until the calling thread leaves its outermost turn, then runs it there, inside
    /// no turn, in the order deferred. For work that ``Locked/serialize(mayWait:arrive:prepare:perform:)``
    /// deferred: `body` resumes it (``Locked/resume(_:prepare:perform:)``). Call it only from inside
    /// a turn.
    @inlinable
    package static func deferUntilOutermostTurnEnds(_ body: @escaping () -> Void) {
        DeferredWork.append(body)
    }

    /// Runs the deferred work, including what it defers in turn, until none is left.
    @usableFromInline
    static func applyDeferredWork() {
        while let deferred = DeferredWork.takeAll() {
            for body in deferred {
                body()
            }
        }
    }
}

/// The calling thread's deferred work, in a C11 thread-local (`fk_deferred_work`): a retained object
/// while there is work, `NULL` otherwise, so a thread that ends holds nothing.
@usableFromInline
final class DeferredWork {
    var bodies: [() -> Void] = []

    @usableFromInline
    static func append(_ body: @escaping () -> Void) {
        if let raw = fk_deferred_work_get() {
            Unmanaged<DeferredWork>.fromOpaque(raw).takeUnretainedValue().bodies.append(body)
        } else {
            let work = DeferredWork()
            work.bodies.append(body)
            fk_deferred_work_set(Unmanaged.passRetained(work).toOpaque())
        }
    }

    /// Takes every body deferred so far, leaving none; `nil` if there is none.
    static func takeAll() -> [() -> Void]? {
        guard let raw = fk_deferred_work_get() else { return nil }
        fk_deferred_work_set(nil)
        return Unmanaged<DeferredWork>.fromOpaque(raw).takeRetainedValue().bodies
    }
}
