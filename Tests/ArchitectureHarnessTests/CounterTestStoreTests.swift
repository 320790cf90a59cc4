import PrexCore
import PrexCoreTesting
import ReactiveLite
import RxStateCore
import RxStateCoreTesting
import Testing
import VueFluxCore
import VueFluxCoreTesting

@testable import ArchitectureHarness

/// The counter scenario through each module's test store: every input is sent as a view would
/// (a presenter method, an action creator, a dispatch) and the state it produces is asserted in
/// full; a reentrant dispatch must be received.
@MainActor
@Suite struct CounterTestStoreTests {
    /// The scripted inputs with the count each must produce, or `nil` when it changes nothing.
    static let script: [(input: CounterModel.Action, count: Int?)] = {
        var count = 0
        return CounterScenarioTests.inputs.map { input in
            var state = CounterModel.State(count: count)
            CounterModel.reduce(&state, input)
            defer { count = state.count }
            return (input, state.count == count ? nil : state.count)
        }
    }()

    @Test func theScriptChangesTheCountSixTimesOutOfEight() {
        #expect(Self.script.map(\.count) == [1, 2, 1, 11, nil, 0, nil, -2])
    }

    @Test func prexPresenterMethodsProduceTheModelsCounts() async {
        let store = PrexCoreTesting.TestStore(flux: PrexCounterAdapter.makeFlux())
        for (input, count) in Self.script {
            // No closure where the model says nothing changes: a closure that changes nothing fails.
            let expectation = count.map { count in
                { (state: inout PrexCounter.State) in state.count = count }
            }
            await store.send(
                { presenter in
                    switch input {
                    case .increment: presenter.increment()
                    case .decrement: presenter.decrement()
                    case .add(let amount): presenter.add(amount)
                    case .reset: presenter.reset()
                    }
                },
                assert: expectation
            )
        }
        await store.finish()
    }

    @Test func vueFluxActionCreatorsProduceTheModelsCounts() async {
        let store = VueFluxCoreTesting.TestStore(store: VueFluxCounterAdapter.makeStore()) { $0.count.value }
        for (input, count) in Self.script {
            let expectation = count.map { count in { (state: inout Int) in state = count } }
            await store.send({ VueFluxCounterAdapter.send(input, to: $0) }, assert: expectation)
        }
        await store.finish()
    }

    @Test func rxStateDispatchesProduceTheModelsCounts() async {
        let store = RxStateCoreTesting.TestStore<RxStateCounter.State>(store: RxStateCounter.makeStore())
        for (input, count) in Self.script {
            let expectation = count.map { count in
                { (state: inout RxStateCounter.State) in state.count = count }
            }
            await store.send(RxStateCounterAdapter.action(for: input), assert: expectation)
        }
        await store.finish()
    }

    @Test func prexReentrantDispatchFromAListenerIsReceived() async {
        let flux = PrexCounterAdapter.makeFlux()
        let dispatcher = flux.dispatcher
        let listener = flux.store.addListener { change in
            if change.new.count == 1 {
                dispatcher.dispatch(.add(10))
            }
        }
        let store = PrexCoreTesting.TestStore(flux: flux)
        await store.send(.increment) { $0.count = 1 }
        await store.receive(.add(10)) { $0.count = 11 }
        await store.send(.increment) { $0.count = 12 }
        await store.finish()
        listener.cancel()
    }

    @Test func vueFluxReentrantDispatchFromAnObserverIsReceived() async {
        let vueFlux = VueFluxCounterAdapter.makeStore()
        let actions = vueFlux.actions
        let observation = vueFlux.computed.count.signal.observe { count in
            if count == 1 {
                actions.add(10)
            }
        }
        let store = VueFluxCoreTesting.TestStore(store: vueFlux) { $0.count.value }
        await store.send {
            $0.increment()
        } assert: {
            $0 = 1
        }
        await store.receive(.add(10)) { $0 = 11 }
        await store.send {
            $0.increment()
        } assert: {
            $0 = 12
        }
        await store.finish()
        observation.dispose()
    }

    @Test func rxStateReentrantDispatchFromAnObserverIsReceived() async {
        let rxState = RxStateCounter.makeStore()
        let observation = rxState.substateSignal(RxStateCounter.State.self).observe { [weak rxState] state in
            if state.count == 1 {
                rxState?.dispatch(action: RxStateCounter.Action.add(10))
            }
        }
        let store = RxStateCoreTesting.TestStore<RxStateCounter.State>(store: rxState)
        await store.send(RxStateCounter.Action.increment) { $0.count = 1 }
        await store.receive(RxStateCounter.Action.add(10)) { $0.count = 11 }
        await store.send(RxStateCounter.Action.increment) { $0.count = 12 }
        await store.finish()
        observation.dispose()
    }

    @Test func anUnreceivedReentrantDispatchFailsTheTest() async {
        let flux = PrexCounterAdapter.makeFlux()
        let dispatcher = flux.dispatcher
        let listener = flux.store.addListener { change in
            if change.new.count == 1 {
                dispatcher.dispatch(.add(10))
            }
        }
        let store = PrexCoreTesting.TestStore(flux: flux)
        await store.send(.increment) { $0.count = 1 }
        await withKnownIssue {
            await store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("1 action received but not asserted:\n  add(10)")
        }
        listener.cancel()
    }
}
