extension Signal {
    /// The signal's values as an `AsyncSequence`: `for await value in signal.values { ... }`.
    ///
    /// Each access starts a new observation; on a replaying source the first element is the current
    /// value. Values are buffered without limit until the loop takes them, so none is lost and
    /// order is kept. Cancelling the iterating task, or the stream's end (its last copy and its
    /// iterator dropped), disposes of the observation: so leaving a `for await` loop over
    /// `signal.values` itself ends it, but a stream also kept elsewhere (in a property, a local used
    /// again) stays observed, and buffers, until that copy is dropped, as any `AsyncStream` does.
    /// The sequence finishes when its source is deallocated (the source releases the
    /// observer, which finishes the stream), so a loop over a dropped variable's values ends. That
    /// holds through ``observe(on:)`` (after the values already sent) and for a custom signal whose
    /// producer lets go of its `send` closure: the observation holds its own disposable, so only
    /// the source's end can release it.
    public var values: AsyncStream<Value> {
        let upstream = self
        return AsyncStream(bufferingPolicy: .unbounded) { continuation in
            let slot = DisposableSlot()
            continuation.onTermination = { _ in slot.dispose() }
            let finisher = StreamFinisher(continuation)
            slot.set(upstream.observe { finisher.continuation.yield($0) })
        }
    }
}

/// Finishes a stream when the observer closure that holds it is released: the source dropped the
/// observer because it was disposed of or because the source itself is gone.
private final class StreamFinisher<Value: Sendable>: Sendable {
    let continuation: AsyncStream<Value>.Continuation

    init(_ continuation: AsyncStream<Value>.Continuation) {
        self.continuation = continuation
    }

    deinit {
        continuation.finish()
    }
}
