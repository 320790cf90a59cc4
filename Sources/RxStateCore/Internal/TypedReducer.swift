/// A reducer registered with ``Store/register(_:for:reducer:)``, erased to a closure that finds
/// nothing itself: the store looks up the action's type and the substate's index, then calls it.
@usableFromInline
struct TypedReducer: Sendable {
    /// The registered substate type.
    @usableFromInline let substate: ObjectIdentifier
    /// The substate type's name, for ``StoreError/substateNotFound(typeName:)``.
    @usableFromInline let substateName: @Sendable () -> String
    /// Reduces `substates[index]` with the action; `false` if the types did not match.
    @usableFromInline let reduce:
        @Sendable (_ substates: inout [any SubstateType], _ index: Int, _ action: any ActionType) -> Bool

    @inlinable
    init<S: SubstateType, A: ActionType>(_ reducer: @escaping @Sendable (inout S, A) -> Void) {
        substate = ObjectIdentifier(S.self)
        substateName = { String(reflecting: S.self) }
        reduce = { substates, index, action in
            // The store chose this reducer by the action's exact type, so the action is an `A`;
            // the substate at `index` was filed under `S`, so it is an `S`. Both are checked
            // against the identifiers (no runtime cast), then used in place.
            var reduced = false
            _ = action.withAddress(ifType: ObjectIdentifier(A.self)) { action in
                let action = action.assumingMemoryBound(to: A.self)
                reduced = substates[index].withMutableAddress(ifType: ObjectIdentifier(S.self)) { state in
                    reducer(&state.assumingMemoryBound(to: S.self).pointee, action.pointee)
                }
            }
            return reduced
        }
    }
}
