// ReactiveLite's one file of unsafe code. Each assumption, and the test that pins it:
//
// 1. `ErasedObserver` and `ErasedObserver.Typed<Value>` have the same layout: one stored closure,
//    two words (function and retained context), whatever the closure's type. The bit casts below
//    move those words unchanged. Pinned by `UnsafeLayoutTests`, and used by every delivery
//    (`SinkTests`, `SignalTests`, and `StressTests` under the thread sanitizer).
// 2. `ErasedObserver.call(_:)` is called with the value type the observer was made with: a
//    `Channel<Value>` stores only observers of its own `Value` (its `observe` is the only place
//    that erases). Pinned by the same tests.

/// An observer closure of any value type, stored with one type whatever the value type, so that a
/// channel's observer list, and the code that removes from it, is not generic.
///
/// It holds the closure's two words (function and retained context) unchanged, not a closure
/// converted to another type: no reabstraction thunk, no allocation. ``call(_:)`` reads them back
/// as the closure they came from (``Typed``, of the same layout), so it must be called with the
/// value type the observer was made with; a ``Channel`` only stores observers of its own value
/// type. A delivery to many observers views the list's entries as entries of ``Typed`` in place
/// instead (`ObserverList.forEachActive(in:viewingCallbacksAs:below:_:)`), which spares a retain
/// of each closure.
@usableFromInline
struct ErasedObserver: Sendable {
    /// The observer with its type, of the same layout as ``ErasedObserver``.
    @usableFromInline
    struct Typed<Value: Sendable> {
        @usableFromInline let action: @Sendable (Value) -> Void

        @inlinable
        init(_ action: @escaping @Sendable (Value) -> Void) {
            self.action = action
        }
    }

    /// The closure's words, typed as a closure so that copies retain its context; never called as
    /// itself.
    @usableFromInline let words: @Sendable () -> Void

    /// Erases `action`.
    @inlinable
    init<Value: Sendable>(_ action: @escaping @Sendable (Value) -> Void) {
        self = unsafeBitCast(Typed(action), to: ErasedObserver.self)
    }

    /// Calls the observer with `value`, of the type it was made with.
    @inlinable
    func call<Value: Sendable>(_ value: Value) {
        unsafeBitCast(self, to: Typed<Value>.self).action(value)
    }
}
