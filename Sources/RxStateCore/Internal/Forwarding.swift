import FlowKernel
import ReactiveLite

/// The `next` of one intercepting-middleware call: collects what the interceptor passes on while
/// it runs, and queues what it passes on later.
final class Forwarding: Sendable {
    private struct State {
        var isOpen = true
        var passed: [any ActionType] = []
    }

    private let state = Locked(State())
    private weak let store: Store?
    private let stage: Int

    init(store: Store, stage: Int) {
        self.store = store
        self.stage = stage
    }

    /// Passes `action` on to interceptor `stage` (or the reducers).
    func forward(_ action: any ActionType) {
        let collected = state.withLock { state in
            guard state.isOpen else { return false }
            state.passed.append(action)
            return true
        }
        if !collected {
            store?.dispatch(action, stage: stage)
        }
    }

    /// Ends the interceptor's call: returns what it passed on meanwhile; later calls are queued.
    func close() -> [any ActionType] {
        state.withLock { state in
            state.isOpen = false
            defer { state.passed = [] }
            return state.passed
        }
    }
}
