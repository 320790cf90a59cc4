import FlowKernelShims

/// An owner of observers that a token can remove itself from.
@usableFromInline package protocol ObserverRemoving: AnyObject, Sendable {
    /// Removes the observer with `id` (releasing its closure outside the owner's lock); does nothing
    /// if it is already gone.
    func removeObserver(id: UInt64)
}

/// The handle of one observer in an ``ObserverList``: an active flag read without a lock, and the
/// way back to the owner.
///
/// Delivery checks the flag before each call, so disposal takes effect at once, also for a
/// delivery that took its snapshot of the list earlier; removing the entry then releases the
/// closure. One allocation: the flag is tail-allocated after the id and the owner. A struct around
/// that reference, so that it fits an existential's inline buffer.
///
/// `@unchecked Sendable`: the header is written once, at creation (its weak reference is loaded
/// through the runtime's atomic side table); the flag is only touched through the atomic builtins
/// of FlowKernelShims (`fk_flag_load`, `fk_flag_exchange`).
@frozen
@usableFromInline package struct ObserverToken: @unchecked Sendable {
    @usableFromInline let storage: ObserverTokenStorage

    /// Creates an active token for observer `id` of `owner`.
    @inlinable
    package init(id: UInt64, owner: any ObserverRemoving) {
        storage = unsafeDowncast(
            ObserverTokenStorage.create(minimumCapacity: 1) { _ in
                ObserverTokenHeader(id: id, owner: owner)
            },
            to: ObserverTokenStorage.self
        )
        storage.withUnsafeMutablePointerToElements { fk_flag_init($0, true) }
    }

    /// The observer's id in its list.
    @inlinable
    package var id: UInt64 {
        storage.withUnsafeMutablePointerToHeader { $0.pointee.id }
    }

    /// Whether the observer may still be called.
    @inlinable
    package var isActive: Bool {
        storage.withUnsafeMutablePointerToElements { fk_flag_load($0) }
    }

    /// Whether ``dispose()`` (or the owner's removal) has happened.
    @inlinable
    package var isDisposed: Bool {
        !isActive
    }

    /// Clears the flag; returns whether this call cleared it (the first one does).
    @inlinable
    @discardableResult
    package func deactivate() -> Bool {
        storage.withUnsafeMutablePointerToElements { fk_flag_exchange($0, false) }
    }

    /// The owner, while it lives.
    @inlinable
    package var owner: (any ObserverRemoving)? {
        storage.withUnsafeMutablePointerToHeader { $0.pointee.owner }
    }

    /// Stops the observer at once and removes it from its owner; later calls do nothing.
    @inlinable
    package func dispose() {
        guard deactivate() else { return }
        owner?.removeObserver(id: id)
    }
}

/// What a token knows: its id in its owner's ``ObserverList`` and the owner, held weakly.
@usableFromInline package struct ObserverTokenHeader {
    @usableFromInline let id: UInt64
    @usableFromInline weak var owner: (any ObserverRemoving)?

    @inlinable
    package init(id: UInt64, owner: any ObserverRemoving) {
        self.id = id
        self.owner = owner
    }
}

/// The one allocation of an ``ObserverToken``.
@usableFromInline package final class ObserverTokenStorage: ManagedBuffer<ObserverTokenHeader, fk_flag> {}
