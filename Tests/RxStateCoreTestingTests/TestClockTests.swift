import RxStateCoreTesting
import Testing

/// What the test clock promises when a test moves time from more than one task.
@Suite struct TestClockTests {
    /// Two advances that overlap, from two tasks, add up: time ends at their sum. Each advance used
    /// to aim at `now` plus its own duration, so the two ended at 10 ms.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func twoOverlappingAdvancesMoveTimeByTheirSum() async {
        let clock = TestClock()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await clock.advance(by: .milliseconds(10)) }
            group.addTask { await clock.advance(by: .milliseconds(10)) }
        }
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(20)))
        await clock.advance(by: .milliseconds(5))
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(25)))
    }

    /// Time stops at `Int64.max` seconds from the start instead of overflowing `Duration`, which
    /// trapped at about the nineteenth advance by `.seconds(Int64.max)`; instants stop there too.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func timeStopsAtItsLimitInsteadOfOverflowing() async {
        let clock = TestClock()
        for _ in 0..<40 {
            await clock.advance(by: .seconds(Int64.max))
        }
        let limit = TestClock.Instant(offset: .seconds(Int64.max))
        #expect(clock.now == limit)
        #expect(
            clock.now.advanced(by: .seconds(Int64.max) * 4)
                == TestClock.Instant(offset: .seconds(Int64.max) * 2))
        #expect(
            TestClock.Instant(offset: .zero - .seconds(Int64.max)).duration(to: limit) == .seconds(Int64.max)
                * 2)
    }
}
