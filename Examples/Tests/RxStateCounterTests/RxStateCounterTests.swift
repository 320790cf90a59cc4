import CounterServer
import ReactiveLite
import RxStateCore
import Testing

@testable import RxStateCounter

@Suite struct RxStateCounterTests {
    @Test func theReducerIsTestedThroughAStore() {
        // snippet: rxstate-testing-state
        let store = makeStore()
        store.dispatch(action: CounterAction.increment)  // an idle store applies it before returning
        store.dispatch(action: CounterAction.loadStarted)
        #expect(store.substate(CounterState.self) == CounterState(count: 1, isLoading: true))
        // snippet-end: rxstate-testing-state
    }

    @MainActor
    @Test func aLoadShowsTheServersCount() async {
        // snippet: rxstate-testing-effect
        let store = makeStore()
        let screen = CounterScreen(store: store, server: CounterServer(savedCount: 7, milliseconds: 0))
        await screen.loadTapped().value
        #expect(store.substate(CounterState.self) == CounterState(count: 7, isLoading: false))
        // snippet-end: rxstate-testing-effect
    }

    @MainActor
    @Test func aNewerLoadCancelsTheOneInFlightAndClosingTheScreenCancelsItsLoad() async {
        // snippet: rxstate-testing-cancellation
        let server = CounterServer(savedCount: 7, milliseconds: 20)
        let store = makeStore()
        var screen: CounterScreen? = CounterScreen(store: store, server: server)
        let first = screen?.loadTapped()
        await screen?.loadTapped().value
        await first?.value
        #expect(await server.cancelledRequests == 1)

        let last = screen?.loadTapped()
        screen = nil  // the screen's deinit cancels its load
        await last?.value
        #expect(await server.cancelledRequests == 2)
        // snippet-end: rxstate-testing-cancellation
    }

    @Test func theDiagnosticsReportAnActionNoReducerHandles() {
        // snippet: rxstate-testing-diagnostics
        struct Unknown: ActionType {}
        let store = makeStore()
        let problems = Variable<[StoreError]>([])
        let observation = store.diagnostics.observe { error in problems.value.append(error) }
        store.dispatch(action: Unknown())  // observers run on the dispatching thread
        #expect(problems.value.count == 1)
        observation.dispose()
        // snippet-end: rxstate-testing-diagnostics
    }
}
