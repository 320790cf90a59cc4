/// Where an architecture's run of a scenario departs from the reference model's.
///
/// Its description names the architecture, the seed that regenerates the inputs (for random
/// sequences), the first input after which the states differ, and both states, so that a failing
/// test says what to replay.
public struct Divergence<Model: ScenarioModel>: Error, CustomStringConvertible {
    /// The architecture that departed from the model.
    public let architecture: Architecture
    /// The seed of the random sequence, or `nil` for inputs given by hand.
    public let seed: UInt64?
    /// The inputs of the run.
    public let inputs: [Model.Action]
    /// The reference model's trace.
    public let expected: Trace<Model.State>
    /// The architecture's trace.
    public let actual: Trace<Model.State>

    /// Compares two traces; `nil` when they are equal (there is no divergence).
    public init?(
        architecture: Architecture,
        seed: UInt64?,
        inputs: [Model.Action],
        expected: Trace<Model.State>,
        actual: Trace<Model.State>
    ) {
        guard !Self.agree(expected, actual) else { return nil }
        self.architecture = architecture
        self.seed = seed
        self.inputs = inputs
        self.expected = expected
        self.actual = actual
    }

    /// Whether `actual` behaves as `expected`: the same states, and the same announcements or, for
    /// a model that ``ScenarioModel/announcesIntermediateStates``, the expected ones in order among
    /// them, ending on the same one.
    static func agree(_ expected: Trace<Model.State>, _ actual: Trace<Model.State>) -> Bool {
        guard expected.states == actual.states else { return false }
        guard Model.announcesIntermediateStates else { return expected.announcements == actual.announcements }
        guard expected.announcements.last == actual.announcements.last else { return false }
        var remaining = expected.announcements[...]
        for announced in actual.announcements where announced == remaining.first {
            remaining = remaining.dropFirst()
        }
        return remaining.isEmpty
    }

    /// The index of the first input after which the states differ, or `nil` when only the
    /// announcements differ.
    public var firstDifferentState: Int? {
        zip(expected.states, actual.states).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    }

    /// A report of the divergence: architecture, seed, the step and the states that differ.
    public var description: String {
        var lines = ["\(architecture) diverges from \(Model.self)"]
        if let seed {
            lines.append("sequence seed: \(seed) (Harness.replay(_:on:sequenceSeed:) reproduces it)")
        }
        if let step = firstDifferentState {
            lines.append("after input \(step) (\(inputs[step])) of \(inputs.count):")
            lines.append("  inputs so far: \(inputs[...step])")
            lines.append("  expected: \(expected.states[step])")
            lines.append("  actual:   \(actual.states[step])")
        } else {
            lines.append("announcements differ over \(inputs.count) inputs: \(inputs)")
            lines.append("  expected: \(expected.announcements)")
            lines.append("  actual:   \(actual.announcements)")
        }
        return lines.joined(separator: "\n")
    }
}
