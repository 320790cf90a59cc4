import Foundation

/// Collects values from any thread, in arrival order.
///
/// Guarded by an `NSLock` (a pthread mutex), which the thread sanitizer sees; `@unchecked
/// Sendable` because `storage` is only touched while `lock` is held.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    /// Creates an empty recorder.
    public init() {}

    /// Everything appended so far, in order.
    public var values: [Value] {
        lock.withLock { storage }
    }

    /// How many values were appended.
    public var count: Int {
        lock.withLock { storage.count }
    }

    /// Appends `value`.
    public func append(_ value: Value) {
        lock.withLock { storage.append(value) }
    }

    /// An observer closure that appends into this recorder.
    public var observer: @Sendable (Value) -> Void {
        { self.append($0) }
    }
}

// snippet: counter
/// A thread-safe counter.
public final class Counter: @unchecked Sendable {
    // `@unchecked`: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    /// Creates a counter at zero.
    public init() {}

    /// The current count.
    public var value: Int {
        lock.withLock { count }
    }

    /// Adds one.
    public func increment() {
        lock.withLock { count += 1 }
    }

    /// Subtracts one and returns the new count.
    @discardableResult
    public func decrement() -> Int {
        lock.withLock {
            count -= 1
            return count
        }
    }
}
// snippet-end: counter
