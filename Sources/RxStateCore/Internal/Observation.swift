/// What the store hands its observers after each action: the state, its index and the action.
/// Building one allocates nothing: it shares the store's buffers.
@usableFromInline
struct Snapshot: Sendable {
    @usableFromInline let substates: [any SubstateType]
    @usableFromInline let index: SubstateIndex
    @usableFromInline let lastAction: (any ActionType)?

    @usableFromInline
    init(substates: [any SubstateType], index: SubstateIndex, lastAction: (any ActionType)?) {
        self.substates = substates
        self.index = index
        self.lastAction = lastAction
    }

    /// The substate of type `S`, found by its type in O(1), then cast.
    @inlinable
    func substate<S: SubstateType>(_ type: S.Type) -> S? {
        guard let position = index[ObjectIdentifier(S.self)] else { return nil }
        return substates[position] as? S
    }
}
