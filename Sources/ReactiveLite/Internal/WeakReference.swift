import FlowKernel

/// A weak reference to any object that may be checked from any thread.
///
/// It never hands the object out: it only answers whether the object is still alive, which is all
/// that scoped observation needs.
///
/// `@unchecked Sendable`: the weak reference is only read inside `lock.withLock`.
final class WeakReference: @unchecked Sendable {
    private struct Box {
        weak var object: AnyObject?
    }

    private let lock: Locked<Box>

    init(_ object: AnyObject) {
        lock = Locked(Box(object: object))
    }

    var isAlive: Bool {
        lock.withLock { $0.object != nil }
    }
}
