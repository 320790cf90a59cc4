import PrexCore
import TestSupport
import Testing

@Suite struct RecordingTests {
    @Test func recordsTheFinalStateAndEveryChangeInOneStatement() {
        let flux = makeFlux()
        #expect(
            flux.record(.increment, .increment, .decrement)
                == Recording(
                    state: TestState(count: 1),
                    seen: [TestState(count: 1), TestState(count: 2), TestState(count: 1)]
                )
        )
    }

    @Test func recordsOneProperty() {
        let flux = makeFlux()
        // The title changes once; the two increments do not touch it.
        #expect(
            flux.record(\.title, after: .increment, .setTitle("a"), .increment)
                == Recording(state: "a", seen: ["a"])
        )
        #expect(
            flux.record(\.count, after: .increment, .noop, .increment) == Recording(state: 4, seen: [3, 4]))
    }

    @Test func includesActionsDispatchedByTheMutation() {
        let flux = makeFlux()
        #expect(
            flux.record(\.log, after: .chain("a", then: [.chain("b", then: [])]))
                == Recording(state: ["a", "b"], seen: [["a"], ["a", "b"]])
        )
    }

    @Test func failsWhenTheViewSawSomethingElse() {
        let flux = makeFlux()
        #expect(flux.record(\.count, after: .increment, .increment) != Recording(state: 2, seen: [2]))
    }

    @Test func stopsRecordingWhenItReturns() {
        let flux = makeFlux()
        _ = flux.record(.increment)
        #expect(flux.record(\.count, after: .increment) == Recording(state: 2, seen: [2]))
    }

    @MainActor
    @Test func matchesWhatAPresenterDeliversToItsView() {
        let flux = makeFlux()
        let view = RecordingView()
        let presenter = Presenter(view: view, flux: flux)
        let recording = flux.record(.increment, .setTitle("x"), .decrement)
        #expect(recording.seen == view.changes.map(\.new))
        withExtendedLifetime(presenter) {}
    }
}
