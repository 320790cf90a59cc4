import FlowKernel

/// Work waiting for the store's drainer, first in first out.
@usableFromInline
enum PendingWork: Sendable {
    /// Apply an action, starting at intercepting middleware number `stage`.
    ///
    /// Boxed: only a dispatch that finds the store busy makes one, and without the box the
    /// existential would make every copy, test and destruction of a `PendingWork` (and of the
    /// kernel's optionals of it, on every turn) go through runtime type metadata.
    indirect case action(any ActionType, stage: Int)
    /// Attach an observer and give it the current state.
    case subscribe(ObserverEntry)
}

/// What a store calls after each action: with the state and the action that produced it
/// (``NoAction`` before the first), both lent for the call. The store passes the action it is
/// applying, so announcing it copies no existential.
///
/// A struct around the closure, not the closure itself: the observer list is generic, and a
/// closure stored directly as its element would be called through a reabstraction thunk.
@usableFromInline
struct Observer: Sendable {
    @usableFromInline let notify:
        @Sendable (_ substates: [any SubstateType], _ action: any ActionType) -> Void

    @usableFromInline
    init(_ notify: @escaping @Sendable (_ substates: [any SubstateType], _ action: any ActionType) -> Void) {
        self.notify = notify
    }

    /// An observer that does nothing: what a queued subscription holds once it was disposed of.
    static let ignoring = Observer { _, _ in }
}

/// One observer of a store, in the store's subscription-ordered list.
@usableFromInline
typealias ObserverEntry = ObserverList<Observer>.Entry

/// Everything a ``Store`` guards with its one lock.
///
/// One thread at a time holds the store's turn (the kernel's drain protocol, `Turn`): it applies
/// actions and announces them, with the lock released while user code runs. While a reducer runs,
/// the state has been moved out (`movedOut`, the kernel's in-place protocol) so that the reducer holds the only reference to it
/// and mutates it in place; readers on other threads wait for it on the reducing gate
/// (``reducingGate``), which the reducing thread holds meanwhile.
@usableFromInline
struct StoreCore: TurnHolding, MovesStateOut, Sendable {
    @usableFromInline var substates: [any SubstateType] = []
    /// Position in `substates` by `ObjectIdentifier` of the substate's type.
    @usableFromInline var index = SubstateIndex()
    /// The last action applied, or ``NoAction`` before the first: not an optional, whose every
    /// copy and destruction would go through runtime type metadata.
    @usableFromInline var lastAction: any ActionType = NoAction()

    @usableFromInline var turn = Turn<PendingWork>()

    /// Whether the state is moved out for the reducers, by whom, and the reads refused meanwhile
    /// (from a reducer, of this store or of another one; reported as `readDuringReduction` once the
    /// action is applied, not from inside the reducer): the kernel's in-place protocol.
    @usableFromInline var movedOut = MovedOut()

    @usableFromInline var observers = ObserverList<Observer>()

    @usableFromInline var interceptors: [any InterceptingMiddlewareType] = []
    /// Typed reducers by `ObjectIdentifier` of the action type, in registration order.
    @usableFromInline var reducers = ReducerTable()

    @usableFromInline
    init() {}

    /// The gate of the turn (the kernel's), then the one held while the state is moved out.
    @usableFromInline static let gates = 2
    /// The gate a reducing thread holds while the state is moved out (see ``begin``).
    @usableFromInline static let reducingGate = 2
}

/// What the drainer moves out of the store's lock to reduce one action, so that the reducers hold
/// the only reference to the state.
@usableFromInline
struct Reduction {
    @usableFromInline var substates: [any SubstateType] = []
    @usableFromInline var index = SubstateIndex()
    @usableFromInline var reducers: [TypedReducer]?

    @usableFromInline
    init() {}
}

extension StoreCore {
    /// Starts applying an action of type `actionType` at intercepting middleware number `stage`:
    /// ``Start/intercept`` if there is such an interceptor; else moves the state and the action's
    /// reducers into `reduction`, marks the state as moved out and returns ``Start/reduce``.
    ///
    /// Called under the lock of `gates` (the store's own), whose reducing gate it takes as the
    /// state is moved out (the kernel's in-place protocol, `MovedOut`).
    @inlinable
    mutating func begin(
        _ actionType: ObjectIdentifier,
        stage: Int,
        into reduction: inout Reduction,
        gates: Locked<StoreCore>
    ) -> Start {
        if stage < interceptors.count {
            return .intercept
        }
        moveOut(gates: gates, gate: Self.reducingGate)
        // Swapped out rather than copied, so that the reducers hold the only reference.
        swap(&reduction.substates, &substates)
        swap(&reduction.index, &index)
        reduction.reducers = reducers[actionType]
        return .reduce
    }
}

/// How the drainer goes on with a work item, decided under the lock as it starts (``StoreCore/begin``).
@usableFromInline
enum Start {
    /// Call the intercepting middleware of the action's stage; nothing was moved.
    case intercept
    /// Reduce: the state and the action's reducers were moved into the drainer's `Reduction`.
    case reduce
    /// Attach a new observer (a subscription); nothing was moved.
    case attach
}

extension StoreCore {
    /// Under the lock, for a typed dispatch that found the turn free (the kernel's direct path):
    /// if the action needs no intercepting middleware and is not a ``StoreAction``, does what
    /// ``begin`` does for it and returns `true`; otherwise changes nothing and returns `false`.
    @inlinable
    mutating func beginDirect(
        _ actionType: ObjectIdentifier,
        into reduction: inout Reduction,
        gates: Locked<StoreCore>
    ) -> Bool {
        guard interceptors.isEmpty, actionType != ObjectIdentifier(StoreAction.self) else { return false }
        return begin(actionType, stage: 0, into: &reduction, gates: gates) == .reduce
    }
}

extension StoreCore {
    /// Under the lock, as the drainer starts a work item: for an action, ``begin`` (which moves the
    /// state into `reduction`, held by the caller alone, so that the reducers mutate in place when
    /// it returns ``Start/reduce``); for a subscription, ``Start/attach``.
    @inlinable
    mutating func prepare(
        _ work: PendingWork,
        into reduction: inout Reduction,
        gates: Locked<StoreCore>
    ) -> Start {
        guard case .action(let action, let stage) = work else { return .attach }
        return begin(action.typeIdentifier, stage: stage, into: &reduction, gates: gates)
    }
}

extension StoreCore {
    /// What a drainer announces once the reduced state is back in the store: the observers to
    /// notify (in subscription order), the state after the action, the reads refused while the
    /// state was moved out (to report), and the action applied before this one (to release after
    /// the lock: its deinit is user code).
    typealias Announcement = (
        observers: ObserverList<Observer>.Snapshot, state: [any SubstateType], refusedReads: Int,
        previousAction: any ActionType
    )

    /// Under the lock, after the reducers: puts the state of `reduction` back, records `action` as
    /// the last action, marks the state as back (the kernel's `MovedOut`) and returns what to
    /// announce. The caller then releases the reducing gate, after the lock.
    mutating func finishReduction(_ reduction: inout Reduction, action: any ActionType) -> Announcement {
        swap(&reduction.substates, &substates)
        swap(&reduction.index, &index)
        var previousAction: any ActionType = action
        swap(&previousAction, &lastAction)
        let refusedReads = putBack()
        return (observers.entries, substates, refusedReads, previousAction)
    }
}
