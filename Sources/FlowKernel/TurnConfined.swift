/// A mutable value that only the deliveries of one observation touch, which a source's turn
/// serializes: each delivery runs on the thread holding the turn, and the turn passes from thread to
/// thread under a lock, so each delivery happens after the one before it. No lock of its own.
///
/// For state an observer keeps between deliveries (the last value it saw, where it found it last
/// time) on a hot path: it spares a lock round trip per observer per delivery. Use it only from
/// the observer's own deliveries, never from the code that subscribes or disposes of it. The
/// thread sanitizer pass checks the claim (StressTests, RxStateCore's `substateSignal` observed
/// while 8 threads dispatch).
///
/// The value is read and written through a pointer into its one allocation, not as a class's
/// stored `var`: Swift checks every access to a class's `var` for exclusivity at run time (a call
/// into the runtime and a thread-local lookup, about 30 instructions an access), which the turn
/// makes needless here. Measured on RxStateCore's `substateSignal`, two accesses per observer per
/// action (workload 7 of the benchmarks: about 30,000 instructions a toggle with 400 observers).
///
/// A struct holding a reference: copies share the value.
@frozen
@usableFromInline package struct TurnConfined<Value>: @unchecked Sendable {
    @usableFromInline let storage: TurnConfinedStorage<Value>

    /// Creates a box holding `value`.
    @inlinable
    package init(_ value: Value) {
        storage = unsafeDowncast(
            TurnConfinedStorage<Value>.create(minimumCapacity: 0) { _ in value },
            to: TurnConfinedStorage<Value>.self
        )
    }

    /// The value; read and write it only inside the observation's deliveries.
    @inlinable
    package var value: Value {
        get { storage.withUnsafeMutablePointerToHeader { $0.pointee } }
        nonmutating set { storage.withUnsafeMutablePointerToHeader { $0.pointee = newValue } }
    }
}

/// The one allocation of a ``TurnConfined``: the value as the header (`ManagedBuffer`'s deinit
/// destroys it), no elements.
@usableFromInline package final class TurnConfinedStorage<Value>: ManagedBuffer<Value, Void> {}
