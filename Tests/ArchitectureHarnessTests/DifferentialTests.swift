import ArchitectureHarness
import Foundation
import Testing

/// Seeded random input sequences, applied to each architecture and to the reference model, give
/// the same state after every input and the same announcements.
///
/// The seed changes from run to run and is printed on failure; set `HARNESS_SEED` to replay a run,
/// or call `Harness.replay(_:on:sequenceSeed:)` with the sequence seed a failure prints.
@Suite struct DifferentialTests {
    static let sequences = 1_000

    static let seed: UInt64 = {
        if let text = ProcessInfo.processInfo.environment["HARNESS_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 0...UInt64.max)
    }()

    @Test(arguments: Architecture.allCases)
    func counterAgreesWithTheModel(_ architecture: Architecture) {
        let divergence = Harness.findDivergence(
            CounterModel.self, on: architecture, seed: Self.seed, sequences: Self.sequences
        )
        #expect(divergence == nil, "HARNESS_SEED=\(Self.seed)\n\(String(describing: divergence))")
    }

    @Test(arguments: Architecture.allCases)
    func todoListAgreesWithTheModel(_ architecture: Architecture) {
        let divergence = Harness.findDivergence(
            TodoModel.self, on: architecture, seed: Self.seed, sequences: Self.sequences
        )
        #expect(divergence == nil, "HARNESS_SEED=\(Self.seed)\n\(String(describing: divergence))")
    }

    @Test(arguments: Architecture.allCases)
    func searchStoreAgreesWithTheModel(_ architecture: Architecture) {
        let divergence = Harness.findDivergence(
            SearchModel.self, on: architecture, seed: Self.seed, sequences: Self.sequences
        )
        #expect(divergence == nil, "HARNESS_SEED=\(Self.seed)\n\(String(describing: divergence))")
    }

    @Test(arguments: Architecture.allCases)
    func appAgreesWithTheModel(_ architecture: Architecture) {
        let divergence = Harness.findDivergence(
            AppModel.self, on: architecture, seed: Self.seed, sequences: Self.sequences
        )
        #expect(divergence == nil, "HARNESS_SEED=\(Self.seed)\n\(String(describing: divergence))")
    }

    @Test func randomAppInputsReachEveryScreen() {
        var screens: Set<String> = []
        var state = AppModel.initialState
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<2_000 {
            AppModel.reduce(&state, AppModel.randomAction(in: state, using: &generator))
            screens.insert("\(state.screen)".components(separatedBy: "(").first ?? "")
        }
        #expect(screens == ["signIn", "list", "detail", "settings"])
    }

    @Test func randomSearchInputsIncludeStaleAndAppliedResponses() {
        var applied = 0
        var ignored = 0
        var state = SearchModel.initialState
        for input in Harness.randomInputs(SearchModel.self, seed: 1, maximumLength: 2_000) {
            let before = state
            SearchModel.reduce(&state, input)
            if case .received = input {
                if state == before { ignored += 1 } else { applied += 1 }
            }
        }
        #expect(applied > 10)
        #expect(ignored > 10)
    }

    @Test func aSeedReproducesItsSequence() {
        let first = Harness.randomInputs(TodoModel.self, seed: 42)
        #expect(first == Harness.randomInputs(TodoModel.self, seed: 42))
        #expect(first != Harness.randomInputs(TodoModel.self, seed: 43))
    }

    @Test func aDriverThatDepartsFromTheModelIsCaughtWithItsSeed() throws {
        // A counter whose reset does nothing: some random sequence must contain a reset that matters.
        var caught: Divergence<CounterModel>?
        var seeds = SeededGenerator(seed: 7)
        for _ in 0..<200 where caught == nil {
            let sequenceSeed = seeds.next()
            let inputs = Harness.randomInputs(CounterModel.self, seed: sequenceSeed)
            caught = Divergence(
                architecture: .prex,
                seed: sequenceSeed,
                inputs: inputs,
                expected: Harness.referenceTrace(CounterModel.self, inputs: inputs),
                actual: Harness.trace(of: ForgetfulCounter(), inputs: inputs)
            )
        }
        let divergence = try #require(caught)
        let seed = try #require(divergence.seed)
        #expect(divergence.firstDifferentState != nil)
        #expect(divergence.description.contains("sequence seed: \(seed)"))
        #expect(divergence.description.contains("reset"))
    }
}
