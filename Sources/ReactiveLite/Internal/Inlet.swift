/// What stands between a source and an observer (a ``Mailbox``, an ``ObserverGate``): it receives
/// the source's values and hears when the source lets go of it.
protocol SourceEndReceiving: AnyObject, Sendable {
    associatedtype Value: Sendable

    /// Receives one value from the source.
    func send(_ value: Value)

    /// The source let go of the ``Inlet`` (it was deallocated, or the subscription was disposed
    /// of): no value will come any more, so the receiver releases its observer, which nothing
    /// else may be waiting to drop (a `values` stream finishes when its observer is released).
    func sourceEnded()
}

/// The one object that the closure given to a source holds: sends pass through it to the
/// receiver, and its deinit, which runs when the source releases that closure, tells the receiver
/// that its source is gone.
///
/// Without it, a receiver would only learn of its source's end from its own disposal: an
/// observation whose disposable is held, directly or not, by its own observer (a `values` stream,
/// a binding) would then keep itself alive after the source went, and never finish.
final class Inlet<Receiver: SourceEndReceiving>: Sendable {
    private let receiver: Receiver

    init(_ receiver: Receiver) {
        self.receiver = receiver
    }

    /// Passes `value` on to the receiver.
    func send(_ value: Receiver.Value) {
        receiver.send(value)
    }

    deinit {
        receiver.sourceEnded()
    }
}
