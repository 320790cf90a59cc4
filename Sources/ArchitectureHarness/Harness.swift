/// Runs scenarios on the architectures and on their reference models, and compares the runs.
///
/// ```swift
/// let inputs: [CounterModel.Action] = [.increment, .add(5), .decrement]
/// for divergence in Harness.compare(CounterModel.self, inputs: inputs) {
///     print(divergence)  // nothing printed: every architecture matched the model
/// }
/// ```
///
/// Runs here are sequential (one thread, no contention): they compare behaviour, not thread
/// safety; the stress tests do that.
public enum Harness {
    /// The trace the reference model gives for `inputs`: what every architecture must reproduce.
    public static func referenceTrace<Model: ScenarioModel>(
        _ model: Model.Type,
        inputs: [Model.Action]
    ) -> Trace<Model.State> {
        var state = Model.initialState
        var states: [Model.State] = []
        var announcements: [Model.State] = []
        var last = state
        for input in inputs {
            Model.reduce(&state, input)
            states.append(state)
            if state != last {
                announcements.append(state)
                last = state
            }
        }
        return Trace(states: states, announcements: announcements)
    }

    /// Dispatches `inputs` to `driver` one after another, reading its state after each and
    /// recording what it announces.
    ///
    /// Call it on a fresh driver from one thread; the driver must not be driven by another thread
    /// meanwhile.
    public static func trace<Driver: ScenarioDriver>(
        of driver: Driver,
        inputs: [Driver.Model.Action]
    ) -> Trace<Driver.Model.State> {
        let log = AnnouncementLog(initial: driver.state)
        let observation = driver.observe { log.append($0) }
        var states: [Driver.Model.State] = []
        states.reserveCapacity(inputs.count)
        for input in inputs {
            driver.dispatch(input)
            states.append(driver.state)
        }
        observation.dispose()
        return Trace(states: states, announcements: log.announcements)
    }

    /// Runs `inputs` on a fresh driver of each architecture and returns where each one departs from
    /// the reference model; an empty result means every architecture matched it.
    public static func compare<Model: ComparableScenario>(
        _ model: Model.Type,
        inputs: [Model.Action],
        on architectures: [Architecture] = Architecture.allCases
    ) -> [Divergence<Model>] {
        let expected = referenceTrace(model, inputs: inputs)
        return architectures.compactMap { architecture in
            let actual = trace(of: Model.makeDriver(architecture), inputs: inputs)
            return Divergence(
                architecture: architecture, seed: nil, inputs: inputs, expected: expected, actual: actual)
        }
    }

    /// The differential test: `sequences` random input sequences (each of 1 to `maximumLength`
    /// inputs) applied to `architecture` and to the reference model; returns the first sequence
    /// whose intermediate states, final state or announcements differ, or `nil`.
    ///
    /// Reproducible: sequence `n` is generated from its own seed, drawn from a generator seeded
    /// with `seed`; the returned divergence carries that sequence's seed, and
    /// ``replay(_:on:sequenceSeed:maximumLength:)`` regenerates exactly that sequence.
    public static func findDivergence<Model: ComparableScenario>(
        _ model: Model.Type,
        on architecture: Architecture,
        seed: UInt64,
        sequences: Int = 1_000,
        maximumLength: Int = 40
    ) -> Divergence<Model>? {
        var seeds = SeededGenerator(seed: seed)
        for _ in 0..<sequences {
            let sequenceSeed = seeds.next()
            if let divergence = replay(
                model,
                on: architecture,
                sequenceSeed: sequenceSeed,
                maximumLength: maximumLength
            ) {
                return divergence
            }
        }
        return nil
    }

    /// Generates the random sequence of `sequenceSeed` and runs it on `architecture` against the
    /// reference model; returns the divergence, or `nil` when they agree.
    public static func replay<Model: ComparableScenario>(
        _ model: Model.Type,
        on architecture: Architecture,
        sequenceSeed: UInt64,
        maximumLength: Int = 40
    ) -> Divergence<Model>? {
        let inputs = randomInputs(model, seed: sequenceSeed, maximumLength: maximumLength)
        let expected = referenceTrace(model, inputs: inputs)
        let actual = trace(of: Model.makeDriver(architecture), inputs: inputs)
        return Divergence(
            architecture: architecture,
            seed: sequenceSeed,
            inputs: inputs,
            expected: expected,
            actual: actual
        )
    }

    /// The random input sequence of `seed`: 1 to `maximumLength` inputs, each drawn in the
    /// reference state the inputs before it lead to.
    public static func randomInputs<Model: RandomScenarioModel>(
        _ model: Model.Type,
        seed: UInt64,
        maximumLength: Int = 40
    ) -> [Model.Action] {
        var generator = SeededGenerator(seed: seed)
        let length = Int.random(in: 1...max(1, maximumLength), using: &generator)
        var state = Model.initialState
        var inputs: [Model.Action] = []
        for _ in 0..<length {
            let input = Model.randomAction(in: state, using: &generator)
            Model.reduce(&state, input)
            inputs.append(input)
        }
        return inputs
    }
}
