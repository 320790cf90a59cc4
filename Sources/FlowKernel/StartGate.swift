/// A one-way gate for effect tasks: ``wait(countedIn:)`` suspends until ``open()`` has been called,
/// then returns at once for good (``EffectRegistry/startGate``).
///
/// A task held at the closed gate does not count in ``EffectRegistry/unstarted`` while it waits
/// (it cannot begin before the gate's owner opens it, so a test clock has nothing to wait for), and
/// counts again from the gate's opening until it has resumed: a clock moving time in one test does
/// not wait for effects held back in another.
package final class StartGate: Sendable {
    private struct Waiter {
        let continuation: CheckedContinuation<Void, Never>
        /// The counter the waiting task is counted in, but for the time it is held.
        let counter: AtomicCounter
    }

    private struct State {
        var isOpen = false
        var waiting: [Waiter] = []
    }

    private let state = Locked(State())

    /// A closed gate.
    package init() {}

    /// Suspends until the gate is open; returns at once if it is.
    ///
    /// - Parameter counter: The counter the calling task is counted in (an effect task in
    ///   ``EffectRegistry/unstarted``): one less while the task is held at the closed gate, counted
    ///   again when the gate opens, so it is as it was when this returns.
    package func wait(countedIn counter: AtomicCounter = EffectRegistry.unstarted) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen {
                    state.waiting.append(Waiter(continuation: continuation, counter: counter))
                    // Not counted while held; `open()` counts it again, under the same lock.
                    counter.add(-1)
                }
                return state.isOpen
            }
            if isOpen {
                continuation.resume()
            }
        }
    }

    /// Opens the gate for good and resumes the tasks waiting at it (outside the lock), each counted
    /// again in its counter first.
    package func open() {
        let waiting = state.withLock { state -> [Waiter] in
            state.isOpen = true
            for waiter in state.waiting {
                waiter.counter.add(1)
            }
            defer { state.waiting = [] }
            return state.waiting
        }
        for waiter in waiting {
            waiter.continuation.resume()
        }
    }
}
