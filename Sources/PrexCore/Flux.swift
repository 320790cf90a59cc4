import FlowKernel

/// A dispatcher and a store wired to one mutation: the Flux half of Prex.
///
/// Create one per screen through `Presenter(view:state:mutation:)`, or share one among several
/// presenters and keep it in a `static let` (a flux is `Sendable`). The flux holds the
/// dispatcher and the store strongly and neither refers back to a presenter or a view, so sharing
/// a flux keeps no view alive.
///
/// As in Prex (0.3.0, `Sources/Prex/Flux/Store.swift`, where the store hands the dispatcher a
/// handler that holds the store weakly), the store's lifetime decides whether actions reach it, not
/// the flux's: a store kept without its flux keeps receiving its dispatcher's actions, the store
/// leaving stops them, and a dispatcher kept alone does not keep the store alive.
public final class Flux<Action: PrexCore.Action, State: PrexCore.State>: Sendable {
    /// Where actions are dispatched; applies them to `store`, one at a time.
    public let dispatcher: Dispatcher<Action>
    /// Holds the current state and tells its listeners about changes.
    public let store: Store<State>
    /// The side effects its presenters started (``Presenter/runEffect(id:fileID:line:_:)``); off
    /// the dispatch path.
    @usableFromInline package let effectRegistry = EffectRegistry()

    /// Creates a store holding `state` and a dispatcher that applies actions to it with `mutation`.
    @inlinable
    public init<M: Mutation>(state: State, mutation: M) where M.Action == Action, M.State == State {
        // The dispatcher holds the store's storage, not the store: the store object stays free to
        // go, and its deinit detaches the dispatcher (`Store.deinit`). So no weak reference is
        // loaded per action.
        let storage = Store<State>.makeStorage(state: state)
        let dispatcher = Dispatcher<Action> { action in
            Store<State>.apply(to: storage) { state in
                mutation.mutate(action: action, state: &state)
            }
        }
        self.dispatcher = dispatcher
        self.store = Store(storage: storage, detach: dispatcher.detacher)
    }
}
