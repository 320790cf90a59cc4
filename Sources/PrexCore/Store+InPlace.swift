import FlowKernel

// The in-place path of `Flux(mutatingInPlace:mutation:)`. While a mutation runs, the state is moved
// out of the store, so that the mutation holds the only reference to it and a large array in it
// grows in place. The store holds the flux's initial state meanwhile (`placeholder`): readers on
// other threads wait for the mutation instead of reading it, readers inside a mutation get it.

extension Store {
    /// Switches the store to the in-place path, keeping `placeholder` for reads from inside a
    /// mutation. Called once by `Flux(mutatingInPlace:mutation:)`, before any action is applied.
    @inlinable
    func mutateInPlace(placeholder: State) {
        storage.withLock { storage in
            storage.placeholder = placeholder
            storage.mutatesInPlace = true
        }
    }

    /// Moves the state out, applies `mutate` to it with no lock held, publishes it and tells the
    /// listeners, with no old state. Called only by the dispatcher's turn holder.
    ///
    /// The thread is marked as inside a reducer (the kernel's `ReducingThreads`, shared with
    /// RxStateCore) while `mutate` runs: a read of any store that moved its state out is then
    /// answered at once instead of waiting, so two stores whose mutations read each other from two
    /// threads cannot deadlock.
    ///
    /// Never inlined into `apply`, which stays small enough to be inlined into the dispatcher's
    /// closure on the default path.
    @inlinable @inline(never)
    static func applyInPlace(to storage: Locked<Storage>, _ mutate: (inout State) -> Void) {
        // Moved, never copied, both ways: the state and the placeholder trade places through the
        // placeholder's slot, so that no reference to the state's storage is left behind.
        var taken: State? = nil
        // The store's gate is held while the state is moved out (the kernel's in-place protocol):
        // readers on other threads wait on it, so the system knows they wait for this thread.
        storage.withLock { value in
            value.moveOut(gates: storage, gate: 1)
            swap(&value.state, &value.placeholder!)
            swap(&taken, &value.placeholder)
        }
        var state = taken.take()!
        ReducingThreads.enter()
        mutate(&state)
        ReducingThreads.leave()
        taken = consume state
        let (listeners, new) = storage.withLock { storage in
            swap(&taken, &storage.placeholder)
            swap(&storage.state, &storage.placeholder!)
            _ = storage.putBack()
            return (storage.listeners.entries, storage.state)
        }
        storage.releaseGate()
        if !listeners.isEmpty {
            // A scope of its own, as the default path opens: a listener must never reuse the answer
            // of an enclosing loop (this dispatch may run inside a `sync` block on another queue).
            MainQueue.sharingAnswer {
                notify(listeners, StateChange(new: new, old: nil))
            }
        }
    }

    /// Runs `body` with the storage under the lock, once the state is in it; `body` must not run
    /// user code.
    ///
    /// While a mutation has the state moved out, a caller on another thread waits for it to
    /// return; a caller inside a mutation (or an RxStateCore reducer) runs `body` at once, with the
    /// placeholder as the state, since the mutation it is part of cannot return while it waits (the
    /// kernel's in-place protocol with the placeholder policy, `Locked.readInPlace`).
    @inlinable
    func read<Result>(_ body: (inout Storage) -> Result) -> Result {
        // Never `nil`: the placeholder policy answers every read.
        storage.readInPlace(gate: 1, policy: .readPlaceholder, body)!
    }
}
