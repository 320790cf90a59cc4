import FlowKernelShims

// The only platform conditional in Sources: the lock is the same `pthread_mutex_t` on every
// platform (through FlowKernelShims, which includes <pthread.h> with one spelling everywhere), so
// there is no Apple branch to leave uncompiled. Debug builds use an error-checking mutex.
#if DEBUG
    @usableFromInline package let lockIsErrorChecking = true
#else
    @usableFromInline package let lockIsErrorChecking = false
#endif

/// A value behind a mutex: the one lock of every module.
///
/// One allocation: the value and the `pthread_mutex_t` are tail-allocated in one `ManagedBuffer`.
/// Every pthread result is checked; a failure is a programming error of the library (a lock taken
/// twice on one thread, which an error-checking mutex reports in debug builds instead of hanging),
/// never something a user can cause, so it stops the process with a message.
///
/// Not `Synchronization.Mutex`: that needs iOS 18, is noncopyable (it cannot be captured by an
/// escaping closure), and on Linux it waits with raw futex calls the thread sanitizer cannot see.
/// The sanitizer understands `pthread_mutex_lock`.
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
        storage.withUnsafeMutablePointerToElements { mutex in
            checkLockResult(fk_mutex_init(mutex, lockIsErrorChecking), "pthread_mutex_init")
        }
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// `body` must not run user code (a closure, an observer, a deinit of a user value) nor take
    /// this lock again: release what you take out after `withLock` returns.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            checkLockResult(fk_mutex_lock(mutex), "pthread_mutex_lock")
            defer { checkLockResult(fk_mutex_unlock(mutex), "pthread_mutex_unlock") }
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

/// `@unchecked Sendable`: the value is only reached inside `withLock`, under the mutex, or by its
/// sole writer (`withSoleWriterAccess`).
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The one allocation of a ``Locked``: the value as the header, the mutex as the element.
@usableFromInline package final class LockStorage<Value>: ManagedBuffer<Value, fk_mutex> {
    deinit {
        withUnsafeMutablePointerToElements { mutex in
            checkLockResult(fk_mutex_destroy(mutex), "pthread_mutex_destroy")
        }
    }
}

/// Stops the process if a pthread call failed: only a bug in this library can cause that.
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
