/// A mutable value that only the deliveries of one observation touch, which a source's turn
/// serializes: each delivery runs on the thread holding the turn, and the turn passes from thread to
/// thread under a lock, so each delivery happens after the one before it. No lock of its own.
///
/// For state an observer keeps between deliveries (the last value it saw, where it found it last
/// time) on a hot path: it spares a lock round trip per observer per delivery. Use it only from
/// the observer's own deliveries, never from the code that subscribes or disposes of it. The
/// thread sanitizer pass checks the claim (StressTests, RxStateCore's `substateSignal` observed
/// while 8 threads dispatch).
@usableFromInline package final class TurnConfined<Value>: @unchecked Sendable {
    /// The value; read and write it only inside the observation's deliveries.
    @usableFromInline package var value: Value

    /// Creates a box holding `value`.
    @inlinable
    package init(_ value: Value) {
        self.value = value
    }
}
