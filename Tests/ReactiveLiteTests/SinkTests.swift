import FlowKernel
import TestSupport
import Testing

@testable import ReactiveLite

@Suite struct SinkTests {
    @Test func deliversValuesToObserversInSubscriptionOrder() {
        let sink = Sink<Int>()
        let recorder = Recorder<String>()
        sink.signal.observe { recorder.append("1: \($0)") }
        sink.signal.observe { recorder.append("2: \($0)") }

        sink.send(value: 100)
        sink.send(value: 200)

        #expect(recorder.values == ["1: 100", "2: 100", "1: 200", "2: 200"])
    }

    @Test func doesNotReplayValuesSentBeforeObserving() {
        let sink = Sink<Int>()
        sink.send(value: 1)
        let recorder = Recorder<Int>()
        sink.signal.observe(recorder.observer)
        sink.send(value: 2)
        #expect(recorder.values == [2])
    }

    @Test func recursiveSendIsQueuedBehindTheCurrentDelivery() {
        let sink = Sink<Int>()
        let recorder = Recorder<String>()
        sink.signal.observe { value in
            recorder.append("a\(value)")
            if value < 3 {
                sink.send(value: value + 1)
                // Queued, not delivered inside this call: "b" still has to see the current value.
                recorder.append("a\(value) returned")
            }
        }
        sink.signal.observe { recorder.append("b\($0)") }

        sink.send(value: 1)

        #expect(
            recorder.values == [
                "a1", "a1 returned", "b1", "a2", "a2 returned", "b2", "a3", "b3",
            ])
    }

    @Test func observerSubscribedDuringDeliveryDoesNotSeeEarlierValues() {
        let sink = Sink<Int>()
        let late = Recorder<Int>()
        let subscribed = Counter()
        sink.signal.observe { value in
            if value == 1 {
                sink.send(value: 2)  // queued before the late observer exists
                sink.signal.observe(late.observer)
                subscribed.increment()
                sink.send(value: 3)  // queued after it
            }
        }
        sink.send(value: 1)
        #expect(subscribed.value == 1)
        #expect(late.values == [3])
    }

    @Test func disposedObserverIsNotCalledAgain() {
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        let disposable = sink.signal.observe(recorder.observer)
        sink.send(value: 1)
        disposable.dispose()
        #expect(disposable.isDisposed)
        sink.send(value: 2)
        #expect(recorder.values == [1])
        #expect(sink.channel.observerCount == 0)
    }

    @Test func disposalDuringDeliveryStopsLaterObserversAtOnce() {
        let sink = Sink<Int>()
        let recorder = Recorder<String>()
        let second = DisposableSlot()
        sink.signal.observe { value in
            recorder.append("first \(value)")
            second.dispose()
        }
        second.set(sink.signal.observe { recorder.append("second \($0)") })
        sink.send(value: 1)
        #expect(recorder.values == ["first 1"])
    }

    @Test func manyDisposalsKeepOrderAndCompactTheObserverList() {
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        var disposables: [any Disposable] = []
        for index in 0..<100 {
            disposables.append(sink.signal.observe { _ in recorder.append(index) })
        }
        for index in stride(from: 0, to: 100, by: 2) {
            disposables[index].dispose()
        }
        for index in stride(from: 1, to: 60, by: 2) {
            disposables[index].dispose()
        }
        sink.send(value: 0)
        #expect(recorder.values == Array(stride(from: 61, to: 100, by: 2)))
        #expect(sink.channel.observerCount == 20)
        #expect(sink.channel.state.withLock { $0.observers.entries.count } == 20)
    }

    @Test func droppedSinkIsReleasedEvenWithObservers() {
        weak var weakSink: Sink<Int>?
        var disposable: (any Disposable)?
        do {
            let sink = Sink<Int>()
            weakSink = sink
            disposable = sink.signal.observe { _ in }
        }
        #expect(weakSink == nil)
        disposable?.dispose()  // disposing after the source is gone is harmless
        #expect(disposable?.isDisposed == true)
    }
}
