import PrexCore
import ReactiveLite

/// Runs a scenario on PrexCore: dispatches through the flux's dispatcher and observes the store
/// the way a presenter does (a store listener).
///
/// Announcements are the store's changes, one per action, on the dispatching thread. The driver
/// holds the flux; the store holds only the listeners' closures.
public final class PrexDriver<Adapter: PrexAdapter>: ScenarioDriver {
    /// The scenario this driver runs.
    public typealias Model = Adapter.Model

    /// The flux the scenario runs in.
    public let flux: Flux<Adapter.Mutation.Action, Adapter.Mutation.State>

    /// Creates a flux from the adapter, in the model's initial state.
    public init() {
        flux = Adapter.makeFlux()
    }

    /// ``Architecture/prex``.
    public var architecture: Architecture { .prex }

    /// Dispatches the Prex action for `action` to the flux's dispatcher.
    public func dispatch(_ action: Model.Action) {
        flux.dispatcher.dispatch(Adapter.action(for: action))
    }

    /// The store's state, projected onto the model.
    public var state: Model.State {
        Adapter.model(of: flux.store.state)
    }

    /// Adds a store listener that projects each change's new state.
    public func observe(_ observer: @escaping @Sendable (Model.State) -> Void) -> AnyDisposable {
        let subscription = flux.store.addListener { change in
            observer(Adapter.model(of: change.new))
        }
        return AnyDisposable { subscription.cancel() }
    }

    /// The flux, its dispatcher and its store.
    public var components: [AnyObject] {
        [flux, flux.dispatcher, flux.store]
    }
}
