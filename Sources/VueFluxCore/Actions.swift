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
    /// once and the calling thread commits the action itself once it leaves its outermost delivery
    /// (unless a thread that takes the turn first commits it on its way to its own).
    /// With `.queue` or `.mainThread` the commit runs there, later or at once as the executor
    /// decides, and queueing it never waits; a drain the executor runs at once on this thread
    /// applies what its commits forward into another store, waiting for that store's turn if
    /// another thread holds it, as a caller inside no delivery does (docs/threading.md). Only a
    /// caller inside no delivery waits, so it cannot deadlock, unless code inside the turn it
    /// waits for blocks on it (`DispatchQueue.main.sync` toward a `.mainThread` store's drain).
    /// An action sent to a deallocated store is dropped.
    ///
    /// A global dispatch (`Store<State>.actions`) is this call made on each store in turn, in
    /// creation order, with the same rules; so is one made from inside a commit or an observer of
    /// another global dispatch. The store committing queues it behind its current action, and an
    /// idle store commits it before this returns: a store the outer action has not reached yet
    /// included, which then gets the inner action before the outer one (docs/vueflux.md).
    ///
    /// - Parameter action: The action to commit.
    @inlinable
    public func dispatch(action: State.Action) {
        switch target {
        case .store(let core):
            core.dispatch(action)
        case .global:
            let registrations = StoreRegistry.shared.stores(for: ObjectIdentifier(State.self))
            for registration in registrations {
                // Filed under `State.self`, so a `StoreCore<State>` (Internal/Unsafe.swift).
                registration.core(of: State.self).dispatch(action)
            }
        }
    }

    /// Dispatches `action` from async code (an asynchronous action creator): the same order and
    /// rules as ``dispatch(action:)``, except that a task that finds another thread committing to
    /// an `.immediate` store suspends until that commit's turn is over instead of blocking its
    /// thread, one of the few of Swift's cooperative pool. When it returns, the action has been
    /// committed to every `.immediate` store it reached, except when it is called on a thread
    /// inside a turn (a task started with `Task.immediate` from an observer or a mutation runs
    /// there until it first suspends): it then does what ``dispatch(action:)`` does there,
    /// queueing (or deferring) the action behind the current one, and returns before it is
    /// committed, since waiting there could wait for itself. On `.queue` or `.mainThread` it
    /// queues the action and returns without waiting; a custom context that runs the drain at once
    /// on the calling thread runs it there like a synchronous dispatch does, and a commit that
    /// forwards into a store another thread holds then waits for that store's turn on this thread
    /// (docs/threading.md). A cancelled task's action is committed all the same, as by
    /// ``dispatch(action:)``: only an effect's dispatch drops its action once the effect is
    /// cancelled.
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
        let task = Task {
            // Born cancelled when the store is gone: checked in the task, before `operation`, so
            // that no thread of the pool can start it in between (`track` below cancels a task
            // that is already running).
            if core.isClosed {
                withUnsafeCurrentTask { $0?.cancel() }
            }
            await operation()
        }
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
