import TestStoreSupport
import Testing

/// The line diff behind every failure message.
@Suite struct StateDiffTests {
    struct Sample {
        var name: String
        var tags: [String]
    }

    @Test func equalDumpsHaveNoDiff() {
        #expect(
            StateDiff.diff(expected: Sample(name: "a", tags: []), actual: Sample(name: "a", tags: [])) == nil)
    }

    @Test func changedLinesAreMarkedRemovedThenAddedAndSharedLinesKept() {
        #expect(StateDiff.diff(["a", "b", "c"], ["a", "x", "c"]) == ["  a", "- b", "+ x", "  c"])
        #expect(StateDiff.diff(["a"], ["a", "b"]) == ["  a", "+ b"])
        #expect(StateDiff.diff(["a", "b"], ["b"]) == ["- a", "  b"])
        #expect(StateDiff.diff([], []) == [])
    }

    @Test func aDiffOfTwoStatesShowsTheDumpLinesThatDiffer() {
        let diff = StateDiff.diff(
            expected: Sample(name: "milk", tags: ["a"]),
            actual: Sample(name: "milk", tags: ["a", "b"])
        )
        #expect(
            diff == """
                  ▿ PrexCoreTestingTests.StateDiffTests.Sample
                    - name: "milk"
                -   ▿ tags: 1 element
                +   ▿ tags: 2 elements
                      - "a"
                +     - "b"
                """
        )
    }
}
