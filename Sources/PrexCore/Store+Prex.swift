extension Store {
    /// Removes the listener of `subscription`, with the label Prex 0.3.0 uses.
    ///
    /// Same contract as ``removeListener(_:)``: does nothing if the subscription is already
    /// cancelled or belongs to another store.
    ///
    /// - Parameter subscription: What ``addListener(callback:)`` returned.
    public func removeListener(with subscription: Subscription) {
        removeListener(subscription)
    }
}

extension StateChange {
    /// Prex's name for the new value of a changed property: the same type as ``ChangedProperty``.
    public typealias PropertyChange<Value> = ChangedProperty<Value>
}
