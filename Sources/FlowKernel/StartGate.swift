/// A one-way gate for tasks: ``wait()`` suspends until ``open()`` has been called, then returns at
/// once for good (``EffectRegistry/startGate``).
package final class StartGate: Sendable {
    private struct State {
        var isOpen = false
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// A closed gate.
    package init() {}

    /// Suspends until the gate is open; returns at once if it is.
    package func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen {
                    state.waiting.append(continuation)
                }
                return state.isOpen
            }
            if isOpen {
                continuation.resume()
            }
        }
    }

    /// Opens the gate for good and resumes the tasks waiting at it (outside the lock).
    package func open() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting {
            continuation.resume()
        }
    }
}
