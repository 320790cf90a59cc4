import Dispatch

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
