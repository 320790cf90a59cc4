/// What the store hands its observers after each action: the state, its index and the action.
/// Building one allocates nothing: it shares the store's buffers.
@usableFromInline
struct Snapshot: Sendable {
    @usableFromInline let substates: [any SubstateType]
    @usableFromInline let index: SubstateIndex
    /// The last action applied, or ``NoAction`` before the first.
    @usableFromInline let action: any ActionType

    @usableFromInline
    init(substates: [any SubstateType], index: SubstateIndex, action: any ActionType) {
        self.substates = substates
        self.index = index
        self.action = action
    }

    /// The last action applied, or `nil` before the first.
    @inlinable
    var lastAction: (any ActionType)? {
        NoAction.isNone(action) ? nil : action
    }

    /// The substate of type `S`, found by its type in O(1), then cast.
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type) -> S? {
        guard let position = index[ObjectIdentifier(S.self)] else { return nil }
        return substates[position] as? S
    }
}
