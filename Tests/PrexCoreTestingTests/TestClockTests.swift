import PrexCoreTesting
import TestSupport
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

    /// Two overlapping advances move time one after the other: each sleeper wakes with `now` at
    /// its deadline, earliest first. Each advance used to run its own wake-up loop, and one could
    /// move `now` to its target while the other's woken sleeper had not run yet: in about half of
    /// such rounds a sleeper saw a later time, or the later deadline woke first.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(timeLimit(minutes: 1)) func overlappingAdvancesWakeEachSleeperAtItsDeadlineInOrder() async {
        var wrong: [[String]] = []
        for _ in 0..<20 {
            let clock = TestClock()
            let woke = Recorder<String>()
            let sleepers = [5, 15].map { milliseconds in
                Task {
                    try? await clock.sleep(for: .milliseconds(milliseconds))
                    woke.append("\(milliseconds) at \(clock.now.offset)")
                }
            }
            await clock.advance(by: .zero)  // both asleep
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await clock.advance(by: .milliseconds(10)) }
                group.addTask { await clock.advance(by: .milliseconds(10)) }
            }
            for sleeper in sleepers {
                await sleeper.value
            }
            let expected = ["5 at \(Duration.milliseconds(5))", "15 at \(Duration.milliseconds(15))"]
            if woke.values != expected {
                wrong.append(woke.values)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) rounds of 20 went wrong, such as \(wrong.prefix(3))")
    }

    /// An advance that comes while `run()` moves time goes on from where `run()` left it: here a
    /// sleeper woken at 100 ms asks for 10 ms more while `run()` still has a sleeper at 200 ms to
    /// wake, so time ends at 210 ms. The advance's target used to be fixed when it was called,
    /// before it waited for `run()`: 110 ms, already passed by then, so it did nothing (200 ms).
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(timeLimit(minutes: 1)) func anAdvanceThatComesDuringRunGoesOnFromWhereRunLeftTime() async {
        let clock = TestClock()
        let first = Task {
            try? await clock.sleep(for: .milliseconds(100))
            await clock.advance(by: .milliseconds(10))
        }
        let second = Task { try? await clock.sleep(for: .milliseconds(200)) }
        await clock.advance(by: .zero)  // both asleep
        await clock.run()
        await first.value
        await second.value
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(210)))
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

    /// At the end of time a sleep does not end, since time cannot reach its deadline (it returned
    /// at once, so a timer effect looping on the clock spun), and `run()` leaves such sleepers
    /// asleep without moving time past the end.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aSleepPastTheEndOfTimeSleepsUntilCancelled() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(Int64.max))
        let end = clock.now
        let oneMoreSecond = Task { (try? await clock.sleep(for: .seconds(1))) != nil }
        let farther = Task { (try? await clock.sleep(until: end.advanced(by: .seconds(10)))) != nil }
        await clock.run()
        #expect(clock.now == end)
        #expect(clock.now.advanced(by: .zero) == end)
        oneMoreSecond.cancel()
        farther.cancel()
        #expect(await oneMoreSecond.value == false, "the sleep ended without time reaching its deadline")
        #expect(await farther.value == false)
    }

    /// `advance(by:)` wakes the sleepers whose deadlines it reaches in deadline order, not in the
    /// order they went to sleep, each seeing `now` at its own deadline; tasks started just before
    /// are asleep before time moves.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func sleepersWakeInDeadlineOrderEachWithNowAtItsDeadline() async throws {
        let clock = TestClock()
        let woke = Recorder<Duration>()
        let sleepers = [30, 10, 20, 70].map { milliseconds in
            Task {
                try await clock.sleep(for: .milliseconds(milliseconds))
                woke.append(clock.now.offset)
            }
        }
        await clock.advance(by: .milliseconds(50))
        #expect(woke.values == [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(50)))
        for sleeper in sleepers.prefix(3) { try await sleeper.value }

        await clock.run()  // the last one, at its deadline, and no further
        #expect(woke.values.last == .milliseconds(70))
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(70)))
        try await sleepers[3].value
    }

    /// A sleeper whose task is cancelled wakes at once with `CancellationError`, and time does not
    /// move.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test func aCancelledSleeperWakesAtOnceWithCancellationError() async {
        let clock = TestClock()
        let sleeper = Task { () -> Bool in
            do {
                try await clock.sleep(for: .seconds(3_600))
                return false
            } catch {
                return error is CancellationError
            }
        }
        await clock.advance(by: .zero)  // the sleeper is asleep
        sleeper.cancel()
        let ended = await finishes(within: 10) { _ = await sleeper.value }
        #expect(ended, "the cancelled sleeper slept on")
        if ended {
            #expect(await sleeper.value, "it did not end with CancellationError")
        }
        #expect(clock.now == TestClock.Instant(offset: .zero))
    }
}
