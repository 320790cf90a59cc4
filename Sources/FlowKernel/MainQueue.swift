import Dispatch

/// Whether the calling code runs on the main queue, asked of the queue itself; one key for every
/// module.
///
/// `Thread.isMainThread` is the wrong question on Linux: there, under `swift test`, main-queue
/// blocks and main-actor code can run on a thread that is not the process's first thread. A
/// queue-specific key set once on `DispatchQueue.main` answers correctly, and where it answers
/// yes, `MainActor.assumeIsolated` holds.
@usableFromInline package enum MainQueue {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// `true` when called from a block of the main queue (or the main thread it is bound to).
    @usableFromInline package static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }
}
