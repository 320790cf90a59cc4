import FlowKernel
import ReactiveLite

// Each signal below subscribes with its own closure literal rather than through a shared helper
// taking a transform closure: that extra closure call per observer per action was a third of the
// cost of a notification.
extension Store: ObserverRemoving {
    /// The app state with the action that produced it: the current pair first, then one pair per
    /// applied action, each state exactly the one its action produced.
    ///
    /// Replaying: a new observer gets the current pair first (with a `nil` action before the first
    /// one), then every later pair, with no gap and no duplicate, even while other threads dispatch.
    /// An observer subscribing while the store is busy gets its first pair after the actions queued
    /// before it are applied. Observers run on the thread draining the store, in subscription order,
    /// with no lock held; a dispatch from an observer is queued behind the current action. Every
    /// applied action is announced, including one that changed nothing (an unhandled action).
    ///
    /// The signal holds the store weakly: observing it after the store is gone observes nothing.
    public var currentStateLastAction: Signal<CurrentStateLastAction> {
        .disposingAtOnce { [weak self] observer in
            guard let self else { return AnyDisposable() }
            return self.subscribe { observer((currentState: $0, lastAction: NoAction.optional($1))) }
        }
    }

    /// The app state: the current state first, then the state after each applied action.
    ///
    /// Replays and delivers as ``currentStateLastAction`` does (this is its `currentState`): it emits
    /// once per applied action, even when the action changed nothing. Use ``substateSignal(_:)`` to
    /// hear only about changes of one substate.
    public var state: Signal<[any SubstateType]> {
        .disposingAtOnce { [weak self] observer in
            guard let self else { return AnyDisposable() }
            return self.subscribe { substates, _ in observer(substates) }
        }
    }

    /// The last applied action: `nil` first if none was applied yet, then each applied action.
    ///
    /// Replays and delivers as ``currentStateLastAction`` does. RxState spells it
    /// `lastDispatchedaAtion`.
    public var lastDispatchedAction: Signal<(any ActionType)?> {
        .disposingAtOnce { [weak self] observer in
            guard let self else { return AnyDisposable() }
            return self.subscribe { _, action in observer(NoAction.optional(action)) }
        }
    }

    /// The substate of type `S`: its current value first, then each value that differs from the one
    /// before.
    ///
    /// Actions that leave it equal emit nothing. While the store holds no substate of type `S`
    /// nothing is emitted; when one is added again after a reset, it is emitted even if equal to the
    /// value before the reset. Delivered like ``currentStateLastAction``.
    ///
    /// Each observer keeps the last value it saw, to compare: while observed, a typed reducer that
    /// appends to a large array in that substate copies it once per change. Each observer is called
    /// for every action and finds its substate again (one comparison of types when the substates
    /// are where they were), so an action costs every `substateSignal` observer of the store a
    /// lookup and a comparison, whichever substate it changed.
    ///
    /// - Parameter type: The substate's type, for example `TasksState.self`.
    /// - Returns: A signal of the substate's distinct values.
    @inlinable
    public func substateSignal<S: SubstateType & Equatable>(_ type: S.Type) -> Signal<S> {
        .disposingAtOnce { [weak self] observer in
            guard let self else { return AnyDisposable() }
            // The last value seen, and where in the snapshot the substate was (a store keeps its
            // substates in the order they were added, so the next lookup is one comparison). Only
            // this observation's deliveries touch them, one at a time: no lock.
            let last = TurnConfined<(value: S?, hint: Int)>((nil, 0))
            // `==` is user code, run after the store checked the observation: checked again before
            // the observer, as `skipRepeats` does, so a dispose that returned meanwhile stops it.
            let observation = OperatorObservation()
            observation.attach(
                self.subscribe { substates, _ in
                    var (previous, hint) = last.value
                    let value = substates.substate(S.self, hint: &hint)
                    last.value = (value, hint)
                    if let value, value != previous, observation.isActive {
                        observer(value)
                    }
                })
            return observation
        }
    }

