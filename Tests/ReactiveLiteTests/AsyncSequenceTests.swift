import TestSupport
import Testing

@testable import ReactiveLite

@Suite struct AsyncSequenceTests {
    @Test func yieldsTheCurrentValueThenChangesInOrder() async {
        let variable = Variable(0)
        var received: [Int] = []
        for await value in variable.signal.values {
            received.append(value)
            if value < 3 {
                variable.value = value + 1
            } else {
                break
            }
        }
        #expect(received == [0, 1, 2, 3])
        // Leaving the loop ends the observation.
        #expect(await eventually { variable.channel.observerCount == 0 })
    }

    /// Leaving a loop over a stream that is also kept elsewhere does not end the observation (an
    /// `AsyncStream` ends when its last copy goes); dropping that copy does. The doc comment used to
    /// say that ending the loop always disposes of it.
    @Test func aStreamKeptAfterItsLoopStaysObservedUntilItIsDropped() async {
        let variable = Variable(0)
        do {
            let stream = variable.signal.values
            for await _ in stream {
                break
            }
            #expect(variable.channel.observerCount == 1)
            variable.value = 1
            var iterator = stream.makeAsyncIterator()
            #expect(await iterator.next() == 1, "kept, it went on buffering")
        }
        #expect(await eventually { variable.channel.observerCount == 0 })
    }

    @Test func cancellingTheConsumingTaskDisposesOfTheObservation() async {
        let sink = Sink<Int>()
        let started = Counter()
        let task = Task {
            var count = 0
            for await _ in sink.signal.values {
                count += 1
                started.increment()
            }
            return count
        }
        #expect(await eventually { sink.channel.observerCount == 1 })
        sink.send(value: 1)
        #expect(await eventually { started.value == 1 })
        task.cancel()
        #expect(await task.value == 1)
        #expect(await eventually { sink.channel.observerCount == 0 })
    }

    @Test func valuesOfACustomSignalFinishWhenItsProducerIsDeallocated() async {
        var sink: Sink<Int>? = Sink()
        let custom = Signal<Int> { [weak sink] observer in
            sink?.signal.observe(observer) ?? AnyDisposable()
        }
        let stream = custom.values
        let loop = ValuesLoop(stream)
        sink?.send(value: 1)
        sink = nil

        #expect(await loop.ends(within: 30), "the loop over values did not end with its producer")
        #expect(loop.seen.values == [1])
    }

    @Test func filterAndSkipRepeatsNarrowTheValues() async {
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        sink.signal.filter { $0 % 2 == 0 }.skipRepeats().observe(recorder.observer)
        for value in [1, 2, 2, 3, 4, 4, 4, 6, 2] {
            sink.send(value: value)
        }
        #expect(recorder.values == [2, 4, 6, 2])
    }

    @Test func skipRepeatsKeepsALastValuePerObserver() {
        let variable = Variable(1)
        let unique = variable.signal.skipRepeats()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        unique.observe(first.observer)
        variable.value = 1
        unique.observe(second.observer)
        variable.value = 2
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
    }

    @Test func droppingTheStreamWithoutIteratingItDisposesOfTheObservation() async {
        let sink = Sink<Int>()
        do {
            let stream = sink.signal.values
            #expect(sink.channel.observerCount == 1)
            withExtendedLifetime(stream) {}
        }
        #expect(await eventually { sink.channel.observerCount == 0 })
    }
}
