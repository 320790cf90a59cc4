import CounterServer
import PrexCore
import Testing

@testable import PrexCounter

// snippet: prex-testing-view
/// A view for tests: records the counts it is shown.
final class RecordingView: View {
    var counts: [Int] = []

    func reflect(change: StateChange<CounterState>) {
        if let count = change.count?.value {
            counts.append(count)
        }
    }
}
// snippet-end: prex-testing-view

// Tests that create a view run on the main actor, as the view does.
@MainActor
@Suite struct PrexCounterTests {
    @Test func theMutationIsAPlainFunctionOfTheState() {
        // snippet: prex-testing-state
        var state = CounterState(count: 1, isLoading: true)
        CounterMutation().mutate(action: .loaded(42), state: &state)
        #expect(state.count == 42)
        #expect(!state.isLoading)
        // snippet-end: prex-testing-state
    }

    @Test func recordShowsTheFinalStateAndWhatTheViewWasSent() {
        // snippet: prex-testing-record
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        #expect(
            flux.record(\.count, after: .increment, .loadStarted, .loaded(42))
                == Recording(state: 42, seen: [1, 42])
        )
        // snippet-end: prex-testing-record
    }

    @Test func aLoadShowsTheServersCount() async {
        // snippet: prex-testing-effect
        let view = RecordingView()
        let presenter = CounterPresenter(view: view, server: CounterServer(savedCount: 7, milliseconds: 0))
        await presenter.load().value  // the side effect, awaited through its task
        #expect(presenter.state.count == 7)
        #expect(view.counts == [7])
        // snippet-end: prex-testing-effect
    }

    @Test func aNewerLoadCancelsTheOneInFlight() async {
        // snippet: prex-testing-cancellation
        let server = CounterServer(savedCount: 7, milliseconds: 20)
        let view = RecordingView()
        let presenter = CounterPresenter(view: view, server: server)
        let first = presenter.load()
        let second = presenter.load()
        await second.value
        await first.value
        #expect(await server.cancelledRequests == 1)
        #expect(view.counts == [7])  // once: the first load dispatched nothing
        // snippet-end: prex-testing-cancellation
    }

    @Test func closingTheScreenCancelsItsLoad() async {
        // snippet: prex-testing-lifetime
        let server = CounterServer(savedCount: 7, milliseconds: 60_000)
        let view = RecordingView()
        var presenter: CounterPresenter? = CounterPresenter(view: view, server: server)
        let load = presenter?.load()
        presenter = nil  // the presenter's deinit cancels the load
        await load?.value  // returns at once, not after a minute
        #expect(await server.cancelledRequests == 1)
        #expect(view.counts.isEmpty)
        // snippet-end: prex-testing-lifetime
    }
}
