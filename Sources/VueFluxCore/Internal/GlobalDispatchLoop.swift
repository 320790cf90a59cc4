import FlowKernel

/// A synchronous global dispatch on its way through the stores of its state type, installed on
/// its thread for the length of the call that makes it (``ThreadContext``).
///
/// For each store of its snapshot it keeps the actions dispatched to that store that the store has
/// not been given yet, in the order they were dispatched: at first the global action, for every
/// store. It gives each store its actions in turn, in creation order. An action dispatched on the
/// loop's thread from inside a commit or an observer to a store of the snapshot (through
/// `Store<State>.actions`, or through that store's own `actions`) goes behind the ones that store
/// has not been given yet; to a store that has none left (one the loop has passed, or the current
/// one once it has been given them all), it goes straight to the store, whose own queue keeps the
/// order. So each store gets its actions in the order they were dispatched, and every store gets
/// the outer action first.
///
/// A dispatch from another thread, a task started from a commit included, is its own: it does not
/// see the loop. Closed when the loop ends, so that nothing is queued where no one will take it.
final class GlobalDispatchLoop: Sendable {
    /// The state type whose stores the loop goes through.
    let stateType: ObjectIdentifier
    /// The stores the loop goes through: the snapshot taken as it started, in creation order.
    let stores: [StoreRegistry.Registration]

    private struct Pending: Sendable {
        /// Per store of ``stores``, the actions it has not been given yet.
        var actions: [FIFO<any Sendable>]
        var isOpen = true
    }

    private let pending: Locked<Pending>

    init(stateType: ObjectIdentifier, stores: [StoreRegistry.Registration], action: any Sendable) {
        self.stateType = stateType
        self.stores = stores
        var first = FIFO<any Sendable>()
        first.append(action)
        pending = Locked(Pending(actions: Array(repeating: first, count: stores.count)))
    }

    /// The loop that a dispatch of `State` made here belongs to: the innermost one this thread
    /// runs, if it is of the same state type and the thread is inside a commit or an observer.
    @inline(__always)
    static func enclosing<State>(for type: State.Type) -> GlobalDispatchLoop? {
        guard ThreadContext.isSet, Turn<Void>.isInsideATurn,
            let loop = ThreadContext.current as? GlobalDispatchLoop, loop.stateType == ObjectIdentifier(type)
        else { return nil }
        return loop
    }

    /// Runs `body`, the loop itself, with the loop installed on this thread.
    func run(_ body: () -> Void) {
        ThreadContext.with(self, body)
        close()
    }

    /// Queues a global `action` behind what each store has not been given yet.
    ///
    /// - Returns: the positions in ``stores`` of the stores that have nothing left to be given,
    ///   which the caller gives `action` at once, in this order; `nil` (queuing nothing) once the
    ///   loop has ended.
    func enqueueGlobal(_ action: any Sendable) -> [Int]? {
        pending.withLock { pending in
            guard pending.isOpen else { return nil }
            var now: [Int] = []
            for index in pending.actions.indices {
                if pending.actions[index].isEmpty {
                    now.append(index)
                } else {
                    pending.actions[index].append(action)
                }
            }
            return now
        }
    }

    /// Queues `action`, dispatched to the store whose core is `core` alone, behind what that store
    /// has not been given yet.
    ///
    /// - Returns: whether it was queued; `false` when the store is not in the loop, has nothing
    ///   left to be given, or the loop has ended: the caller then dispatches it to the store.
    func enqueue(_ action: any Sendable, toStoreWith core: ObjectIdentifier) -> Bool {
        guard let index = stores.firstIndex(where: { ObjectIdentifier($0.store) == core }) else {
            return false
        }
        return pending.withLock { pending in
            guard pending.isOpen, !pending.actions[index].isEmpty else { return false }
            pending.actions[index].append(action)
            return true
        }
    }

    /// The next action for the store at `index`, or `nil` when it has been given them all (closing
    /// the loop after the last store's).
    func next<Action>(forStoreAt index: Int, of type: Action.Type) -> Action? {
        let next: (any Sendable)? = pending.withLock { pending in
            guard let action = pending.actions[index].popFirst() else {
                if index == pending.actions.count - 1 {
                    pending.isOpen = false
                }
                return nil
            }
            return action
        }
        return next as? Action
    }

    /// Ends the loop: nothing is queued after this.
    private func close() {
        pending.withLock { $0.isOpen = false }
    }
}
