import FlowKernelShims

/// A value behind a lock: the one lock of every module.
///
/// One allocation: the value and the lock word (`fk_lock`, FlowKernelShims) are tail-allocated in
/// one `ManagedBuffer`. Uncontended, taking and releasing it is one atomic instruction each (a
/// compare-and-swap, an exchange); a contended caller spins briefly, then sleeps on a pthread
/// condition variable, so waits go through pthread calls and hand-overs through acquire/release
/// atomics, which the thread sanitizer understands. Every result is checked; a failure is a
/// programming error of the library (a lock taken twice on one thread, which the lock reports in
/// every build instead of hanging), never something a user can cause, so it stops the process
/// with a message.
///
/// Not `Synchronization.Mutex`: that needs iOS 18, is noncopyable (it cannot be captured by an
/// escaping closure), and on Linux it waits with raw futex calls the thread sanitizer cannot see.
/// Not a bare `pthread_mutex_t` either: its lock and unlock calls cost about 55 instructions per
/// round trip, and a store takes several per dispatch.
///
/// A struct holding a reference: copies share the lock, and it can be captured anywhere.
@frozen
@usableFromInline package struct Locked<Value> {
    @usableFromInline let storage: LockStorage<Value>

    /// Creates a lock around `value`.
    @inlinable
    package init(_ value: Value) {
        storage = unsafeDowncast(
            LockStorage<Value>.create(minimumCapacity: 1) { _ in value },
            to: LockStorage<Value>.self
        )
        storage.withUnsafeMutablePointerToElements { fk_lock_init($0) }
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not run user code (a closure, an observer, a deinit of a user value) nor take
    /// this lock again: release what you take out after `withLock` returns.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            checkLockResult(fk_lock_lock(lock), "lock")
            defer { checkLockResult(fk_lock_unlock(lock), "unlock") }
            return try body(&value.pointee)
        }
    }

    /// Reads part of the value without taking the lock, for the sole writer of that part.
    ///
    /// Only for a caller that alone writes what `body` reads (a store's turn holder reading the
    /// state that only the turn holder writes, under the lock): its read can race with no write,
    /// only with other reads, and the previous writer's writes are ordered before it by whatever
    /// made it the sole writer (the turn, taken and passed under a lock). `body` gets a pointer so
    /// that it copies only what it reads.
    @inlinable
    package func withSoleWriterAccess<Result>(_ body: (UnsafePointer<Value>) -> Result) -> Result {
        storage.withUnsafeMutablePointerToHeader { body(UnsafePointer($0)) }
    }
}

/// `@unchecked Sendable`: the value is only reached inside `withLock`, under the lock, or by its
/// sole writer (`withSoleWriterAccess`).
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The one allocation of a ``Locked``: the value as the header, the lock word as the element.
@usableFromInline package final class LockStorage<Value>: ManagedBuffer<Value, fk_lock> {
    deinit {
        withUnsafeMutablePointerToElements { lock in
            checkLockResult(fk_lock_destroy(lock), "destroy")
        }
    }
}

/// Stops the process if a lock operation failed: only a bug in this library can cause that.
@inlinable
package func checkLockResult(_ result: Int32, _ call: StaticString) {
    if _slowPath(result != 0) {
        lockFailure(result, call)
    }
}

@usableFromInline @inline(never)
package func lockFailure(_ result: Int32, _ call: StaticString) -> Never {
    preconditionFailure(
        "\(call) failed with error \(result): a lock was misused (taken twice on one thread?)")
}