    /// Adds an observer of snapshots: the current one, then one per applied action.
    ///
    /// Subscribing is work for the drainer like an action, so the first snapshot is the state after
    /// everything queued before it, and no later one is missed.
    ///
    /// On an idle store the token is made, the observer attached and the current state taken in
    /// the one critical section that takes the turn, and the replay is made holding the turn;
    /// otherwise the token is made as the subscription arrives, and the subscription is queued
    /// work (``attach(_:)``).
    @usableFromInline
    func subscribe(
        _ observer: @escaping @Sendable (_ substates: [any SubstateType], _ action: any ActionType) -> Void
    ) -> any Disposable {
        let callback = Observer(observer)
        var token: ObserverToken?
        // As in `run`: what a queued item's `prepare` moves out its `perform` reduces, and each
        // delivered observer list is released after the next lock round-trip.
        var delivered: ObserverList<Observer>.Snapshot?
        var reduction = Reduction()
        /// Under the lock, on either path: the subscription's token, kept for the caller.
        func makeEntry(_ core: inout StoreCore) -> ObserverEntry {
            let made = core.observers.makeToken(owner: self)
            token = made
            return ObserverEntry(id: made.id, callback: callback, token: made)
        }
        core.serializeWithoutWaiting(
            take: { core -> Replay? in
                let entry = makeEntry(&core)
                core.observers.append(entry)
                return Replay(entry: entry, substates: core.substates, action: core.lastAction)
            },
            performTaken: { replay in
                if replay.entry.token.isActive {
                    replay.entry.callback.notify(replay.substates, replay.action)
                }
                // Let go of the state now, not when the turn ends: an action the replay dispatched
                // is reduced next, in place only while the store holds the one reference.
                replay.substates = []
            },
            arrive: { core in .subscribe(makeEntry(&core)) },
            prepare: { core, work in core.prepare(work, into: &reduction, gates: self.core) },
            perform: { work, start in
                delivered = perform(work, start: start, reduction: &reduction)
            }
        )
        withExtendedLifetime(delivered) {}
        // Made under the lock on either path: `take` or `arrive` always runs.
        return token ?? AnyDisposable()
    }

    /// Adds a pending observer to the list and gives it the current state; the drainer calls it.
    @usableFromInline
    func attach(_ entry: ObserverEntry) {
        // The flag is checked under the lock: a disposal that comes later finds the entry to remove.
        var attached = false
        let (substates, action) = core.withLock { core -> ([any SubstateType], any ActionType) in
            guard entry.token.isActive else { return ([], NoAction()) }
            core.observers.append(entry)
            attached = true
            return (core.substates, core.lastAction)
        }
        if attached, entry.token.isActive {
            entry.callback.notify(substates, action)
        }
    }

    /// Removes the observer with `id`, from the list or, if its subscription is still queued, from
    /// the queued item (which then attaches nothing); its closure is released here, outside the
    /// lock.
    @usableFromInline
    package func removeObserver(id: UInt64) {
        let removed = core.withLock { core -> ObserverEntry? in
            if let listed = core.observers.remove(id: id) {
                return listed
            }
            var queued: ObserverEntry?
            core.turn.updateQueuedWork { work in
                guard case .subscribe(let entry) = work, entry.id == id else { return }
                queued = entry
                work = .subscribe(ObserverEntry(id: id, callback: Observer.ignoring, token: entry.token))
            }
            return queued
        }
        // Dropping the closure may run deinits of what it captured: never under the lock.
        _ = removed
    }

    /// The number of observers attached and not disposed of.
    var observerCount: Int {
        core.withLock { $0.observers.count }
    }
}

/// What a subscription that found the store idle replays once it holds the turn: the observer
/// just attached, with the state and last action taken in the same critical section.
struct Replay {
    let entry: ObserverEntry
    /// Emptied once replayed (see ``Store/subscribe(_:)``).
    var substates: [any SubstateType]
    let action: any ActionType
}
