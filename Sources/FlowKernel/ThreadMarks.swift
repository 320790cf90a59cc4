import FlowKernelShims

/// An identifier of the calling thread (`pthread_self`), to tell a reentrant call from another
/// thread's.
@inlinable
package func currentThreadIdentity() -> UInt {
    UInt(fk_thread_id())
}

/// How many reducers the calling thread is inside, in a C11 thread-local: RxStateCore's reducers,
/// and PrexCore's mutations on a flux that mutates in place. Both run with their store's state
/// moved out, and readers of that store wait for them.
///
/// A thread inside a reducer must never wait for another store's reducers: that store's reducer
/// might be waiting for this one (two stores whose reducers read each other, from two threads). So
/// reads from inside any reducer are refused (or answered at once) instead of waiting.
@usableFromInline
package enum ReducingThreads {
    /// Whether the calling thread is running a reducer.
    @inlinable
    package static var isInsideAReducer: Bool { fk_reducer_depth_get() > 0 }

    /// The calling thread starts running a reducer.
    @inlinable
    package static func enter() { fk_reducer_depth_add(1) }

    /// The calling thread finished running a reducer.
    @inlinable
    package static func leave() { fk_reducer_depth_add(-1) }
}
