import FlowKernelShims

/// A value behind a lock: the one lock of every module.
///
/// The lock is the platform's owner-recording lock (`fk_lock`, FlowKernelShims/include/fk_lock.h):
/// `os_unfair_lock` on Apple platforms, an error-checking POSIX mutex with priority inheritance
/// elsewhere. A thread that waits for it is known to the system as waiting for its owner, which
/// then runs with the waiter's priority (on Linux, a real-time waiter's). One allocation: the value and the locks are tail-allocated in one
/// `ManagedBuffer`. Every result is checked; a failure is a bug of this library (a lock taken twice
/// on one thread, an unlock from another thread), never something a user can cause, so it stops
/// the process with a message (`fatalError`) in every build.
///
/// Besides the lock around the value, a `Locked` can hold gates (`init(_:gates:)`): locks of the
/// same kind that a thread holds while it works outside the value's lock, such as a turn of a
/// source (``Turn``) or a mutation in place, and that other threads wait on. Waiting for a gate is
/// waiting for its owner, which the system sees.
///
/// Not `Synchronization.Mutex`: that needs iOS 18, is noncopyable (it cannot be captured by an
/// escaping closure), and on Linux it waits with raw futex calls the thread sanitizer cannot see.
///
/// A struct holding a reference: copies share the lock, and it can be captured anywhere.
@frozen
@usableFromInline package struct Locked<Value> {
    @usableFromInline let storage: LockStorage<Value>

    /// Creates a lock around `value`, with `gates` gates (see the type's documentation).
    @inlinable
    package init(_ value: Value, gates: Int = 0) {
        let count = 1 + gates
        storage = unsafeDowncast(
            LockStorage<Value>.create(minimumCapacity: count) { _ in
                LockHeader(value: value, lockCount: count)
            },
            to: LockStorage<Value>.self
        )
        storage.withUnsafeMutablePointerToElements { locks in
            for index in 0..<count {
                checkLockResult(fk_lock_init(locks + index), "init")
            }
        }
    }

    /// Runs `body` with exclusive access to the value, waiting for the lock's owner if another
    /// thread holds it (after a few retries, ``waitForLock(_:)``).
    ///
    /// `body` must not run user code (a closure, an observer, a deinit of a user value) nor take
    /// this lock again: release what you take out after `withLock` returns. It may take or release
    /// a gate without waiting (``tryHoldGate(_:)``, ``releaseGate(_:)``).
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { header, lock in
            var result = fk_lock_trylock(lock)
            if _slowPath(result == EBUSY) {
                result = waitForLock(lock)
            }
            checkLockResult(result, "lock")
            defer { checkLockResult(fk_lock_unlock(lock), "unlock") }
            return try body(&header.pointee.value)
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
        storage.withUnsafeMutablePointerToHeader { header in
            // The value is the header's first stored property, at offset 0 (pinned by
            // `LockedTests.theValueIsAtTheStartOfTheHeader`). Read through a pointer cast rather
            // than `&header.pointee.value`, which would be a modifying access: the thread sanitizer
            // reports it as a write racing with readers under the lock.
            body(UnsafeRawPointer(header).assumingMemoryBound(to: Value.self))
        }
    }

    /// Takes gate number `gate` (from 1), waiting for its owner if another thread holds it (after a
    /// few retries, ``waitForLock(_:)``).
    ///
    /// Never call it under the value's lock: the owner may need that lock to finish.
    @inlinable
    package func holdGate(_ gate: Int = 1) {
        storage.withUnsafeMutablePointerToElements { locks in
            var result = fk_lock_trylock(locks + gate)
            if _slowPath(result == EBUSY) {
                result = waitForLock(locks + gate)
            }
            checkLockResult(result, "lock a gate")
        }
    }

    /// How many times an occasional waiter (``waitForLock(_:)``) tries a taken lock or gate again,
    /// back to back, before it sleeps on it.
    @inlinable
    package static var lockRetries: Int { 100 }

    /// How many times a thread that keeps meeting contention (``waitForLock(_:)``) tries a taken
    /// lock or gate again, back to back, before it yields: few, because a failed try is not free
    /// for the holder.
    @inlinable
    package static var contendedLockRetries: Int { 10 }

    /// How many times a thread that keeps meeting contention yields the processor and tries a taken
    /// lock or gate again, after its retries, before it sleeps on it.
    @inlinable
    package static var lockYields: Int { 10 }

    /// Takes a lock or gate that another thread holds: tries again a few times (the value's lock is
    /// held for a few dozen instructions, a turn usually for a few hundred nanoseconds); then, for
    /// a thread that keeps meeting contention, yields the processor a few times, trying after each
    /// yield; then waits on the lock, which records its owner and lends the waiter's priority to it.
    ///
    /// A waiter that goes to sleep at once pays a wake-up on the holder's release, and on Linux the
    /// lock's priority-inheritance mutex hands itself to its first sleeper on release, so while
    /// threads sleep every release waits for a wake-up (a convoy). Retrying first takes the next
    /// free moment without sleeping. A thread that also found a lock taken after its retries less
    /// than 20 ms ago (`fk_lock_waits_often`) is one of several contending for the lock, often more
    /// threads than cores: it yields before it sleeps, which lets a holder that was not running
    /// finish. With 8 threads dispatching into one store on 2 cores, a pthread
    /// priority-inheritance mutex costs over 100 times one thread's time per operation when waiters
    /// sleep at once, and about twice with 10 yields first (docs/threading.md).
    ///
    /// Such a thread also tries only a few times (``contendedLockRetries``), as
    /// `fk_lock_waited_recently` tells before the retries (it notes nothing: only a wait whose
    /// retries fail makes a thread a contending one). A failed try is an atomic compare-and-swap,
    /// which takes the lock's cache line away from the core of the thread that holds it, so the
    /// holder's next lock operation misses. With 100 tries back to back, contending waiters on the
    /// other core did that through most of the holder's turn: with 8 threads dispatching into one
    /// store on 2 cores, failed tries were 27% of the run's samples (perf) and a dispatch cost 2.6
    /// to 5.4 times one thread's; with 10 tries, 1.3 to 2.6 times (docs/threading.md,
    /// docs/benchmarks.md).
    ///
    /// An occasional waiter (a main thread dispatching now and then) tries up to ``lockRetries``
    /// times, which often catches the moment between two turns of a flooding thread, and does not
    /// yield: a yield can give the processor to a busy thread for its whole time slice (measured:
    /// 2.6 to 3.9 ms per yield under a flood), while a sleeper is handed the lock on its release.
    /// Everything is bounded (microseconds), so a waiter whose holder runs a long turn still sleeps
    /// on the lock and the system sees whom it waits for; a real-time waiter has no other thread of
    /// its priority to yield to, so its yields return at once and it soon lends its priority to the
    /// holder. A second lock on the holding thread fails the retries (`EBUSY`) and is then reported
    /// by the lock itself.
    @usableFromInline @inline(never)
    func waitForLock(_ gate: UnsafeMutablePointer<fk_lock>) -> Int32 {
        let retries = fk_lock_waited_recently() ? Self.contendedLockRetries : Self.lockRetries
        for _ in 0..<retries {
            let result = fk_lock_trylock(gate)
            if result != EBUSY {
                return result
            }
        }
        if fk_lock_waits_often() {
            for _ in 0..<Self.lockYields {
                fk_lock_yield()
                let result = fk_lock_trylock(gate)
                if result != EBUSY {
                    return result
                }
            }
        }
        return fk_lock_lock(gate)
    }

    /// Takes gate number `gate` if no thread holds it; never waits, so it may be called under the
    /// value's lock.
    @inlinable
    package func tryHoldGate(_ gate: Int = 1) -> Bool {
        storage.withUnsafeMutablePointerToElements { locks in
            let result = fk_lock_trylock(locks + gate)
            if result == EBUSY { return false }
            checkLockResult(result, "try a gate")
            return true
        }
    }

    /// Releases gate number `gate`, which the calling thread holds; never waits.
    @inlinable
    package func releaseGate(_ gate: Int = 1) {
        storage.withUnsafeMutablePointerToElements { locks in
            checkLockResult(fk_lock_unlock(locks + gate), "unlock a gate")
        }
    }

    /// Waits until no thread holds gate number `gate` (takes it and releases it at once). Never
    /// call it under the value's lock.
    @inlinable
    package func passGate(_ gate: Int = 1) {
        holdGate(gate)
        releaseGate(gate)
    }
}

