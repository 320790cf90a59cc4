import ReactiveLite
import Synchronization

/// What the store hands its observers after each action: the state, its index and the action.
/// Building one allocates nothing: it shares the store's buffers.
@usableFromInline
struct Snapshot: Sendable {
    @usableFromInline let substates: [any SubstateType]
    @usableFromInline let index: SubstateIndex
    @usableFromInline let lastAction: (any ActionType)?

    @usableFromInline
    init(substates: [any SubstateType], index: SubstateIndex, lastAction: (any ActionType)?) {
        self.substates = substates
        self.index = index
        self.lastAction = lastAction
    }

    /// The substate of type `S`, found by its type in O(1), then cast.
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type) -> S? {
        guard let position = index[ObjectIdentifier(S.self)] else { return nil }
        return substates[position] as? S
    }
}

/// One observer of a store, in the store's subscription-ordered list.
@usableFromInline
struct ObserverEntry: Sendable {
    @usableFromInline let id: UInt64
    @usableFromInline let observer: @Sendable (Snapshot) -> Void
    @usableFromInline let token: ObserverToken

    @usableFromInline
    init(id: UInt64, observer: @escaping @Sendable (Snapshot) -> Void, token: ObserverToken) {
        self.id = id
        self.observer = observer
        self.token = token
    }
}

/// The ``Disposable`` a store hands out for one observer.
///
/// Delivery checks the flag, so disposal stops calls at once, also for a delivery that took its
/// snapshot of the observer list earlier; removing the entry then releases the closure.
@usableFromInline
final class ObserverToken: Disposable {
    @usableFromInline let id: UInt64
    @usableFromInline weak let store: Store?
    @usableFromInline let active = Atomic<Bool>(true)

    @usableFromInline
    init(id: UInt64, store: Store) {
        self.id = id
        self.store = store
    }

    @inlinable
    var isActive: Bool {
        active.load(ordering: .acquiring)
    }

    @usableFromInline
    var isDisposed: Bool {
        !isActive
    }

    @usableFromInline
    func dispose() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        store?.removeObserver(id: id)
    }
}
