import FlowKernel
import ReactiveLite

// The drainer of a `Store`: how an action is applied in turn, reduced in place and announced.
extension Store {
    /// Dispatches `action` starting at intercepting middleware number `stage`, in turn (the
    /// kernel's drain protocol, as described at ``dispatch(action:)-(Action)``).
    @usableFromInline
    func dispatch(_ action: any ActionType, stage: Int) {
        run(.action(action, stage: stage))
    }

    /// Performs `work` in the store's turn (see ``dispatch(action:)-(Action)``). A subscription
    /// goes through ``subscribe(_:)`` instead, which never waits.
    @usableFromInline
    func run(_ work: PendingWork) {
        // Each delivered observer list is released after the next lock round-trip (see
        // ``announce``): it is overwritten only by the next work item, which starts after a lock,
        // and the last one goes after the lock that passed the turn on.
        var delivered: ObserverList<Observer>.Snapshot?
        var reduction = Reduction()
        let deferred = core.serialize(
            mayWait: true,
            arrive: { _ in work },
            prepare: { core, work in core.prepare(work, into: &reduction, gates: self.core) },
            perform: { work, start in
                delivered = perform(work, start: start, reduction: &reduction)
            }
        )
        withExtendedLifetime(delivered) {}
        if let deferred {
            runLater(deferred)
        }
    }

    /// ``dispatch(_:stage:)`` from async code: a task that finds the store busy on another thread
    /// suspends instead of blocking its thread.
    ///
    /// With `unlessCancelled` (an effect's dispatch), the action is dropped if the calling task is
    /// cancelled when it reaches the turn: checked under the lock, after any wait.
    @usableFromInline
    func dispatchSuspending(_ action: any ActionType, unlessCancelled: Bool = false) async {
        var delivered: ObserverList<Observer>.Snapshot?
        var reduction = Reduction()
        let work = PendingWork.action(action, stage: 0)
        let deferred = await core.serializeSuspending(
            arrive: { _ in unlessCancelled && Task.isCancelled ? nil : work },
            prepare: { core, work in core.prepare(work, into: &reduction, gates: self.core) },
            perform: { work, start in
                delivered = perform(work, start: start, reduction: &reduction)
            }
        )
        withExtendedLifetime(delivered) {}
        if let deferred {
            runLater(deferred)
        }
    }

    /// Applies work that another thread's turn kept from being applied now (queued in order), once
    /// the calling thread leaves its outermost turn (the kernel's rule for forwarded work,
    /// docs/threading.md).
    @usableFromInline @inline(never)
    func runLater(_ deferral: Deferral) {
        Turn<PendingWork>.deferUntilOutermostTurnEnds(
            { [self] in
                var delivered: ObserverList<Observer>.Snapshot?
                var reduction = Reduction()
                core.resume(
                    deferral,
                    prepare: { core, work in core.prepare(work, into: &reduction, gates: self.core) },
                    perform: { work, start in
                        delivered = perform(work, start: start, reduction: &reduction)
                    }
                )
                withExtendedLifetime(delivered) {}
            },
            suspending: { [self] in
                var delivered: ObserverList<Observer>.Snapshot?
                var reduction = Reduction()
                await core.resumeSuspending(
                    deferral,
                    prepare: { core, work in core.prepare(work, into: &reduction, gates: self.core) },
                    perform: { work, start in
                        delivered = perform(work, start: start, reduction: &reduction)
                    }
                )
                withExtendedLifetime(delivered) {}
            })
    }

    /// Applies one work item after ``StoreCore/prepare(_:into:)``.
    @usableFromInline
    func perform(
        _ work: PendingWork, start: Start, reduction: inout Reduction
    ) -> ObserverList<Observer>.Snapshot? {
        switch (work, start) {
        case (.action(let action, let stage), .intercept):
            return intercept(action, stage: stage)
        case (.action(let action, _), _):
            return announce(action, action.typeIdentifier, reduction: &reduction)
        case (.subscribe(let entry), _):
            attach(entry)
            return nil
        }
    }

