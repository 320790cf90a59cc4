import ReactiveLite
import VueFluxCore

/// Runs a scenario on VueFluxCore: sends inputs through the store's action creators and observes
/// its computed signals.
///
/// An announcement is a change of one of the adapter's computed signals (a `Variable` set by a
/// mutation), delivered on the committing thread; the driver projects the whole computed state at
/// that moment. The driver holds the store.
public final class VueFluxDriver<Adapter: VueFluxAdapter>: ScenarioDriver {
    /// The scenario this driver runs.
    public typealias Model = Adapter.Model

    /// The store the scenario runs in.
    public let store: Store<Adapter.State>

    /// Creates a store from the adapter, in the model's initial state.
    public init() {
        store = Adapter.makeStore()
    }

    /// ``Architecture/vueFlux``.
    public var architecture: Architecture { .vueFlux }

    /// Calls the action creator for `action` on the store's own `actions`.
    public func dispatch(_ action: Model.Action) {
        Adapter.send(action, to: store.actions)
    }

    /// The computed values, projected onto the model.
    public var state: Model.State {
        Adapter.model(of: store.computed)
    }

    /// Observes each of the adapter's change signals, skipping the value each replays.
    public func observe(_ observer: @escaping @Sendable (Model.State) -> Void) -> AnyDisposable {
        let scope = DisposableScope()
        for signal in Adapter.changes(of: store.computed) {
            let replayed = SkipFirst()
            scope += signal.observe { state in
                if replayed.pass() {
                    observer(state)
                }
            }
        }
        return AnyDisposable { scope.dispose() }
    }

    /// The store and its state.
    public var components: [AnyObject] {
        [store, store.computed.state]
    }
}
