import Dispatch

/// Work waiting for the store's drainer, first in first out.
@usableFromInline
enum PendingWork: Sendable {
    /// Apply an action, starting at intercepting middleware number `stage`.
    case action(any ActionType, stage: Int)
    /// Attach an observer and give it the current state.
    case subscribe(ObserverEntry)
}

/// Everything a ``Store`` guards with its one lock.
///
/// One thread at a time drains the store (`isDispatching`): it applies actions and announces
/// them, with the lock released while user code runs. While a reducer runs, the state has been
/// moved out (`isReducing`) so that the reducer holds the only reference to it and mutates it in
/// place; readers on other threads wait for it (`waiters`).
@usableFromInline
struct StoreCore: Sendable {
    @usableFromInline var substates: [any SubstateType] = []
    /// Position in `substates` by `ObjectIdentifier` of the substate's type.
    @usableFromInline var index = SubstateIndex()
    @usableFromInline var lastAction: (any ActionType)?

    @usableFromInline var pending: [PendingWork?] = []
    @usableFromInline var pendingHead = 0
    @usableFromInline var isDispatching = false

    @usableFromInline var isReducing = false
    @usableFromInline var reducingThread: UInt = 0
    /// Reads refused while reducing (from a reducer, of this store or of another one); reported as
    /// `readDuringReduction` once the action is applied, not from inside the reducer.
    @usableFromInline var refusedReads = 0
    @usableFromInline var waiters: [DispatchSemaphore] = []

    /// In subscription order, so ids ascend.
    @usableFromInline var observers: [ObserverEntry] = []
    @usableFromInline var nextObserverID: UInt64 = 0

    @usableFromInline var interceptors: [any InterceptingMiddlewareType] = []
    /// Typed reducers by `ObjectIdentifier` of the action type, in registration order.
    @usableFromInline var reducers = ReducerTable()

    @usableFromInline
    init() {}

    @usableFromInline
    var snapshot: Snapshot {
        Snapshot(substates: substates, index: index, lastAction: lastAction)
    }

    /// Takes the next pending work, or gives up the drainer role if there is none.
    @inlinable
    mutating func next() -> PendingWork? {
        guard pendingHead < pending.count, let work = pending[pendingHead] else {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            isDispatching = false
            return nil
        }
        pending[pendingHead] = nil
        pendingHead += 1
        if pendingHead == pending.count {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        } else if pendingHead >= 64 && pendingHead * 2 >= pending.count {
            pending.removeFirst(pendingHead)
            pendingHead = 0
        }
        return work
    }
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
    /// returns that interceptor if there is one; else moves the state and the action's reducers
    /// into `reduction` and marks the store as reducing.
    @inlinable
    mutating func begin(
        _ actionType: ObjectIdentifier,
        stage: Int,
        into reduction: inout Reduction
    ) -> (any InterceptingMiddlewareType)? {
        if stage < interceptors.count {
            return interceptors[stage]
        }
        isReducing = true
        reducingThread = currentThreadIdentity()
        // Swapped out rather than copied, so that the reducers hold the only reference.
        swap(&reduction.substates, &substates)
        swap(&reduction.index, &index)
        reduction.reducers = reducers[actionType]
        return nil
    }
}