/// `@unchecked Sendable`: the value is only reached inside `withLock`, under the lock, or by its
/// sole writer (`withSoleWriterAccess`).
extension Locked: @unchecked Sendable where Value: Sendable {}

/// The header of a ``Locked``'s allocation: the value, and how many locks follow it. The value must
/// stay the first stored property (``Locked/withSoleWriterAccess(_:)`` reads it at offset 0).
@frozen
@usableFromInline package struct LockHeader<Value> {
    @usableFromInline var value: Value
    @usableFromInline let lockCount: Int

    @inlinable
    init(value: Value, lockCount: Int) {
        self.value = value
        self.lockCount = lockCount
    }
}

/// The one allocation of a ``Locked``: the value as the header, then the lock and the gates.
@usableFromInline package final class LockStorage<Value>: ManagedBuffer<LockHeader<Value>, fk_lock> {
    deinit {
        let (count, locks) = Self.lockCountAndLocks(of: self)
        for index in 0..<count {
            checkLockResult(fk_lock_destroy(locks + index), "destroy")
        }
    }

    /// How many locks `storage` holds, and where the first is, found from `Value`'s layout alone.
    ///
    /// The deinit runs unspecialized, and reaching the header through `ManagedBuffer`'s accessors
    /// there asks the runtime for `LockHeader<Value>`'s metadata, a lookup in its cache that cost
    /// about 330 instructions per freed lock (every cancelled subscription frees one). Only
    /// `Value`'s size and alignment are needed, which the class's own metadata carries. The
    /// offsets follow Swift's layout of a struct (the value at offset 0, the count at the next
    /// multiple of `Int`'s alignment) and `ManagedBuffer`'s (the header after the object's header
    /// of two words, at the header's alignment; the elements after the header, at theirs).
    /// `LockedTests.theDeinitFindsTheLocksWhereManagedBufferPutsThem` pins both against
    /// `ManagedBuffer`'s own accessors for values of several sizes and alignments.
    @inline(__always)
    static func lockCountAndLocks(of storage: LockStorage) -> (
        count: Int, locks: UnsafeMutablePointer<fk_lock>
    ) {
        func roundUp(_ offset: Int, _ alignment: Int) -> Int {
            (offset + alignment - 1) & ~(alignment - 1)
        }
        let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(storage).toOpaque())
        let headerOffset = roundUp(
            2 * MemoryLayout<UnsafeRawPointer>.size,
            max(MemoryLayout<Value>.alignment, MemoryLayout<Int>.alignment))
        let countOffset = headerOffset + roundUp(MemoryLayout<Value>.size, MemoryLayout<Int>.alignment)
        let locksOffset = roundUp(countOffset + MemoryLayout<Int>.size, MemoryLayout<fk_lock>.alignment)
        return (
            object.load(fromByteOffset: countOffset, as: Int.self),
            (object + locksOffset).assumingMemoryBound(to: fk_lock.self)
        )
    }
}

/// Stops the process if a lock operation failed: only a bug in this library can cause that.
@inlinable
package func checkLockResult(_ result: Int32, _ call: StaticString) {
    if _slowPath(result != 0) {
        lockFailure(result, call)
    }
}

/// Stops the process with a message naming the failed call and its error, in every build
/// (`fatalError` prints its message in release builds too; a precondition would not).
@usableFromInline @inline(never)
package func lockFailure(_ result: Int32, _ call: StaticString) -> Never {
    let meaning: String
    switch result {
    case EDEADLK: meaning = "the calling thread holds this lock already"
    case EPERM: meaning = "the calling thread does not hold this lock"
    case EBUSY: meaning = "the lock is held"
    default: meaning = "error \(result)"
    }
    fatalError("FlowKernel: \(call) failed: \(meaning). This is a bug of the library; please report it.")
}
