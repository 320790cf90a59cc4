import Dispatch
import TestSupport
import Testing

@testable import ReactiveLite

/// A custom executor that keeps its work until the test runs it.
private final class HeldWork: @unchecked Sendable {
    // Guarded by `lock`: appended on the sending thread, taken on the main thread.
    private let lock = DispatchQueue(label: "HeldWork")
    private var work: [@Sendable () -> Void] = []

    var executor: Executor {
        Executor { [self] item in lock.sync { work.append(item) } }
    }

    var count: Int { lock.sync { work.count } }

    func runAll() {
        let items = lock.sync {
            defer { work = [] }
            return work
        }
        for item in items { item() }
    }
}

/// VueFluxReactive's `on:` executor on bindings (`bind(to:on:)`, `Binder.bind(signal:on:)`): the
/// executor delivers each value, and the value is then applied on the main thread.
@MainActor
@Suite struct BindOnExecutorTests {
    @Test func aCustomExecutorHoldsTheBindingsValuesUntilItRunsThem() {
        let held = HeldWork()
        let count = Variable(1)
        let label = FakeLabel()
        count.signal.bind(to: label, \.count, on: held.executor)
        #expect(label.count == 0, "the replayed value went past the executor")
        #expect(held.count == 1)
        count.value = 2
        #expect(label.count == 0)
        held.runAll()  // on the main thread, nothing pending: applied at once
        #expect(label.count == 2)
    }

    @Test func binderBindSignalOnAQueueAppliesOnTheMainThreadInOrder() async {
        let queue = DispatchQueue(label: "BindOnExecutorTests.queue")
        let sink = Sink<Int>()
        let label = FakeLabel()
        let seen = Recorder<Int>()
        let binder = Binder<Int>(target: label) { label, value in
            label.count = value
            seen.append(value)
        }
        binder.bind(signal: sink.signal, on: .queue(queue))
        DispatchQueue.global().async {
            for value in 1...100 {
                sink.send(value: value)
            }
        }
        #expect(await eventually { seen.count == 100 })
        #expect(seen.values == Array(1...100))
        #expect(label.count == 100)
    }

    // As VueFluxReactive's BinderTests.testImmediatelyDisposeBinding: a value still in the
    // executor's queue when the binding is disposed of is never applied; a binding left alone, on
    // the same queue, applies its value (so the wait below lets delivery happen).
    @Test func aValueStillInTheExecutorWhenTheBindingIsDisposedOfIsNotApplied() async {
        let queue = DispatchQueue(label: "BindOnExecutorTests.suspended")
        let sink = Sink<Int>()
        let disposedLabel = FakeLabel()
        let keptLabel = FakeLabel()
        let disposed = Binder<Int>(target: disposedLabel) { label, value in label.count = value }
            .bind(signal: sink.signal, on: .queue(queue))
        let kept = sink.signal.bind(to: keptLabel, on: .queue(queue)) { label, value in
            label.count = value
        }
        queue.suspend()
        sink.send(value: 1)
        disposed.dispose()
        queue.resume()
        #expect(await eventuallyOnMain { keptLabel.count == 1 })
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        await MainActor.run {}
        #expect(disposedLabel.count == 0)
        kept.dispose()
    }

    @Test func theImmediateAndMainThreadExecutorsApplyAValueSentOnTheMainThreadAtOnce() {
        let text = Variable<String?>("a")
        let first = FakeLabel()
        let second = FakeLabel()
        text.signal.bind(to: first, \.text, on: .immediate)
        text.signal.bind(to: second, on: .mainThread) { label, value in label.text = value }
        text.value = "b"
        #expect(first.text == "b")
        #expect(second.text == "b")
    }
}