    /// Runs `action` through the interceptors from `stage` on, then reduces and announces it.
    @usableFromInline
    func apply(_ action: any ActionType, stage: Int) -> ObserverList<Observer>.Snapshot? {
        let actionType = action.typeIdentifier
        var reduction = Reduction()
        let start = core.withLock { $0.begin(actionType, stage: stage, into: &reduction, gates: core) }
        if start == .intercept {
            return intercept(action, stage: stage)
        }
        return announce(action, actionType, reduction: &reduction)
    }

    /// Goes on with an action after ``StoreCore/begin(_:stage:into:)`` moved the state into
    /// `reduction`: reduces it, puts it back and announces it.
    ///
    /// Returns the observer list it notified, which the caller must keep until after its next lock
    /// round-trip. The loop reads the list's buffer in place; once this reference is the last, a
    /// disposal may change the buffer in place under the lock. Releasing it only after taking the lock
    /// again orders the reads before that change in a way the thread sanitizer can see (it does not
    /// see the runtime's reference-count atomics).
    @usableFromInline
    func announce(
        _ action: any ActionType,
        _ actionType: ObjectIdentifier,
        reduction: inout Reduction
    ) -> ObserverList<Observer>.Snapshot {
        // `nil` rather than empty, like `waiters` below: an empty array costs a release per action.
        var problems: [StoreError]?
        ReducingThreads.enter()
        reduce(action, actionType, reduction: &reduction, problems: &problems)
        ReducingThreads.leave()
        return publish(action, reduction: &reduction, problems: problems)
    }

    /// ``announce(_:_:reduction:)`` for an action dispatched with its type known
    /// (``dispatch(action:)-(Action)``): the typed reducers get its address, and it is put in an
    /// existential once, after them, for the main reducer, the last action and the observers.
    @inlinable
    func announce<Action: ActionType>(
        typed action: Action, reduction: inout Reduction
    ) -> ObserverList<Observer>.Snapshot {
        var problems: [StoreError]?
        ReducingThreads.enter()
        if let reducers = reduction.reducers {
            withAddress(of: action) { action in
                applyReducers(reducers, action, reduction: &reduction, problems: &problems)
            }
        }
        let action: any ActionType = action
        if let mainReducer {
            applyMainReducer(mainReducer, action, reduction: &reduction, problems: &problems)
        } else if reduction.reducers == nil {
            problems.note(.unhandledAction(typeName: String(reflecting: type(of: action))))
        }
        ReducingThreads.leave()
        return publish(action, reduction: &reduction, problems: problems)
    }

    /// Puts the reduced state back, records `action` as the last action, reports `problems` and
    /// the reads refused meanwhile, then notifies the observers (see ``announce(_:_:reduction:)``).
    @usableFromInline
    func publish(
        _ action: any ActionType,
        reduction: inout Reduction,
        problems: consuming [StoreError]?
    ) -> ObserverList<Observer>.Snapshot {
        // The previous action is dropped with the tuple, after the lock: its deinit is user code.
        let (observers, substates, refusedReads, _) = core.withLock {
            $0.finishReduction(&reduction, action: action)
        }
        // Readers on other threads wait on this gate while the state is moved out.
        core.releaseGate(StoreCore.reducingGate)
        if refusedReads > 0 {
            problems = (problems ?? []) + repeatElement(StoreError.readDuringReduction, count: refusedReads)
        }
        if let problems {
            for problem in problems {
                report(problem)
            }
        }
        // The action is the one just stored as the last action: lent, not copied.
        // Each observer is read from the list this call holds, not through a buffer pointer: so it is
        // borrowed, not retained and released around its call.
        for index in observers.indices where observers[index].token.isActive {
            observers[index].callback.notify(substates, action)
        }
        return observers
    }

    /// Calls interceptor number `stage`, then passes on what it forwarded during the call.
    /// Returns the last observer list notified, under the same rule as ``announce``; each earlier
    /// one is released after the next `apply`'s locks.
    func intercept(_ action: any ActionType, stage: Int) -> ObserverList<Observer>.Snapshot? {
        // Interceptors are only ever appended, so number `stage` is the one `begin` found.
        let interceptor = core.withLock { $0.interceptors[stage] }
        let forwarding = Forwarding(store: self, stage: stage + 1)
        interceptor.intercept(action: action, store: self) { forwarding.forward($0) }
        var delivered: ObserverList<Observer>.Snapshot?
        for passed in forwarding.close() {
            delivered = apply(passed, stage: stage + 1)
        }
        return delivered
    }

