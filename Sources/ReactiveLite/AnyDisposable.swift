import FlowKernel

/// A ``Disposable`` that runs a closure the first time it is disposed of.
///
/// The closure runs at most once, on the thread that calls `dispose()` first; later calls do
/// nothing. The closure is released once it has run.
///
/// A later call does not wait for the closure: made on another thread while the closure runs, it
/// returns before the closure has finished (waiting there could deadlock with a closure that waits
/// for that thread). So the rule of ``Disposable``, that an observer is not called once `dispose()`
/// returns, holds for this type's first call only: where two threads may dispose of it at once and
/// each must find the observation ended when its call returns, dispose of the wrapped disposables
/// themselves, whose every call ends their observation (the package's own do), or put them in a
/// ``DisposableScope``.
public final class AnyDisposable: Disposable {
    /// The handler until it runs, and whether `dispose()` was called.
    private let state: Locked<(handler: (@Sendable () -> Void)?, isDisposed: Bool)>

    /// Creates a disposable that runs `dispose` on first disposal.
    ///
    /// - Parameter dispose: The work to do when disposed of, such as removing an observer.
    public init(_ dispose: @escaping @Sendable () -> Void) {
        state = Locked((dispose, false))
    }

    /// Creates a disposable that does nothing but record that it was disposed of.
    public init() {
        state = Locked((nil, false))
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// Runs the handler if this is the first call; later calls do nothing.
    public func dispose() {
        let work = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.handler = nil }
            return state.handler
        }
        work?()
    }
}
