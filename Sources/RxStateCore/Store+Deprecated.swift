import ReactiveLite

extension Store {
    /// RxState's misspelled name for ``lastDispatchedAction``, kept so that migrating code compiles;
    /// the compiler offers the rename as a fix-it. (Declared on `Store` as well as on `StoreType`,
    /// so that a store's own member stays where it was.)
    ///
    /// The same replaying signal as ``lastDispatchedAction``: the last action the store announced
    /// (`nil` before the first), then every later one.
    @available(*, deprecated, renamed: "lastDispatchedAction")
    public var lastDispatchedaAtion: Signal<(any ActionType)?> {
        lastDispatchedAction
    }
}
