/// A transition of the state from an old value to a new one, as a view receives it.
///
/// A property counts as changed when its `Equatable` value differs between `old` and `new`, and
/// every property counts as changed when there is no old state (the first delivery, and
/// `Presenter.reflect()`). Read one property with `changedProperty(for:)` or, shorter, through
/// dynamic member lookup: `change.count?.value` is the new count, or `nil` when it did not change.
/// A state property named `new` or `old` is shadowed by the members of the same name; use
/// `changedProperty(for:)` for those.
@dynamicMemberLookup
public struct StateChange<State: PrexCore.State>: Sendable {
    /// The state after the action.
    public let new: State
    /// The state before the action, or `nil` when the whole state is being pushed.
    public let old: State?

    /// Creates a change from `old` to `new`; pass `nil` as `old` to mark every property as changed.
    public init(new: State, old: State?) {
        self.new = new
        self.old = old
    }

    /// Returns the new value of the property at `keyPath` if it differs from the old one.
    ///
    /// - Returns: the new value, or `nil` when the property is equal in both states. Every property
    ///   is returned when `old` is `nil`.
    @inlinable
    public func changedProperty<Value: Equatable>(
        for keyPath: KeyPath<State, Value>
    ) -> ChangedProperty<Value>? {
        let newValue = new[keyPath: keyPath]
        if let old, old[keyPath: keyPath] == newValue {
            return nil
        }
        return ChangedProperty(value: newValue)
    }

    /// Returns the new value of a state property if it changed: `change.count?.value`.
    ///
    /// Same contract as `changedProperty(for:)`.
    @inlinable
    public subscript<Value: Equatable>(
        dynamicMember keyPath: KeyPath<State, Value>
    ) -> ChangedProperty<Value>? {
        changedProperty(for: keyPath)
    }
}

extension StateChange: Equatable where State: Equatable {}
