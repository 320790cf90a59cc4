import PrexCore
import TestStoreSupport

/// An exhaustive test harness for a Prex flux: send an action (or call a presenter method), state
/// how the state must change, receive the actions that side effects dispatch later, and let it fail
/// the test on anything left unasserted.
///
/// ```swift
/// let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
/// await store.send { $0.increment() } assert: { $0.count = 1 }
/// await store.receive(.incremented) { $0.count = 2 }
/// await store.finish()
/// ```
///
/// It records every action the flux's dispatcher applies, with the state right after it, on
/// whichever thread applies it. `send` asserts the state produced by the first action its call
/// applied (the current state if it applied none); every later action, whether dispatched
/// reentrantly during the call or by a side effect afterwards, must be received in order. A
/// mismatch fails the test with a line diff of the two states' `dump` (`-` expected, `+` actual) at
/// the call that failed, through Swift Testing's `Issue.record` when a Swift Testing test is
/// running, `XCTFail` otherwise.
///
/// With ``Exhaustivity/on`` (the default), `finish()` (or, failing that, the test store's `deinit`,
/// reported at its creation) fails on actions applied but not received and on a state that
/// changed after the last assertion. Main-actor isolated, like the presenter it drives: write the
/// test `@MainActor`.
@MainActor
public final class TestStore<Action: PrexCore.Action, State: PrexCore.State & Equatable> {
    /// The flux under test.
    public let flux: Flux<Action, State>
    /// A presenter of the flux, for `send { $0.someMethod() }`; its view shows nothing.
    public let presenter: Presenter<Action, State>
    /// How long `receive` waits for an action by default, in seconds.
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
    ) where M.Action == Action, M.State == State {
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
    /// - Parameters:
    ///   - flux: The flux under test.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long `receive` waits for an action, in seconds, unless it says otherwise.
    public init(
        flux: Flux<Action, State>,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let store = flux.store
        let engine = TestStoreEngine<Action, State>(
            initialState: store.state,
            isExhaustive: exhaustivity == .on,
            created: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            currentState: { store.state },
            describe: { String(describing: $0) }
        )
        let log = engine.log
        // Dispatcher callbacks run after the action's mutation and listeners, before the next
        // action is applied, so the store's state is the one this action produced.
        subscription = flux.dispatcher.register { action in
            log.append(action, state: store.state)
        }
        let view = PassiveView<State>()
        self.flux = flux
        self.view = view
        self.presenter = Presenter(view: view, flux: flux)
        self.engine = engine
        self.exhaustivity = exhaustivity
        self.timeout = timeout
    }

    deinit {
        subscription.cancel()
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
        engine.send("send(\(action))", site: site, expectation: expectation) {
            flux.dispatcher.dispatch(action)
        }
    }

    /// Calls a presenter method and checks the state produced by the first action it applied (or
    /// the current state, if it applied none) against `expectation` applied to the state asserted
    /// so far.
    ///
    /// Any other action the call applies, before or after it returns, is left for
    /// `receive(_:timeout:assert:)`. Fails as
    /// `send(_:assert:)` with an action does.
    ///
    /// - Parameters:
    ///   - intent: Calls the method on the presenter it is given: `{ $0.increment() }`.
    ///   - expectation: Makes the expected change to the state; omit it when the state must not
    ///     change.
    public func send(
        _ intent: (Presenter<Action, State>) -> Void,
        assert expectation: ((inout State) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        engine.send("send", site: site, expectation: expectation) {
            intent(presenter)
        }
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

    /// Ends the test: with ``Exhaustivity/on``, fails (at this call) on actions applied but not
    /// received, and on a state that changed after the last assertion. Later calls, and the
    /// `deinit`'s own check, do nothing.
    public func finish(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        engine.finish(site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
