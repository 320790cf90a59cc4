/// A source of values that you push into; observers see them through ``signal``.
///
/// A sink keeps no value: an observer sees only what is sent after it subscribed. Use it for
/// commands and events (for example "present this screen") rather than state; use ``Variable`` for
/// state.
///
/// Values are delivered on the thread that sends them, to observers in the order they subscribed,
/// one value at a time. A value sent from inside this sink's delivery, on the delivering thread (an
/// observer of this sink, or of a source it sets), is queued and delivered right after the current
/// one, first in first out, and its sender returns at once. A value sent from inside a delivery of
/// another source while another thread delivers this sink's values returns at once too, and its
/// sender delivers it once it leaves its outermost delivery (unless a thread that takes the turn
/// first delivers it on its way to its own). A value sent from another thread,
/// inside no delivery, waits for the other thread's turn and is then delivered by its sender. So
/// recursive sends are fine (the original VueFluxReactive deadlocks on them), no sender delivers
/// another thread's stream, and once every `send(value:)` call has returned, every value has been
/// delivered.
///
/// ```swift
/// let sink = Sink<Int>()
/// sink.signal.observe { print($0) }
/// sink.send(value: 100)  // prints "100"
/// ```
public final class Sink<Value: Sendable>: Sendable {
    @usableFromInline
    let channel: Channel<Value>

    /// Creates a sink with no observers.
    public init() {
        channel = Channel(replaying: nil)
    }

    /// The signal of the values sent into this sink.
    ///
    /// Every call returns a signal of the same source: observing either sees the same values. The
    /// signal holds what the sink delivers from: keeping it keeps the observers after the sink is
    /// gone, until the signal is dropped too.
    @inlinable
    public var signal: Signal<Value> {
        let channel = self.channel
        return .disposingAtOnce { channel.subscribe($0) }
    }

    /// Sends `value` to every observer, in subscription order.
    ///
    /// - Parameter value: The value to deliver. If a delivery is under way and this call comes from
    ///   inside a delivery, it is queued and this call returns before it is delivered; from inside
    ///   no delivery, this call waits for the other thread's turn (see ``Sink``).
    @inlinable
    public func send(value: Value) {
        channel.send(value, storing: false)
    }
}
