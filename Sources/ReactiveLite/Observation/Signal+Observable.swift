@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Signal {
    /// An observable model holding `initial`, then each value of this signal, updated on the main
    /// actor in order; see ``ObservableValue``.
    ///
    /// - Parameter initial: The value held until the signal delivers one. A signal that does not
    ///   replay (a ``Sink``'s) delivers nothing before its next send.
    /// - Returns: A model that stops observing when it is deallocated.
    @MainActor
    public func observable(initial: Value) -> ObservableValue<Value> {
        ObservableValue(self, initial: initial)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Variable {
    /// An observable model of this variable: its current value, then each change, updated on the
    /// main actor in order; see ``ObservableValue``.
    ///
    /// The model holds the variable's value from the moment it is created, and does not keep the
    /// variable alive.
    @MainActor
    public func observable() -> ObservableValue<Value> {
        ObservableValue(signal, initial: value)
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension Constant {
    /// An observable model of this constant: its current value, then each change of the variable it
    /// follows, updated on the main actor in order; see ``ObservableValue``.
    ///
    /// The model holds the constant's value from the moment it is created, and does not keep the
    /// constant alive.
    @MainActor
    public func observable() -> ObservableValue<Value> {
        ObservableValue(signal, initial: value)
    }
}
