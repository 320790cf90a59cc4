import ArchitectureHarness
import Testing

/// VueFluxCore held to the shared scenarios from its own test target: seeded random sequences of the
/// counter, todo and search inputs reach the reference models' states after every input. (The
/// cross-architecture suite, with the stress and lifetime checks, is ArchitectureHarnessTests.)
@Suite struct HarnessConformanceTests {
    @Test(arguments: [UInt64(2_026), 11_21])
    func scenariosMatchTheReferenceModels(seed: UInt64) {
        let counter = Harness.findDivergence(CounterModel.self, on: .vueFlux, seed: seed)
        let todo = Harness.findDivergence(TodoModel.self, on: .vueFlux, seed: seed)
        let search = Harness.findDivergence(SearchModel.self, on: .vueFlux, seed: seed)
        #expect(counter == nil, "\(String(describing: counter))")
        #expect(todo == nil, "\(String(describing: todo))")
        #expect(search == nil, "\(String(describing: search))")
    }
}
