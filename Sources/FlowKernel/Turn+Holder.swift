// The holder's side of a turn, under the owner's lock: taking the turn with the work queued before
// the caller, and passing it on. The drain loop (Turn.swift) and the direct path (Turn+Direct.swift)
// call these.

extension TurnHolding {
    /// Under the lock, for a caller inside no turn that holds the gate and arrives with `own`
    /// (`nil`: nothing to do): takes the turn, with the work queued before the caller first, in
    /// order; or passes the turn on and returns `nil` when there is nothing to apply.
    @inlinable @inline(__always)
    mutating func arriveHoldingGate<Prepared>(
        _ own: Work?,
        prepare: (inout Self, Work) -> Prepared,
        gates: Locked<Self>,
        resumed: inout UnsafeContinuation<Void, Never>?
    ) -> (work: Work, prepared: Prepared, stop: UInt64)? {
        let stop = turn.nextTicket
        if _slowPath(!turn.queue.isEmpty) {
            // Queued before this caller took the turn: applied first, in order.
            if let own { turn.appendHoldersWork(own) }
            return takeTurn(before: stop, prepare: prepare, gates: gates, resumed: &resumed)
        }
        guard let own else {
            resumed = passTurnOn(gates: gates)
            return nil
        }
        turn.holder = currentThreadIdentity()
        return (own, prepare(&self, own), stop)
    }

    /// Under the lock, for a caller that holds the gate: takes the turn with the first queued item
    /// its obligation covers, or passes the turn on and returns `nil` if there is none (`resumed`
    /// is then the suspended task to resume after the lock).
    @inlinable
    mutating func takeTurn<Prepared>(
        before stop: UInt64,
        prepare: (inout Self, Work) -> Prepared,
        gates: Locked<Self>,
        resumed: inout UnsafeContinuation<Void, Never>?
    ) -> (work: Work, prepared: Prepared, stop: UInt64)? {
        guard let work = turn.next(before: stop) else {
            resumed = passTurnOn(gates: gates)
            return nil
        }
        turn.holder = currentThreadIdentity()
        return (work, prepare(&self, work), stop)
    }

    /// Under the lock, for the holder (or a caller holding the gate without having marked the
    /// turn): frees the turn and its gate. Returns the first suspended task, for the caller to
    /// resume after the lock; it then competes for the turn again.
    @inlinable @inline(__always)
    mutating func passTurnOn(gates: Locked<Self>) -> UnsafeContinuation<Void, Never>? {
        turn.holder = 0
        gates.releaseGate()
        if _fastPath(turn.suspended.isEmpty) { return nil }
        return turn.suspended.popFirst()
    }
}
