/// The new value of a state property that differs from its value in the previous state.
///
/// Returned by `StateChange.changedProperty(for:)` and by the dynamic member lookup on
/// `StateChange` (`change.count?.value`). Its presence is the information: `nil` means unchanged.
public struct ChangedProperty<Value> {
    /// The property's value in the new state.
    public let value: Value

    /// Wraps `value`; tests use it to spell an expected change.
    public init(value: Value) {
        self.value = value
    }
}

extension ChangedProperty: Sendable where Value: Sendable {}
extension ChangedProperty: Equatable where Value: Equatable {}
