import FlowKernel

/// A disposable that stands for another one which is only known later.
///
/// Lets an observer dispose of its own subscription (the subscription is created after the
/// observer closure), and lets termination handlers that may fire first still dispose of it:
/// a disposable placed in an already-disposed slot is disposed of at once.
///
/// Every call of ``dispose()`` disposes of the disposable it holds, not only the first: a second
/// call on another thread returns only once its own call has stopped the observer, instead of
/// returning while the first call is still on its way to it (``Disposable``: once `dispose()`
/// returns, the observer is not called again). So the slot keeps that disposable once disposed of.
/// The library's own are stopped before any of their calls returns: an observer token and a gate
/// stop their observer first thing in their first call (an atomic exchange, or under a lock) and a
/// later call finds it stopped; an operator's observation and an `observe(on:)` observation pass
/// every call on to those. Each lets go of its observer on its first call.
final class DisposableSlot: Disposable {
    private let state = Locked<(disposable: (any Disposable)?, isDisposed: Bool)>((nil, false))

    var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    func set(_ disposable: any Disposable) {
        let alreadyDisposed = state.withLock { state in
            if !state.isDisposed {
                state.disposable = disposable
            }
            return state.isDisposed
        }
        if alreadyDisposed {
            disposable.dispose()
        }
    }

    func dispose() {
        let disposable = state.withLock { state -> (any Disposable)? in
            state.isDisposed = true
            return state.disposable
        }
        disposable?.dispose()
    }
}
