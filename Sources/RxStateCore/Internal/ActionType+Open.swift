extension ActionType {
    /// The identifier of this action's type, read from the existential that holds it: cheaper
    /// than `ObjectIdentifier(type(of: action))`, which asks the runtime for the dynamic type.
    /// For a value type (every action but a class instance upcast before it was dispatched) the
    /// two agree; the typed reducers are checked against this one.
    @inlinable
    var typeIdentifier: ObjectIdentifier { ObjectIdentifier(Self.self) }

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
