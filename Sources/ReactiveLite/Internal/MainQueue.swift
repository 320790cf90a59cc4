import Dispatch
import Synchronization

/// Facts about the main queue that `Executor.mainThread` relies on.
///
/// `Thread.isMainThread` is the wrong question on Linux: there, under `swift test`, main-queue
/// blocks and main-actor code may run on a thread that is not the process's first thread. The
/// queue itself knows, so we tag `DispatchQueue.main` with a specific key once and ask for it.
enum MainQueue {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// Whether the calling code runs on the main queue (and so on the main actor).
    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) != nil
    }

    /// Blocks that `Executor.mainThread` has enqueued on the main queue and that have not started.
    ///
    /// While it is above zero, new work must queue behind them to keep the order of submission.
    static let pending = Atomic<Int>(0)
}
