import FlowKernel
import Observation

/// A ``View`` that is an `Observable` model: the presenter reflects each state change into it, and
/// a SwiftUI view reads its properties.
///
/// ```swift
/// let view = ObservableView(state: CounterState())
/// let presenter = Presenter(view: view, flux: flux)  // hold both; see ObservablePresenter
/// Text("\(view.count)")                              // observes `count` alone
/// ```
///
/// **Per-property tracking.** Each state property read through dynamic member lookup
/// (`view.count`) is observed on its own: a state change invalidates it only when that property
/// differs between the state shown and the new one, compared with `==` when its type is `Equatable`
/// (as ``StateChange`` compares). A property of another type counts as changed on every state
/// change. Reading ``state`` observes the whole state, invalidated when it differs (compared with
/// `==` when the state type is `Equatable` at run time; on every change otherwise). A change that
/// leaves every observed property equal notifies nobody. The state's own `==` decides only for
/// readers of the whole state: with a `==` that compares an id alone, a renamed state is still
/// shown, and readers of the name told; when it calls two states equal, a property that is not
/// `Equatable` is not counted as changed.
///
/// **Thread and order.** Like any view, it is changed only by `reflect(change:)`, which its
/// presenter calls on the main actor, once per change, in dispatch order; observation hears about
/// each change there, before the model holds it (as with any `willSet`).
///
/// **Lifetime.** A presenter holds its view weakly, so something else must hold this model:
/// ``ObservablePresenter`` holds its own, and a SwiftUI view holds the presenter. The store never
/// holds the model.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservableView<State: PrexCore.State>: View, Observable {
    private var shown: State
    private var members = TrackedMembers<ObservableView, State>(base: \.state)
    private let registrar = ObservationRegistrar()

    /// Creates a view showing `state` until its presenter reflects a change.
    ///
    /// - Parameter state: The state shown first; usually the store's current state.
    public init(state: State) {
        shown = state
    }

    /// The whole state shown: reading it observes every property at once.
    ///
    /// Prefer the properties (`view.count`): reading the whole state invalidates on every change
    /// of any property.
    public var state: State {
        registrar.access(self, keyPath: \.state)
        return shown
    }

    /// A property of the state shown (`view.count`), observed on its own and compared with `==`: it
    /// is invalidated only by a change that alters this property.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        members.access(keyPath, of: self, in: registrar)
        return shown[keyPath: keyPath]
    }

    /// A property of the state shown whose type is not `Equatable`, observed on its own: it is
    /// invalidated on every state change, since it cannot be compared.
    public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
        members.accessUncompared(keyPath, of: self, in: registrar)
        return shown[keyPath: keyPath]
    }

    /// Shows `change.new`, telling observation about each observed property that differs from the
    /// state shown so far.
    ///
    /// Compares with the state this view shows rather than `change.old`, so a whole-state push
    /// (`Presenter.reflect()`, where `old` is `nil`) invalidates only what actually differs.
    public func reflect(change: StateChange<State>) {
        let old = shown
        let new = change.new
        // The whole value's `==` decides only for readers of the whole: a member that differs is
        // announced (and the new value held) even when a custom `==` calls the values equal.
        let wholeChanged = !observedValuesAreEqual(old, new)
        let changed = members.changed(from: old, to: new, wholeChanged: wholeChanged)
        if wholeChanged {
            registrar.willSet(self, keyPath: \.state)
        }
        for member in changed {
            member.willSet(self, registrar)
        }
        shown = new
        for member in changed {
            member.didSet(self, registrar)
        }
        if wholeChanged {
            registrar.didSet(self, keyPath: \.state)
        }
    }
}
