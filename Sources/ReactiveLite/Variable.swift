/// A thread-safe mutable value whose changes can be observed through ``signal``.
///
/// The signal gives a new observer the current value first, then every later change: no change is
/// missed and none is seen twice, even while other threads are setting the value. Observers are
/// called in subscription order, one value at a time, on the thread that set the value.
///
/// Reading ``value`` inside an observer works and returns the latest value set. Setting it inside
/// an observer of this variable is queued: the new value is stored at once and delivered after the
/// current delivery, first in first out (the original VueFluxReactive deadlocks in both cases).
/// Setting it from another thread during a delivery: from inside no delivery, the setter waits for
/// the other thread's turn, then stores the value and delivers it on the setting thread; from inside
/// a delivery of another source, the setter stores it at once, returns, and delivers it once it
/// leaves its outermost delivery (unless a thread that takes the turn first delivers it on its way
/// to its own).
///
/// `value += 1` is a read and then a write: two threads doing it at once can lose an increment.
/// Serialize writers (as a store serializes its mutations) when updates depend on the old value.
///
/// ```swift
/// let variable = Variable(0)
/// variable.signal.observe { print($0) }  // prints "0"
/// variable.value = 1                     // prints "1"
/// ```
public final class Variable<Value: Sendable>: Sendable {
    @usableFromInline
    let channel: Channel<Value>

    /// Creates a variable holding `value`.
    ///
    /// - Parameter value: The initial value, given to every observer that subscribes before a change.
    public init(_ value: Value) {
        channel = Channel(replaying: value)
    }

    /// The latest value set; setting it notifies every observer.
    @inlinable
    public var value: Value {
        get { channel.storedValue }
        set {
            channel.send(newValue, storing: true)
        }
    }

    /// The signal of the current value followed by every change.
    ///
    /// The signal holds what the variable delivers from: keeping it keeps the value and the
    /// observers after the variable itself is gone, until the signal is dropped too.
    @inlinable
    public var signal: Signal<Value> {
        let channel = self.channel
        return .disposingAtOnce { channel.subscribe($0) }
    }

    /// A read-only view of this variable that follows its changes.
    public var constant: Constant<Value> {
        Constant(variable: self)
    }
}
