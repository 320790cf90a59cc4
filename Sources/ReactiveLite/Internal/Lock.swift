#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// State behind a platform mutex: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
///
/// Not `Synchronization.Mutex`: on Linux that one waits with raw futex system calls, which the
/// thread sanitizer cannot see, so every access it guards is reported as a race and CI's
/// `--sanitize=thread` pass would prove nothing. The sanitizer intercepts these primitives.
///
/// Package-visible so that VueFluxCore and RxStateCore guard their stores with the same lock; not
/// part of the public API.
///
/// `@unchecked Sendable`: `state` is only read or written inside `withLock`, under `mutex`.
@usableFromInline
package final class Locked<State: Sendable>: @unchecked Sendable {
    #if canImport(Darwin)
        @usableFromInline typealias Primitive = os_unfair_lock_s
    #else
        @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    @usableFromInline let mutex: UnsafeMutablePointer<Primitive>
    // Unchecked: the mutex already makes every access exclusive, and the dynamic check would cost
    // a thread-local lookup and an access-set insertion on every `withLock`.
    @exclusivity(unchecked) @usableFromInline var state: State

    @usableFromInline
    package init(_ state: State) {
        self.state = state
        mutex = UnsafeMutablePointer<Primitive>.allocate(capacity: 1)
        #if canImport(Darwin)
            mutex.initialize(to: os_unfair_lock_s())
        #else
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
            pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state. `body` must not call back into code that
    /// may take this lock: no user code runs under it.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        #if canImport(Darwin)
            os_unfair_lock_lock(mutex)
            defer { os_unfair_lock_unlock(mutex) }
        #else
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }
}
