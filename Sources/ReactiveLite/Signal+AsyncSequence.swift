extension Signal {
    /// The signal's values as an `AsyncSequence`: `for await value in signal.values { ... }`.
    ///
    /// Each access starts a new observation; on a replaying source the first element is the current
    /// value. Values are buffered without limit until the loop takes them, so none is lost and
    /// order is kept. Ending the loop, cancelling its task or dropping the stream disposes of the
    /// observation.
    public var values: AsyncStream<Value> {
        let upstream = self
        return AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let slot = DisposableSlot()
            continuation.onTermination = { _ in slot.dispose() }
            slot.set(upstream.observe { continuation.yield($0) })
        }
    }
}
