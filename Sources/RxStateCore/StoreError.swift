/// A problem the store met while applying an action, reported on ``Store/diagnostics`` instead of a
/// crash.
///
/// The part of the state the problem concerns stays as it was: a skipped typed reducer leaves its
/// substate untouched, a refused add adds nothing, a refused main-reducer result is dropped (what
/// the typed reducers did with the same action stays applied). The action is still announced on
/// ``Store/currentStateLastAction`` with that state, so a logging middleware sees it too. Types are
/// named with `String(reflecting:)`, for example `"MyApp.TasksState"`.
public enum StoreError: Error, Equatable, Sendable {
    /// No typed reducer is registered for this action's type and the store has no main reducer.
    case unhandledAction(typeName: String)

    /// A typed reducer's substate is not in the store (never added, or removed by
    /// ``StoreAction/reset``): that reducer was skipped.
    case substateNotFound(typeName: String)

    /// ``StoreAction/add(states:)`` named a substate type that is already in the store, or twice:
    /// nothing was added. Also reported when a main reducer returns two substates of one type: its
    /// result is dropped.
    case duplicateSubstate(typeName: String)

    /// The state was read from inside a reducer (of this store or of another, or from code a
    /// reducer called, on its thread) while it was being reduced in place: the read returned an
    /// empty state or `nil` instead of waiting (a reducer that waited for another store's reducer
    /// could deadlock with it). Reported once per refused read, after the reducer, right before the
    /// action is announced.
    case readDuringReduction
}
