import Dispatch
import FlowKernel
import ReactiveLite

/// The store: holds the app state (`[SubstateType]`), applies dispatched actions through the
/// middleware and reducers, and announces each new state with the action that produced it.
///
/// **One action at a time, in turn.** ``dispatch(action:)-(Action)`` called while the store is idle applies
/// the action on the calling thread and returns once it is applied and announced. Called from a
/// reducer, an observer or a middleware of this store's current action, on the thread applying it,
/// it queues the action and returns at once; that thread applies it right after the current one,
/// first in first out. Called from inside a delivery of another store (or any source of this
/// package) while another thread applies this store's actions, it returns at once, and the calling
/// thread applies the action itself once it leaves its outermost delivery, unless a thread that
/// takes the turn first applies it on its way to its own (at most what one delivery forwarded).
/// Called from outside
/// those while another thread applies actions, it waits for the other thread's turn on a lock that
/// records its owner, then applies its action itself: no thread applies another thread's stream,
/// and a fast producer waits instead of growing a queue. So nothing is lost, nothing nests, no
/// lock is held while user code runs, and once every `dispatch` call has returned, every action has
/// been applied and announced (docs/threading.md).
///
/// **State in place.** While reducers run, the state is moved out of the store so that they hold
/// the only reference to it: a typed reducer appending to a large array in its substate does not
/// copy it (unless an observer kept the previous state). A read of the state from another thread
/// meanwhile waits for the reducers to finish, on a gate the reducing thread holds; a read from
/// inside a reducer gets an empty result (see ``StoreError/readDuringReduction``).
///
/// **Misuse does not crash.** Unhandled actions, missing substates and duplicate substates are
/// reported on ``diagnostics`` and leave the state as it was.
///
/// ```swift
/// let store = Store()
/// store.register(TasksState.self, for: TasksAction.self) { state, action in
///     switch action {
///     case .add(let task): state.tasks.append(task)
///     }
/// }
/// store.dispatch(action: StoreAction.add(states: [TasksState()]))
/// store.dispatch(action: TasksAction.add("Write docs"))
/// store.substate(TasksState.self)?.tasks  // ["Write docs"]
/// ```
public final class Store: Sendable {
    @usableFromInline
    let core: Locked<StoreCore>

    @usableFromInline
    let mainReducer: MainReducer?

    @usableFromInline
    let diagnosticsSink = Sink<StoreError>()

    /// The observe-only middlewares, kept for the store's lifetime (see ``middlewares``).
    let registeredMiddlewares = Locked<[any MiddlewareType]>([])

    /// The side effects started on this store (``runEffect(id:fileID:line:_:)``); off the dispatch
    /// path.
    package let effectRegistry = EffectRegistry()

    /// Creates a store with an empty state.
    ///
    /// - Parameter mainReducer: The untyped reducer called for every action other than a
    ///   ``StoreAction``, after the typed reducers; `nil` to use typed reducers alone
    ///   (``register(_:for:reducer:)``).
    public init(mainReducer: MainReducer? = nil) {
        core = Locked(StoreCore(), gates: StoreCore.gates)
        self.mainReducer = mainReducer
    }

    deinit {
        // The effects go with the store: cancelled, and none starts after this.
        effectRegistry.close()
    }

    /// Dispatches an action: it goes through the intercepting middleware, then the reducers, and the
    /// resulting state is announced with it.
    ///
    /// On an idle store the action is applied and announced before this returns, on the calling
    /// thread. From a reducer, an observer or a middleware of this store on the thread applying its
    /// actions, it is queued and this returns at once; that thread applies it right after the
    /// current action, first in first out. From inside a delivery of another store (or any source
    /// of this package) while another thread applies this store's actions, this returns at once and
    /// the calling thread applies the action itself once it leaves its outermost delivery (unless a
    /// thread that takes the turn first applies it on its way to its own). From
    /// outside any delivery while another thread applies actions, this waits for that thread's turn
    /// on a lock that records its owner (never from inside a delivery, so it cannot deadlock), then
    /// applies the action on the calling thread.
    ///
    /// - Parameter action: The action to apply.
    ///
    /// Called with an action whose type is known where it is written (the usual case), this
    /// resolves to the generic ``dispatch(action:)-(Action)``, with the same contract and no
    /// existential; this one remains for a reference to the function as a value of type
    /// `(any ActionType) -> Void` and for ``StoreType``.
    @_disfavoredOverload
    public func dispatch(action: any ActionType) {
        dispatch(action, stage: 0)
    }

