@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Duration {
    /// The furthest a test clock's time goes from its start, either way: `Int64.max` seconds, about
    /// 292 billion years. Time that would go further stops there instead of overflowing `Duration`
    /// (which traps): a test that advances by `.seconds(Int64.max)` twenty times, or sleeps that
    /// long after a large advance, goes on.
    package static let testClockLimit = Duration.seconds(Int64.max)

    /// This duration held within ``testClockLimit`` either way. Two held durations add and
    /// subtract without overflowing `Duration`.
    package var clampedToTestClockLimit: Duration {
        Swift.min(Swift.max(self, .zero - Self.testClockLimit), Self.testClockLimit)
    }

    /// The sum of this duration and `other`, each held within ``testClockLimit`` first and the sum
    /// after: never traps (the sum of two held durations is far within `Duration`'s range).
    package func clampedSum(_ other: Duration) -> Duration {
        (clampedToTestClockLimit + other.clampedToTestClockLimit).clampedToTestClockLimit
    }
}
