import FlowKernel

/// The proxy through which actions reach stores: extend it with one function per thing a user can
/// do, each dispatching actions.
///
/// ```swift
/// extension Actions where State == CounterState {
///     func increment() {
///         dispatch(action: .increment)
///     }
/// }
/// ```
///
/// `store.actions` reaches that store alone; `Store<State>.actions` reaches every live store of
/// the state type, in the order they were created. Neither keeps a store (or its state) alive: an
/// action sent through a store's `actions` after the store is deallocated is dropped.
///
/// An action creator can be `async`: it awaits its side effect (a network request, say) and
/// dispatches the results. Wrap its body in ``withStoreLifetime(_:)`` to have it cancelled when
/// the store goes away.
public struct Actions<State: VueFluxCore.State>: Sendable {
    @usableFromInline
    enum Target: Sendable {
        /// The store's core, not the store: it outlives the store only as a closed, empty shell.
        case store(StoreCore<State>)
        case global
    }

    @usableFromInline
    let target: Target

    @usableFromInline
    init(target: Target) {
        self.target = target
    }

    /// Dispatches `action` to the store (or, from `Store<State>.actions`, to every live store of
    /// the state type, in creation order).
    ///
    /// Each store commits its actions one at a time, in the order they were dispatched. With the
    /// `.immediate` executor the action is committed on the calling thread before this returns,
    /// after waiting for the other thread's turn if another thread is committing, unless this call
    /// comes from inside a delivery (a mutation or an observer) while the store is busy. From
    /// inside the store's current commit, on the committing thread, the action is queued and
    /// committed right after the current one, and this returns at once. From inside a delivery of
    /// another store (or any source of this package) while another thread commits, this returns at
    /// once and the calling thread commits the action itself once it leaves its outermost delivery.
    /// With `.queue` or `.mainThread` the commit runs there, later or at once as the executor
    /// decides, and this never waits. Only a caller inside no delivery waits, so it cannot
    /// deadlock. An action sent to a deallocated store is dropped.
    ///
    /// A global dispatch (`Store<State>.actions`) made from inside a commit or an observer while a
    /// global dispatch of the same state type is on its way through the stores on this thread
    /// returns at once; the thread applies it to every store once that one has reached them all,
    /// before its outermost call returns. So every store gets the outer action first.
    ///
    /// - Parameter action: The action to commit.
    @inlinable
    public func dispatch(action: State.Action) {
        switch target {
        case .store(let core):
            core.dispatch(action)
        case .global:
            Self.dispatchGlobally(action)
        }
    }

    /// The global dispatch (`Store<State>.actions`): `action` to every live store of the state
    /// type, in creation order (a snapshot taken as it starts).
    ///
    /// Made from inside a commit or an observer while a synchronous global dispatch of the same
    /// state type is on its way through the stores on this thread, it is queued behind that one
    /// (``GlobalDispatchLoop``), which takes it through every store once it has reached them all,
    /// so that every store gets the outer action first.
    @usableFromInline
    static func dispatchGlobally(_ action: State.Action) {
        let type = ObjectIdentifier(State.self)
        let thread = currentThreadIdentity()
        if let loop = GlobalDispatchLoop.current, loop.stateType == type, loop.thread == thread,
            Turn<State.Action>.isInsideATurn, loop.enqueue(action)
        {
            return
        }
        let loop = GlobalDispatchLoop(stateType: type, thread: thread)
        GlobalDispatchLoop.$current.withValue(loop) {
            var next: State.Action? = action
            while let action = next {
                for registration in StoreRegistry.shared.stores(for: type) {
                    // Filed under `State.self`, so a `StoreCore<State>` (Internal/Unsafe.swift).
                    registration.core(of: State.self).dispatch(action)
                }
                next = loop.next(of: State.Action.self)
            }
        }
    }

