import Dispatch
import FlowKernel
import ReactiveLite
import TestStoreSupport
import VueFluxCore

/// An exhaustive test harness for a VueFlux store: call an action creator (or dispatch an action),
/// state how the state must change, receive the actions it dispatches later, and let it fail the
/// test on anything left unasserted.
///
/// With the counter of docs/testing.md, whose `incrementLater` dispatches `delayedIncrement` from a
/// task (the same steps as its test):
///
/// ```swift
/// let store = TestStore(state: CounterState(), mutations: CounterMutations()) { computed in
///     CounterSnapshot(count: computed.count.value, isWaiting: computed.isWaiting.value)
/// }
/// await store.send { $0.increment() } assert: { $0.count = 1 }
/// await store.send { await $0.incrementLater() } assert: { $0.isWaiting = true }
/// await store.receive(.delayedIncrement) {
///     $0.count = 2
///     $0.isWaiting = false
/// }
/// await store.finish()
/// ```
///
/// A VueFlux state is a class whose properties are private to its file, so the test store compares
/// a `Snapshot`: an `Equatable` value that `snapshot` reads through the state's ``Computed``
/// extension. It records every action the store commits, with the snapshot right after it, on the
/// committing thread.
///
/// `send` asserts the snapshot after the first action the call committed (if it committed none,
/// the snapshot the last action before it left); every later action, dispatched reentrantly during
/// the call or afterwards by an asynchronous action creator or a side effect, must be received in
/// order. An action a side effect commits on the effect's task (a store on `.immediate`) is never
/// taken as a send's own, even when it comes before it. Sending an action to a store on
/// `.immediate`, an action another thread commits during the call (a thread that held the store's
/// turn when the send came, a `Task` or a queue dispatching) is not taken either: the store
/// commits the caller's action on the calling thread. A mismatch fails the test with a
/// line diff of the two snapshots' `dump` (`-` expected, `+` actual) at the call that failed,
/// through Swift Testing's `Issue.record` when a Swift Testing test is running, `XCTFail`
/// otherwise.
///
/// It sees the effects started through the store's actions
/// (``VueFluxCore/Actions/runEffect(id:fileID:line:_:)``), whoever called the action creator:
/// ``effectsInFlight`` lists them, and `finish()` waits for them. With ``Exhaustivity/on`` (the
/// default), `finish()` waits for the action creators that `send` started and for the effects (up
/// to the timeout) and fails on one still running, naming an effect and where it was started, on
/// actions committed but not received, and on a snapshot that changed after the last assertion; the
/// test store's `deinit` makes the same checks, reported at its creation, when `finish()` was not
/// called. Main-actor isolated, and so is the closure `send` calls the action creator in: write the
/// test `@MainActor`.
@MainActor
public final class TestStore<State: VueFluxCore.State, Snapshot: Equatable & Sendable> {
    /// The store under test.
    public let store: Store<State>
    /// How long `receive`, `send` with an action creator and `finish` wait by default, in seconds.
    /// `.infinity` waits without limit; zero, a negative value or NaN does not wait. The same holds
    /// for every `timeout` parameter of the test store.
    public var timeout: Double
    /// Whether everything must be asserted (see ``Exhaustivity``).
    public let exhaustivity: Exhaustivity

    let engine: TestStoreEngine<State.Action, Snapshot>
    private let snapshot: @Sendable (Computed<State>) -> Snapshot
    /// The action creators started by `send`, cancelled at `deinit`.
    private let tasks = LockedBox<[Task<Void, Never>]>([])
    /// This test store's key among the store's commit observers, removed at `deinit`.
    private let commitObserverKey: UInt64

    /// Creates a store of `state`, committing through `mutations` on `executor`, and starts
    /// recording.
    ///
    /// - Parameters:
    ///   - state: The state before the first action.
    ///   - mutations: The mutations under test.
    ///   - executor: Where commits run; `.immediate` (the default) commits on the dispatching thread.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long to wait for an action, in seconds, unless a call says otherwise.
    ///   - snapshot: Reads the state through its ``Computed`` extension into a comparable value;
    ///     called on the committing thread after each commit.
    public convenience init(
        state: State,
        mutations: State.Mutations,
        executor: Executor = .immediate,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        snapshot: @escaping @Sendable (Computed<State>) -> Snapshot
    ) {
        self.init(
            store: Store(state: state, mutations: mutations, executor: executor),
            exhaustivity: exhaustivity,
            timeout: timeout,
            fileID: fileID,
            filePath: filePath,
            line: line,
            column: column,
            snapshot: snapshot
        )
    }

