extension SubstateType {
    /// The identifier of this substate's type, read from the existential that holds it: cheaper
    /// than `ObjectIdentifier(type(of: state))`, which asks the runtime for the dynamic type, and
    /// the one the typed reducers are checked against. The store files substates under it.
    @inlinable
    var typeIdentifier: ObjectIdentifier { ObjectIdentifier(Self.self) }

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
