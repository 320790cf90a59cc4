extension Variable {
    /// Appends `element` to the array this variable holds, in place, and notifies every observer
    /// of the new array, as setting ``value`` does.
    ///
    /// `variable.value.append(element)` reads a copy of the array, appends to it (which copies
    /// every element, since the variable still holds the original) and writes it back. This
    /// appends to the variable's own storage under its lock, so an array that nothing else holds
    /// grows in place, in amortized constant time. A copy someone kept (a value read earlier, one
    /// still queued for an observer on another executor) stays as it was: the append then copies
    /// once, as any array write would.
    ///
    /// - Thread: any. The append is atomic: appends from several threads at once all land, unlike
    ///   `value.append(_:)`, which is a read and then a write and can lose one.
    /// - Readers: a read of ``value`` on another thread sees the array before or after the append,
    ///   never a partial one; no reader waits for anything but the lock.
    /// - Observers: receive the whole new array, in turn, as for a set: from inside an observer of
    ///   this variable the append is stored at once and delivered after the current delivery, first
    ///   in first out.
    /// - No user code runs under the lock: copying an element only retains what it refers to, and
    ///   the append removes nothing, so no deinit runs there.
    @inlinable
    public func append<Element>(_ element: Element) where Value == [Element] {
        channel.update { $0.append(element) }
    }

    /// Appends the elements of `elements` to the array this variable holds, in place, and notifies
    /// every observer once, with the new array.
    ///
    /// Same contract as ``append(_:)``: one atomic change, one delivery, no partial array ever
    /// visible, no user code under the lock (the elements come from an `Array`, whose iteration is
    /// library code).
    @inlinable
    public func append<Element>(contentsOf elements: [Element]) where Value == [Element] {
        channel.update { $0.append(contentsOf: elements) }
    }
}
