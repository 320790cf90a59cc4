import Dispatch
import Foundation
import TestSupport
import Testing

@testable import ReactiveLite

// The VueFluxReactive README's snippets, as written there (UIKit swapped for FakeLabel), so a
// change that breaks a call shape users type fails to compile here.

/// The README's scoped-observing snippet lives in a method, where `self` is the owner.
private final class CounterScreen {
    let seen = Recorder<Int>()

    func start(observing signal: Signal<Int>) {
        let seen = self.seen
        signal.observe(duringScopeOf: self) { value in
            // Not executed after `self` had deinitialized.
            seen.append(value)
        }
    }
}

@MainActor
extension FakeLabel {
    /// The README's Binder extension, with an animation-free body.
    func setHiddenBinder(duration: TimeInterval) -> Binder<Bool> {
        return Binder(target: self) { view, isHidden in
            view.isHidden = isHidden
        }
    }
}

@Suite struct ReadmeSnippetTests {
    @Test func sinkAndSignal() {
        let sink = Sink<Int>()
        let signal = sink.signal
        let recorder = Recorder<String>()

        signal.observe { print("1: \($0)") }
        signal.observe { recorder.append("2: \($0)") }

        sink.send(value: 100)
        sink.send(value: 200)

        #expect(recorder.values == ["2: 100", "2: 200"])
    }

    @Test func mapOperator() {
        let sink = Sink<Int>()
        let signal = sink.signal
        let recorder = Recorder<String>()

        signal
            .map { "Value is \($0)" }
            .observe { recorder.append($0) }

        sink.send(value: 100)
        sink.send(value: 200)

        #expect(recorder.values == ["Value is 100", "Value is 200"])
    }

    @Test func observeOnExecutors() async {
        let sink = Sink<Int>()
        let signal = sink.signal
        let recorder = Recorder<Bool>()

        signal
            .observe(on: .mainThread)
            .observe { _ in recorder.append(isOnMainQueue) }
        signal
            .observe(on: .queue(.global(qos: .background)))
            .observe { value in
                // Executed on global background queue
                _ = value
            }

        DispatchQueue.global().async {
            sink.send(value: 100)
            sink.send(value: 200)
        }

        #expect(await eventually { recorder.count == 2 })
        #expect(recorder.values == [true, true])
    }

    @Test func disposableAndDisposableScope() {
        let sink = Sink<Int>()
        let signal = sink.signal
        let recorder = Recorder<Int>()

        let disposable = signal.observe { value in
            // Not executed after disposed.
            recorder.append(value)
        }
        disposable.dispose()

        var disposableScope: DisposableScope? = DisposableScope()
        disposableScope += signal.observe { value in
            // Not executed after disposableScope had deinitialized.
            recorder.append(value)
        }
        sink.send(value: 1)
        disposableScope = nil  // Be disposed
        sink.send(value: 2)

        #expect(recorder.values == [1])
    }

    @Test func scopedObserving() {
        let sink = Sink<Int>()
        var screen: CounterScreen? = CounterScreen()
        let seen = screen!.seen
        screen!.start(observing: sink.signal)
        sink.send(value: 1)
        screen = nil
        sink.send(value: 2)
        #expect(seen.values == [1])
    }

    @MainActor
    @Test func bindings() {
        let text = Variable("hello")
        let label = FakeLabel()
        let view = FakeLabel()
        let isViewHidden = Variable(true)

        text.signal.bind(to: label) { label, text in
            label.text = text
        }
        #expect(label.text == "hello")

        text.signal.bind(to: label, \.text)
        text.value = "world"
        #expect(label.text == "world")

        isViewHidden.signal.bind(to: view.setHiddenBinder(duration: 0.3))
        #expect(view.isHidden)
    }
}
