import FlowKernel
import ReactiveLite
import TestSupport
import Testing

#if canImport(UIKit)
    import UIKit
#endif

// Examples that README.md, docs/reactivelite.md and the DocC catalog quote (between `snippet`
// markers; Tests/DocsTests checks that the quotes match), each checked by a test.

// snippet: readme-quick-start
final class CounterViewController: UIViewController {
    private let count = Variable(0)
    let label = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        count.signal.map { "\($0)" }.bind(to: label, \.text)  // bindings apply on the main actor
    }

    func incrementButtonTapped() {
        count.value += 1  // any thread may set it; the label follows on the main thread
    }
}
// snippet-end: readme-quick-start

@Suite struct DocsExamples {
    @MainActor
    @Test func quickStartViewControllerShowsTheCount() async {
        let controller = CounterViewController()
        controller.viewDidLoad()
        #expect(controller.label.text == "0")
        controller.incrementButtonTapped()
        #expect(await eventuallyOnMain { controller.label.text == "1" })
    }

    @Test func variableAndOperatorsInBrief() async {
        // snippet: in-brief
        let count = Variable(0)
        count.signal.observe { print($0) }  // prints 0 at once, then every change
        count.value = 1  // prints 1

        let scope = DisposableScope()  // disposes of what it holds when it goes
        scope += count.signal
            .map { "Value is \($0)" }
            .observe(on: .queue(.global()))
            .observe { print($0) }  // "Value is 1", then later values, on a global queue
        // snippet-end: in-brief
        let seen = Recorder<String>()
        scope += count.signal
            .map { "Value is \($0)" }
            .observe(on: .queue(.global()))
            .observe { seen.append($0) }
        count.value = 2
        #expect(await eventually { seen.values == ["Value is 1", "Value is 2"] })
        scope.dispose()
        count.value = 3
        #expect(seen.values == ["Value is 1", "Value is 2"])
    }

    @Test func signalValuesAsAnAsyncSequence() async {
        let count = Variable(0)
        Task.detached {
            for value in 1...3 { count.value = value }
        }
        // snippet: in-brief-values
        var seen: [Int] = []
        for await value in count.signal.values {  // the current value, then every change
            seen.append(value)
            if value == 3 { break }  // or cancel the task that iterates
        }
        // snippet-end: in-brief-values
        #expect(seen.last == 3)
        #expect(seen == seen.sorted() && Set(seen).count == seen.count)
    }
}

/// Stands for a callback API, as many SDKs have: `start` calls back with each reading until `stop`.
final class Thermometer: Sendable {
    private let callbacks = Locked<[Int: @Sendable (Double) -> Void]>([:])
    private let nextID = Locked(0)

    func start(_ onReading: @escaping @Sendable (Double) -> Void) -> Int {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        callbacks.withLock { $0[id] = onReading }
        return id
    }

    func stop(_ id: Int) {
        callbacks.withLock { $0[id] = nil }
    }

    /// Sends a reading to every started callback, on the calling thread.
    func measure(_ reading: Double) {
        for callback in callbacks.withLock({ Array($0.values) }) {
            callback(reading)
        }
    }
}

@Suite struct CustomSignalExample {
    @Test func aSignalOverACallbackAPIStopsTheAPIWhenDisposed() {
        let thermometer = Thermometer()
        let seen = Variable<[Double]>([])

        // snippet: custom-signal
        // A signal over a callback API: each observation starts the API, and disposing of the
        // observation stops it. `AnyDisposable(_:)` runs its closure once, on the first dispose().
        let readings = Signal<Double> { observer in
            let id = thermometer.start(observer)
            return AnyDisposable { thermometer.stop(id) }
        }
        let observation = readings.observe { reading in seen.value.append(reading) }
        // snippet-end: custom-signal

        thermometer.measure(20.5)
        observation.dispose()
        thermometer.measure(21)
        #expect(seen.value == [20.5])
    }
}
