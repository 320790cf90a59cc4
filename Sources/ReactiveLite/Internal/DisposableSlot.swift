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
/// returns, the observer is not called again). So the slot keeps that disposable once disposed of;
/// the library's own (an observer token, an operator's observation, a gate, a mailbox) stop their
/// observer at the start of their first call and do nothing more on later ones.
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
