import ArchitectureHarness
import TestSupport
import Testing

/// The counter, scripted: every architecture reaches the states the model gives, and announces them
/// in the same order.
@Suite struct CounterScenarioTests {
    static let inputs: [CounterModel.Action] = [
        .increment, .increment, .decrement, .add(10), .add(0), .reset, .reset, .add(-2),
    ]

    @Test func theModelCountsAsACounterShould() {
        let trace = Harness.referenceTrace(CounterModel.self, inputs: Self.inputs)
        #expect(trace.states.map(\.count) == [1, 2, 1, 11, 11, 0, 0, -2])
        // `.add(0)` and the second `.reset` change nothing, so they announce nothing new.
        #expect(trace.announcements.map(\.count) == [1, 2, 1, 11, 0, -2])
    }

    @Test(arguments: Architecture.allCases)
    func reachesAndAnnouncesTheModelsStates(_ architecture: Architecture) {
        let driver = CounterModel.makeDriver(architecture)
        #expect(driver.architecture == architecture)
        #expect(driver.state == CounterModel.initialState)
        let trace = Harness.trace(of: driver, inputs: Self.inputs)
        #expect(trace == Harness.referenceTrace(CounterModel.self, inputs: Self.inputs))
    }

    @Test(arguments: Architecture.allCases)
    func reentrantDispatchFromAnObserverIsAppliedAfterTheCurrentInput(_ architecture: Architecture) {
        let driver = CounterModel.makeDriver(architecture)
        let seen = Recorder<Int>()
        let seenLater = Recorder<Int>()
        let observation = driver.observe { [weak driver] state in
            seen.append(state.count)
            // Doubles the first increment from inside the announcement of 1: queued, not nested.
            if state.count == 1 {
                driver?.dispatch(.add(10))
            }
        }
        // Subscribed after the dispatching observer: queued, it hears of 1 before 11; nested, the
        // add would be announced to it first.
        let later = driver.observe { state in seenLater.append(state.count) }
        driver.dispatch(.increment)
        #expect(driver.state.count == 11)
        #expect(seenLater.values.suffix(2) == [1, 11])
        driver.dispatch(.increment)
        #expect(seen.values == [1, 11, 12])
        observation.dispose()
        later.dispose()
        driver.dispatch(.reset)
        #expect(seen.values == [1, 11, 12])
    }

    @Test func everyArchitectureMatchesTheModelThroughCompare() {
        #expect(Harness.compare(CounterModel.self, inputs: Self.inputs).isEmpty)
    }
}
