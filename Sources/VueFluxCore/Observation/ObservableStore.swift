import Observation
import ReactiveLite

/// A store seen from SwiftUI: each `Constant` its ``Computed`` publishes, readable as an
/// `Observable` model, and its ``Store/actions-property`` to dispatch with.
///
/// ```swift
/// @State private var store = ObservableStore(Store<CounterState>(state: .init(), mutations: .init(),
///                                                                executor: .mainThread))
/// Text("\(store.count.value)")        // `store.computed.count`, observed
/// Button("+") { store.actions.increment() }
/// ```
///
/// `store.count` (dynamic member lookup over ``Computed``) is ReactiveLite's `ObservableValue`
/// of `store.computed.count`: read `.value` for the whole value, or a member of it
/// (`store.screen.isLoading`) to observe that member alone. The model subscribes to a computed
/// constant when it is first read, keeps that one model for the store's lifetime, and never
/// subscribes to what is not read.
///
/// **Thread and order.** Values reach the models on the main actor, in the order the store
/// committed them, through ReactiveLite's `Executor.mainThread` (at once when the commit runs on
/// the main queue with nothing waiting; use the `.mainThread` or `.immediate` executor and
/// dispatch from the main actor for updates within the dispatch).
///
/// **Lifetime.** The model holds the store (the store lives as long as the SwiftUI view that holds
/// the model); the store holds nothing of the model. Each value model holds its own subscription,
/// which holds it weakly and ends when it is deinitialized: deallocating this model releases the
/// value models it made, and each one that nothing else holds goes at once with its subscription.
/// A value model that something else still holds (a subview given `store.count`) keeps following
/// the store until it goes too.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservableStore<State: VueFluxCore.State>: Observable {
    /// The store shown; held strongly.
    public let store: Store<State>

    private var observed: [PartialKeyPath<Computed<State>>: AnyObject] = [:]

    /// Creates a model over `store`; nothing is observed until a computed value is read.
    ///
    /// - Parameter store: The store to show and to dispatch to.
    public init(_ store: Store<State>) {
        self.store = store
    }

    /// The actions of ``store``: `store.actions.increment()`.
    public var actions: Actions<State> {
        store.actions
    }

    /// The observable model of a constant of ``Computed`` (`store.count` for
    /// `store.computed.count`), created when first read and the same one afterwards.
    public subscript<Value: Sendable>(
        dynamicMember keyPath: KeyPath<Computed<State>, Constant<Value>>
    ) -> ObservableValue<Value> {
        if let model = observed[keyPath] as? ObservableValue<Value> {
            return model
        }
        let model = store.computed[keyPath: keyPath].observable()
        observed[keyPath] = model
        return model
    }
}
