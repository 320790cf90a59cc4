// The in-place protocol, written once: a store moves its state out of its lock while a mutation or
// reducers run, so that they hold the only reference to it and mutate it in place. The mutating
// thread holds one of the store's gates meanwhile; a reader on another thread waits on that gate
// (an owner-recording lock, so the system knows whom it waits for), and a reader inside a mutation
// or reducer, of this store or any other, is answered at once by the store's policy (it could be
// waiting for itself, or for a store whose reducer waits for this one). docs/threading.md,
// "Mutations in place".

/// Whether an owner's state is moved out, by whom, and the reads refused meanwhile; kept in the
/// owner's ``Locked`` value (``MovesStateOut``) and changed only under its lock.
@frozen
@usableFromInline package struct MovedOut: Sendable {
    /// What a read from inside a mutation or reducer gets while the state is moved out.
    @frozen
    @usableFromInline package enum ReadPolicy: Sendable {
        /// The read runs at once on the owner's value as it is, which holds a placeholder where
        /// the state was (PrexCore's in-place flux: the flux's initial state).
        case readPlaceholder
        /// The read is refused (`nil`) and counted in ``refusedReads``, for the owner to report
        /// once the state is back (RxStateCore: `readDuringReduction`) or to ignore (PrexCore's
        /// `Presenter.reflect()`, which then pushes nothing).
        case refuse
    }

    /// Whether the state is moved out now.
    @usableFromInline package var isMovedOut = false
    /// The thread that moved it out (``currentThreadIdentity()``), while ``isMovedOut``.
    @usableFromInline package var mover: UInt = 0
    /// Reads refused since the state was moved out (policy ``ReadPolicy/refuse``).
    @usableFromInline package var refusedReads = 0

    /// Nothing moved out.
    @inlinable
    package init() {}
}

/// An owner's locked value whose state can be moved out (see ``MovedOut``).
@usableFromInline package protocol MovesStateOut {
    /// The owner's in-place bookkeeping.
    var movedOut: MovedOut { get set }
}

extension MovesStateOut {
    /// Under the lock of `gates`: marks the state as moved out by the calling thread, holding gate
    /// number `gate` until ``putBack(gates:gate:)``. The caller moves the state out in the same
    /// critical section.
    ///
    /// Taking the gate under the lock is safe: its only other users are readers that pass through
    /// it (take it and release it at once) outside the lock.
    @inlinable
    package mutating func moveOut(gates: Locked<Self>, gate: Int) {
        gates.holdGate(gate)
        movedOut.isMovedOut = true
        movedOut.mover = currentThreadIdentity()
    }

    /// Under the lock: marks the state as back (the caller puts it back in the same critical
    /// section) and returns the number of reads refused meanwhile. The caller then releases the
    /// gate, after the lock (``Locked/releaseGate(_:)``).
    @inlinable
    package mutating func putBack() -> Int {
        movedOut.isMovedOut = false
        let refused = movedOut.refusedReads
        movedOut.refusedReads = 0
        return refused
    }
}

extension Locked where Value: MovesStateOut {
    /// Runs `body` with the value under the lock once its state is in it.
    ///
    /// While the state is moved out: from another thread, outside any mutation or reducer, this
    /// waits on gate number `gate`, which the mover holds until the state is back, then tries
    /// again; from inside a mutation or reducer (of this owner or any other) or on the mover's
    /// thread, it never waits: `policy` decides (``MovedOut/ReadPolicy``), and a refused read
    /// returns `nil`. `body` must not run user code.
    @inlinable
    package func readInPlace<Result>(
        gate: Int,
        policy: MovedOut.ReadPolicy,
        _ body: (inout Value) -> Result
    ) -> Result? {
        let insideAReducer = ReducingThreads.isInsideAReducer
        while true {
            var mustWait = false
            let result: Result? = withLock { value in
                guard value.movedOut.isMovedOut else { return body(&value) }
                guard insideAReducer || value.movedOut.mover == currentThreadIdentity() else {
                    mustWait = true
                    return nil
                }
                switch policy {
                case .readPlaceholder:
                    return body(&value)
                case .refuse:
                    value.movedOut.refusedReads += 1
                    return nil
                }
            }
            guard mustWait else { return result }
            // The mover holds this gate until it has put the state back.
            passGate(gate)
        }
    }
}
