import TestStoreSupport

/// A clock for tests whose time moves only when the test says so: a debounce of 300 ms takes no
/// real time.
///
/// Hand it to the code under test wherever the app hands a `ContinuousClock` (an `any
/// Clock<Duration>` dependency); effects that sleep on it wait until the test moves time past their
/// deadline with ``advance(by:)`` or ``run()``.
///
/// ```swift
/// let clock = TestClock()
/// await store.send { $0.queryChanged("swift") } assert: { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))  // the debounce ends, the request starts
/// await store.receive(.searchStarted) { $0.isLoading = true }
/// ```
///
/// Deterministic: before it moves time and after each sleeper it wakes, it lets the tasks that
/// were just started or woken run until they suspend again, so an effect started by the last
/// `send` is asleep before time moves, and sleepers wake in deadline order, each with ``now`` at
/// its deadline. A sleeper whose task is cancelled wakes at once with `CancellationError`.
///
/// `Clock` needs iOS 16, macOS 13, tvOS 16 or watchOS 9. Code that must run on earlier systems
/// takes a sleep closure instead (`@Sendable (Duration) async throws -> Void` is no use there,
/// since `Duration` has the same floor): see "Time" in docs/testing.md.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public final class TestClock: Clock, Sendable {
    /// A point in the clock's virtual time: the time elapsed since the clock was created.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The virtual time elapsed since the clock was created.
        public let offset: Duration

        /// The instant `offset` after the clock's creation.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later; no further than twice `Int64.max` seconds from the
        /// clock's creation either way, instead of overflowing (time itself stops at `Int64.max`
        /// seconds, so an instant after that is never reached).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset.clampedSum(duration, within: .testClockInstantLimit))
        }

        /// The time from this instant to `other` (each held within twice `Int64.max` seconds of
        /// the clock's creation, as ``advanced(by:)`` holds them).
        public func duration(to other: Instant) -> Duration {
            other.offset.clamped(within: .testClockInstantLimit)
                - offset.clamped(within: .testClockInstantLimit)
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private let time = VirtualClock()

    /// Creates a clock at instant zero, with no sleeper.
    public init() {}

    /// The current virtual instant; it changes only through ``advance(by:)`` and ``run()``.
    public var now: Instant {
        Instant(offset: time.now)
    }

    /// Zero: virtual time has no resolution limit.
    public var minimumResolution: Duration {
        .zero
    }

    /// Suspends until the test moves ``now`` to `deadline` or past it; returns at once if it is
    /// there already. `tolerance` is ignored.
    ///
    /// - Throws: `CancellationError` if the task is cancelled before or while it sleeps.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await time.sleep(until: deadline.offset)
    }

    /// Moves ``now`` forward by `duration`, waking every sleeper whose deadline it reaches, earliest
    /// first, each with ``now`` at its deadline; returns once the woken tasks have run on to their
    /// next suspension. Two advances that overlap (from two tasks) add up: each moves the time on
    /// from where the other was asked to go, one after the other, so each sleeper still wakes at its
    /// deadline, earliest first. Time stops at `Int64.max` seconds (about 292 billion
    /// years) instead of overflowing; a sleeper whose deadline is later sleeps until cancelled.
    public func advance(by duration: Duration) async {
        await time.advance(by: duration)
    }

    /// Moves ``now`` forward to each sleeper's deadline in turn until nothing sleeps on the clock
    /// (but a sleeper whose deadline is after the end of time, `Int64.max` seconds, which it
    /// leaves asleep).
    ///
    /// An effect that sleeps in a loop would keep it going: after 1,000 wake-ups it stops and fails
    /// the test, saying how many sleepers are left. Move time with ``advance(by:)`` for such an
    /// effect, and end it (cancel it) before the test finishes.
    public func run(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        await time.run(failingAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
