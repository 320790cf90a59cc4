import FlowKernel

// Prex's own test suite builds its fixtures (`Tests/PrexTests/Components.swift`: a mutation and a
// view that publish each call) on Prex's internal `PubSub<T>` and `Token`
// (`Sources/Prex/internal/PubSub.swift`), reached through `@testable import`. These two keep those
// names and call shapes so that the suite compiles against PrexCore with the import changed.
// PrexCore itself does not use them.

/// A list of handlers that ``publish(_:)`` calls with each value: Prex's internal publish-subscribe
/// box, kept for its test suite (see the top of this file).
///
/// Handlers run on the publishing thread, in the order they subscribed (Prex's ran in hash order),
/// with no lock held, so a handler may subscribe, unsubscribe or publish again; one removed during a
/// publish is not called after its removal. `@unchecked Sendable`: the list sits behind `state`'s
/// lock; the handlers themselves are not `@Sendable` (a test's handler captures its local
/// variables), so the values and handlers of one `PubSub` belong to the thread that publishes, as
/// in Prex's tests.
final class PubSub<T>: @unchecked Sendable {
    /// What a subscriber is called with: each published value.
    typealias Handler = (T) -> Void

    private struct State {
        var nextID: UInt = 0
        var handlers: [(id: UInt, handler: Handler)] = []
    }

    private let state = Locked(State())

    /// Creates a box with no subscriber.
    init() {}

    /// Adds `handler`, called with every value published from now on until ``unsubscribe(_:)``.
    ///
    /// - Returns: The token that removes it.
    @discardableResult
    func subscribe(_ handler: @escaping Handler) -> Token {
        state.withLock { state in
            state.nextID += 1
            state.handlers.append((state.nextID, handler))
            return Token(id: state.nextID)
        }
    }

    /// Removes the handler `token` names; nothing if it was removed already. It is released here,
    /// after the lock.
    func unsubscribe(_ token: Token) {
        let removed = state.withLock { state -> Handler? in
            guard let position = state.handlers.firstIndex(where: { $0.id == token.id }) else { return nil }
            return state.handlers.remove(at: position).handler
        }
        _ = removed
    }

    /// Calls every handler subscribed (and not removed meanwhile) with `topic`, in subscription
    /// order.
    func publish(_ topic: T) {
        let handlers = state.withLock { $0.handlers }
        for (id, handler) in handlers where isSubscribed(id) {
            handler(topic)
        }
    }

    /// Whether the handler `id` names is still in the list: a binary search, since ids ascend
    /// along it (each is appended with the next id, and removals keep the order).
    private func isSubscribed(_ id: UInt) -> Bool {
        state.withLock { state in
            var low = 0
            var high = state.handlers.count
            while low < high {
                let middle = (low + high) / 2
                if state.handlers[middle].id < id {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low < state.handlers.count && state.handlers[low].id == id
        }
    }
}

/// Names one subscription of a ``PubSub``, for ``PubSub/unsubscribe(_:)``.
struct Token: Hashable, Sendable {
    let id: UInt
}
