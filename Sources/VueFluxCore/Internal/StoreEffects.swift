import FlowKernel

/// Where an ``Actions`` value finds the effect registry of its store.
///
/// `Actions` holds the store's core, not the store, and gains no field for effects: a second
/// reference in it would be retained and released with every copy of `store.actions`, on the
/// dispatch path. So each store files its registry here under its core's identity for as long as
/// the store lives, and an action creator looks it up only when it starts an effect.
///
/// A core's identity cannot be reused while an `Actions` value that holds it looks it up, and a
/// store removes its entry in its deinit, before its core can go: so a missing entry means the
/// store is gone.
enum StoreEffects {
    private static let registries = Locked<[ObjectIdentifier: EffectRegistry]>([:])

    /// The registry of effects started through `Store<State>.actions`, which reach no single store:
    /// one for the module, its ids kept apart by state type (``GlobalEffectID``).
    static let global = EffectRegistry()

    /// Files `registry` under `core` for the store's lifetime.
    static func register(_ registry: EffectRegistry, for core: AnyObject) {
        registries.withLock { $0[ObjectIdentifier(core)] = registry }
    }

    /// Removes the entry of `core`: its store is going.
    static func remove(for core: AnyObject) {
        let removed = registries.withLock { $0.removeValue(forKey: ObjectIdentifier(core)) }
        _ = removed  // released after the lock
    }

    /// The registry of the store whose core is `core`, or `nil` once that store is gone.
    static func registry(for core: AnyObject) -> EffectRegistry? {
        registries.withLock { $0[ObjectIdentifier(core)] }
    }
}

/// An effect's id among those started through `Store<State>.actions`: the user's id with the
/// state type, so that two features' global effects named alike do not replace each other.
struct GlobalEffectID: Hashable, Sendable {
    let state: ObjectIdentifier
    let id: EffectID
}
