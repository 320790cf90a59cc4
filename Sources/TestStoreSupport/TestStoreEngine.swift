import Dispatch
import FlowKernel

/// What the three test stores share: the log of applied actions, the last asserted state, and the
/// rules of `send`, `receive` and `finish`. Each module's `TestStore` feeds it the actions its store
/// applies and maps its own calls onto it.
///
/// Called on the main actor by the test stores; `Sendable` (its progress sits behind a lock) so
/// that a test store's nonisolated `deinit` can run the end-of-test checks.
package final class TestStoreEngine<Action: Sendable, State: Equatable & Sendable>: Sendable {
    private struct Progress {
        /// The state as the test has asserted it so far.
        var expected: State
        /// How many of the log's entries a `send` or `receive` has taken, in order.
        var consumed = 0
        /// Positions at or after `consumed` that a `send` took out of order: its own action, which
        /// an effect's action applied during the send came before. `receive` steps over them.
        var taken: Set<Int> = []
        var isFinished = false

        /// Moves `consumed` past the positions a `send` took out of order.
        mutating func skipTaken() {
            while taken.remove(consumed) != nil {
                consumed += 1
            }
        }
    }

    /// Where the module's store reports each applied action with the state it produced.
    package let log = ActionLog<Action, State>()
    /// Whether every action and state change must be asserted.
    package let isExhaustive: Bool
    private let progress: LockedBox<Progress>
    /// The state before the first action: what a `send` that applied none compares when no action
    /// was applied before it.
    private let initialState: State
    private let currentState: @Sendable () -> State
    private let describe: @Sendable (Action) -> String
    private let present: @Sendable (State) -> Any
    package let created: CallSite
    let effects = LockedBox(EffectProgress())

    /// What the engine knows of the store's effects.
    struct EffectProgress {
        var registry: EffectRegistry?
        /// This engine's key among the registry's observers, while it tracks the registry.
        var observerKey: UInt64?
        /// Effects the test chose not to wait for (`skipEffects`).
        var skipped: Set<UInt64> = []
        /// Errors effects threw (each with its effect, and the error described), not reported yet.
        var errors: [(effect: EffectRegistry.Running, error: String)] = []
    }

    /// - Parameters:
    ///   - initialState: The state before any action.
    ///   - isExhaustive: Whether every applied action and every state change must be asserted.
    ///   - created: Where the test store was created: failures found at its `deinit` go there.
    ///   - currentState: Reads the store's state now.
    ///   - describe: An action as failure messages show it.
    ///   - present: What a state diff dumps for a state; the state itself by default.
    package init(
        initialState: State,
        isExhaustive: Bool,
        created: CallSite,
        currentState: @escaping @Sendable () -> State,
        describe: @escaping @Sendable (Action) -> String,
        present: @escaping @Sendable (State) -> Any = { $0 }
    ) {
        self.present = present
        progress = LockedBox(Progress(expected: initialState))
        self.initialState = initialState
        self.isExhaustive = isExhaustive
        self.created = created
        self.currentState = currentState
        self.describe = describe
    }

    /// The state as asserted so far (in non-exhaustive mode, the last state seen).
    package var expectedState: State {
        progress.withLock { $0.expected }
    }

    /// Performs a send: runs `perform`, takes the first action it applied (if any) and checks the
    /// state that action produced (or, if it applied none, the state the last action before it
    /// left) against `expectation` applied to the asserted state. Later actions are left for
    /// `receive`, and so is every action an effect or another thread applied meanwhile (see
    /// ``endSend``): `perform` dispatches synchronously on the calling thread, where the store
    /// applies a caller's own action.
    package func send(
        _ what: String,
        site: CallSite,
        expectation: ((inout State) -> Void)?,
        perform: () -> Void
    ) {
        let start = beginSend(what, site: site)
        let thread = currentThreadIdentity()
        perform()
        let sender = Sender(thread: thread, appliedBefore: log.count)
        endSend(what, from: start, site: site, expectation: expectation, sender: sender)
    }

    /// The thread a send dispatched on, and the log's length once its synchronous dispatch
    /// returned: an action applied on that thread before then is one the dispatch applied (its
    /// own, or what it caused); one applied there later (a main actor whose jobs run on more than
    /// one thread, a queue store's later commit) may be anything.
    package struct Sender: Sendable {
        package let thread: UInt
        package let appliedBefore: Int

        package init(thread: UInt, appliedBefore: Int) {
            self.thread = thread
            self.appliedBefore = appliedBefore
        }
    }

    /// The first half of a send: fails on actions left unasserted (in exhaustive mode) and returns
    /// the log position from which the send's actions start.
    package func beginSend(_ what: String, site: CallSite) -> Int {
        if progress.withLock({ $0.isFinished }) {
            fail(
                "\(what) after finish(): the test store no longer checks anything.", at: site)
        }
        let unasserted = takeUnconsumed()
        if isExhaustive, !unasserted.isEmpty {
            fail(
                "\(what): \(actions(unasserted)) received but not asserted before this send:\n"
                    + list(unasserted) + "\nAssert them with receive, or use exhaustivity: .off.",
                at: site
            )
        }
        return log.count
    }

    /// The second half of a send: takes the first action applied since `start` that no effect
    /// applied (the send's own) and checks the state it produced.
    ///
    /// An action an effect applied (a task the store knows, started by this send or earlier) is
    /// never the send's own, even when it came first: it stays in the log for `receive`, in order.
    /// With `sender`, the thread that dispatched the send's action (where the store applies a
    /// caller's own action, after waiting for the turn if another thread holds it), an action
    /// applied on that thread during the synchronous dispatch is taken before any applied on
    /// another (a thread that held the turn when the send came, a `Task` or a queue dispatching,
    /// an interceptor passing an action on later): those stay for `receive` too. If the sending thread applied none (a store whose
    /// executor commits elsewhere, an interceptor that dropped the action), the first applied
    /// on any thread is taken, as with no `sender`.
    /// A send that applied no action of its own checks the state the last action before it left
    /// (the initial state if there is none): the state an effect changed after the send's call
    /// is not the send's. In a store whose state changes only through actions, that is the
    /// current state at the send, without the race with an effect already running.
    package func endSend(
        _ what: String,
        from start: Int,
        site: CallSite,
        expectation: ((inout State) -> Void)?,
        sender: Sender? = nil
    ) {
        let applied = log.entries(from: start)
        let actual: State
        let ownOnSender = sender.flatMap { sender in
            applied.indices.first { index in
                start + index < sender.appliedBefore && applied[index].effect == nil
                    && applied[index].thread == sender.thread
            }
        }
        if let own = ownOnSender ?? applied.firstIndex(where: { $0.effect == nil }) {
            progress.withLock { progress in
                if own == 0 {
                    progress.consumed = start + 1
                } else {
                    // Effects' (or other threads') actions came first: they stay for `receive`.
                    progress.consumed = start
                    progress.taken.insert(start + own)
                }
            }
            actual = applied[own].state
        } else {
            progress.withLock { $0.consumed = start }
            actual = start > 0 ? (log.entry(at: start - 1)?.state ?? initialState) : initialState
        }
        check(actual, expectation: expectation, what: what, site: site)
    }

    /// Waits up to `timeout` seconds for the next applied action, checks that it matches and that
    /// the state it produced is `expectation` applied to the asserted state. In non-exhaustive mode,
    /// actions that do not match are skipped.
    package func receive(
        _ what: String,
        timeout: Double,
        site: CallSite,
        matching: @escaping @Sendable (Action) -> Bool,
        expectation: ((inout State) -> Void)?,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        // `nil`: no deadline (an infinite timeout).
        let deadline = waitNanoseconds(seconds: timeout).flatMap { length in
            let (end, overflow) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(length)
            return overflow ? nil : end
        }
        var skipped: [ActionLog<Action, State>.Entry] = []
        while true {
            let consumed = progress.withLock { progress in
                progress.skipTaken()
                return progress.consumed
            }
            let now = DispatchTime.now().uptimeNanoseconds
            let seconds = deadline.map { now < $0 ? Double($0 - now) / 1e9 : 0 } ?? .infinity
            guard await log.wait(timeout: seconds, until: { $0.entryCount > consumed }) else {
                let seen =
                    skipped.isEmpty
                    ? "no action was applied"
                    : "none of the \(actions(skipped)) applied matched:\n" + list(skipped)
                fail(
                    "\(what): expected an action within \(timeout) s, but \(seen).", at: site)
                return
            }
            guard let entry = log.entry(at: consumed) else { continue }
            // The last of the positions a send took out of order that this receive steps over:
            // its state, later than this entry's, becomes the asserted one after the check.
            let steppedOver = progress.withLock { progress -> Int? in
                progress.consumed = consumed + 1
                let next = progress.consumed
                progress.skipTaken()
                return progress.consumed > next ? progress.consumed - 1 : nil
            }
            defer {
                if let steppedOver, let later = log.entry(at: steppedOver) {
                    progress.withLock { $0.expected = later.state }
                }
            }
            if matching(entry.action) {
                check(entry.state, expectation: expectation, what: what, site: site)
                return
            }
            if isExhaustive {
                fail(
                    "\(what): received an unexpected action instead:\n  \(describe(entry.action))", at: site)
                progress.withLock { $0.expected = entry.state }
                return
            }
            skipped.append(entry)
            progress.withLock { $0.expected = entry.state }
        }
    }

    /// The end-of-test checks: in exhaustive mode, fails on actions applied but not received, and on
    /// a state that changed after the last assertion. Checks once: later calls do nothing.
    package func finish(site: CallSite?) {
        let alreadyFinished = progress.withLock { progress in
            defer { progress.isFinished = true }
            return progress.isFinished
        }
        guard !alreadyFinished, isExhaustive else { return }
        let site = site ?? created
        let unasserted = takeUnconsumed()
        if !unasserted.isEmpty {
            fail(
                "\(actions(unasserted)) received but not asserted:\n" + list(unasserted)
                    + "\nAssert them with receive, or use exhaustivity: .off.",
                at: site
            )
            return
        }
        let expected = progress.withLock { $0.expected }
        let actual = currentState()
        if expected != actual {
            fail(
                "The state changed after the last assertion, with no action to assert it by "
                    + "(- expected, + actual):\n\n"
                    + StateDiff.describe(expected: present(expected), actual: present(actual)),
                at: site
            )
        }
    }

    /// Reports `message` as a failure at `site`, to the framework of the test that made the test
    /// store when no test is current (``FailureReporter/fail(_:at:madeInSwiftTest:)``).
    package func fail(_ message: String, at site: CallSite) {
        FailureReporter.fail(message, at: site, madeInSwiftTest: created.isInSwiftTest)
    }

    /// Reports `message` at the test store's creation, where `deinit` reports.
    package func reportAtCreation(_ message: String) {
        fail(message, at: created)
    }

    /// Whether `finish` ran.
    package var isFinished: Bool {
        progress.withLock { $0.isFinished }
    }

    /// Takes the entries no send or receive took yet, and makes the last one's state the asserted
    /// state (so that one failure is reported once).
    private func takeUnconsumed() -> [ActionLog<Action, State>.Entry] {
        let (consumed, taken) = progress.withLock { ($0.consumed, $0.taken) }
        let entries = log.entries(from: consumed)
        progress.withLock { progress in
            progress.consumed = consumed + entries.count
            progress.taken = []
            if let last = entries.last {
                progress.expected = last.state
            }
        }
        return entries.indices.filter { !taken.contains(consumed + $0) }.map { entries[$0] }
    }

    private func check(_ actual: State, expectation: ((inout State) -> Void)?, what: String, site: CallSite) {
        let previous = progress.withLock { $0.expected }
        progress.withLock { $0.expected = actual }
        if isExhaustive {
            var expected = previous
            expectation?(&expected)
            if expected != actual {
                fail(
                    "\(what): the state differs from the expectation (- expected, + actual):\n\n"
                        + StateDiff.describe(expected: present(expected), actual: present(actual)),
                    at: site
                )
            } else if expectation != nil, expected == previous {
                fail(
                    "\(what): the expectation changed nothing and neither did the state; "
                        + "omit the closure when the state should stay as it was.",
                    at: site
                )
            }
        } else if let expectation {
            var expected = actual
            expectation(&expected)
            if expected != actual {
                fail(
                    "\(what): the state differs from the expectation (- expected, + actual):\n\n"
                        + StateDiff.describe(expected: present(expected), actual: present(actual))
                        + "\n(With exhaustivity .off the expectation is applied to the actual state: "
                        + "assign values, `$0.count = 2`, rather than change them, `$0.count += 1`.)",
                    at: site
                )
            }
        }
    }

    private func actions(_ entries: [ActionLog<Action, State>.Entry]) -> String {
        entries.count == 1 ? "1 action" : "\(entries.count) actions"
    }

    private func list(_ entries: [ActionLog<Action, State>.Entry]) -> String {
        entries.map { entry in
            "  " + describe(entry.action) + (entry.effect.map { "\n    dispatched by \($0)" } ?? "")
        }.joined(separator: "\n")
    }
}
