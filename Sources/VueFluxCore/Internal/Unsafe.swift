// VueFluxCore's one file of unsafe code. Each assumption, and the test that pins it:
//
// 1. Every store the registry files under `ObjectIdentifier(State.self)` is a `StoreCore<State>`:
//    `StoreRegistry.register` is only called by `Store<State>.init` with its `StoreCore<State>`
//    and `ObjectIdentifier(State.self)`, so the unchecked downcast below cannot be wrong. It spares
//    a dynamic cast per store per global action. Pinned by `GlobalDispatchTests.globalActionsReachEveryLiveStoreOfTheStateTypeAndNoOther`
//    and `globalDispatchIsSafeWhileStoresAreCreatedAndDestroyedOnOtherThreads`.

extension StoreRegistry.Registration {
    /// The registered store as the `StoreCore` of `State`, the type it was filed under.
    @inlinable
    func core<State: VueFluxCore.State>(of state: State.Type) -> StoreCore<State> {
        unsafeDowncast(store, to: StoreCore<State>.self)
    }
}
