import ReactiveLite

/// The app state as RxState names it: every substate, in the order they were added.
public typealias StoreState = [any SubstateType]

/// What a store offers, as RxState's `StoreType` protocol: code written against the protocol (a
/// view model that takes any store, a mock store in tests) migrates unchanged.
///
/// ``Store`` conforms. A conforming type crosses threads (observers and middleware run on whichever
/// thread applies an action), so it is `Sendable`. RxState's `Driver`s are ReactiveLite `Signal`s.
public protocol StoreType: Sendable {
    /// Creates a store that applies every action other than a ``StoreAction`` through
    /// `mainReducer`.
    init(mainReducer: @escaping MainReducer)

    /// The app state: the current state first, then the state after each applied action.
    var state: Signal<StoreState> { get }

    /// The app state with the action that produced it: the current pair first, then one pair per
    /// applied action.
    var currentStateLastAction: Signal<CurrentStateLastAction> { get }

    /// The last applied action: `nil` first if none was applied yet, then each applied action. A
    /// conforming type that does not declare it gets one derived from ``currentStateLastAction``.
    var lastDispatchedAction: Signal<(any ActionType)?> { get }

    /// RxState's name for the last action, the requirement its protocol has: a type migrated from
    /// RxState that declares it is read through it; one that does not gets
    /// ``lastDispatchedAction``.
    @available(*, deprecated, renamed: "lastDispatchedAction")
    var lastDispatchedaAtion: Signal<(any ActionType)?> { get }

    /// Applies `action`, or queues it behind the action being applied.
    func dispatch(action: any ActionType)

    /// Keeps `middlewares` and subscribes them to ``currentStateLastAction``, in order.
    func register(middlewares: [any MiddlewareType])
}

extension StoreType {
    /// ``currentStateLastAction``'s actions, for a conforming type that does not declare its own
    /// (``Store`` does).
    public var lastDispatchedAction: Signal<(any ActionType)?> {
        currentStateLastAction.map { $0.lastAction }
    }

    /// RxState's first name for ``lastDispatchedAction`` (`StoreType.action` in its early
    /// `RxState/RxState.swift`, a `Driver` of the last action): the same replaying signal, `nil`
    /// first if no action was applied yet, then each applied action. The compiler offers the rename
    /// as a fix-it.
    @available(*, deprecated, renamed: "lastDispatchedAction")
    public var action: Signal<(any ActionType)?> {
        lastDispatchedAction
    }

    /// RxState 0.6.0's source name for ``currentStateLastAction`` (`StoreType.stateLastAction` in
    /// `RxState/RxState.swift`, a `Driver` of the state and the last action): the same replaying
    /// signal, the current state and last action first, then each announced pair. The compiler
    /// offers the rename as a fix-it. A conforming type still declares ``currentStateLastAction``.
    @available(*, deprecated, renamed: "currentStateLastAction")
    public var stateLastAction: Signal<CurrentStateLastAction> {
        currentStateLastAction
    }

    /// RxState's misspelled name for ``lastDispatchedAction``, for a conforming type that does not
    /// declare its own: the same replaying signal (the last action announced, `nil` before the
    /// first, then every later one). The compiler offers the rename as a fix-it.
    @available(*, deprecated, renamed: "lastDispatchedAction")
    public var lastDispatchedaAtion: Signal<(any ActionType)?> {
        lastDispatchedAction
    }
}

extension Store: StoreType {
    /// Creates a store whose main reducer is `mainReducer`, as RxState's `Store(mainReducer:)`.
    ///
    /// - Parameter mainReducer: The untyped reducer, called after the typed reducers.
    public convenience init(mainReducer: @escaping MainReducer) {
        self.init(mainReducer: Optional(mainReducer))
    }
}
