import Synchronization

/// A ``Disposable`` that runs a closure the first time it is disposed of.
///
/// The closure runs at most once, on the thread that calls `dispose()` first; later calls do
/// nothing. The closure is released once it has run.
public final class AnyDisposable: Disposable {
    private let handler: Locked<(@Sendable () -> Void)?>
    private let disposed = Atomic<Bool>(false)

    /// Creates a disposable that runs `dispose` on first disposal.
    ///
    /// - Parameter dispose: The work to do when disposed of, such as removing an observer.
    public init(_ dispose: @escaping @Sendable () -> Void) {
        handler = Locked(dispose)
    }

    /// Creates a disposable that does nothing but record that it was disposed of.
    public init() {
        handler = Locked(nil)
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        disposed.load(ordering: .acquiring)
    }

    /// Runs the handler if this is the first call; later calls do nothing.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let work = handler.withLock { handler in
            defer { handler = nil }
            return handler
        }
        work?()
    }
}
