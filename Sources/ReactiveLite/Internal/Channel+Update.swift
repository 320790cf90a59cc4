import FlowKernel

extension Channel {
    /// Changes the stored value in place with `change`, under the lock, then sends the result to
    /// every current observer in turn, as ``send(_:storing:)`` does with a new value.
    ///
    /// `change` runs under the lock, so it must be library code that runs no user code (no
    /// closure, no user collection's method, no deinit of a user value): an `Array` append, whose
    /// element copies only retain. Because the value is not read out first, the storage a replaying
    /// channel holds alone is changed in place, and two threads changing it at once lose nothing.
    /// Only replaying channels (a Variable's) are asked, so the unwrap cannot fail.
    @inlinable
    func update(_ change: (inout Value) -> Void) {
        let deferred = state.serialize(
            mayWait: true,
            arrive: { state in
                change(&state.current!)
                return .send(state.current!, limit: state.observers.nextID)
            },
            prepare: { state, _ in state.observers.entries },
            perform: { Self.deliver($0, to: $1) }
        )
        if let deferred {
            resumeLater(deferred)
        }
    }
}
