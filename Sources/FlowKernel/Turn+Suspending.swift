// The arrival of async callers: a task that finds the turn taken suspends instead of blocking a
// thread of Swift's cooperative pool.

extension Locked where Value: TurnHolding {
    /// ``serialize(mayWait:arrive:prepare:perform:)`` for async callers: a task that finds the turn
    /// taken suspends until the holder passes it on, instead of blocking its thread (a thread of
    /// Swift's cooperative pool), then takes it and applies its work like a caller inside no turn.
    /// Called from inside a turn (synchronous code running an observer cannot await, but a
    /// caller may still be marked), it does what the synchronous call does: queue or defer.
    ///
    /// Returns a ``Deferral`` in that last case only, as ``serialize(mayWait:arrive:prepare:perform:)``
    /// does.
    @inlinable
    package func serializeSuspending<Prepared>(
        arrive: (inout Value) -> Value.Work?,
        prepare: (inout Value, Value.Work) -> Prepared,
        perform: (Value.Work, inout Prepared) -> Void
    ) async -> Deferral? {
        if Turn<Value.Work>.isInsideATurn {
            return serialize(mayWait: true, arrive: arrive, prepare: prepare, perform: perform)
        }
        while true {
            // Taken under the lock if free; else this task is registered before the lock is let
            // go, so that the holder's passing the turn on cannot be missed.
            var outcome = SuspendingArrival<Value.Work, Prepared>.busy
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                var resumed: UnsafeContinuation<Void, Never>?
                let mustWait: Bool = withLock { value in
                    guard value.turn.holder == 0 && tryHoldGate() else {
                        value.turn.suspended.append(continuation)
                        return true
                    }
                    let own = arrive(&value)
                    let stop = value.turn.nextTicket
                    if let own { value.turn.appendHoldersWork(own) }
                    if let taken = value.takeTurn(
                        before: stop, prepare: prepare, gates: self, resumed: &resumed)
                    {
                        outcome = .run(taken.work, taken.prepared, stop: taken.stop)
                    } else {
                        outcome = .done
                    }
                    return false
                }
                resumed?.resume()
                if !mustWait {
                    continuation.resume()
                }
            }
            switch consume outcome {
            case .busy:
                continue
            case .done:
                return nil
            case .run(var work, var prepared, let stop):
                run(&work, &prepared, stop: stop, prepare: prepare, perform: perform)
                return nil
            }
        }
    }
}

/// What a suspending caller found: the turn busy (try again once resumed), nothing to do, or the
/// turn taken.
@usableFromInline
enum SuspendingArrival<Work, Prepared> {
    case busy
    case done
    case run(Work, Prepared, stop: UInt64)
}
