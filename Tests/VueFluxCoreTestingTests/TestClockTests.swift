import Testing
import VueFluxCoreTesting

/// What the test clock promises when a test moves time from more than one task.
@Suite struct TestClockTests {
    /// Two advances that overlap, from two tasks, add up: time ends at their sum. Each advance used
    /// to aim at `now` plus its own duration, so the two ended at 10 ms.
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
}
