/// A problem the store met while applying an action, reported on ``Store/diagnostics`` instead of a
/// crash.
///
/// In every case the state stays as it was before the action (for a typed reducer, the substates
/// the action could not reach are left untouched), and the action is still announced on
/// ``Store/currentStateLastAction`` with that state, so a logging middleware sees it too. Types are
/// named with `String(reflecting:)`, for example `"MyApp.TasksState"`.
public enum StoreError: Error, Equatable, Sendable {
    /// No typed reducer is registered for this action's type and the store has no main reducer.
    case unhandledAction(typeName: String)

    /// A typed reducer's substate is not in the store (never added, or removed by
    /// ``StoreAction/reset``): that reducer was skipped.
    case substateNotFound(typeName: String)

    /// ``StoreAction/add(states:)`` named a substate type that is already in the store, or twice:
    /// nothing was added.
    case duplicateSubstate(typeName: String)

    /// The state was read from inside a reducer (or from code a reducer called, on its thread): the
    /// state is being reduced in place, so the read returned an empty state or `nil`.
    case readDuringReduction
}
