extension Array where Element == any SubstateType {
    /// The substate of type `S`, `nil` if absent, read in place (no runtime cast): looked for first
    /// at `hint`, where it was last time, then among all; updates `hint` to where it was found.
    ///
    /// A store keeps its substates in the order they were added, so with the hint an observer finds
    /// its substate with one comparison of types.
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type, hint: inout Int) -> S? {
        if hint < count, let found = read(S.self, at: hint) {
            return found
        }
        for position in indices {
            if let found = read(S.self, at: position) {
                hint = position
                return found
            }
        }
        return nil
    }

    /// The substate of type `S`, `nil` if absent (see ``substate(_:hint:)``).
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type) -> S? {
        var hint = 0
        return substate(type, hint: &hint)
    }
}
