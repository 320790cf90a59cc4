#if os(Linux)
    import Glibc
#else
    import Synchronization
#endif

#if os(Linux)
    /// The library's lock: a `pthread_mutex_t` on Linux, `Synchronization.Mutex` elsewhere.
    ///
    /// Why not `Mutex` on Linux too: there it locks with raw futex calls inside a library that the
    /// thread sanitizer does not instrument, so every access it guards is reported as a data race
    /// (a ten-line program incrementing a `Mutex<Int>` from four threads shows it). The sanitizer
    /// understands `pthread_mutex_lock`, so this keeps `swift test --sanitize=thread` meaningful.
    /// The API is the subset of `Mutex` the library uses, so call sites are the same on every
    /// platform and Apple platforms compile them against `Mutex` itself.
    ///
    /// `@unchecked Sendable`: `value` is only read or written between `pthread_mutex_lock` and
    /// `pthread_mutex_unlock` on `mutex`, inside `withLock`.
    @usableFromInline
    final class Lock<Value>: @unchecked Sendable {
        // Unchecked: the mutex already makes every access exclusive, and the dynamic check costs a
        // thread-local lookup and an access-set insertion (about 160 instructions) per `withLock`.
        @exclusivity(unchecked) @usableFromInline var value: Value
        @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

        @usableFromInline
        init(_ value: consuming sending Value) {
            self.value = value
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        }

        /// Runs `body` with exclusive access to the value; `body` must not run user code.
        @inlinable
        func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows
            -> sending Result
        {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value)
        }
    }
#else
    /// The library's lock: `Synchronization.Mutex` here; see the Linux branch for why Linux differs.
    @usableFromInline
    typealias Lock<Value> = Mutex<Value>
#endif
