import FlowKernel

/// Stands between a custom signal's producer and its observer, so that disposal takes effect at
/// once whatever the producer does.
///
/// The producer gets ``send(_:)`` instead of the observer. Disposal closes the gate, releases the
/// observer and then disposes of what the producer returned: a producer that goes on sending after
/// that (one that ignores its disposable, or a send already on its way) reaches nothing. As with
/// every source, a call that had already passed the gate on another thread when `dispose()` was
/// called may finish.
///
/// The producer is given a closure that holds an ``Inlet``, not the gate: when the producer lets go
/// of it (the producer is gone, or dropped it after its last value), the gate releases the observer
/// at once. What the producer returned stays until disposal, which still runs it.
final class ObserverGate<Value: Sendable>: Disposable, SourceEndReceiving {
    private struct State {
        var observer: (@Sendable (Value) -> Void)?
        var upstream: (any Disposable)?
        var isDisposed = false
    }

    private let state: Locked<State>

    init(_ observer: @escaping @Sendable (Value) -> Void) {
        state = Locked(State(observer: observer))
    }

    var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// Passes `value` to the observer unless the gate is closed; the observer runs with no lock held.
    func send(_ value: Value) {
        let observer = state.withLock { $0.observer }
        observer?(value)
    }

    /// The producer let go of the inlet, so it can send nothing more: the observer is released now
    /// (outside the lock), so that nothing the observer holds outlives the producer.
    func sourceEnded() {
        let released = state.withLock { state -> (@Sendable (Value) -> Void)? in
            defer { state.observer = nil }
            return state.observer
        }
        _ = released
    }

    /// Keeps the producer's disposable, or disposes of it at once if the gate closed meanwhile (an
    /// observer that disposed of its observation from inside a synchronous first send).
    func attach(_ upstream: any Disposable) {
        let isDisposed = state.withLock { state in
            if !state.isDisposed {
                state.upstream = upstream
            }
            return state.isDisposed
        }
        if isDisposed {
            upstream.dispose()
        }
    }

    func dispose() {
        let (observer, upstream) = state.withLock {
            state -> ((@Sendable (Value) -> Void)?, (any Disposable)?) in
            guard !state.isDisposed else { return (nil, nil) }
            state.isDisposed = true
            defer {
                state.observer = nil
                state.upstream = nil
            }
            return (state.observer, state.upstream)
        }
        // Released and disposed of outside the lock: both may run user code.
        _ = observer
        upstream?.dispose()
    }
}
