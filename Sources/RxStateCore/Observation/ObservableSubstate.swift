import Observation
import ReactiveLite

/// One substate of a store, as an `Observable` model that a SwiftUI view reads: it changes only
/// when that substate does.
///
/// ```swift
/// @State private var tasks = ObservableSubstate(TasksState.self, of: store, whenAbsent: TasksState())
/// List(tasks.tasks, id: \.self) { Text($0) }  // observes `tasks` alone
/// Button("Add") { tasks.store.dispatch(action: TasksAction.add("Write docs")) }
/// ```
///
/// Fed by ``Store/substateSignal(_:)``: actions that leave the substate equal (actions for other
/// substates, unhandled ones) reach nothing. Read a property of the substate through dynamic
/// member lookup (`tasks.tasks`) to observe that property alone, compared with `==` when its type
/// is `Equatable` (on every change of the substate otherwise); read ``substate`` to observe the
/// whole.
///
/// **Thread and order.** Changes reach the model on the main actor, in the order the store applied
/// them, through ReactiveLite's `Executor.mainThread`: within the dispatch when it runs on the main
/// queue with nothing waiting, else through the main queue.
///
/// **Lifetime.** The model holds the store; the store holds only a subscription that refers to the
/// model weakly, disposed of when the model is deallocated, so a deallocated model stops at once.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@dynamicMemberLookup
public final class ObservableSubstate<Substate: SubstateType & Equatable>: Observable {
    /// The store the substate lives in; held strongly, for dispatching.
    public let store: Store

    private let observed: ObservableValue<Substate>

    /// Creates a model of the substate of type `type` in `store`.
    ///
    /// - Parameters:
    ///   - type: The substate's type, for example `TasksState.self`.
    ///   - store: The store holding it.
    ///   - whenAbsent: Shown while the store has never held a substate of this type. Once it has, the
    ///     model keeps its last value while the substate is absent (after a `StoreAction.reset`).
    public init(_ type: Substate.Type, of store: Store, whenAbsent: Substate) {
        self.store = store
        observed = store.substateSignal(type).observable(initial: store.substate(type) ?? whenAbsent)
    }

    /// The whole substate: reading it observes every change of the substate.
    public var substate: Substate {
        observed.value
    }

    /// A property of the substate (`tasks.tasks`), observed on its own and compared with `==`.
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<Substate, Value>) -> Value {
        observed[dynamicMember: keyPath]
    }

    /// A property of the substate whose type is not `Equatable`: invalidated on every change of the
    /// substate, since it cannot be compared.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Substate, Value>) -> Value {
        observed[dynamicMember: keyPath]
    }
}
