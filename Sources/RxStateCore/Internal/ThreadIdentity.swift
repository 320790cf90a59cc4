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
