import PrexCore
import PrexCoreTesting
import TestStoreSupport
import Testing

@MainActor
@Suite struct TestStoreTests {
    // snippet: prex-test
    @MainActor
    @Test func incrementLaterCountsWhenTheDelayedActionArrives() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())

        await store.send {
            $0.increment()
        } assert: {
            $0.count = 1
        }
        await store.send {
            $0.incrementLater()
        } assert: {
            $0.isWaiting = true
        }
        await store.receive(.delayedIncrement) {
            $0.count = 2
            $0.isWaiting = false
        }
        await store.finish()
    }
    // snippet-end: prex-test

    @Test func sendingAnActionDispatchesItAndChecksTheStateItProduced() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        await store.send(.increment) { $0.count += 1 }
        await store.send(.increment) { $0.count += 1 }
        #expect(store.state.count == 2)
        await store.finish()
    }

    @Test func aWrongStateFailsAtTheSendWithADiff() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        let line = #line + 2
        await withKnownIssue {
            await store.send(.increment) { $0.count = 2 }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && text.contains(
                    "send(increment): the state differs from the expectation (- expected, + actual)")
                && text.contains("-   - count: 2") && text.contains("+   - count: 1")
        }
    }

    @Test func aStateChangeTheSendDoesNotAssertFails() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        await withKnownIssue {
            await store.send(.increment)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+   - count: 1")
        }
    }

    @Test func anActionLeftUnreceivedFailsAtFinish() async {
        let store = TestStore(flux: makeEchoFlux())
        await store.send(.increment) { $0.count = 1 }
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "1 action received but not asserted:\n  delayedIncrement")
        }
    }

    @Test func anActionLeftUnreceivedFailsAtTheNextSend() async {
        let store = TestStore(flux: makeEchoFlux())
        await store.send(.increment) { $0.count = 1 }
        await withKnownIssue {
            await store.send(.incrementLater) { $0.count = 3 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("received but not asserted before this send")
        }
    }

    @Test func aReentrantDispatchIsReceivedAfterTheSend() async {
        let store = TestStore(flux: makeEchoFlux())
        await store.send(.increment) { $0.count = 1 }
        await store.receive(.delayedIncrement) { $0.count = 2 }
        await store.finish()
    }

    @Test func aReceiveThatTimesOutFails() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        await withKnownIssue {
            await store.receive(.delayedIncrement, timeout: 0.05)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined()
                == "receive(delayedIncrement): expected an action within 0.05 s, but no action was applied."
        }
        await store.finish()
    }

    @Test func receivingAnotherActionFails() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        await store.send {
            $0.incrementLater()
        } assert: {
            $0.isWaiting = true
        }
        await withKnownIssue {
            await store.receive(.increment) { $0.count = 1 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "received an unexpected action instead:\n  delayedIncrement")
        }
        await store.finish()
    }

    @Test func anExpectationThatChangesNothingFails() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
        await withKnownIssue {
            await store.send { _ in
            } assert: {
                $0.count = 0
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the expectation changed nothing")
        }
    }

    @Test func theDeinitReportsWhatFinishWouldHaveAtTheCreation() async {
        typealias CounterTestStore = TestStore<
            CounterAction, CounterState, Presenter<CounterAction, CounterState>
        >
        let line = #line + 2
        await withKnownIssue {
            var store: CounterTestStore? = TestStore(flux: makeEchoFlux())
            await store?.send(.increment) { $0.count = 1 }
            store = nil
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue).joined().contains("received but not asserted")
        }
    }

    @Test func withExhaustivityOffOnlyWhatIsAssertedIsChecked() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation(), exhaustivity: .off)
        await store.send(.increment)
        await store.send { $0.incrementLater() }
        await store.receive(.delayedIncrement) { $0.count = 2 }
        await store.send(.increment) { $0.count = 3 }
        await store.finish()
    }

    @Test func withExhaustivityOffAWrongAssignmentStillFails() async {
        let store = TestStore(initialState: CounterState(), mutation: CounterMutation(), exhaustivity: .off)
        await withKnownIssue {
            await store.send(.increment) { $0.count = 5 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("-   - count: 5")
        }
    }
}

/// A flux whose mutation dispatches `.delayedIncrement` to itself while applying `.increment`.
func makeEchoFlux() -> Flux<CounterAction, CounterState> {
    let box = DispatcherBox()
    let flux = Flux(state: CounterState(), mutation: EchoMutation { box.dispatch($0) })
    box.set(flux.dispatcher)
    return flux
}

/// Lets a mutation dispatch to the dispatcher of the flux it belongs to, set after the flux.
final class DispatcherBox: Sendable {
    private let dispatcher = LockedBox<Dispatcher<CounterAction>?>(nil)

    func set(_ dispatcher: Dispatcher<CounterAction>) {
        self.dispatcher.withLock { $0 = dispatcher }
    }

    func dispatch(_ action: CounterAction) {
        dispatcher.withLock { $0 }?.dispatch(action)
    }
}