    /// Dispatches `action` from async code (an asynchronous action creator): the same order and
    /// rules as ``dispatch(action:)``, except that a task that finds another thread committing to
    /// an `.immediate` store suspends until that commit's turn is over instead of blocking its
    /// thread, one of the few of Swift's cooperative pool. When it returns, the action has been
    /// committed to every `.immediate` store it reached.
    ///
    /// - Parameter action: The action to commit.
    @inlinable
    public func dispatchAsync(action: State.Action) async {
        await dispatchAsync(action: action, unlessCancelled: false)
    }

    /// ``dispatchAsync(action:)``; with `unlessCancelled` (an effect's dispatch), each store drops
    /// the action if the calling task is cancelled when the action reaches its turn. Stores are
    /// reached one after another, so with global dispatch a cancellation that comes while the
    /// action waits for one store's turn reaches that store and the ones after it, not the stores
    /// that already committed it.
    @inlinable
    func dispatchAsync(action: State.Action, unlessCancelled: Bool) async {
        switch target {
        case .store(let core):
            await core.dispatchAsync(action, unlessCancelled: unlessCancelled)
        case .global:
            let registrations = StoreRegistry.shared.stores(for: ObjectIdentifier(State.self))
            for registration in registrations {
                let core = registration.core(of: State.self)
                await core.dispatchAsync(action, unlessCancelled: unlessCancelled)
            }
        }
    }

    /// Runs `operation`, the body of an asynchronous action creator, in a task that is cancelled
    /// when the store is deallocated, and waits for it to finish.
    ///
    /// ```swift
    /// extension Actions where State == SearchState {
    ///     func search(_ query: String, in client: SearchClient) async {
    ///         await withStoreLifetime {
    ///             dispatch(action: .started(query))
    ///             do {
    ///                 dispatch(action: .found(try await client.search(query)))
    ///             } catch {
    ///                 dispatch(action: .failed)
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The task is also cancelled when the calling task is, and it is born cancelled if the store
    /// is already gone. Cancellation is cooperative, as always in Swift: `operation` sees it
    /// through `Task.isCancelled` or a cancelled `await` throwing; whatever it still dispatches to
    /// the gone store is dropped. From `Store<State>.actions` there is no single store:
    /// `operation` then runs in the calling task, cancelled only with it.
    ///
    /// - Parameter operation: The work: awaits side effects and dispatches their results.
    public func withStoreLifetime(_ operation: @escaping @Sendable () async -> Void) async {
        guard case .store(let core) = target else {
            await operation()
            return
        }
        let task = Task { await operation() }
        guard let id = core.track(task) else {
            task.cancel()
            await task.value
            return
        }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        core.untrack(id)
    }
}

/// A synchronous global dispatch on its way through the stores of its state type, as the context
/// of the call that makes it (task-local, and so thread-local outside a task): a global dispatch
/// of the same state type made from inside one of its commits, on its thread, is queued here
/// instead of overtaking it, and the loop takes it through every store once the current action
/// has reached them all. The thread is checked because a task started from a commit inherits the
/// context: its dispatches are its own. Closed when the loop ends, so that nothing is queued where
/// no one will take it.
final class GlobalDispatchLoop: Sendable {
    @TaskLocal static var current: GlobalDispatchLoop?

    /// The state type whose stores the loop goes through.
    let stateType: ObjectIdentifier
    /// The thread that runs the loop (``currentThreadIdentity()``).
    let thread: UInt
    private let queued = Locked((actions: FIFO<any Sendable>(), isOpen: true))

    init(stateType: ObjectIdentifier, thread: UInt) {
        self.stateType = stateType
        self.thread = thread
    }

    /// Queues `action` behind the loop's current one; returns `false` (queuing nothing) once the
    /// loop has ended.
    func enqueue(_ action: any Sendable) -> Bool {
        queued.withLock { queued in
            guard queued.isOpen else { return false }
            queued.actions.append(action)
            return true
        }
    }

    /// The next queued action, or `nil` (closing the loop) when none is left.
    func next<Action>(of type: Action.Type) -> Action? {
        let next: (any Sendable)? = queued.withLock { queued in
            guard let action = queued.actions.popFirst() else {
                queued.isOpen = false
                return nil
            }
            return action
        }
        return next as? Action
    }
}
