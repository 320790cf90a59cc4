/// What the store hands its observers after each action: the state and the action.
/// Building one allocates nothing: it shares the store's buffers.
@usableFromInline
struct Snapshot: Sendable {
    @usableFromInline let substates: [any SubstateType]
    /// The last action applied, or ``NoAction`` before the first.
    @usableFromInline let action: any ActionType

    @usableFromInline
    init(substates: [any SubstateType], action: any ActionType) {
        self.substates = substates
        self.action = action
    }

    /// The last action applied, or `nil` before the first.
    @inlinable
    var lastAction: (any ActionType)? {
        NoAction.isNone(action) ? nil : action
    }

    /// The substate of type `S`, found by comparing the types held in the state's existentials
    /// (a store holds a few substates; the snapshot carries no index, one buffer fewer to retain
    /// per action), then read in place (no runtime cast).
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type) -> S? {
        var found: S?
        for state in substates
        where state.withAddress(
            ifType: ObjectIdentifier(S.self), { found = $0.assumingMemoryBound(to: S.self).pointee })
        {
            break
        }
        return found
    }
}
