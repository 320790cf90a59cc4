extension SubstateType {
    /// Runs `body` on this substate as an `S`, in place, if its dynamic type is exactly `S`.
    ///
    /// Called on an element of `[any SubstateType]`, this opens the existential for mutation: the
    /// value is not copied out of its box, so an array inside it that nothing else references is
    /// appended to in place. A cast (`as? S`, then writing back) would copy the value and with it
    /// every buffer it holds.
    @inlinable
    mutating func withValue<S, Result>(as type: S.Type, _ body: (inout S) -> Result) -> Result? {
        guard Self.self == S.self else { return nil }
        return withUnsafeMutablePointer(to: &self) { pointer in
            // Same type, checked above: rebinding is a no-op that lets the compiler see an `S`.
            pointer.withMemoryRebound(to: S.self, capacity: 1) { body(&$0.pointee) }
        }
    }
}
