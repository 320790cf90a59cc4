import FlowKernel
import ReactiveLite

/// What a ``Store`` does: it owns the state and mutations, queues actions and commits them one at
/// a time, and tracks the asynchronous action creators bound to its lifetime.
///
/// Serialization is the kernel's drain protocol (`Turn`, docs/threading.md), as in ReactiveLite's
/// channels. With the immediate executor, the caller commits its action in turn: at once when
/// idle; queued when called from inside a mutation or an observer on the committing thread;
/// deferred to the end of the caller's outermost delivery when called from inside a delivery while
/// another thread is committing; after waiting for the committing thread's turn when the caller is
/// inside no delivery. With another executor, the action is queued and one drain at a time is
/// scheduled on the executor; a drain commits one bounded batch and schedules the next behind the
/// executor's other work (`ExecutorDrain` in FlowKernel). No lock is held while a mutation runs,
/// so a mutation or an observer can dispatch and two stores that call into each other from two
/// threads cannot deadlock.
///
/// A separate object from ``Store`` so that the store's deinit can close it while a drain that
/// still holds it finishes: once closed, it drops what is queued and accepts nothing more.
@usableFromInline
final class StoreCore<State: VueFluxCore.State>: RegisteredStore {
    /// What commits need; released when the store goes, so that an ``Actions`` value that outlives
    /// its store holds only this small object, and a state whose observers hold the store's actions
    /// forms no cycle with it.
    ///
    /// A class: a commit takes it out of the lock with one retain, not a copy of each field.
    @usableFromInline
    final class Target: Sendable {
        @usableFromInline let state: State
        @usableFromInline let mutations: State.Mutations
        /// Told each action right after its commit, on the committing thread: the hook of
        /// VueFluxCoreTesting (see `Store.observeCommits(_:)`).
        @usableFromInline let didCommit: (@Sendable (State.Action) -> Void)?

        @usableFromInline
        init(
            state: State, mutations: State.Mutations,
            didCommit: (@Sendable (State.Action) -> Void)? = nil
        ) {
            self.state = state
            self.mutations = mutations
            self.didCommit = didCommit
        }

        /// Commits `action`, then tells the hook.
        @inlinable
        func commit(_ action: State.Action) {
            mutations.commit(action: action, state: state)
            didCommit?(action)
        }
    }

    @usableFromInline
    struct Queue: TurnHolding, Sendable {
        /// Taken while a caller commits (or, on an asynchronous executor, a drain is scheduled).
        @usableFromInline var turn = Turn<State.Action>()
        /// `nil` once the store is deallocated: nothing is committed after that.
        @usableFromInline var target: Target?
        /// The commit observers (test stores), by key, in the order they were added; `target`
        /// tells them all.
        var commitObservers: [(key: UInt64, observer: @Sendable (State.Action) -> Void)] = []
        var nextCommitObserverKey: UInt64 = 0
        /// Called once the executor's drain leaves the store idle (``StoreCore/whenIdle(_:)``).
        var idleWaiters: [@Sendable () -> Void] = []

        /// Makes `target` tell the commit observers there are now.
        mutating func retarget() -> Target? {
            guard let target else { return nil }
            let observers = commitObservers.map(\.observer)
            let didCommit: (@Sendable (State.Action) -> Void)?
            switch observers.count {
            case 0: didCommit = nil
            case 1: didCommit = observers[0]
            default: didCommit = { action in for observer in observers { observer(action) } }
            }
            self.target = Target(state: target.state, mutations: target.mutations, didCommit: didCommit)
            return target
        }

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
    /// How many callbacks wait in `Queue.idleWaiters`: read by each drain without the lock, so
    /// that a drain with nobody waiting takes no extra lock.
    let idleWaiterCount = AtomicCounter()

    init(state: State, mutations: State.Mutations, executor: Executor) {
        queue = Locked(Queue(target: Target(state: state, mutations: mutations)), gates: 1)
        self.executor = executor
        isImmediate = executor.isImmediate
    }

    /// Commits `action` after every action dispatched before it, or drops it if the store is gone.
    @inlinable
    func dispatch(_ action: State.Action) {
        if isImmediate {
            let deferred = queue.serialize(
                mayWait: true,
                arrive: { queue in queue.target == nil ? nil : action },
                prepare: Self.prepare,
                perform: Self.perform
            )
            if let deferred {
                dispatchLater(deferred)
            }
            return
        }
        let schedule = queue.enqueueForDrain(action, if: { $0.target != nil })
        if schedule {
            // The whole drain runs on the executor, so every commit does, one at a time. On
            // `.mainThread`, inline when dispatched on the main queue with nothing of this store's
            // pending (the store's queue keeps its order), whatever other main-thread work waits.
            executor.executeDrain { self.drainScheduled() }
        }
    }