    /// Records an existing store (a subclass, for example) from now on; its current snapshot is the
    /// initial one. Create it before anything dispatches to the store.
    ///
    /// Several test stores can record one store at once (one created before the previous one was
    /// released, for example): each records every commit and sees every effect, and the effects in
    /// flight are cancelled when the last of them goes.
    ///
    /// - Parameters:
    ///   - store: The store under test.
    ///   - exhaustivity: `.on` (the default) checks everything; `.off` only what the test asserts.
    ///   - timeout: How long to wait for an action, in seconds, unless a call says otherwise.
    ///   - snapshot: Reads the state through its ``Computed`` extension into a comparable value.
    public init(
        store: Store<State>,
        exhaustivity: Exhaustivity = .on,
        timeout: Double = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        snapshot: @escaping @Sendable (Computed<State>) -> Snapshot
    ) {
        let computed = store.computed
        let engine = TestStoreEngine<State.Action, Snapshot>(
            initialState: snapshot(computed),
            isExhaustive: exhaustivity == .on,
            created: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            currentState: { snapshot(computed) },
            describe: { String(describing: $0) }
        )
        let log = engine.log
        commitObserverKey = store.observeCommits { action in
            log.append(action, state: snapshot(computed))
        }
        engine.track(store.effectRegistry)
        self.store = store
        self.engine = engine
        self.snapshot = snapshot
        self.exhaustivity = exhaustivity
        self.timeout = timeout
    }

    deinit {
        let unfinished = engine.log.status.unfinishedWork.count
        if !engine.isFinished, exhaustivity == .on, unfinished > 0 {
            engine.reportAtCreation(
                "\(creators(unfinished)) started by send still running when the test store was released.")
        }
        for task in tasks.withLock({ $0 }) {
            task.cancel()
        }
        engine.finishEffectsAtRelease()
        engine.stopTrackingEffects()
        store.stopObservingCommits(commitObserverKey)
        engine.finish(site: nil)
    }

    /// The store's current snapshot.
    public var state: Snapshot {
        snapshot(store.computed)
    }

