import FlowKernelShims

/// A word of flags read and changed without a lock, for a state machine whose common transition
/// must not pay for a mutex (a view mailbox going idle -> delivering -> idle).
///
/// `@unchecked Sendable`: the word is only touched through the atomic builtins of FlowKernelShims.
/// One allocation, the word tail-allocated.
@frozen
@usableFromInline package struct AtomicBits: @unchecked Sendable {
    @usableFromInline let storage: AtomicBitsStorage

    /// Creates a word with no flag set.
    @inlinable
    package init() {
        storage = unsafeDowncast(
            AtomicBitsStorage.create(minimumCapacity: 1) { _ in },
            to: AtomicBitsStorage.self
        )
        storage.withUnsafeMutablePointerToElements { fk_bits_init($0) }
    }

    /// The current word (an acquiring load).
    @inlinable
    package var value: Int {
        storage.withUnsafeMutablePointerToElements { Int(fk_bits_load($0)) }
    }

    /// Replaces the word with `desired` if it is exactly `expected`; returns whether it was.
    @inlinable
    package func replace(_ expected: Int, with desired: Int) -> Bool {
        storage.withUnsafeMutablePointerToElements { fk_bits_replace($0, expected, desired) }
    }

    /// Sets the flags of `mask`; returns the previous word.
    @inlinable
    @discardableResult
    package func set(_ mask: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { Int(fk_bits_set($0, mask)) }
    }

    /// Clears the flags of `mask`; returns the previous word.
    @inlinable
    @discardableResult
    package func clear(_ mask: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { Int(fk_bits_clear($0, mask)) }
    }
}

/// The one allocation of an ``AtomicBits``.
@usableFromInline package final class AtomicBitsStorage: ManagedBuffer<Void, fk_bits> {}
