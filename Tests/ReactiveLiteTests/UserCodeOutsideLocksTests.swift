import Dispatch
import TestSupport
import Testing

@testable import ReactiveLite

/// No user code runs under a ReactiveLite lock: not even the deinit of a value the library drops.
@Suite struct UserCodeOutsideLocksTests {
    @Test func replacingAValueWhoseDeinitReadsTheVariableDoesNotDeadlock() async {
        let finished = await finishes(within: 30) {
            let variable = Variable<Tripwire?>(nil)
            let reads = Counter()
            variable.value = Tripwire {
                _ = variable.value
                reads.increment()
            }
            variable.value = nil  // releases the first value: its deinit reads the variable
            #expect(reads.value == 1)
        }
        #expect(finished)
    }

    @Test func aValueReleasedByAnObserveOnQueueMayReenterItsSink() async {
        // 30 s, not 10: a deadlock never finishes, but in the full parallel run the stress tests'
        // contended dispatches (each a hand-off between threads) can delay this body past 10 s.
        let finished = await finishes(within: 30) {
            let sink = Sink<Tripwire?>()
            let queue = DispatchQueue(label: "user-code-outside-locks")
            let delivered = Counter()
            let observation = sink.signal.observe(on: .queue(queue)).observe { _ in delivered.increment() }
            for _ in 0..<3 {
                sink.send(value: Tripwire { sink.send(value: nil) })
            }
            await eventually { delivered.value >= 6 }
            observation.dispose()
        }
        #expect(finished)
    }

    @Test func valuesFinishesWhenItsSourceIsDeallocated() async {
        var variable: Variable<Int>? = Variable(1)
        let stream = variable!.signal.values
        variable = nil
        let finished = await finishes(within: 30) {
            var seen: [Int] = []
            for await value in stream {
                seen.append(value)
            }
            #expect(seen == [1])
        }
        #expect(finished)
    }
}
