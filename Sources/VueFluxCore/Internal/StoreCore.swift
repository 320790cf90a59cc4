import ReactiveLite

/// What a ``Store`` does: it owns the state and mutations, queues actions and commits them one at
/// a time, and tracks the asynchronous action creators bound to its lifetime.
///
/// Serialization is by hand-off, as in ReactiveLite's channels. `dispatch` enqueues the action
/// under `queue`'s lock; if no commit is under way, the caller becomes the drainer and commits
/// actions until the queue is empty (on the executor); otherwise it returns at once and the
/// drainer commits its action after the ones before it. No lock is held while a mutation runs, so
/// a mutation or an observer can dispatch (its action is queued, first in first out) and two stores
/// that call into each other from two threads cannot deadlock.
///
/// A separate object from ``Store`` so that the store's deinit can close it while a drain that
/// still holds it finishes: once closed, it drops what is queued and accepts nothing more.
@usableFromInline
final class StoreCore<State: VueFluxCore.State>: RegisteredStore {
    /// What commits need; released when the store goes, so that an ``Actions`` value that outlives
    /// its store holds only this small object, and a state whose observers hold the store's actions
    /// forms no cycle with it.
    @usableFromInline
    struct Target: Sendable {
        @usableFromInline let state: State
        @usableFromInline let mutations: State.Mutations
        /// Told each action right after its commit, on the committing thread: the hook of
        /// VueFluxCoreTesting (see `Store.observeCommits(_:)`).
        @usableFromInline var didCommit: (@Sendable (State.Action) -> Void)?

        @usableFromInline
        init(state: State, mutations: State.Mutations) {
            self.state = state
            self.mutations = mutations
        }
    }

    @usableFromInline
    struct Queue: Sendable {
        @usableFromInline var pending = ActionQueue<State.Action>()
        /// Whether a drainer is committing (or, on an asynchronous executor, is scheduled to).
        @usableFromInline var isCommitting = false
        /// `nil` once the store is deallocated: nothing is committed after that.
        @usableFromInline var target: Target?

        @usableFromInline
        init(target: Target) {
            self.target = target
        }
    }

    struct Lifetime: Sendable {
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var nextID: UInt64 = 0
        var isClosed = false
    }

    @usableFromInline let executor: Executor
    /// Cached so the hot path does not ask the executor on every dispatch.
    @usableFromInline let isImmediate: Bool
    @usableFromInline let queue: Locked<Queue>
    let lifetime = Locked(Lifetime())

    init(state: State, mutations: State.Mutations, executor: Executor) {
        queue = Locked(Queue(target: Target(state: state, mutations: mutations)))
        self.executor = executor
        isImmediate = executor.isImmediate
    }

    /// Commits `action` after every action dispatched before it, or drops it if the store is gone.
    @inlinable
    func dispatch(_ action: State.Action) {
        let target: Target? = queue.withLock { queue in
            guard let target = queue.target else { return nil }
            if queue.isCommitting || !isImmediate {
                queue.pending.append(action)
            }
            if queue.isCommitting {
                return nil
            }
            queue.isCommitting = true
            return target
        }
        guard let target else { return }
        if isImmediate {
            // The action was not queued: nothing was ahead of it, so commit it at once.
            target.mutations.commit(action: action, state: target.state)
            target.didCommit?(action)
            drain(target)
        } else {
            // The whole drain runs on the executor, so every commit does, one at a time.
            executor.execute { self.drain(target) }
        }
    }

    /// Commits queued actions until none is left (or the store is gone), then gives up the
    /// drainer role.
    @inlinable
    func drain(_ target: Target) {
        while true {
            let next: State.Action? = queue.withLock { queue in
                if queue.target != nil, let action = queue.pending.popFirst() {
                    return action
                }
                queue.isCommitting = false
                return nil
            }
            guard let next else { return }
            target.mutations.commit(action: next, state: target.state)
            target.didCommit?(next)
        }
    }

    /// Sets the observer told each action after its commit; takes effect from the next drain.
    func observeCommits(_ observer: @escaping @Sendable (State.Action) -> Void) {
        queue.withLock { $0.target?.didCommit = observer }
    }

    /// Marks the store gone: queued actions are dropped, later dispatches are ignored, and the
    /// asynchronous action creators bound to it are cancelled. A commit already running finishes.
    func close() {
        let dropped = queue.withLock { queue in
            defer { queue.target = nil }
            return (queue.target, queue.pending.removeAll())
        }
        let tasks = lifetime.withLock { lifetime in
            lifetime.isClosed = true
            defer { lifetime.tasks = [:] }
            return Array(lifetime.tasks.values)
        }
        // Outside the locks: releasing the state and actions and cancelling tasks may run user code.
        _ = dropped
        for task in tasks {
            task.cancel()
        }
    }

    /// Tracks `task` until ``untrack(_:)``, cancelling it if the store goes first; returns `nil`
    /// (and the caller cancels) if the store is gone already.
    func track(_ task: Task<Void, Never>) -> UInt64? {
        lifetime.withLock { lifetime in
            guard !lifetime.isClosed else { return nil }
            let id = lifetime.nextID
            lifetime.nextID += 1
            lifetime.tasks[id] = task
            return id
        }
    }

    func untrack(_ id: UInt64) {
        _ = lifetime.withLock { $0.tasks.removeValue(forKey: id) }
    }

    /// The number of asynchronous action creators running under this store's lifetime.
    var trackedTaskCount: Int {
        lifetime.withLock { $0.tasks.count }
    }
}
