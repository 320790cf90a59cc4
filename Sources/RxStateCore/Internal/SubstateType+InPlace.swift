extension SubstateType {
    /// Runs `body` on this substate as an `S`, in place, if its dynamic type is exactly `S`;
    /// returns whether it ran.
    ///
    /// Called on an element of `[any SubstateType]`, this opens the existential for mutation: the
    /// value is not copied out of its box, so an array inside it that nothing else references is
    /// appended to in place. A cast (`as? S`, then writing back) would copy the value and with it
    /// every buffer it holds. Opened existentials run this unspecialized, so it deals only in
    /// addresses and a `Bool`: a generic result (an `Optional<Result>`) cost a metadata lookup per
    /// call.
    @inlinable
    mutating func modify<S>(as type: S.Type, _ body: (inout S) -> Void) -> Bool {
        guard Self.self == S.self else { return false }
        withUnsafeMutablePointer(to: &self) { pointer in
            // Same type, checked above: the memory is bound to `S` already.
            body(&UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: S.self).pointee)
        }
        return true
    }
}
