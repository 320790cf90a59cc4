import ArchitectureHarness
import Testing

/// Prints one line per architecture in `swift test`'s output, so the per-architecture results are
/// visible without `--verbose` (parameterized tests otherwise print only their case count). The
/// checks are the differential ones of ``DifferentialTests``, on another seed.
@Suite struct SummaryTests {
    @Test func perArchitectureResults() {
        var lines: [String] = []
        for architecture in Architecture.allCases {
            let counter = Harness.findDivergence(CounterModel.self, on: architecture, seed: 0x5EED)
            let todo = Harness.findDivergence(TodoModel.self, on: architecture, seed: 0x5EED)
            let search = Harness.findDivergence(SearchModel.self, on: architecture, seed: 0x5EED)
            func verdict(_ passed: Bool) -> String { passed ? "pass" : "FAIL" }
            lines.append(
                "\(architecture): counter \(verdict(counter == nil)), todo \(verdict(todo == nil)), "
                    + "search \(verdict(search == nil)) (1,000 seeded sequences each against the reference model)"
            )
            #expect(counter == nil, "\(String(describing: counter))")
            #expect(todo == nil, "\(String(describing: todo))")
            #expect(search == nil, "\(String(describing: search))")
        }
        print("Harness results per architecture:\n  " + lines.joined(separator: "\n  "))
    }
}
