import FlowKernel
import PrexCore
import TestStoreSupport

/// An exhaustive test harness for a Prex flux and its presenter: send an action (or call a
/// presenter method), state how the state must change, receive the actions that side effects
/// dispatch later, and let it fail the test on anything left unasserted, effects still running
/// included.
///
/// With the counter of docs/testing.md, whose `incrementLater` dispatches `delayedIncrement` from a
/// task (the same steps as its test):
///
/// ```swift
/// let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
/// await store.send { $0.increment() } assert: { $0.count = 1 }
/// await store.send { $0.incrementLater() } assert: { $0.isWaiting = true }
/// await store.receive(.delayedIncrement) {
///     $0.count = 2
///     $0.isWaiting = false
/// }
/// await store.finish()
/// ```
///
/// To drive your own presenter subclass, hand the test store a function that makes it for the view
/// the test store provides; `send` then calls its methods:
///
/// ```swift
/// let store = TestStore { view in SearchPresenter(view: view, dependencies: dependencies) }
/// await store.send { $0.queryChanged("swift") } assert: { $0.query = "swift" }
/// ```
///
/// It records every action the flux's dispatcher applies, with the state right after it, on
/// whichever thread applies it. `send` asserts the state produced by the first action its call
/// applied (if it applied none, the state the last action before it left); every later action,
/// whether dispatched reentrantly during the call or by a side effect afterwards, must be received
/// in order. An action a side effect applies is never taken as a send's own, even when it comes
/// before it; nor is one another thread applies during the call (a thread that held the flux's
/// turn when the send came, a `Task` or a queue dispatching), since the flux applies a caller's
/// action on the calling thread. A mismatch fails the test with a line diff of the two states' `dump` (`-` expected, `+` actual) at
/// the call that failed, through Swift Testing's `Issue.record` when a Swift Testing test is
/// running, `XCTFail` otherwise.
///
/// It sees the effects the flux's presenters start (``PrexCore/Presenter/runEffect(id:fileID:line:_:)``):
/// ``effectsInFlight`` lists them, and `finish()` waits for them. With ``Exhaustivity/on`` (the
/// default), `finish()` (or, failing that, the test store's `deinit`, reported at its creation)
/// fails on an effect still running, naming it and where it was started, on actions applied but not
/// received, and on a state that changed after the last assertion. Main-actor isolated, like the
/// presenter it drives: write the test `@MainActor`.
@MainActor
public final class TestStore<
    Action: PrexCore.Action, State: PrexCore.State & Equatable, PresenterType: Presenter<Action, State>
