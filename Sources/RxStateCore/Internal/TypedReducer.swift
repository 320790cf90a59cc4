/// A reducer registered with ``Store/register(_:for:reducer:)``, erased to a closure that finds
/// nothing itself: the store looks up the action's type and the substate's index, then calls it
/// with the action's address.
@usableFromInline
struct TypedReducer: Sendable {
    /// The registered substate type.
    @usableFromInline let substate: ObjectIdentifier
    /// The substate type's name, for ``StoreError/substateNotFound(typeName:)``.
    @usableFromInline let substateName: @Sendable () -> String
    /// Reduces `substates[index]` with the action at `action`, which must be of the registered
    /// action type (the store chose this reducer by it); `false` if the substate at `index` is not
    /// of the registered substate type.
    @usableFromInline let reduce:
        @Sendable (_ substates: inout [any SubstateType], _ index: Int, _ action: UnsafeRawPointer) -> Bool

    @inlinable
    init<S: SubstateType, A: ActionType>(_ reducer: @escaping @Sendable (inout S, A) -> Void) {
        substate = ObjectIdentifier(S.self)
        substateName = { String(reflecting: S.self) }
        reduce = { substates, index, action in
            // The store chose this reducer by the action's exact type, so `action` holds an `A`
            // (a typed dispatch passes its own `A`, an untyped one the address inside its
            // existential); the substate at `index` is checked against `S`'s identifier (no
            // runtime cast), then mutated in place.
            substates.reduce(at: index, with: action, reducer)
        }
    }
}
