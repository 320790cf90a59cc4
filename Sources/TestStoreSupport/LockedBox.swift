import Foundation

/// A value behind an `NSLock`, for the test stores' bookkeeping (not a hot path).
///
/// `@unchecked Sendable`: `value` is read and written only inside `withLock`, under `lock`.
package final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value; `body` must not run user code.
    package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
