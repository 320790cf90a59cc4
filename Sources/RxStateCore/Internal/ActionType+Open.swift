extension ActionType {
    /// Runs `body` with this action as an `A` if its dynamic type is exactly `A`; returns whether
    /// it ran.
    ///
    /// Cheaper than `as? A` on an `any ActionType` (a runtime cast, about 250 instructions): the
    /// store already chose the reducer by the action's exact type, so a comparison of type
    /// metadata suffices.
    @inlinable
    func withValue<A>(as type: A.Type, _ body: (A) -> Void) -> Bool {
        guard Self.self == A.self else { return false }
        withUnsafePointer(to: self) { pointer in
            // Same type, checked above: the memory is bound to `A` already.
            body(UnsafeRawPointer(pointer).assumingMemoryBound(to: A.self).pointee)
        }
        return true
    }
}
