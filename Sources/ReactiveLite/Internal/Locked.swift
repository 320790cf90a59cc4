import Synchronization

/// A value behind a `Mutex`, in a class so that escaping closures can share it.
final class Locked<Wrapped: Sendable>: Sendable {
    private let mutex: Mutex<Wrapped>

    init(_ value: Wrapped) {
        mutex = Mutex(value)
    }

    func withLock<Result: Sendable>(_ body: (inout Wrapped) -> Result) -> Result {
        mutex.withLock { body(&$0) }
    }
}
