/// The app state together with the action that produced it, as ``Store/currentStateLastAction``
/// announces them.
///
/// `lastAction` is `nil` only before the first action was applied. For every other value,
/// `currentState` is exactly the state that `lastAction` produced, also when actions are
/// dispatched from reducers, observers, middleware or other threads at the same time.
public typealias CurrentStateLastAction = (currentState: [any SubstateType], lastAction: (any ActionType)?)

/// The name of ``CurrentStateLastAction`` in RxState 0.6.0's source (`RxState/RxState.swift`),
/// kept so that migrating code compiles; the compiler offers the rename as a fix-it.
@available(*, deprecated, renamed: "CurrentStateLastAction")
public typealias StateLastAction = CurrentStateLastAction
