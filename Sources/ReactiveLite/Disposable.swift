/// Something that can be disposed of, usually the registration of an observer on a ``Signal``.
///
/// Disposal is idempotent and takes effect at once: once `dispose()` returns, the observer it
/// registered is not called again, even for values already queued on another ``Executor``. A call
/// already running on another thread when `dispose()` is called is allowed to finish.
/// Conforming types are safe to dispose of from any thread. The package's own disposables keep the
/// rule for every call, also when two threads dispose of one at once; an ``AnyDisposable`` keeps it
/// for its first call, since it runs its closure once without making later callers wait.
public protocol Disposable: Sendable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }

    /// Ends what this disposable stands for. Calling it again does nothing.
    func dispose()
}
