/// A read-only view of a value and its changes: what a ``Variable`` looks like to code that may
/// only read it.
///
/// A constant made from a variable (``Variable/constant`` or ``init(variable:)``) reflects every
/// change of that variable, with the same guarantees: its signal gives the current value first, then
/// every change. A constant made from a plain value (``init(_:)``) never changes.
public final class Constant<Value: Sendable>: Sendable {
    @usableFromInline
    let channel: Channel<Value>

    /// Creates a constant that follows `variable`.
    ///
    /// - Parameter variable: The variable whose value and changes this constant exposes.
    public init(variable: Variable<Value>) {
        channel = variable.channel
    }

    /// Creates a constant that always holds `value`.
    ///
    /// - Parameter value: The value; its signal gives it to each observer, then nothing else.
    public init(_ value: Value) {
        channel = Channel(replaying: value)
    }

    /// The current value.
    @inlinable
    public var value: Value {
        channel.storedValue
    }

    /// The signal of the current value followed by every change.
    ///
    /// The signal holds what the constant delivers from: keeping it keeps the value and the
    /// observers after the constant (and the variable it follows) is gone.
    @inlinable
    public var signal: Signal<Value> {
        let channel = self.channel
        return .disposingAtOnce { channel.subscribe($0) }
    }
}
