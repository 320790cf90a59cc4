import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import Testing

@MainActor
@Suite struct TestStoreTests {
    // snippet: rxstate-test
    @MainActor
    @Test func incrementLaterCountsWhenTheDelayedActionArrives() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())

        await store.send(CounterAction.increment) { $0.count = 1 }
        await store.send(CounterAction.incrementLater) { $0.isWaiting = true }
        await store.receive(CounterAction.delayedIncrement) {
            $0.count = 2
            $0.isWaiting = false
        }
        await store.finish()
    }
    // snippet-end: rxstate-test

    /// An action that removes the substate (`StoreAction.reset`) or adds it back is asserted on the
    /// substate-or-nothing (`assertOptional:`); the closure on the substate alone cannot say that
    /// it is gone, so an exhaustive test store failed on every reset.
    @Test func aResetAndAnAddAreAssertedOnTheSubstateOrNothing() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        await store.send(CounterAction.increment) { $0.count = 1 }
        await store.send(StoreAction.reset, assertOptional: { $0 = nil })
        #expect(store.state == nil)
        await store.send(
            StoreAction.add(states: [CounterState(count: 5)]), assertOptional: { $0 = CounterState(count: 5) }
        )
        await store.send(CounterAction.increment) { $0.count = 6 }
        await store.finish()
    }

    /// A trailing closure that assigns the whole substate still goes to `assert:` (the
    /// `assertOptional:` overloads made such calls ambiguous before they were disfavored).
    @Test func aTrailingClosureThatAssignsTheWholeSubstateAssertsTheSubstate() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        await store.send(CounterAction.increment) { $0 = CounterState(count: 1) }
        await store.send(CounterAction.incrementLater) { $0 = CounterState(count: 1, isWaiting: true) }
        await store.receive(CounterAction.delayedIncrement) { $0 = CounterState(count: 2) }
        await store.finish()
    }

    /// A reset dispatched later (`StoreAction` is not `Equatable`) is received with a predicate, on
    /// the substate-or-nothing.
    @Test func aResetDispatchedLaterIsReceivedOnTheSubstateOrNothing() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        let inner = store.store
        Task { inner.dispatch(action: StoreAction.reset) }
        await store.receive(where: { $0 is StoreAction }, timeout: 10, assertOptional: { $0 = nil })
        #expect(store.state == nil)
        await store.finish()
    }

    /// A wrong expectation of absence fails as any other, with the diff.
    @Test func aWrongExpectationOnTheSubstateOrNothingFails() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        await withKnownIssue {
            await store.send(StoreAction.reset, assertOptional: { $0?.count = 1 })
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("differs from the expectation")
        }
        await store.finish()
    }

    @Test func aStoreThatHoldsTheSubstateAlreadyIsRecordedFromItsState() async {
        let store = TestStore<LabelState>(store: makeEchoStore())
        await store.send(SetLabel(text: "hi")) { $0.text = "hi" }
        #expect(store.state == LabelState(text: "hi"))
        await store.finish()
    }

    @Test func aWrongStateFailsAtTheSendWithADiff() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        let line = #line + 2
        await withKnownIssue {
            await store.send(CounterAction.increment) { $0.count = 2 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && text.contains(
                    "send(CounterAction.increment): the state differs from the expectation (- expected, + actual)"
                )
                && text.contains("-   - count: 2") && text.contains("+   - count: 1")
        }
    }

    @Test func aChangeTheSendDoesNotAssertFails() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        await withKnownIssue {
            await store.send(CounterAction.increment)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+   - count: 1")
        }
    }

    @Test func aReentrantDispatchFromAnInterceptorMustBeReceived() async {
        let store = TestStore<CounterState>(store: makeEchoStore())
        await store.send(CounterAction.increment) { $0.count = 1 }
        await store.receive(CounterAction.delayedIncrement) { $0.count = 2 }
        await store.finish()
    }

    @Test func anActionLeftUnreceivedFailsAtFinish() async {
        let store = TestStore<CounterState>(store: makeEchoStore())
        await store.send(CounterAction.increment) { $0.count = 1 }
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                .contains("1 action received but not asserted:\n  CounterAction.delayedIncrement")
        }
    }

    /// Without `finish()`, the test store's deinit makes the same checks and reports them where the
    /// test store was created.
    @Test func theDeinitReportsWhatFinishWouldHaveAtTheCreation() async {
        let line = #line + 2
        await withKnownIssue {
            var store: TestStore<CounterState>? = TestStore<CounterState>(store: makeEchoStore())
            await store?.send(CounterAction.increment) { $0.count = 1 }
            store = nil
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue).joined().contains("received but not asserted")
        }
    }

    @Test func anActionOnAnotherSubstateMustBeReceivedToo() async {
        let store = TestStore<CounterState>(store: makeEchoStore())
        await withKnownIssue {
            await store.receive(CounterAction.increment, timeout: 0.05)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no action was applied")
        }
        store.store.dispatch(action: SetLabel(text: "elsewhere"))
        await store.receive(SetLabel(text: "elsewhere"))
        await store.finish()
    }

    @Test func aReceiveThatTimesOutFails() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore())
        await withKnownIssue {
            await store.receive(CounterAction.delayedIncrement, timeout: 0.05)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                == "receive(CounterAction.delayedIncrement): expected an action within 0.05 s, "
                + "but no action was applied."
        }
        await store.finish()
    }

    @Test func aMissingSubstateFailsAtCreation() {
        withKnownIssue {
            _ = TestStore<CounterState>(store: makeCounterStore())
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("The store holds no CounterState to test.")
        }
    }

    @Test func withExhaustivityOffOnlyWhatIsAssertedIsChecked() async {
        let store = TestStore(initialState: CounterState(), store: makeCounterStore(), exhaustivity: .off)
        await store.send(CounterAction.incrementLater)
        await store.receive(CounterAction.delayedIncrement) { $0.count = 1 }
        await store.send(CounterAction.increment) { $0.count = 2 }
        await store.finish()
    }
}
