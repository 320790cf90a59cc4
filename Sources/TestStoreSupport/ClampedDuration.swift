@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Duration {
    /// The end of a test clock's time: `Int64.max` seconds after its start (about 292 billion
    /// years). Time stops there instead of overflowing `Duration` (which traps), so a test that
    /// advances by `.seconds(Int64.max)` twenty times goes on; a sleep that would end later never
    /// ends, since time cannot reach its deadline.
    package static let testClockEnd = Duration.seconds(Int64.max)

    /// How far from a test clock's start its instants go, either way: twice ``testClockEnd``, so
    /// that an instant after the end of time stays after it (a sleep of one second at the end
    /// sleeps until cancelled, instead of ending at once).
    package static let testClockInstantLimit = testClockEnd * 2

    /// This duration held within `bound` either way. Two durations held within
    /// ``testClockInstantLimit`` add and subtract without overflowing `Duration`.
    package func clamped(within bound: Duration) -> Duration {
        Swift.min(Swift.max(self, .zero - bound), bound)
    }

    /// The sum of this duration and `other`, each held within `bound` first and the sum after;
    /// never traps for a `bound` up to ``testClockInstantLimit``.
    package func clampedSum(_ other: Duration, within bound: Duration) -> Duration {
        (clamped(within: bound) + other.clamped(within: bound)).clamped(within: bound)
    }
}
