import Synchronization

/// The ``Disposable`` that a ``Channel`` hands out for one observer.
///
/// The active flag is what delivery checks, so disposal stops calls at once even for a delivery
/// that took its snapshot of the observers earlier; removing the entry then releases the closure.
@usableFromInline
final class Subscription<Value: Sendable>: Disposable {
    @usableFromInline let id: UInt64
    @usableFromInline weak let channel: Channel<Value>?
    @usableFromInline let active = Atomic<Bool>(true)

    @usableFromInline
    init(id: UInt64, channel: Channel<Value>) {
        self.id = id
        self.channel = channel
    }

    @inlinable
    var isActive: Bool {
        active.load(ordering: .acquiring)
    }

    @usableFromInline
    var isDisposed: Bool {
        !isActive
    }

    @usableFromInline
    func dispose() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        channel?.remove(id: id)
    }
}
