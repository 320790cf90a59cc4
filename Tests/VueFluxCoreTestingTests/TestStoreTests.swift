import ReactiveLite
import TestStoreSupport
import Testing
import VueFluxCore
import VueFluxCoreTesting

@MainActor
func makeCounterTestStore(
    exhaustivity: Exhaustivity = .on, timeout: Double = 1
) -> (TestStore<CounterState, CounterSnapshot>, CounterState) {
    let state = CounterState()
    let store = TestStore(
        state: state, mutations: CounterMutations(), exhaustivity: exhaustivity, timeout: timeout
    ) { computed in
        CounterSnapshot(count: computed.count.value, isWaiting: computed.isWaiting.value)
    }
    return (store, state)
}

@MainActor
func makeEchoTestStore() -> TestStore<EchoState, Int> {
    let state = EchoState()
    let store = Store(state: state, mutations: EchoMutations(), executor: .immediate)
    state.echo.withLock { $0 = store.actions }
    return TestStore(store: store) { $0.count.value }
}

@MainActor
@Suite struct TestStoreTests {
    // snippet: vueflux-test
    @MainActor
    @Test func incrementLaterCountsWhenTheDelayedActionArrives() async {
        let store = TestStore(state: CounterState(), mutations: CounterMutations()) { computed in
            CounterSnapshot(count: computed.count.value, isWaiting: computed.isWaiting.value)
        }

        await store.send {
            $0.increment()
        } assert: {
            $0.count = 1
        }
        await store.send {
            await $0.incrementLater()
        } assert: {
            $0.isWaiting = true
        }
        await store.receive(.delayedIncrement) {
            $0.count = 2
            $0.isWaiting = false
        }
        await store.finish()
    }
    // snippet-end: vueflux-test

    @Test func sendingAnActionDispatchesItAndChecksTheSnapshotItProduced() async {
        let (store, _) = makeCounterTestStore()
        await store.send(.increment) { $0.count += 1 }
        await store.send(.incrementLater) { $0.isWaiting = true }
        #expect(store.state == CounterSnapshot(count: 1, isWaiting: true))
        await store.finish()
    }

    @Test func aWrongSnapshotFailsAtTheSendWithADiff() async {
        let (store, _) = makeCounterTestStore()
        let line = #line + 2
        await withKnownIssue {
            await store.send {
                $0.increment()
            } assert: {
                $0.count = 2
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && text.contains("send: the state differs from the expectation (- expected, + actual)")
                && text.contains("-   - count: 2") && text.contains("+   - count: 1")
        }
    }

    @Test func aChangeTheSendDoesNotAssertFails() async {
        let (store, _) = makeCounterTestStore()
        await withKnownIssue {
            await store.send(.increment)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+   - count: 1")
        }
    }

    @Test func aChangeMadeWithoutAnActionFailsAtFinish() async {
        let (store, state) = makeCounterTestStore()
        await store.send(.increment) { $0.count = 1 }
        state.overwriteCount(7)
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("The state changed after the last assertion")
                && text.contains("+   - count: 7")
        }
    }

    @Test func aReentrantDispatchMustBeReceived() async {
        let store = makeEchoTestStore()
        await store.send(.increment) { $0 = 1 }
        await store.receive(.delayedIncrement) { $0 = 2 }
        await store.finish()
    }

    @Test func anActionLeftUnreceivedFailsAtFinish() async {
        let store = makeEchoTestStore()
        await store.send(.increment) { $0 = 1 }
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "1 action received but not asserted:\n  delayedIncrement")
        }
    }

    /// Without `finish()`, the test store's deinit makes the same checks and reports them where the
    /// test store was created.
    @Test func theDeinitReportsWhatFinishWouldHaveAtTheCreation() async {
        let state = EchoState()
        let echoing = Store(state: state, mutations: EchoMutations(), executor: .immediate)
        state.echo.withLock { $0 = echoing.actions }
        let line = #line + 2
        await withKnownIssue {
            var store: TestStore<EchoState, Int>? = TestStore(store: echoing) { $0.count.value }
            await store?.send(.increment) { $0 = 1 }
            store = nil
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue).joined().contains("received but not asserted")
        }
    }

    @Test func aReceiveThatTimesOutFails() async {
        let (store, _) = makeCounterTestStore()
        await withKnownIssue {
            await store.receive(.delayedIncrement, timeout: 0.05)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                == "receive(delayedIncrement): expected an action within 0.05 s, but no action was applied."
        }
        await store.finish()
    }

    @Test func anActionCreatorStillRunningFailsAtFinish() async {
        let (store, _) = makeCounterTestStore(timeout: 0.05)
        await withKnownIssue {
            await store.send { await $0.hang() }
            await store.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text == "send: the action creator neither dispatched an action nor returned within 0.05 s."
                || text == "finish: 1 action creator started by send still running after 0.05 s."
        }
    }

    @Test func withExhaustivityOffOnlyWhatIsAssertedIsChecked() async {
        let (store, _) = makeCounterTestStore(exhaustivity: .off)
        await store.send { await $0.incrementLater() }
        await store.receive(.delayedIncrement) { $0.count = 1 }
        await store.send(.increment) { $0.count = 2 }
        await store.finish()
    }
}
