import FlowKernelShims

/// An object a module installs on the calling thread for the length of a synchronous call, so that
/// code that call reaches on the same thread (a commit, an observer) can find it: a C11
/// thread-local (`fk_thread_context`), read in a few instructions, where a task-local costs a
/// runtime call on every read.
///
/// Being per thread, it is seen by nothing that runs elsewhere: a task started inside the call
/// runs on another thread, or on this one only after the call has returned. Installations nest;
/// the innermost is ``current``.
@usableFromInline
package enum ThreadContext {
    /// Whether an object is installed on the calling thread: the cheap test before ``current``.
    @inlinable
    package static var isSet: Bool {
        fk_thread_context_get() != nil
    }

    /// The object installed on the calling thread by the innermost ``with(_:_:)`` running on it,
    /// or `nil`.
    package static var current: AnyObject? {
        guard let raw = fk_thread_context_get() else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Runs `body` with `object` installed on the calling thread, then puts back what was there.
    /// `object` is kept alive until `body` returns.
    package static func with<Result>(_ object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        let outer = fk_thread_context_get()
        fk_thread_context_set(Unmanaged.passUnretained(object).toOpaque())
        defer { fk_thread_context_set(outer) }
        return try withExtendedLifetime(object) { try body() }
    }
}
