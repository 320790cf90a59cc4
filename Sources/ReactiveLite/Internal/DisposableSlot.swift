import FlowKernel

/// A disposable that stands for another one which is only known later.
///
/// Lets an observer dispose of its own subscription (the subscription is created after the
/// observer closure), and lets termination handlers that may fire first still dispose of it:
/// a disposable placed in an already-disposed slot is disposed of at once.
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
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.disposable = nil }
            return state.disposable
        }
        disposable?.dispose()
    }
}
