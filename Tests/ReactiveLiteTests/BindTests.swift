import Dispatch
import TestSupport
import Testing

@testable import ReactiveLite

/// Stands for a UIKit view: a main-actor class with plain and optional properties.
@MainActor
final class FakeLabel {
    var text: String?
    var count = 0
    var isHidden = false
}

@MainActor
extension FakeLabel {
    func hiddenBinder(log: Recorder<Bool>) -> Binder<Bool> {
        Binder(target: self) { label, isHidden in
            label.isHidden = isHidden
            log.append(isHidden)
        }
    }
}

@MainActor
@Suite struct BindTests {
    @Test func bindsToAnOptionalKeyPath() {
        let text = Variable("a")
        let label = FakeLabel()
        text.signal.bind(to: label, \.text)
        #expect(label.text == "a")
        text.value = "b"
        #expect(label.text == "b")
    }

    @Test func bindsToAKeyPath() {
        let count = Variable(1)
        let label = FakeLabel()
        count.signal.bind(to: label, \.count)
        count.value = 2
        #expect(label.count == 2)
    }

    @Test func bindsWithAClosure() {
        let text = Variable(3)
        let label = FakeLabel()
        text.signal.bind(to: label) { label, value in
            label.text = "\(value)"
        }
        #expect(label.text == "3")
    }

    @Test func bindsWithAClosureLabelledBindingAsInVueFluxReactive() {
        let text = Variable(4)
        let label = FakeLabel()
        text.signal.bind(to: label, binding: { label, value in label.text = "\(value)" })
        #expect(label.text == "4")
        text.value = 5
        #expect(label.text == "5")
    }

    @Test func bindsToABinder() {
        let hidden = Variable(true)
        let label = FakeLabel()
        let log = Recorder<Bool>()
        hidden.signal.bind(to: label.hiddenBinder(log: log))
        hidden.value = false
        #expect(log.values == [true, false])
        #expect(label.isHidden == false)
    }

    @Test func bindingToATargetAlreadyGoneReturnsADisposedDisposableAndObservesNothing() {
        let sink = Sink<Int>()
        let log = Recorder<Bool>()
        var label: FakeLabel? = FakeLabel()
        let binder = label!.hiddenBinder(log: log)
        label = nil
        let binding = sink.signal.map { $0 > 0 }.bind(to: binder)
        #expect(binding.isDisposed)
        #expect(sink.channel.observerCount == 0)
        sink.send(value: 1)
        #expect(log.values.isEmpty)
    }

    @Test func aBindingReleasesWhatItHoldsWhenTheSourceGoesBeforeTheTarget() {
        let label = FakeLabel()
        var text: Variable<String>? = Variable("a")
        weak var released: Owner?
        do {
            let owner = Owner()
            released = owner
            // The binding's disposable is dropped, as `@discardableResult` allows.
            text!.signal.bind(to: label) { label, value in
                withExtendedLifetime(owner) {}
                label.text = value
            }
        }
        #expect(label.text == "a")
        text = nil
        #expect(released == nil, "the binding outlived its source")
        withExtendedLifetime(label) {}
    }

    // Polls on purpose: the hop from a background thread to the real main queue is the point.
    @Test func valuesSentInTheBackgroundArriveOnTheMainThreadInOrder() async {
        let sink = Sink<Int>()
        let label = FakeLabel()
        let seen = Recorder<Int>()
        sink.signal.bind(to: label) { label, value in
            label.count = value
            seen.append(value)
        }
        DispatchQueue.global().async {
            for value in 1...100 {
                sink.send(value: value)
            }
        }
        #expect(await eventually { seen.count == 100 })
        #expect(seen.values == Array(1...100))
        #expect(label.count == 100)
    }

    @Test func bindingEndsWhenTheTargetIsDeinitialized() {
        let text = Variable("a")
        var label: FakeLabel? = FakeLabel()
        weak let weakLabel = label
        text.signal.bind(to: label!, \.text)
        label = nil
        #expect(weakLabel == nil)  // the binding does not keep its target alive
        text.value = "b"
        #expect(text.channel.observerCount == 0)
    }

    @Test func disposingTheBindingStopsUpdates() {
        let text = Variable("a")
        let label = FakeLabel()
        let disposable = text.signal.bind(to: label, \.text)
        disposable.dispose()
        text.value = "b"
        #expect(label.text == "a")
    }
}
