/// A dispatcher and a store wired to one mutation: the Flux half of Prex.
///
/// Create one per screen through `Presenter(view:state:mutation:)`, or share one among several
/// presenters and keep it in a `static let` (a flux is `Sendable`). The flux holds the
/// dispatcher and the store strongly and neither refers back to a presenter or a view, so sharing
/// a flux keeps no view alive. The dispatcher applies actions to the store while the flux exists:
/// keeping only the dispatcher does not keep the store alive.
public final class Flux<Action: PrexCore.Action, State: PrexCore.State>: Sendable {
    /// Where actions are dispatched; applies them to `store`, one at a time.
    public let dispatcher: Dispatcher<Action>
    /// Holds the current state and tells its listeners about changes.
    public let store: Store<State>

    /// Creates a store holding `state` and a dispatcher that applies actions to it with `mutation`.
    @inlinable
    public init<M: Mutation>(state: State, mutation: M) where M.Action == Action, M.State == State {
        let store = Store(state: state)
        self.store = store
        // The dispatcher applies actions to the store until this flux goes (`deinit`), as in the
        // original Prex, whose flux unregisters its mutation then: a dispatcher kept beyond its
        // flux does not keep the store (and the listeners it holds) alive.
        self.dispatcher = Dispatcher { action in
            store.apply { state in
                mutation.mutate(action: action, state: &state)
            }
        }
    }

    deinit {
        dispatcher.detach()
    }
}
