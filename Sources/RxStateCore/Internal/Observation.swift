extension Array where Element == any SubstateType {
    /// The substate of type `S`, found by comparing the types held in the state's existentials
    /// (a store holds a few substates), then read in place (no runtime cast); `nil` if absent.
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type) -> S? {
        var found: S?
        for state in self
        where state.withAddress(
            ifType: ObjectIdentifier(S.self), { found = $0.assumingMemoryBound(to: S.self).pointee })
        {
            break
        }
        return found
    }
}
