#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An identifier of the calling thread, to tell a read from inside a reducer (same thread as the
/// drainer) from a read on another thread (which can wait for the reducer to finish).
@usableFromInline
func currentThreadIdentity() -> UInt {
    #if canImport(Glibc)
        UInt(pthread_self())
    #else
        UInt(bitPattern: pthread_self())
    #endif
}

/// How many reducers the calling thread is inside, in a thread-specific slot.
///
/// A thread inside a reducer must never wait for another store's reducers: that store's reducer
/// might be waiting for this one (two stores whose reducers read each other, from two threads). So
/// reads from inside any reducer are refused instead of waiting.
@usableFromInline
enum ReducingThreads {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static var depth: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Whether the calling thread is running a reducer.
    @usableFromInline
    static var isInsideAReducer: Bool { depth > 0 }

    /// The calling thread starts running a reducer.
    @usableFromInline
    static func enter() { depth += 1 }

    /// The calling thread finished running a reducer.
    @usableFromInline
    static func leave() { depth -= 1 }
}
