import Dispatch
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import ReactiveLite

/// `observe(on:)` with a custom context that runs its drain more than once (a misuse of
/// `Executor(_:)`): a call that finds no drain waiting to start does nothing, so each value is
/// delivered once, in order, one at a time.
@Suite struct CustomContextRepeatTests {
    @Test(timeLimit(minutes: 1), arguments: RepeatingContext.allCases)
    func aContextThatRunsEachDrainMoreThanOnceDeliversEachValueOnceInOrder(_ repeating: RepeatingContext)
        async
    {
        let sink = Sink<Int>()
        let seen = Recorder<Int>()
        let running = Shared(0)
        let overlaps = Shared(0)
        let observation = sink.signal.observe(on: repeating.executor).observe { value in
            if running.withLock({ running in
                running += 1
                return running > 1
            }) {
                overlaps.withLock { $0 += 1 }
            }
            spin(microseconds: 5)  // so that a repeated drain meets the next one
            seen.append(value)
            running.withLock { $0 -= 1 }
        }
        await runOnThreads(2) { thread in
            for value in 0..<1_000 {
                sink.send(value: thread * 1_000 + value)
            }
        }
        #expect(await eventually(within: 20) { seen.values.count >= 2_000 })
        try? await Task.sleep(nanoseconds: 100_000_000)  // a repeat that ran late would show
        let values = seen.values
        #expect(values.count == 2_000)
        #expect(values.filter { $0 < 1_000 } == Array(0..<1_000))
        #expect(values.filter { $0 >= 1_000 } == Array(1_000..<2_000))
        #expect(overlaps.value == 0)
        observation.dispose()
    }
}
