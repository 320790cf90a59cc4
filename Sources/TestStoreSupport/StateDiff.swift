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

    /// The most differing lines (removed plus added) the diff looks for; past it, the lines between
    /// the shared first and last ones are shown all removed, then all added.
    package static var differenceLimit: Int { 1_000 }

    /// A shortest diff of two line lists (Myers' algorithm): the lines both start and end with are
    /// shared, and between them it takes time in proportion to the lines times the differences, and
    /// memory in proportion to the square of the differences, up to ``differenceLimit``: so the
    /// diff of two large dumps that differ in a few lines, anywhere, is quick.
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
        let oldMiddle = Array(old[start..<oldEnd])
        let newMiddle = Array(new[start..<newEnd])
        result +=
            shortestEdit(oldMiddle, newMiddle)
            ?? oldMiddle.map { "- " + $0 } + newMiddle.map { "+ " + $0 }
        result += old[oldEnd...].map { "  " + $0 }
        return result
    }

    /// Myers' shortest edit script from `old` to `new`, as diff lines (at a change, removed lines
    /// before added ones); `nil` when it needs more than ``differenceLimit`` removed and added lines.
    private static func shortestEdit(_ old: [String], _ new: [String]) -> [String]? {
        let n = old.count
        let m = new.count
        guard n > 0, m > 0 else {
            return old.map { "- " + $0 } + new.map { "+ " + $0 }
        }
        let limit = min(n + m, differenceLimit)
        // furthest[k + offset]: the furthest `x` reached on diagonal k (x - y) so far.
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        // For each number of differences d, the furthest points before its step, on diagonals
        // -(d + 1)...(d + 1): what the way back reads.
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(Array(furthest[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + k] = x
                if x >= n, y >= m {
                    return path(old, new, trace: trace, differences: d)
                }
            }
        }
        return nil
    }

    /// The diff lines of the shortest edit that reaches the end with `differences` steps, read back
    /// from `trace` (``shortestEdit(_:_:)``).
    private static func path(
        _ old: [String], _ new: [String], trace: [[Int]], differences: Int
    ) -> [String] {
        var reversed: [String] = []
        var x = old.count
        var y = new.count
        for d in stride(from: differences, to: 0, by: -1) {
            // trace[d] holds diagonals -(d + 1)...(d + 1): diagonal k is at k + d + 1.
            let before = trace[d]
            let k = x - y
            let down = k == -d || (k != d && before[k - 1 + d + 1] < before[k + 1 + d + 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = before[previousK + d + 1]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                reversed.append("  " + old[x - 1])
                x -= 1
                y -= 1
            }
            if down {
                reversed.append("+ " + new[y - 1])
                y -= 1
            } else {
                reversed.append("- " + old[x - 1])
                x -= 1
            }
        }
        while x > 0, y > 0 {
            reversed.append("  " + old[x - 1])
            x -= 1
            y -= 1
        }
        return reversed.reversed()
    }
}

extension StateDiff {
    /// The diff of two unequal values for a failure message; says so when their dumps are equal.
    package static func describe<Value>(expected: Value, actual: Value) -> String {
        diff(expected: expected, actual: actual)
            ?? "(their dumps are equal: they differ in something `dump` does not show)"
    }
}
