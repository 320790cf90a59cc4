/// The current value of a ``Channel``, in a box of its own, so that the channel's locked state has
/// the same layout whatever the value type (see ``Channel``).
///
/// `@unchecked Sendable`: `value` is only read and written under the owning channel's lock, which
/// also makes the run-time exclusivity check of a class property redundant (`unchecked`).
@usableFromInline
final class StoredValue<Value>: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @inlinable
    init(_ value: Value?) {
        self.value = value
    }
}
