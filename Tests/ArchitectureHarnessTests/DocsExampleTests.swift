import ArchitectureHarness
import Testing

/// The usage example of docs/harness.md, compiled and checked.
@Suite struct DocsExampleTests {
    @Test func theUsageExampleRunsAsDocumented() {
        // snippet: harness-usage
        let inputs: [TodoModel.Action] = [.add(id: 1, title: "milk"), .toggle(id: 1), .setFilter(.active)]
        let divergences = Harness.compare(TodoModel.self, inputs: inputs)  // empty: all matched the model

        let driver = CounterModel.makeDriver(.vueFlux)  // any ScenarioDriver<CounterModel>
        driver.dispatch(.increment)  // through store.actions.increment()
        let count = driver.state.count  // 1

        let divergence = Harness.findDivergence(TodoModel.self, on: .rxState, seed: 42)
        if let divergence {
            print(divergence)  // architecture, sequence seed, first differing input, both states
        }
        // snippet-end: harness-usage
        #expect(divergences.isEmpty)
        #expect(count == 1)
        #expect(divergence == nil)
    }
}
