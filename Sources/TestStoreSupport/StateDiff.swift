/// A line diff of two values' `dump` output, for failure messages.
package enum StateDiff {
    /// The lines of `dump(value)`, without the trailing empty line.
    package static func lines<Value>(of value: Value) -> [String] {
        var text = ""
        dump(value, to: &text)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" {
            lines.removeLast()
        }
        return lines
    }

    /// The diff of `expected` and `actual`: lines only in `expected` start with `-`, lines only in
    /// `actual` with `+`, shared lines with a space. `nil` when the dumps are equal (the values may
    /// still differ, for example in a property `dump` does not show).
    package static func diff<Value>(expected: Value, actual: Value) -> String? {
        let old = lines(of: expected)
        let new = lines(of: actual)
        guard old != new else { return nil }
        return diff(old, new).joined(separator: "\n")
    }

    /// The most cells of the table the longest-common-subsequence diff of the lines between the
    /// shared first and last ones may take (4 bytes each: 16 MiB); past it, those lines are shown
    /// all removed, then all added.
    package static var tableLimit: Int { 4_000_000 }

    /// A diff of two line lists: the lines both start and end with are shared; between them, a
    /// longest-common-subsequence diff, quadratic in the lines between but bounded (``tableLimit``):
    /// so the diff of two large dumps that differ in a few lines takes time in proportion to their
    /// length, and memory in proportion to what differs.
    package static func diff(_ old: [String], _ new: [String]) -> [String] {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] {
            start += 1
        }
        var oldEnd = old.count
        var newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        var result = old[..<start].map { "  " + $0 }
        result += middle(old[start..<oldEnd], new[start..<newEnd])
        result += old[oldEnd...].map { "  " + $0 }
        return result
    }

    /// The diff of the lines between the shared first and last ones.
    private static func middle(_ old: ArraySlice<String>, _ new: ArraySlice<String>) -> [String] {
        let rows = old.count
        let columns = new.count
        guard rows > 0, columns > 0, (rows + 1) * (columns + 1) <= tableLimit else {
            return old.map { "- " + $0 } + new.map { "+ " + $0 }
        }
        let old = Array(old)
        let new = Array(new)
        // common[i * width + j]: the length of the longest common subsequence of old[i...] and
        // new[j...].
        let width = columns + 1
        var common = [Int32](repeating: 0, count: (rows + 1) * width)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                common[i * width + j] =
                    old[i] == new[j]
                    ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, old[i] == new[j] {
                result.append("  " + old[i])
                i += 1
                j += 1
            } else if i < rows, j == columns || common[(i + 1) * width + j] >= common[i * width + j + 1] {
                result.append("- " + old[i])
                i += 1
            } else {
                result.append("+ " + new[j])
                j += 1
            }
        }
        return result
    }
}

extension StateDiff {
    /// The diff of two unequal values for a failure message; says so when their dumps are equal.
    package static func describe<Value>(expected: Value, actual: Value) -> String {
        diff(expected: expected, actual: actual)
            ?? "(their dumps are equal: they differ in something `dump` does not show)"
    }
}
