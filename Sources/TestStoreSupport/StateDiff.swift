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

    /// A longest-common-subsequence diff of two line lists (quadratic, which is fine for the dump of
    /// one state).
    package static func diff(_ old: [String], _ new: [String]) -> [String] {
        // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
        var common = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                common[i][j] =
                    old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append("  " + old[i])
                i += 1
                j += 1
            } else if i < old.count, j == new.count || common[i + 1][j] >= common[i][j + 1] {
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
