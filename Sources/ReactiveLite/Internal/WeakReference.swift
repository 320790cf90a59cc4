/// A weak reference to any object that may be checked from any thread.
///
/// It never hands the object out: it only answers whether the object is still alive, which is all
/// that scoped observation needs. No lock: the reference is a `weak let`, written once, and the
/// runtime loads weak references atomically. A check holds the object for its instant (a weak load
/// returns a strong reference), so a last release on another thread at that very instant leaves
/// the object's deinit to the checking thread, which holds no lock of this library then.
///
/// `@unchecked Sendable`: `object` is never written after `init`, and its loads are atomic.
final class WeakReference: @unchecked Sendable {
    private weak let object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    /// Whether the object has not been deinitialized yet.
    var isAlive: Bool {
        object != nil
    }
}