> {
    /// The flux under test.
    public let flux: Flux<Action, State>
    /// The presenter `send { $0.someMethod() }` calls; its view shows nothing.
    public let presenter: PresenterType
    /// How long `receive` and `finish` wait by default, in seconds.
    /// `.infinity` waits without limit; zero, a negative value or NaN does not wait. The same holds
    /// for every `timeout` parameter of the test store.
    public var timeout: Double
    /// Whether everything must be asserted (see ``Exhaustivity``).
    public let exhaustivity: Exhaustivity

    private let view: PassiveView<State>
    private let engine: TestStoreEngine<Action, State>
    private let subscription: Subscription

    /// Creates a flux holding `initialState` and changed by `mutation`, and starts recording.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first action.
    ///   - mutation: The mutation under test.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long `receive` waits for an action, in seconds, unless it says otherwise.
    public convenience init<M: Mutation>(
        initialState: State,
        mutation: M,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where M.Action == Action, M.State == State, PresenterType == Presenter<Action, State> {
        self.init(
            flux: Flux(state: initialState, mutation: mutation),
            exhaustivity: exhaustivity,
            timeout: timeout,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column
        )
    }

    /// Records an existing flux (one shared with a presenter under test, for example) from now on;
    /// its current state is the initial state. Dispatch to it from no other thread while creating.
    ///
    /// Several test stores can record one flux at once (one created before the previous one was
    /// released, for example): each sees every action and every effect, and the effects in flight
    /// are cancelled when the last of them goes.
    ///
    /// - Parameters:
    ///   - flux: The flux under test.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long `receive` waits for an action, in seconds, unless it says otherwise.
    public convenience init(
        flux: Flux<Action, State>,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where PresenterType == Presenter<Action, State> {
        self.init(
            exhaustivity: exhaustivity,
            timeout: timeout,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { view in
            Presenter(view: view, flux: flux)
        }
    }

    /// Drives a presenter of your own (a subclass with the screen's methods and its side effects):
    /// `makePresenter` creates it for the view the test store provides, and the test store records
    /// the presenter's flux from then on; its current state is the initial state.
    ///
    /// ```swift
    /// let store = TestStore { view in SearchPresenter(view: view, dependencies: dependencies) }
    /// ```
    ///
    /// The test store keeps the presenter (``presenter``) and the view until it is released; the
    /// presenter's effects are cancelled then, as they are when a screen goes.
    ///
    /// - Parameters:
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long `receive` and `finish` wait, in seconds, unless they say otherwise.
    ///   - makePresenter: Creates the presenter under test for `view`, a view that shows nothing.
    public convenience init(
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        presenter makePresenter: (any View<State>) -> PresenterType
    ) {
        self.init(
            exhaustivity: exhaustivity,
            timeout: timeout,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            makePresenter: makePresenter
        )
    }

    private init(
        exhaustivity: Exhaustivity,
        timeout: Double,
        site: CallSite,
        makePresenter: (PassiveView<State>) -> PresenterType
    ) {
        let view = PassiveView<State>()
        // An effect the presenter starts as it is made (a load in its initializer) waits until the
        // recording below has started: otherwise its action could land in the initial state or
        // between the state's read and the dispatcher's callback, and go unrecorded.
        let gate = StartGate.holdingEffectsBack(upTo: timeout)
        defer { gate.open() }
        let presenter = EffectRegistry.$startGate.withValue(gate) { makePresenter(view) }
        let flux = presenter.flux
        let store = flux.store
        let engine = TestStoreEngine<Action, State>(
            initialState: store.state,
            isExhaustive: exhaustivity == .on,
            created: site,
            currentState: { store.state },
            describe: { String(describing: $0) }
        )
        let log = engine.log
        // Dispatcher callbacks run after the action's mutation and listeners, before the next
        // action is applied, so the store's state is the one this action produced.
        subscription = flux.dispatcher.register { action in
            log.append(action, state: store.state)
        }
        engine.track(flux.effectRegistry)
        self.flux = flux
        self.view = view
        self.presenter = presenter
        self.engine = engine
        self.exhaustivity = exhaustivity
        self.timeout = timeout
    }

    deinit {
        subscription.cancel()
        engine.finishEffectsAtRelease()
        engine.stopTrackingEffects()
        engine.finish(site: nil)
    }

    /// The store's current state.
    public var state: State {
        flux.store.state
    }

    /// Dispatches `action` and checks the state it produced against `expectation` applied to the
    /// state asserted so far.
    ///
    /// Fails (at this call) when the states differ, or, with ``Exhaustivity/on``, when actions
    /// applied earlier were not received yet. Actions that `action` causes (dispatched by a
    /// mutation, a listener, or later by a side effect) are left for `receive(_:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - expectation: Makes the expected change to the state (`{ $0.count += 1 }`); omit it when
    ///     the state must not change.
    public func send(
        _ action: Action,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        holdingEffectsBack {
            engine.send("send(\(action))", site: site, expectation: expectation) {
                flux.dispatcher.dispatch(action)
            }
        }
    }

    /// Calls a presenter method and checks the state produced by the first action it applied (or,
    /// if it applied none, the state the last action before it left: an action of an effect it
    /// started is not its own) against `expectation` applied to the state asserted so far.
    ///
    /// Any other action the call applies, before or after it returns, is left for
    /// `receive(_:timeout:assert:)`. An effect the call starts (``PrexCore/Presenter/runEffect(id:fileID:line:_:)``)
    /// begins only once this has checked, so its actions come after the method's own, whichever
    /// thread runs it (a method that waits for its own effect to run lets it begin after
    /// ``timeout`` seconds); an effect started before the call may still apply an action during
    /// it, which is then left for `receive` too. Fails as `send(_:assert:)` with an action does.
    ///
    /// - Parameters:
    ///   - intent: Calls the method on the presenter it is given: `{ $0.increment() }`.
    ///   - expectation: Makes the expected change to the state; omit it when the state must not
    ///     change.
    public func send(
        _ intent: (PresenterType) -> Void,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        holdingEffectsBack {
            engine.send("send", site: site, expectation: expectation) {
                intent(presenter)
            }
        }
    }

    /// Runs a send holding back, until it has checked, the effects started during it: their
    /// actions then come after the send's own (a method that starts a request and then dispatches
    /// its own action), as they may in the app, instead of racing it and making the verdict depend
    /// on which thread won. They start once the send has checked, or after ``timeout`` seconds if
    /// the send is still running then (a method that waits for its own effect).
    private func holdingEffectsBack(_ send: () -> Void) {
        let gate = StartGate.holdingEffectsBack(upTo: timeout)
        defer { gate.open() }
        EffectRegistry.$startGate.withValue(gate) { send() }
    }

    /// Waits for the next applied action, checks that it is `action`, and checks the state it
    /// produced against `expectation` applied to the state asserted so far.
    ///
    /// Fails (at this call) when no action is applied within `timeout` seconds, when the next
    /// action is another one (with ``Exhaustivity/off``, other actions are skipped instead), or when
    /// the states differ.
    ///
    /// - Parameters:
    ///   - action: The action expected next.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the state; omit it when the state must not
    ///     change.
    public func receive(
        _ action: Action,
        timeout: Double? = nil,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where Action: Equatable {
        await engine.receive(
            "receive(\(action))",
            timeout: timeout ?? self.timeout,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            matching: { $0 == action },
            expectation: expectation
        )
    }

    /// Waits for the next applied action, checks that `isExpected` accepts it, and checks the state
    /// it produced; for actions that are not `Equatable`. Otherwise as
    /// `receive(_:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - isExpected: Whether an action is the one expected: `{ if case .loaded = $0 { true } else { false } }`.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the state.
    public func receive(
        where isExpected: @escaping @Sendable (Action) -> Bool,
        timeout: Double? = nil,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await engine.receive(
            "receive(where:)",
            timeout: timeout ?? self.timeout,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            matching: isExpected,
            expectation: expectation
        )
    }

    /// The effects in flight on the flux (started by ``presenter`` or another presenter of the
    /// flux), except those skipped with ``skipEffects()``, in the order they were started.
    public var effectsInFlight: [RunningEffect] {
        engine.effectsInFlight.map(RunningEffect.init)
    }

    /// Cancels every effect in flight on the flux, on purpose: they dispatch nothing more, and
    /// `finish()` waits for them to return (a cancelled sleep or request returns at once).
    public func cancelEffects() {
        engine.cancelEffects()
    }

    /// Stops waiting for the effects in flight now, on purpose: they go on running, and `finish()`
    /// neither waits for them nor reports them. The actions they dispatch must still be received.
    public func skipEffects() {
        engine.skipEffects()
    }

    /// Ends the test: waits up to `timeout` seconds for the effects in flight, then, with
    /// ``Exhaustivity/on``, fails (at this call) on each effect still running (naming it and where
    /// it was started, and cancelling it), on an error an effect threw, on actions applied but not
    /// received, and on a state that changed after the last assertion. With ``Exhaustivity/off`` it
    /// reports nothing and cancels the effects in flight (unless another test store of the same
    /// store still follows them). Later calls, and the `deinit`'s own check, do nothing.
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
}
