import Dispatch
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

/// The diff of large dumps: the shared first and last lines cost one comparison each, and the
/// lines between a shortest diff, bounded by the number of differing lines (a failed assertion on a
/// state of thousands of elements took seconds and hundreds of MiB, quadratic in the whole dump,
/// and would have run out of memory at about 50,000 lines).
@Suite struct StateDiffScaleTests {
    struct Inventory {
        var count: Int
        var items: [Int]
    }

    @Test func aLargeDumpWithOneChangedLineIsDiffedInLinearTime() {
        let old = (0..<200_000).map { "line \($0)" }
        var new = old
        new[100_000] = "changed"
        let start = DispatchTime.now().uptimeNanoseconds
        let diff = StateDiff.diff(old, new)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(diff.count == 200_001)
        #expect(diff[100_000] == "- line 100000")
        #expect(diff[100_001] == "+ changed")
        #expect(diff.filter { !$0.hasPrefix("  ") }.count == 2)
        // Quadratic, 200,000 lines would be 4 * 10^10 cells: minutes and 160 GB. Linear, well
        // under a second even in a debug build on a loaded machine (10,000 lines took 13 s before).
        #expect(seconds < 10)
    }

    /// An append to a large array changes the dump's header line near the top (`3000 elements`)
    /// and adds a line near the bottom: only those differ, however long the array.
    @Test func anAppendToALargeArrayShowsTheChangedHeaderAndTheNewElementOnly() {
        let old = Inventory(count: 3_000, items: Array(0..<3_000))
        var new = old
        new.items.append(3_000)
        new.count = 3_001
        let start = DispatchTime.now().uptimeNanoseconds
        let changed = StateDiff.diff(expected: old, actual: new)?.split(separator: "\n").filter {
            !$0.hasPrefix("  ")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        #expect(
            changed == [
                "-   - count: 3000", "-   ▿ items: 3000 elements", "+   - count: 3001",
                "+   ▿ items: 3001 elements", "+     - 3000",
            ])
        #expect(seconds < 10)
    }

    @Test func pastTheDifferenceLimitTheLinesBetweenAreShownRemovedThenAdded() {
        let side = 600  // 1,200 differing lines: past the limit of 1,000
        let old = ["first"] + (0..<side).map { "old \($0)" } + ["last"]
        let new = ["first"] + (0..<side).map { "new \($0)" } + ["last"]
        let diff = StateDiff.diff(old, new)
        #expect(diff.first == "  first")
        #expect(diff.last == "  last")
        #expect(diff[1] == "- old 0")
        #expect(diff[side + 1] == "+ new 0")
        #expect(diff.count == 2 * side + 2)
    }

    @Test func changesBetweenSharedLinesAreTheShortestWithRemovedLinesFirst() {
        #expect(
            StateDiff.diff(["a", "b", "c", "d", "e"], ["a", "c", "x", "d", "e"])
                == ["  a", "- b", "  c", "+ x", "  d", "  e"])
        #expect(
            StateDiff.diff(["a", "b1", "b2", "c"], ["a", "x1", "x2", "c"])
                == ["  a", "- b1", "- b2", "+ x1", "+ x2", "  c"])
        #expect(StateDiff.diff(["x", "a", "y"], ["a", "z", "a"]) == ["- x", "  a", "- y", "+ z", "+ a"])
    }
}
