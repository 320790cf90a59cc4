/// An object whose deinit runs a closure: a value a test hands to the library (an action's payload,
/// a state, a sent value) that calls back into the library when the library drops it, to show that
/// the drop happens with no lock held.
public final class Tripwire: Sendable {
    /// What the deinit runs.
    public let onDeinit: @Sendable () -> Void

    /// Creates a tripwire that runs `onDeinit` when it is deallocated.
    public init(onDeinit: @escaping @Sendable () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}