    /// ``dispatch(_:)`` from async code: a task that finds another thread committing suspends
    /// instead of blocking its thread.
    ///
    /// With `unlessCancelled` (an effect's dispatch), the action is dropped if the calling task is
    /// cancelled when it reaches the turn: checked under the lock, after any wait. On an executor
    /// other than `.immediate` it is checked once, under the lock that queues the action for the
    /// executor's drain (queueing never waits; a custom context that runs the drain at once runs it
    /// on this thread, where a commit that forwards into a busy store waits for its turn, as in
    /// ``dispatch(_:)``).
    @inlinable
    func dispatchAsync(_ action: State.Action, unlessCancelled: Bool = false) async {
        guard isImmediate else {
            // Queued for the executor: never waits. The cancellation is checked under the lock
            // that queues the action, so an effect cancelled before its replacement dispatches
            // cannot queue its action after the replacement's (EffectRegistry's rule).
            let schedule = queue.enqueueForDrain(
                action, if: { $0.target != nil && !(unlessCancelled && Task.isCancelled) })
            if schedule {
                executor.executeDrain { self.drainScheduled() }
            }
            return
        }
        let deferred = await queue.serializeSuspending(
            arrive: { queue in
                queue.target == nil || (unlessCancelled && Task.isCancelled) ? nil : action
            },
            prepare: Self.prepare,
            perform: Self.perform
        )
        if let deferred {
            dispatchLater(deferred)
        }
    }

    /// Takes the commit target, under the lock.
    @inlinable
    static func prepare(_ queue: inout Queue, _ action: State.Action) -> Target? {
        queue.target
    }

    /// Commits an action; no lock is held.
    @inlinable
    static func perform(_ action: State.Action, _ target: inout Target?) {
        target?.commit(action)
    }

    /// Commits an action that another thread's turn kept from being committed now (queued in
    /// order), once the calling thread leaves its outermost turn (the kernel's rule for forwarded
    /// work, docs/threading.md).
    @usableFromInline @inline(never)
    func dispatchLater(_ deferral: Deferral) {
        Turn<State.Action>.deferUntilOutermostTurnEnds(
            { [queue] in queue.resume(deferral, prepare: Self.prepare, perform: Self.perform) },
            suspending: { [queue] in
                await queue.resumeSuspending(deferral, prepare: Self.prepare, perform: Self.perform)
            })
    }

    /// Commits the queued actions on the executor (the drain ``dispatch(_:)`` scheduled). On a
    /// dispatch queue or the main queue it commits one batch and schedules the next drain behind
    /// the queue's other work if more is queued: a flood from another thread never keeps the main
    /// queue to itself. On a custom context the first drain commits everything queued when it
    /// started and what its own commits dispatch again; a drain handed on commits at most 128 of
    /// the actions queued when it started, and leaves what its commits dispatch at the front of the
    /// next drain. What other threads dispatch meanwhile waits for the next drain, which is handed
    /// to the context from another thread, never from inside the work it is running. So a thread
    /// the context runs a drain on (the dispatching thread, for a context that runs work at once)
    /// commits none of the actions other threads dispatch while it runs: never their stream.
    ///
    /// - Parameter continuing: Whether the previous drain handed this one on.
    @usableFromInline
    func drainScheduled(continuing: Bool = false) {
        queue.drainScheduled(
            inBatches: executor.queuesAsynchronously, continuing: continuing, prepare: Self.prepare,
            perform: Self.perform
        ) {
            executor.executeLater { self.drainScheduled(continuing: true) }
        }
        if idleWaiterCount.value > 0 {
            callIdleWaiters()
        }
    }

    /// Adds an observer told each action after its commit, after those added before; takes effect
    /// from the next drain. Returns the key that ``stopObservingCommits(_:)`` takes.
    func observeCommits(_ observer: @escaping @Sendable (State.Action) -> Void) -> UInt64 {
        let (key, replaced) = queue.withLock { queue -> (UInt64, Target?) in
            let key = queue.nextCommitObserverKey
            queue.nextCommitObserverKey += 1
            queue.commitObservers.append((key, observer))
            return (key, queue.retarget())
        }
        _ = replaced  // released outside the lock
        return key
    }

    /// Removes the commit observer added with `key`; takes effect from the next drain.
    func stopObservingCommits(_ key: UInt64) {
        let replaced = queue.withLock { queue -> (Target?, Any?) in
            guard let index = queue.commitObservers.firstIndex(where: { $0.key == key }) else {
                return (nil, nil)
            }
            let removed = queue.commitObservers.remove(at: index)
            return (queue.retarget(), removed.observer)
        }
        _ = replaced  // released outside the lock
    }

    /// Marks the store gone: queued actions are dropped, later dispatches are ignored, and the
    /// asynchronous action creators bound to it are cancelled. A commit already running finishes.
    func close() {
        let dropped = queue.withLock { queue in
            defer { queue.target = nil }
            return (queue.target, queue.turn.removeAll())
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

    /// Whether the store is gone (``close()``): an action creator's task started now is born
    /// cancelled.
    var isClosed: Bool {
        lifetime.withLock { $0.isClosed }
    }

    /// The number of asynchronous action creators running under this store's lifetime.
    var trackedTaskCount: Int {
        lifetime.withLock { $0.tasks.count }
    }
}
