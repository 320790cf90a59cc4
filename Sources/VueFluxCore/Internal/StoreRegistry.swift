import FlowKernel
import ReactiveLite

/// A store as the global-dispatch registry sees it: any object, identified by its state type.
@usableFromInline
protocol RegisteredStore: AnyObject, Sendable {}

/// The live stores of every state type, in creation order, for `Store<State>.actions`.
///
/// One process-wide table keyed by `ObjectIdentifier(State.self)` (a generic type cannot have a
/// static stored property of its own). It holds each store's core, which the store closes and
/// removes in its deinit, so a deallocated store leaves global dispatch at once; the entry of a state type goes
/// with its last store, so nothing is kept for a type that has no store.
@usableFromInline
final class StoreRegistry: Sendable {
    @usableFromInline
    struct Registration: Sendable {
        /// Ascending in creation order, so that removal can search by it.
        @usableFromInline let sequence: UInt64
        /// Strong: the store's deinit removes it, so the registry never keeps a store alive. Not
        /// weak, because a weak reference moves an object's reference count to a side table and
        /// makes every retain and release of it on the dispatch path slower.
        @usableFromInline let store: any RegisteredStore
    }

    struct Table: Sendable {
        var stores: [ObjectIdentifier: [Registration]] = [:]
        var nextSequence: UInt64 = 0
    }

    /// The registry every store registers with.
    @usableFromInline
    static let shared = StoreRegistry()

    let table = Locked(Table())

    /// Adds `store` as the newest store of the state type `type`; returns the number it leaves
    /// with.
    func register(_ store: any RegisteredStore, for type: ObjectIdentifier) -> UInt64 {
        table.withLock { table in
            let sequence = table.nextSequence
            table.nextSequence += 1
            table.stores[type, default: []].append(Registration(sequence: sequence, store: store))
            return sequence
        }
    }

    /// Removes the store registered with `sequence`, and the type's entry if it was the last.
    func deregister(sequence: UInt64, for type: ObjectIdentifier) {
        table.withLock { table in
            guard var registrations = table.stores[type] else { return }
            // Leave the dictionary's array uniquely referenced, so the removal happens in place.
            table.stores[type] = nil
            if let index = Self.index(of: sequence, in: registrations) {
                registrations.remove(at: index)
            }
            if !registrations.isEmpty {
                table.stores[type] = registrations
            }
        }
    }

    /// The stores of the state type `type`, in creation order. A snapshot: stores created after
    /// this call are not in it, and one deallocated since has a closed core that drops actions.
    @usableFromInline
    func stores(for type: ObjectIdentifier) -> [Registration] {
        table.withLock { $0.stores[type] ?? [] }
    }

    /// Whether the state type `type` has an entry: true exactly while it has a live store.
    func hasEntry(for type: ObjectIdentifier) -> Bool {
        table.withLock { $0.stores[type] != nil }
    }

    static func index(of sequence: UInt64, in registrations: [Registration]) -> Int? {
        var low = 0
        var high = registrations.count
        while low < high {
            let middle = (low + high) / 2
            if registrations[middle].sequence < sequence {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < registrations.count && registrations[low].sequence == sequence ? low : nil
    }
}