    /// Applies `action` (of type `actionType`) to the state the drainer holds; no lock is held.
    @usableFromInline @inline(__always)
    func reduce(
        _ action: any ActionType,
        _ actionType: ObjectIdentifier,
        reduction: inout Reduction,
        problems: inout [StoreError]?
    ) {
        if actionType == ObjectIdentifier(StoreAction.self), let storeAction = action as? StoreAction {
            switch storeAction {
            case .add(let states):
                if let problem = Self.add(states, to: &reduction.substates, index: &reduction.index) {
                    problems.note(problem)
                }
            case .reset:
                reduction.substates.removeAll()
                reduction.index.removeAll()
            }
            return
        }
        if let reducers = reduction.reducers {
            // The reducers were found by this type, so they get the address inside the existential.
            _ = action.withAddress(ifType: actionType) { action in
                applyReducers(reducers, action, reduction: &reduction, problems: &problems)
            }
        }
        if let mainReducer {
            applyMainReducer(mainReducer, action, reduction: &reduction, problems: &problems)
        } else if reduction.reducers == nil {
            problems.note(.unhandledAction(typeName: String(reflecting: type(of: action))))
        }
    }

    /// Calls the main reducer with the state the drainer holds and keeps what it returns, or
    /// reports the duplicate substate that refused it.
    @usableFromInline
    func applyMainReducer(
        _ mainReducer: MainReducer,
        _ action: any ActionType,
        reduction: inout Reduction,
        problems: inout [StoreError]?
    ) {
        let reduced = mainReducer(reduction.substates, action)
        if Self.typesMatch(reduced, reduction.index) {
            // Drop the old state before keeping the new one, so no two versions stay alive.
            reduction.substates = []
            reduction.substates = reduced
        } else {
            switch Self.indexed(reduced) {
            case .success(let newIndex):
                reduction.substates = []
                reduction.substates = reduced
                reduction.index = newIndex
            case .failure(let problem):
                problems.note(problem)
            }
        }
    }

    /// Appends `states` to the state, all or nothing; returns the problem if one type repeats.
    static func add(
        _ states: [any SubstateType],
        to substates: inout [any SubstateType],
        index: inout SubstateIndex
    ) -> StoreError? {
        var added: Set<ObjectIdentifier> = []
        for state in states {
            let key = state.typeIdentifier
            if index[key] != nil || !added.insert(key).inserted {
                return .duplicateSubstate(typeName: String(reflecting: type(of: state)))
            }
        }
        substates.append(contentsOf: states)
        for state in states {
            index.append(state.typeIdentifier)
        }
        return nil
    }

    /// Whether a state a main reducer returned has its types where `index` has them (the usual
    /// case: the index is kept as it is).
    static func typesMatch(_ states: [any SubstateType], _ index: SubstateIndex) -> Bool {
        guard states.count == index.count else { return false }
        for position in states.indices where index.types[position] != states[position].typeIdentifier {
            return false
        }
        return true
    }

    /// The index of a state a main reducer returned with its types moved, or the duplicate found.
    static func indexed(_ states: [any SubstateType]) -> Indexing {
        var rebuilt = SubstateIndex()
        for state in states {
            let key = state.typeIdentifier
            if rebuilt[key] != nil {
                return .failure(.duplicateSubstate(typeName: String(reflecting: type(of: state))))
            }
            rebuilt.append(key)
        }
        return .success(rebuilt)
    }

    /// Reads the state under the lock; waits while another thread's reducers hold it. Returns
    /// `nil` when called from inside a reducer, of this store or of any other (a reducer never
    /// waits, so two stores whose reducers read each other cannot deadlock); such a read is reported
    /// as `readDuringReduction` right before the action being reduced is announced. The kernel's
    /// in-place protocol with the refusing policy (`Locked.readInPlace`).
    @usableFromInline
    func read<Result>(_ body: (StoreCore) -> Result) -> Result? {
        core.readInPlace(gate: StoreCore.reducingGate, policy: .refuse) { body($0) }
    }
}

extension [StoreError]? {
    /// Appends `problem`, making the list if there is none yet.
    @usableFromInline
    mutating func note(_ problem: StoreError) {
        if self == nil {
            self = [problem]
        } else {
            self?.append(problem)
        }
    }
}
