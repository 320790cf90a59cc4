/// A piece of the app state: tags the struct that holds one area of it (tasks, navigation, ...).
///
/// The store keeps one substate per concrete type: ``Store/substate(_:)`` finds it by its type in
/// O(1), and adding a second substate of a type already present is refused with
/// ``StoreError/duplicateSubstate(typeName:)``. Substates cross threads (observers run on the
/// dispatching thread), so they are `Sendable`; make them value types so that a state handed to an
/// observer never changes under it.
///
/// ```swift
/// struct TasksState: SubstateType, Equatable {
///     var tasks: [String] = []
///     var addingTask = false
/// }
/// ```
public protocol SubstateType: Sendable {}