    /// Dispatches `action` to the store and checks the snapshot it produced against `expectation`
    /// applied to the snapshot asserted so far.
    ///
    /// Fails (at this call) when the snapshots differ, or, with ``Exhaustivity/on``, when actions
    /// committed earlier were not received yet. Actions dispatched while it is committed (by a
    /// mutation or an observer) are left for `receive(_:timeout:assert:)`. On a store that commits
    /// on a queue or the main thread, where a dispatch only queues the action, it first waits up to
    /// ``timeout`` seconds for the store to commit it (and fails if it has not).
    ///
    /// - Parameters:
    ///   - action: The action to dispatch.
    ///   - expectation: Makes the expected change to the snapshot (`{ $0.count += 1 }`); omit it
    ///     when the state must not change.
    public func send(
        _ action: State.Action,
        assert expectation: ((inout Snapshot) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let what = "send(\(action))"
        let start = engine.beginSend(what, site: site)
        // An immediate store commits on this thread, in the dispatch; one that commits on a queue
        // does so later, and then the first action committed is taken (see `endSend`).
        let thread = currentThreadIdentity()
        store.actions.dispatch(action: action)
        let sender = TestStoreEngine<State.Action, Snapshot>.Sender(
            thread: thread, appliedBefore: engine.log.count)
        await awaitCommits(what, timeout: timeout, site: site)
        engine.endSend(what, from: start, site: site, expectation: expectation, sender: sender)
    }

    /// Calls an action creator, synchronous or asynchronous, in a new task on the main actor, and
    /// checks the snapshot produced by the first action it commits (or, if it returns having
    /// committed none, the snapshot the last action before it left) against `expectation` applied
    /// to the snapshot asserted so far. An action of a side effect it started is not its own.
    ///
    /// Waits up to `timeout` seconds, counted from the creator's first suspension (a synchronous
    /// creator has returned by then), for that first action or for the creator to return, and fails
    /// if neither happens; on a store that commits on a queue or the main thread, then for the
    /// store to commit what was dispatched to it. The creator goes on running after this returns;
    /// every other action it dispatches is left for `receive(_:timeout:assert:)`, and `finish()`
    /// waits for it to return.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - intent: Calls the action creator on the actions it is given: `{ await $0.refresh() }`.
    ///   - expectation: Makes the expected change to the snapshot; omit it when the state must not
    ///     change.
    public func send(
        timeout: Double? = nil,
        _ intent: @escaping @MainActor @Sendable (Actions<State>) async -> Void,
        assert expectation: ((inout Snapshot) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let log = engine.log
        let start = engine.beginSend("send", site: site)
        // The creator's own first action is one no effect applied (an effect's comes first when
        // the creator starts one that dispatches at once).
        let outsideEffects = log.status.entriesOutsideEffects
        let work = log.startWork()
        let actions = store.actions
        // The timeout counts from the creator's first suspension, not from the task's creation:
        // this call resumes once the task has begun, and the main actor runs the creator's
        // synchronous part before it can resume this call. So a synchronous creator has dispatched
        // and returned before the wait below, whatever the timeout (0 included).
        var creator: Task<Void, Never>?
        await withCheckedContinuation { (begun: CheckedContinuation<Void, Never>) in
            creator = Task { @MainActor in
                begun.resume()
                await intent(actions)
                log.finishWork(work)
            }
        }
        if let creator {
            tasks.withLock { $0.append(creator) }
        }
        let timeout = timeout ?? self.timeout
        let settled = await log.wait(timeout: timeout) { status in
            status.entriesOutsideEffects > outsideEffects || !status.unfinishedWork.contains(work)
        }
        if !settled {
            engine.fail(
                "send: the action creator neither dispatched an action nor returned within \(timeout) s.",
                at: site)
        } else {
            await awaitCommits("send", timeout: timeout, site: site)
        }
        engine.endSend("send", from: start, site: site, expectation: expectation)
    }

    /// Waits for the next committed action, checks that it is `action`, and checks the snapshot it
    /// produced against `expectation` applied to the snapshot asserted so far.
    ///
    /// Fails (at this call) when no action is committed within `timeout` seconds, when the next
    /// action is another one (with ``Exhaustivity/off``, other actions are skipped instead), or when
    /// the snapshots differ.
    ///
    /// - Parameters:
    ///   - action: The action expected next.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the snapshot; omit it when the state must not
    ///     change.
    public func receive(
        _ action: State.Action,
        timeout: Double? = nil,
        assert expectation: ((inout Snapshot) -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where State.Action: Equatable {
        await engine.receive(
            "receive(\(action))",
            timeout: timeout ?? self.timeout,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            matching: { $0 == action },
            expectation: expectation
        )
    }

    /// Waits for the next committed action, checks that `isExpected` accepts it, and checks the
    /// snapshot it produced; for actions that are not `Equatable`. Otherwise as
    /// `receive(_:timeout:assert:)`.
    ///
    /// - Parameters:
    ///   - isExpected: Whether an action is the one expected.
    ///   - timeout: How long to wait, in seconds; the test store's ``timeout`` when `nil`.
    ///   - expectation: Makes the expected change to the snapshot.
    public func receive(
        where isExpected: @escaping @Sendable (State.Action) -> Bool,
        timeout: Double? = nil,
        assert expectation: ((inout Snapshot) -> Void)? = nil,
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

    /// Ends the test: waits up to `timeout` seconds for the action creators `send` started, for
    /// the store's effects in flight and, on a store that commits on a queue or the main thread,
    /// for the store to commit what they dispatched; then, with ``Exhaustivity/on``, fails (at
    /// this call) on a creator still running, on each effect still running (naming it and where it
    /// was started, and cancelling it), on an error an effect threw, on actions committed but not
    /// received, and on a snapshot that changed after the last assertion. With
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
        let timeout = timeout ?? self.timeout
        let log = engine.log
        let start = DispatchTime.now().uptimeNanoseconds
        let settled = await log.wait(timeout: timeout) { $0.unfinishedWork.isEmpty }
        // The effects get what is left of the same timeout: `finish` waits at most `timeout` in all.
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if !settled, exhaustivity == .on, !engine.isFinished {
            let unfinished = log.status.unfinishedWork.count
            engine.fail(
                "finish: \(creators(unfinished)) started by send still running after \(timeout) s.", at: site)
        }
        await engine.finishEffects(timeout: timeout, waited: waited, site: site)
        // What the creators and effects dispatched to a store on a queue may not be committed yet.
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        await awaitCommits(
            "finish", timeout: timeout - elapsed, site: site,
            reporting: exhaustivity == .on && !engine.isFinished)
        engine.finish(site: site)
    }

    /// Waits up to `timeout` seconds for the store to commit every action dispatched to it so far
    /// (``VueFluxCore/Store/whenIdle(_:)``): a store on a queue or the main thread only queues an
    /// action when it is dispatched, so `send` and `finish` wait for its executor before checking.
    /// Returns at once on `.immediate`. If the store has not committed them in time, fails at
    /// `site` as `what` (unless `reporting` is false).
    private func awaitCommits(
        _ what: String, timeout: Double, site: CallSite, reporting: Bool = true
    ) async {
        let log = engine.log
        let work = log.startWork()
        store.whenIdle { log.finishWork(work) }
        let committed = await log.wait(timeout: timeout) { !$0.unfinishedWork.contains(work) }
        guard !committed else { return }
        // Given up: the store's later call finds nothing to finish.
        log.finishWork(work)
        if reporting {
            engine.fail(
                "\(what): the store's executor had not committed the actions dispatched to it within \(timeout) s.",
                at: site)
        }
    }

    private nonisolated func creators(_ count: Int) -> String {
        count == 1 ? "1 action creator" : "\(count) action creators"
    }
}
