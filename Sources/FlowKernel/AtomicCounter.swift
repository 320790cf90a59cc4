import FlowKernelShims

/// An integer changed and read without a lock, for counters read on a hot path.
///
/// `@unchecked Sendable`: the value is only touched through the atomic builtins of FlowKernelShims
/// (`fk_counter_load`, `fk_counter_add`). One allocation, the counter tail-allocated.
@usableFromInline package struct AtomicCounter: @unchecked Sendable {
    private let storage: AtomicCounterStorage

    /// Creates a counter at zero.
    @usableFromInline package init() {
        storage = unsafeDowncast(
            AtomicCounterStorage.create(minimumCapacity: 1) { _ in },
            to: AtomicCounterStorage.self
        )
        storage.withUnsafeMutablePointerToElements { fk_counter_init($0) }
    }

    /// The current value (an acquiring load).
    @usableFromInline package var value: Int {
        storage.withUnsafeMutablePointerToElements { Int(fk_counter_load($0)) }
    }

    /// Adds `delta` (sequentially consistent).
    @usableFromInline package func add(_ delta: Int) {
        storage.withUnsafeMutablePointerToElements { fk_counter_add($0, delta) }
    }
}

private final class AtomicCounterStorage: ManagedBuffer<Void, fk_counter> {}
