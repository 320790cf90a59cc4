import ReactiveLite
import RxStateCore

/// Runs a scenario on RxStateCore: dispatches actions to the store and observes the scenario's
/// substate through `substateSignal(_:)`.
///
/// Announcements are the substate's distinct values, on the dispatching thread. The driver holds
/// the store.
public final class RxStateDriver<Adapter: RxStateAdapter>: ScenarioDriver {
    /// The scenario this driver runs.
    public typealias Model = Adapter.Model

    /// The store the scenario runs in.
    public let store: Store

    /// Creates a store from the adapter, in the model's initial state.
    public init() {
        store = Adapter.makeStore()
    }

    /// ``Architecture/rxState``.
    public var architecture: Architecture { .rxState }

    /// Dispatches the action for `action` to the store.
    public func dispatch(_ action: Model.Action) {
        store.dispatch(action: Adapter.action(for: action))
    }

    /// The substate, projected onto the model; the model's initial state if the substate is missing
    /// (which the adapter's store rules out).
    public var state: Model.State {
        store.substate(Adapter.Substate.self).map(Adapter.model(of:)) ?? Adapter.Model.initialState
    }

    /// Observes the substate signal, skipping the value it replays.
    public func observe(_ observer: @escaping @Sendable (Model.State) -> Void) -> AnyDisposable {
        let replayed = SkipFirst()
        let observation = store.substateSignal(Adapter.Substate.self).observe { substate in
            if replayed.pass() {
                observer(Adapter.model(of: substate))
            }
        }
        return AnyDisposable { observation.dispose() }
    }

    /// The store.
    public var components: [AnyObject] {
        [store]
    }
}