    /// Dispatches an action of a type known to the caller: the same contract as the untyped
    /// ``dispatch(action:)-(ActionType)``, which it is preferred to for any action, an
    /// `any ActionType` included (Swift opens it).
    ///
    /// When the store is idle and has no intercepting middleware, the action is reduced through
    /// its type: the typed reducers get it in place, with no existential opened, and it is put in
    /// an existential once, for the main reducer, ``lastAction`` and the observers. Otherwise it
    /// takes the untyped path, in the same order.
    ///
    /// - Parameter action: The action to apply.
    @inlinable
    public func dispatch<Action: ActionType>(action: Action) {
        var delivered: ObserverList<Observer>.Snapshot?
        var reduction = Reduction()
        // Lent to the closures, not retained (Internal/Unsafe.swift).
        let store = LentStore(self)
        let gates = core
        let deferred = gates.serialize(
            take: { core -> Void? in
                core.beginDirect(ObjectIdentifier(Action.self), into: &reduction, gates: gates) ? () : nil
            },
            performTaken: { _ in
                delivered = store { $0.announce(typed: action, reduction: &reduction) }
            },
            work: { .action(action, stage: 0) },
            prepare: { core, work in core.prepare(work, into: &reduction, gates: gates) },
            perform: { work, start in
                delivered = store { $0.perform(work, start: start, reduction: &reduction) }
            }
        )
        withExtendedLifetime(delivered) {}
        if let deferred {
            runLater(deferred)
        }
    }

    /// Dispatches an action from async code (a middleware's task, an effect): the same order and
    /// rules as ``dispatch(action:)-(Action)``, except that a task that finds another thread applying
    /// actions suspends until that thread's turn is over instead of blocking its thread, one of the
    /// few of Swift's cooperative pool. When it returns, the action has been applied and announced,
    /// except when it is called on a thread inside a turn (a task started with `Task.immediate`
    /// from an observer, a reducer or a middleware runs there until it first suspends): it then
    /// does what the synchronous dispatch does there, queueing (or deferring) the action behind the
    /// current one, and returns before it is applied, since waiting there could wait for itself.
    /// A cancelled task's action is applied all the same, as by the synchronous dispatch: only an
    /// effect's dispatch drops its action once the effect is cancelled.
    ///
    /// - Parameter action: The action to apply.
    public func dispatchAsync(action: any ActionType) async {
        await dispatchSuspending(action)
    }

    /// The substate of type `S`, found by its type in O(1); `nil` if no substate of that exact type
    /// was added (or it was removed by ``StoreAction/reset``).
    ///
    /// Safe from any thread. While reducers run on another thread it waits for them; from inside a
    /// reducer it returns `nil` and reports ``StoreError/readDuringReduction``.
    ///
    /// - Parameter type: The substate's type, for example `TasksState.self`.
    /// - Returns: A copy of the substate, or `nil`.
    @inlinable
    public func substate<S: SubstateType>(_ type: S.Type) -> S? {
        let found: S?? = read { core in
            guard let position = core.index[ObjectIdentifier(S.self)] else { return nil }
            return core.substates.read(S.self, at: position)
        }
        return found ?? nil
    }

    /// The app state: every substate, in the order they were added.
    ///
    /// Safe from any thread. While reducers run on another thread it waits for them; from inside a
    /// reducer it returns `[]` and reports ``StoreError/readDuringReduction``.
    public var currentState: [any SubstateType] {
        read { $0.substates } ?? []
    }

    /// The last action applied (after intercepting middleware), or `nil` before the first one.
    ///
    /// While an action is being reduced this is still the one before it, matching the state a
    /// reader sees.
    public var lastAction: (any ActionType)? {
        let action = core.withLock { $0.lastAction }
        return NoAction.isNone(action) ? nil : action
    }

    /// The problems met while applying actions (see ``StoreError``), each sent once, on the thread
    /// draining the store, right before the action is announced on ``currentStateLastAction``.
    ///
    /// Not replayed: an observer sees only problems met after it subscribed.
    public var diagnostics: Signal<StoreError> {
        diagnosticsSink.signal
    }
}
