import FlowKernel
import ReactiveLite

/// A problem the store met while applying an action, reported on ``Store/diagnostics`` instead of a
/// crash. A value, not an `Error`: dispatch does not throw, so nothing ever throws it.
///
/// In debug builds the first problem of each kind is also written to standard error, as one line,
/// so that misuse shows up even when nobody observes `diagnostics`; release builds write nothing.
///
/// The part of the state the problem concerns stays as it was: a skipped typed reducer leaves its
/// substate untouched, a refused add adds nothing, a refused main-reducer result is dropped (what
/// the typed reducers did with the same action stays applied). The action is still announced on
/// ``Store/currentStateLastAction`` with that state, so a logging middleware sees it too. Types are
/// named with `String(reflecting:)`, for example `"MyApp.TasksState"`.
public enum StoreError: Equatable, Sendable {
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

extension StoreError {
    /// The kind of misuse, as the debug report names it: one report per kind.
    var kind: String {
        switch self {
        case .unhandledAction: "RxStateCore.StoreError.unhandledAction"
        case .substateNotFound: "RxStateCore.StoreError.substateNotFound"
        case .duplicateSubstate: "RxStateCore.StoreError.duplicateSubstate"
        case .readDuringReduction: "RxStateCore.StoreError.readDuringReduction"
        }
    }

    /// One line saying what happened and what the state did.
    var explanation: String {
        switch self {
        case .unhandledAction(let typeName):
            "no reducer handles \(typeName) and the store has no main reducer; the state is unchanged."
        case .substateNotFound(let typeName):
            "a typed reducer's substate \(typeName) is not in the store; that reducer was skipped."
        case .duplicateSubstate(let typeName):
            "\(typeName) would be in the state twice; nothing was added (or the main reducer's result was dropped)."
        case .readDuringReduction:
            "the state was read from inside a reducer; the read returned an empty result."
        }
    }
}

extension Store {
    /// Sends `problem` on ``diagnostics`` and, in debug builds, reports its kind once on standard
    /// error. The one path every `StoreError` takes.
    func report(_ problem: StoreError) {
        MisuseReporter.shared.report(
            kind: problem.kind, "\(problem.explanation) Observe store.diagnostics to handle it.")
        diagnosticsSink.send(value: problem)
    }
}
