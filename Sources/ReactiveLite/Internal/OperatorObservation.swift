import FlowKernel

/// The disposable of an operator's observation (`map`, `filter`, `skipRepeats`, and RxStateCore's
/// `substateSignal`), which stops the observer at once also between the operator's own user code
/// and the observer.
///
/// The upstream observation checks its flag before it calls the operator; the operator then runs
/// user code (a transform, a predicate, `==`), which may take any time, and only then calls the
/// observer. So the operator checks this disposable's flag again, right before the observer: once
/// `dispose()` has returned, the observer is not called, unless its call had already begun.
///
/// `Sendable`: the flag is an ``AtomicBits`` word, and the upstream disposable sits in a
/// ``DisposableSlot`` (behind its lock).
@usableFromInline
package final class OperatorObservation: Disposable {
    /// Bit 0 set once disposed of.
    @usableFromInline let flag = AtomicBits()
    /// The upstream observation, known once `observe` has returned.
    private let upstream = DisposableSlot()

    @usableFromInline
    package init() {}

    /// Whether the observer may still be called: read before each call, without a lock.
    @inlinable
    package var isActive: Bool {
        flag.value & 1 == 0
    }

    /// Whether ``dispose()`` has been called.
    @usableFromInline
    package var isDisposed: Bool {
        !isActive
    }

    /// Keeps the upstream observation, or disposes of it at once if this one was disposed of
    /// meanwhile.
    @usableFromInline
    package func attach(_ observation: any Disposable) {
        upstream.set(observation)
    }

    /// Stops the observer at once, then ends the upstream observation (which releases the operator's
    /// closure and, with it, the observer).
    @usableFromInline
    package func dispose() {
        flag.set(1)
        upstream.dispose()
    }
}
