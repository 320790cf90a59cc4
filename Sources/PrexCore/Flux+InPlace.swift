extension Flux {
    /// Creates a flux whose mutations change the store's state in place: the opt-in for a state
    /// holding a large collection, where the default path copies it on every action.
    ///
    /// By default the store keeps the previous state while a mutation runs (readers see it, and
    /// listeners receive it as `StateChange.old`), so a mutation that appends to an array in the
    /// state copies the whole array. This flux instead moves the state out of the store while the
    /// mutation runs, so that the mutation holds the only reference to it: appending to an array
    /// that nothing else holds takes amortized constant time. A copy someone kept (a state read
    /// earlier, a change still queued for a view on the main queue, an element buffered by
    /// `changes()`) stays as it was: the mutation then copies once, as any array write would.
    ///
    /// What changes, compared with `init(state:mutation:)`; the rest of the contract (one action
    /// at a time, reentrant dispatch queued first in first out, no lock held while a mutation, a
    /// listener or a view runs) is the same:
    /// - **Listeners and views receive no old state.** Every `StateChange` has `old == nil`, so
    ///   every property counts as changed (`changedProperty(for:)` returns each one): a view loses
    ///   the diff and redraws what it shows from `new`.
    /// - **Readers on other threads wait for a running mutation.** `store.state`, `changes()` and
    ///   `Presenter.reflect()` called on another thread while a mutation runs wait until it has
    ///   returned, then see the state it produced: never a partly mutated one. Keep mutations
    ///   short, and never make one wait for a thread that might be reading this store.
    /// - **A read from inside a mutation gets the initial state.** A mutation (of any flux, or an
    ///   RxStateCore reducer) that reads this store while its own mutation runs cannot wait for it:
    ///   it gets `state`, the value passed here, which the flux keeps for that purpose (from
    ///   `store.state`, and as the first element of a `changes()` stream made there). This is a
    ///   misuse: a mutation receives the state it changes as its argument. Inside a mutation means
    ///   anywhere in its call, including a listener or a view of another flux that a dispatch from
    ///   the mutation applies at once (an idle flux applies an action on the calling thread); and
    ///   `Presenter.reflect()` called there pushes nothing, since the mutation's change reaches the
    ///   view when it returns.
    /// - **The initial state stays.** Since the flux keeps `state` for the life of the flux, what
    ///   it holds stays allocated, and the first mutation that writes to a collection it holds
    ///   copies that collection once. Start from a small initial state and load a large
    ///   collection with an action.
    ///
    /// - Parameters:
    ///   - state: The initial state; also what a read from inside a mutation gets.
    ///   - mutation: Applies each action to the state, in place.
    @inlinable
    public convenience init<M: Mutation>(
        mutatingInPlace state: State, mutation: M
    ) where M.Action == Action, M.State == State {
        self.init(state: state, mutation: mutation)
        // Before the flux is shared: no action can be applied yet.
        store.mutateInPlace(placeholder: state)
    }
}
