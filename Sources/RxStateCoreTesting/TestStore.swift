import FlowKernel
import ReactiveLite
import RxStateCore
import TestStoreSupport

/// An exhaustive test harness for an RxState store: dispatch an action, state how a substate must
/// change, receive the actions that middleware, observers or side effects dispatch later, and let it
/// fail the test on anything left unasserted.
///
/// With the counter of docs/testing.md, whose `incrementLater` dispatches `delayedIncrement` from a
/// task (the same steps as its test):
///
/// ```swift
/// let store = TestStore(initialState: CounterState(), store: makeCounterStore())
/// await store.send(CounterAction.increment) { $0.count = 1 }
/// await store.send(CounterAction.incrementLater) { $0.isWaiting = true }
/// await store.receive(CounterAction.delayedIncrement) {
///     $0.count = 2
///     $0.isWaiting = false
/// }
/// await store.finish()
/// ```
///
/// It follows one substate, of type `State`, and records every action the store applies (as the
/// reducers saw it, after intercepting middleware) with that substate right after it, from the
/// store's ``Store/currentStateLastAction``, on the thread that applied it. Actions that change
/// other substates are recorded too and must be received; their other changes are not compared.
///
/// `send` asserts the substate produced by the first action its dispatch applied, whatever an
/// interceptor made of the sent one (if it applied none, an interceptor having dropped or delayed
/// the action, the substate the last action before it left); every later
/// action, whether dispatched reentrantly (by an observer, a middleware) or afterwards by a side
/// effect, must be received in order. An action a side effect applies is never taken as a send's
/// own, even when it comes before it; nor is one another thread applies during the dispatch (a
/// thread that held the store's turn when the send came, a `Task` or a queue dispatching, an
/// interceptor passing an action on later), when the dispatch applied one on the calling thread,
/// where the store applies a caller's action. A mismatch fails the test with a line diff of the two substates' `dump` (`-` expected,
/// `+` actual) at the call that failed, through Swift Testing's `Issue.record` when a Swift Testing
/// test is running, `XCTFail` otherwise.
///
/// It sees the effects started on the store (``RxStateCore/Store/runEffect(id:fileID:line:_:)``,
/// from your middleware): ``effectsInFlight`` lists them, and `finish()` waits for them. With
/// ``Exhaustivity/on`` (the default), `finish()` (or, failing that, the test store's `deinit`,
/// reported at its creation) fails on an effect still running, naming it and where it was started,
/// on actions applied but not received and on a substate that changed after the last assertion.
/// Main-actor isolated, like the other test stores: write the test `@MainActor`.
@MainActor
public final class TestStore<State: SubstateType & Equatable> {
    /// The store under test.
    public let store: Store
    /// How long `receive` waits for an action by default, in seconds.
    /// `.infinity` waits without limit; zero, a negative value or NaN does not wait. The same holds
    /// for every `timeout` parameter of the test store.
    public var timeout: Double
    /// Whether everything must be asserted (see ``Exhaustivity``).
    public let exhaustivity: Exhaustivity

    private let engine: TestStoreEngine<any ActionType, State?>
    private let observation: any Disposable

