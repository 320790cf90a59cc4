import FlowKernel
import TestSupport
import Testing

@testable import ReactiveLite

/// Many threads at once: nothing lost, nothing duplicated, order kept. These also run under the
/// thread sanitizer in CI (`swift test --sanitize=thread`).
@Suite struct StressTests {
    static let threads = 8
    static let perThread = 12_500  // 8 x 12,500 = 100,000

    /// Thread `t` sends t * perThread + i for i in 0..<perThread: unique values whose origin and
    /// rank can be read back.
    static func value(thread: Int, index: Int) -> Int { thread * perThread + index }

    /// Checks that `values` holds every sent value exactly once and keeps each thread's order.
    static func expectCompleteAndOrdered(_ values: [Int]) {
        #expect(values.count == threads * perThread)
        #expect(Set(values).count == values.count)
        var lastIndex = Array(repeating: -1, count: threads)
        var inOrder = true
        for value in values {
            let thread = value / perThread
            let index = value % perThread
            if index <= lastIndex[thread] { inOrder = false }
            lastIndex[thread] = index
        }
        #expect(inOrder)
    }

    @Test func concurrentSendsReachEveryObserverOnceInOneOrder() async {
        let sink = Sink<Int>()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        sink.signal.observe(first.observer)
        sink.signal.map { $0 }.observe(second.observer)

        await runOnThreads(Self.threads) { thread in
            for index in 0..<Self.perThread {
                sink.send(value: Self.value(thread: thread, index: index))
            }
        }

        Self.expectCompleteAndOrdered(first.values)
        #expect(first.values == second.values)
    }

    @Test func concurrentSetsGiveEveryObserverTheCurrentValueThenEveryChange() async {
        let variable = Variable(-1)
        let early = Recorder<Int>()
        variable.signal.observe(early.observer)
        let lateRecorders = Locked<[Recorder<Int>]>([])

        await runOnThreads(Self.threads) { thread in
            for index in 0..<Self.perThread {
                variable.value = Self.value(thread: thread, index: index)
                // Observers join while values fly: each must see a contiguous tail of the stream.
                if index % 2_500 == 1_250 {
                    let late = Recorder<Int>()
                    lateRecorders.withLock { $0.append(late) }
                    variable.signal.observe(late.observer)
                }
            }
        }

        let stream = early.values
        #expect(stream.first == -1)
        Self.expectCompleteAndOrdered(Array(stream.dropFirst()))
        #expect(variable.value == stream.last)

        let late = lateRecorders.withLock { $0 }
        #expect(late.count == Self.threads * 5)
        let position = Dictionary(uniqueKeysWithValues: stream.enumerated().map { ($1, $0) })
        for recorder in late {
            let seen = recorder.values
            guard let first = seen.first, let start = position[first] else {
                Issue.record("a late observer got no current value")
                continue
            }
            // The replayed current value, then exactly the changes after it: no gap, no duplicate.
            #expect(seen == Array(stream[start...]))
        }
    }

    @Test func subscribeAndDisposeChurnWhileSendingLosesNothingForStableObservers() async {
        let sink = Sink<Int>()
        let stable = Recorder<Int>()
        sink.signal.observe(stable.observer)
        let churned = Counter()

        await runOnThreads(Self.threads) { thread in
            for index in 0..<Self.perThread {
                if thread < Self.threads / 2 {
                    sink.send(value: Self.value(thread: thread, index: index))
                } else if index % 4 == 0 {
                    let disposable = sink.signal.observe { _ in churned.increment() }
                    disposable.dispose()
                }
            }
        }

        #expect(stable.count == Self.threads / 2 * Self.perThread)
        #expect(Set(stable.values).count == stable.count)
        #expect(sink.channel.observerCount == 1)
    }

    @Test func observeOnKeepsOrderUnderConcurrentSends() async {
        let sink = Sink<Int>()
        let direct = Recorder<Int>()
        let hopped = Recorder<Int>()
        sink.signal.observe(direct.observer)
        sink.signal.observe(on: .queue(.global())).observe(hopped.observer)

        await runOnThreads(Self.threads) { thread in
            for index in 0..<Self.perThread / 10 {
                sink.send(value: Self.value(thread: thread, index: index))
            }
        }

        #expect(await eventually(within: 20) { hopped.count == direct.count })
        #expect(hopped.values == direct.values)
    }
}
