/// A weak reference to any object that may be checked from any thread.
///
/// It never hands the object out: it only answers whether the object is still alive, which is all
/// that scoped observation needs.
///
/// `@unchecked Sendable`: the only stored state is an immutable weak reference. Loading a weak
/// reference is synchronized by the Swift runtime (its side-table operations are atomic), and the
/// referent is never dereferenced here, so sharing it across threads is race-free. A Mutex cannot
/// hold it: moving a caller's non-Sendable owner into one would demand `sending` from callers, who
/// pass `self`.
final class WeakReference: @unchecked Sendable {
    private weak let object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    var isAlive: Bool {
        object != nil
    }
}
