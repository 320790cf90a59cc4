import Observation

/// A ``Presenter`` whose view is an ``ObservableView`` that it holds: the one object a SwiftUI view
/// keeps to show a flux and to send it the user's intents.
///
/// ```swift
/// @State private var presenter = ObservablePresenter(state: CounterState(), mutation: CounterMutation())
/// Text("\(presenter.count)")                   // observes `count` alone
/// Button("+") { presenter.increment() }        // a method of `extension Presenter where ...`
/// ```
///
/// Subclass it, as Prex's presenters are subclassed, to add the screen's side effects; methods of
/// `extension Presenter where Action == ..., State == ...` work on it too.
///
/// Read the state through dynamic member lookup (`presenter.count`) or ``view``: those reads are
/// tracked per property (see ``ObservableView``). `state`, inherited from ``Presenter``, is the
/// store's current state and is not observed: a SwiftUI body that reads `presenter.state.count` is
/// not updated when it changes.
///
/// **Thread and order.** Changes reach ``view`` on the main actor, in dispatch order, through the
/// presenter's reflection (inline when dispatched on the main queue with nothing pending).
///
/// **Lifetime.** The presenter holds its view and the flux; the store holds neither (only a
/// callback that refers to the view weakly). When the presenter is deallocated, it stops
/// reflecting at once and its view goes with it.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
open class ObservablePresenter<Action: PrexCore.Action, State: PrexCore.State>: Presenter<Action, State>,
    Observable
{
    /// The observable model this presenter reflects the state into; held strongly.
    public let view: ObservableView<State>

    /// Connects a new observable view to `flux`; the view shows the store's current state from the
    /// start.
    ///
    /// - Parameter flux: The flux to dispatch to and show; several presenters may share one.
    public init(flux: Flux<Action, State>) {
        let view = ObservableView(state: flux.store.state)
        self.view = view
        super.init(view: view, flux: flux)
        // A change applied on another thread between reading the state and subscribing would
        // otherwise be missed until the next one: push the current state, ordered with the store's.
        reflect()
    }

    /// Connects a new observable view to a new flux of its own, holding `state` and changed by
    /// `mutation`.
    public convenience init<M: Mutation>(state: State, mutation: M)
    where M.Action == Action, M.State == State {
        self.init(flux: Flux(state: state, mutation: mutation))
    }

    /// A property of the state shown (`presenter.count`), observed on its own; see
    /// ``ObservableView``.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        view[dynamicMember: keyPath]
    }

    /// A property of the state shown whose type is not `Equatable`, invalidated on every state
    /// change; see ``ObservableView``.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        view[dynamicMember: keyPath]
    }
}
