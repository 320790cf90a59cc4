import Dispatch

/// Tells whether the calling code runs on the main queue, by asking the queue itself.
///
/// `Thread.isMainThread` is not enough: on Linux, under `swift test`, main-queue blocks and
/// main-actor code can run on a thread that is not the process's first thread. A queue-specific
/// key set once on `DispatchQueue.main` answers correctly there, and where it answers yes,
/// `MainActor.assumeIsolated` holds.
enum MainQueue {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// `true` when called from a block of the main queue (or the main thread it is bound to).
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }
}
