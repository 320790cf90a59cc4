import FlowKernel
import ReactiveLite

/// The owner of one state: it commits the actions dispatched to it through the state's mutations,
/// one at a time, and gives access to them only through ``actions-property`` and ``computed``.
///
/// ```swift
/// let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)
/// store.computed.countTextValues.observe { print($0) }  // prints "0"
/// store.actions.increment()                              // prints "1"
/// Store<CounterState>.actions.increment()                // every CounterState store: prints "2"
/// ```
///
/// Commits are serialized per store: whatever thread dispatches, one mutation runs at a time, in
/// dispatch order, on the store's executor, and no lock is held while it runs. A dispatch from a
/// mutation or an observer of the current commit, on the committing thread, is queued and
/// committed after the current one, first in first out, and returns at once. With `.immediate`, a
/// dispatch from a mutation or an observer of another source while another thread commits returns
/// at once, and the calling thread commits the action itself once it leaves its outermost
/// delivery (unless a thread that takes the turn first commits it on its way to its own); a
/// dispatch from another thread, inside no delivery, waits for the other thread's turn
/// and commits its own action. Only threads inside no delivery wait, so no wait can close a cycle.
///
/// Subclass it for a store shared across an app:
///
/// ```swift
/// final class CounterStore: Store<CounterState> {
///     static let shared = CounterStore()
///
///     private init() {
///         super.init(state: .init(), mutations: .init(), executor: .queue(.global()))
///     }
/// }
/// ```
///
/// A store registers for global dispatch when created and leaves when deallocated: at once, and
/// the actions it had queued but not committed are dropped. Nothing else (not its
/// ``actions-property``, not an observer, not a running asynchronous action creator) keeps it alive.
///
/// `@MainActor` for one reason: a subclass, such as a shared store with `static let shared`, must
/// be `Sendable` without annotations in Swift 6, and a class is only that when it is final or
/// isolated to a global actor (subclasses of an `@unchecked Sendable` class get a warning). Every
/// member of `Store` itself is `nonisolated`: create, dispatch and observe from any thread. What a
/// subclass adds (its initializers, a `static let shared`) is main-actor isolated unless marked
/// `nonisolated`, which suits stores reached from view controllers.
@MainActor
open class Store<State: VueFluxCore.State> {
    /// The actions that reach this store alone.
    ///
    /// Does not keep the store alive: an action sent through it after the store is deallocated is
    /// dropped.
    nonisolated public let actions: Actions<State>

    /// The published, read-only face of this store's state.
    nonisolated public let computed: Computed<State>

    @usableFromInline
    nonisolated let core: StoreCore<State>

    nonisolated private let registration: UInt64

    /// The side effects its action creators started (``Actions/runEffect(id:fileID:line:_:)``);
    /// off the dispatch path, found from ``actions-property`` through ``StoreEffects``.
    nonisolated package let effectRegistry = EffectRegistry()

    /// The actions that reach every live store of this state type, in the order the stores were
    /// created; a global event bus.
    ///
    /// A store created or deallocated on another thread during a dispatch may or may not receive
    /// that action; every store alive throughout receives it. With no live store, an action is
    /// dropped. Nothing is kept for a state type once its last store is gone.
    nonisolated public static var actions: Actions<State> {
        Actions(target: .global)
    }

    /// Creates a store of `state`, committing through `mutations` on `executor`, and registers it
    /// for global dispatch.
    ///
    /// - Parameters:
    ///   - state: The state this store owns. Give each store its own state object.
    ///   - mutations: Applies each action to the state.
    ///   - executor: Where commits run: `.immediate` on the dispatching thread (synchronously
    ///     unless the store is busy), `.mainThread` on the main queue, `.queue(_:)` on that queue.
    ///     Commits are one at a time in dispatch order on any of them, a concurrent queue included.
    nonisolated public init(state: State, mutations: State.Mutations, executor: Executor) {
        let core = StoreCore(state: state, mutations: mutations, executor: executor)
        self.core = core
        actions = Actions(target: .store(core))
        computed = Computed(state: state)
        registration = StoreRegistry.shared.register(core, for: ObjectIdentifier(State.self))
        StoreEffects.register(effectRegistry, for: core)
    }

    deinit {
        // Close first: a global dispatch that took its snapshot before the deregistration then
        // finds the store closed and commits nothing.
        core.close()
        StoreRegistry.shared.deregister(sequence: registration, for: ObjectIdentifier(State.self))
        // The effects go with the store: cancelled, and no new one starts through its actions.
        StoreEffects.remove(for: core)
        effectRegistry.close()
    }
}
