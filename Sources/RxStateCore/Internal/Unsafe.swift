// RxStateCore's one file of unsafe code: every raw address, pointer binding, in-place buffer read
// and unretained reference of the module. Each assumption, and the test that pins it:
//
// 1. Opening an existential gives the address of the value inside it only after its type's
//    identifier was compared with the one asked for (`withAddress(ifType:)`,
//    `withMutableAddress(ifType:)`); the caller binds the address to that type and nothing else.
//    Pinned by `StoreTests.typedReducerChangesOnlyItsSubstate` and `InPlaceTests`.
// 2. A typed reducer is called only with the address of an action of its registered type: the
//    store finds reducers by the `ObjectIdentifier` of the type the action is dispatched as
//    (`ReducerTable`), and passes that action's address. Pinned by
//    `TypedDispatchTests.typedAndUntypedDispatchAnnounceTheSame` and
//    `aClassActionReachesTheReducersOfTheTypeItIsDispatchedAs`.
// 3. A store lent unretained to the closures of one dispatch (`LentStore`) outlives them: the
//    caller's reference keeps it alive for the call, and the closures do not escape it. Pinned by
//    `LifetimeTests` (a store released from inside its own observer) and the stress tests.
// 4. The addresses and buffers are used only for the duration of the call that lends them; none
//    escapes (every use below is a closure parameter).

extension ActionType {
    /// Calls `body` with the address of this action if its type is the one `type` identifies;
    /// returns whether it did.
    ///
    /// Called on an `any ActionType`, this opens the existential: `body` gets the address of the
    /// value inside it, with no copy and no runtime cast (`as? A` costs about 250 instructions).
    /// Opened existentials run this unspecialized, so it deals only in addresses and identifiers;
    /// the caller, specialized for the action's type, reads the value there.
    @inlinable
    func withAddress(ifType type: ObjectIdentifier, _ body: (UnsafeRawPointer) -> Void) -> Bool {
        guard ObjectIdentifier(Self.self) == type else { return false }
        withUnsafePointer(to: self) { body(UnsafeRawPointer($0)) }
        return true
    }
}

extension SubstateType {
    /// Calls `body` with the address of this substate, to read it, if its type is the one `type`
    /// identifies; returns whether it did. Like ``withMutableAddress(ifType:_:)``, without mutation.
    @inlinable
    func withAddress(ifType type: ObjectIdentifier, _ body: (UnsafeRawPointer) -> Void) -> Bool {
        guard ObjectIdentifier(Self.self) == type else { return false }
        withUnsafePointer(to: self) { body(UnsafeRawPointer($0)) }
        return true
    }

    /// Calls `body` with the address of this substate, for mutation in place, if its type is the
    /// one `type` identifies; returns whether it did.
    ///
    /// Called on an element of `[any SubstateType]`, this opens the existential for mutation: the
    /// value is not copied out of its box, so an array inside it that nothing else references is
    /// appended to in place. A cast (`as? S`, then writing back) would copy the value and with it
    /// every buffer it holds. Opened existentials run this unspecialized, so it deals only in
    /// addresses and identifiers; the caller, specialized for the substate's type, mutates it there.
    @inlinable
    mutating func withMutableAddress(
        ifType type: ObjectIdentifier, _ body: (UnsafeMutableRawPointer) -> Void
    ) -> Bool {
        guard ObjectIdentifier(Self.self) == type else { return false }
        Self.call(body, at: &self)
        return true
    }

    /// Calls `body` with `pointer`, as a raw address valid for the call.
    @inlinable
    static func call(_ body: (UnsafeMutableRawPointer) -> Void, at pointer: UnsafeMutablePointer<Self>) {
        body(UnsafeMutableRawPointer(pointer))
    }
}

extension Array where Element == any SubstateType {
    /// The substate at `position` if its type is `S`, read in place; `nil` otherwise.
    @inlinable
    func read<S: SubstateType>(_ type: S.Type, at position: Int) -> S? {
        var found: S?
        _ = self[position].withAddress(ifType: ObjectIdentifier(S.self)) {
            found = $0.assumingMemoryBound(to: S.self).pointee
        }
        return found
    }

    /// Reduces `self[index]` in place with `reducer` and the action at `action` (an `A`, by
    /// assumption 2) if that substate is an `S`; returns whether it was.
    @inlinable @inline(__always)
    mutating func reduce<S: SubstateType, A: ActionType>(
        at index: Int,
        with action: UnsafeRawPointer,
        _ reducer: (inout S, A) -> Void
    ) -> Bool {
        self[index].withMutableAddress(ifType: ObjectIdentifier(S.self)) { state in
            reducer(
                &state.assumingMemoryBound(to: S.self).pointee, action.assumingMemoryBound(to: A.self).pointee
            )
        }
    }
}

/// Calls `body` with the address of `action`, valid for the call (assumption 4).
@inlinable
func withAddress<A: ActionType, Result>(of action: A, _ body: (UnsafeRawPointer) -> Result) -> Result {
    withUnsafePointer(to: action) { body(UnsafeRawPointer($0)) }
}

/// The position of `element` in `elements`, compared in place, or `nil`.
@inlinable @inline(__always)
func position(of element: ObjectIdentifier, in elements: [ObjectIdentifier]) -> Int? {
    elements.withUnsafeBufferPointer { elements in
        for position in elements.indices where elements[position] == element {
            return position
        }
        return nil
    }
}

extension Store {
    /// Calls the typed reducers found for the action at `action` (of their action type), in
    /// registration order, each on its substate in place; a reducer whose substate is missing is
    /// skipped and reported.
    @usableFromInline
    func applyReducers(
        _ reducers: [TypedReducer],
        _ action: UnsafeRawPointer,
        reduction: inout Reduction,
        problems: inout [StoreError]?
    ) {
        // Read in place: the caller's array keeps every reducer alive, so none is retained per call.
        reducers.withUnsafeBufferPointer { reducers in
            for reducer in reducers.indices {
                if let position = reduction.index[reducers[reducer].substate] {
                    _ = reducers[reducer].reduce(&reduction.substates, position, action)
                } else {
                    problems.note(.substateNotFound(typeName: reducers[reducer].substateName()))
                }
            }
        }
    }
}

/// A store lent to the closures of one call without a retain (assumption 3): a retain of a store,
/// which signals and observer tokens reference weakly, takes the runtime's slow path (about 125
/// instructions with its release).
@frozen
@usableFromInline
struct LentStore {
    @usableFromInline let store: Unmanaged<Store>

    /// Lends `store`, which the caller keeps alive for as long as this is used.
    @inlinable
    init(_ store: Store) {
        self.store = Unmanaged.passUnretained(store)
    }

    /// Calls `body` with the store.
    @inlinable
    func callAsFunction<Result>(_ body: (Store) -> Result) -> Result {
        store._withUnsafeGuaranteedRef(body)
    }
}