    /// Adds `initialState` to `store` (with ``StoreAction/add(states:)``) and starts recording.
    ///
    /// Register the reducers and middleware on `store` first; it must not hold a substate of type
    /// `State` yet (the test fails at this call if it does). Create the test store while nothing
    /// else dispatches to the store.
    ///
    /// - Parameters:
    ///   - initialState: The substate before the first action.
    ///   - store: The store under test, with its reducers registered.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long `receive` waits for an action, in seconds, unless it says otherwise.
    public convenience init(
        initialState: State,
        store: Store,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        // An effect that adding the substate starts (a middleware that loads on add) waits until the
        // recording has started, in `init(store:)`: otherwise its action could land in the initial
        // state and go unrecorded.
        let gate = StartGate.holdingEffectsBack(upTo: timeout)
        defer { gate.open() }
        if store.substate(State.self) != nil {
            FailureReporter.fail(
                "The store already holds a \(State.self): create the test store with init(store:) instead.",
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        } else {
            EffectRegistry.$startGate.withValue(gate) {
                store.dispatch(action: StoreAction.add(states: [initialState]))
            }
        }
        self.init(
            store: store,
            exhaustivity: exhaustivity,
            timeout: timeout,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }

    /// Records a store that already holds a substate of type `State` (its reducers, middleware and
    /// substates set up); that substate is the initial state. Create it while nothing else
    /// dispatches to the store.
    ///
    /// A store that holds no `State` fails the test at this call; the test store then compares
    /// against a missing substate, and shows it as missing in its diffs.
    ///
    /// Several test stores can record one store at once (one created before the previous one was
    /// released, for example): each sees every action and every effect, and the effects in flight
    /// are cancelled when the last of them goes.
    ///
    /// - Parameters:
    ///   - store: The store under test.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long `receive` waits for an action, in seconds, unless it says otherwise.
    public init(
        store: Store,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let initialState = store.substate(State.self)
        if initialState == nil {
            FailureReporter.fail("The store holds no \(State.self) to test.", at: site)
        }
        let engine = TestStoreEngine<any ActionType, State?>(
            initialState: initialState,
            isExhaustive: exhaustivity == .on,
            created: site,
            currentState: { [weak store] in store?.substate(State.self) },
            describe: { "\(type(of: $0)).\($0)" },
            present: { $0.map { $0 as Any } ?? "no \(State.self) in the store" }
        )
        let log = engine.log
        // The signal replays the current pair first: that is no applied action, so it is skipped.
        let isReplay = LockedBox(true)
        observation = store.currentStateLastAction.observe { currentState, lastAction in
            let skip = isReplay.withLock { isReplay in
                defer { isReplay = false }
                return isReplay
            }
            guard !skip, let lastAction else { return }
            let substate = currentState.lazy.compactMap { $0 as? State }.first
            log.append(lastAction, state: substate)
        }
        engine.track(store.effectRegistry)
        self.store = store
        self.engine = engine
        self.exhaustivity = exhaustivity
        self.timeout = timeout
    }

    deinit {
        observation.dispose()
        engine.finishEffectsAtRelease()
        engine.stopTrackingEffects()
        engine.finish(site: nil)
    }

    /// The store's current substate of type `State`, or `nil` if it holds none.
    public var state: State? {
        store.substate(State.self)
    }

    /// Dispatches `action` and checks the substate it produced against `expectation` applied to the
    /// substate asserted so far.
    ///
    /// Fails (at this call) when the substates differ, or, with ``Exhaustivity/on``, when actions
    /// applied earlier were not received yet. Actions dispatched while it is applied (by an
    /// observer, a middleware, an interceptor passing on more than one) and later ones are left for
    /// `receive(_:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - expectation: Makes the expected change to the substate (`{ $0.count += 1 }`); omit it
    ///     when the substate must not change.
    public func send(
        _ action: some ActionType,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        send(
            action, lift(expectation),
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Dispatches `action` and checks the substate it produced against `expectation` applied to the
    /// substate asserted so far, or to `nil` while it is absent: for an action that adds or removes
    /// the substate (`StoreAction.reset` is asserted with `{ $0 = nil }`, an `add` after it with
    /// `{ $0 = TasksState() }`). Otherwise as ``send(_:assert:fileID:filePath:line:column:)``.
    ///
    /// Written with its label: a trailing closure goes to `assert:`, as before this overload.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - expectation: Makes the expected change to the substate or its absence.
    @_disfavoredOverload
    public func send(
        _ action: some ActionType,
        assertOptional expectation: @escaping (inout State?) -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        send(action, expectation, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next applied action, checks that it is `action`, and checks the substate it
    /// produced against `expectation` applied to the substate asserted so far.
    ///
    /// Fails (at this call) when no action is applied within `timeout` seconds, when the next
    /// action is another one (with ``Exhaustivity/off``, other actions are skipped instead), or when
    /// the substates differ.
    ///
    /// - Parameters:
    ///   - action: The action expected next; an action of another type never matches.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the substate; omit it when the substate must
    ///     not change.
    public func receive<Action: ActionType & Equatable>(
        _ action: Action,
        timeout: Double? = nil,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            "receive(\(Action.self).\(action))", matching: { ($0 as? Action) == action }, timeout: timeout,
            expectation: lift(expectation),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next applied action, checks that it is `action`, and checks the substate it
    /// produced against `expectation` applied to the substate asserted so far, or to `nil` while it
    /// is absent: for an action that adds or removes the substate. Otherwise as
    /// `receive(_:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - action: The action expected next; an action of another type never matches.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the substate or its absence.
    @_disfavoredOverload
    public func receive<Action: ActionType & Equatable>(
        _ action: Action,
        timeout: Double? = nil,
        assertOptional expectation: @escaping (inout State?) -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            "receive(\(Action.self).\(action))", matching: { ($0 as? Action) == action }, timeout: timeout,
            expectation: expectation,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next applied action, checks that `isExpected` accepts it, and checks the
    /// substate it produced; for actions that are not `Equatable`. Otherwise as
    /// `receive(_:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - isExpected: Whether an action is the one expected: `{ $0 is TickAction }`.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the substate.
    public func receive(
        where isExpected: @escaping @Sendable (any ActionType) -> Bool,
        timeout: Double? = nil,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            "receive(where:)", matching: isExpected, timeout: timeout, expectation: lift(expectation),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits for the next applied action, checks that `isExpected` accepts it, and checks the
    /// substate it produced against `expectation` applied to the substate asserted so far, or to
    /// `nil` while it is absent: for an action that adds or removes the substate, such as a
    /// `StoreAction.reset` dispatched later (`{ $0 is StoreAction }`). Otherwise as
    /// `receive(where:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - isExpected: Whether an action is the one expected.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the substate or its absence.
    @_disfavoredOverload
    public func receive(
        where isExpected: @escaping @Sendable (any ActionType) -> Bool,
        timeout: Double? = nil,
        assertOptional expectation: @escaping (inout State?) -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await receive(
            "receive(where:)", matching: isExpected, timeout: timeout, expectation: expectation,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The effects in flight on the store, except those skipped with ``skipEffects()``, in the
    /// order they were started.
    public var effectsInFlight: [RunningEffect] {
        engine.effectsInFlight.map(RunningEffect.init)
    }

    /// Cancels every effect in flight on the store, on purpose: they dispatch nothing more, and
    /// `finish()` waits for them to return (a cancelled sleep or request returns at once).
    public func cancelEffects() {
        engine.cancelEffects()
    }

    /// Stops waiting for the effects in flight now, on purpose: they go on running, and `finish()`
    /// neither waits for them nor reports them. The actions they dispatch must still be received.
    public func skipEffects() {
        engine.skipEffects()
    }

    /// Ends the test: waits up to `timeout` seconds for the store's effects in flight, then, with
    /// ``Exhaustivity/on``, fails (at this call) on each effect still running (naming it and where
    /// it was started, and cancelling it), on an error an effect threw, on actions applied but not
    /// received, and on a substate that changed after the last assertion. With
    /// ``Exhaustivity/off`` it reports nothing and cancels the effects in flight (unless another
    /// test store of the same store still follows them). Later calls, and the `deinit`'s own check,
    /// do nothing.
    ///
    /// An effect asleep on a ``TestClock`` stays asleep until the test advances the clock: advance
    /// it and receive what the effect dispatches, or cancel or skip the effect.
    ///
    /// - Parameter timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    public func finish(
        timeout: Double? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await engine.finishEffects(timeout: timeout ?? self.timeout, site: site)
        engine.finish(site: site)
    }

    /// Dispatches `action` for a send, and checks the substate-or-nothing it produced.
    private func send(_ action: some ActionType, _ expectation: ((inout State?) -> Void)?, _ site: CallSite) {
        engine.send("send(\(type(of: action)).\(action))", site: site, expectation: expectation) {
            store.dispatch(action: action)
        }
    }

    /// Waits for the next applied action for a receive, and checks the substate-or-nothing it
    /// produced.
    private func receive(
        _ what: String,
        matching: @escaping @Sendable (any ActionType) -> Bool,
        timeout: Double?,
        expectation: ((inout State?) -> Void)?,
        site: CallSite
    ) async {
        await engine.receive(
            what, timeout: timeout ?? self.timeout, site: site, matching: matching, expectation: expectation)
    }

    /// An expectation on the substate, as one on the substate-or-nothing the engine compares: a
    /// missing substate stays missing (the `assertOptional:` overloads say otherwise).
    private func lift(_ expectation: ((inout State) -> Void)?) -> ((inout State?) -> Void)? {
        guard let expectation else { return nil }
        return { state in
            if var value = state {
                expectation(&value)
                state = value
            }
        }
    }
}
