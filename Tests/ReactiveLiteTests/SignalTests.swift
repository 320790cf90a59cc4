import TestSupport
import Testing

@testable import ReactiveLite

/// The producer of a custom signal, kept by the test so that it can send after disposal, as a
/// producer that ignores its disposable (or a late timer, a late network reply) does.
private final class Producer: Sendable {
    let sends = Recorder<@Sendable (Int) -> Void>()
    let disposals = Counter()

    var signal: Signal<Int> {
        Signal { send in
            self.sends.append(send)
            return AnyDisposable { self.disposals.increment() }
        }
    }

    func send(_ value: Int) {
        for send in sends.values {
            send(value)
        }
    }
}

@Suite struct CustomSignalTests {
    @Test func customSignalDeliversWhatItsProducerSends() {
        let producer = Producer()
        let seen = Recorder<Int>()
        let observation = producer.signal.map { $0 * 10 }.observe(seen.observer)
        producer.send(1)
        producer.send(2)
        #expect(seen.values == [10, 20])
        #expect(!observation.isDisposed)
    }

    @Test func customSignalNeverCallsItsObserverAfterDisposeReturned() {
        let producer = Producer()
        let seen = Recorder<Int>()
        let observation = producer.signal.observe(seen.observer)
        producer.send(1)
        observation.dispose()
        producer.send(2)
        #expect(seen.values == [1])
        #expect(observation.isDisposed)
        #expect(producer.disposals.value == 1)
        observation.dispose()
        #expect(producer.disposals.value == 1)
    }

    @Test func customSignalReleasesItsObserverOnDisposalEvenIfTheProducerKeepsSending() {
        let producer = Producer()
        weak var released: Owner?
        let observation: any Disposable
        do {
            let owner = Owner()
            released = owner
            observation = producer.signal.observe { _ in withExtendedLifetime(owner) {} }
        }
        #expect(released != nil)
        observation.dispose()
        #expect(released == nil)
    }

    @Test func customSignalReleasesItsObserverWhenItsProducerIsDeallocated() {
        var sink: Sink<Int>? = Sink()
        let custom = Signal<Int> { [weak sink] observer in
            sink?.signal.observe(observer) ?? AnyDisposable()
        }
        weak var released: Owner?
        let seen = Recorder<Int>()
        // Kept, as a scope keeps it: only the producer's end can release the observer.
        let observation: any Disposable
        do {
            let owner = Owner()
            released = owner
            observation = custom.observe { value in
                withExtendedLifetime(owner) {}
                seen.append(value)
            }
        }
        sink?.send(value: 1)
        sink = nil
        #expect(seen.values == [1])
        #expect(released == nil, "the observer outlived its producer")
        #expect(!observation.isDisposed)
        observation.dispose()
    }

    /// `Signal.Producer` is VueFluxReactive's name for the function a signal is made from
    /// (`VueFluxReactive/Signal.swift`): code that spells it compiles and behaves the same.
    @Test func producerIsVueFluxReactivesNameForTheSubscribeFunction() {
        let producer: Signal<Int>.Producer = { observer in
            observer(7)
            return AnyDisposable()
        }
        let recorder = Recorder<Int>()
        Signal(producer).observe(recorder.observer)
        #expect(recorder.values == [7])
    }

    /// An observation that ends during the producer's first, synchronous send (its observer
    /// disposes of the scope the observation is about to join) still disposes of the producer's
    /// disposable: a sensor or a socket the producer opened is closed.
    @Test func anObservationEndedDuringTheProducersFirstSendStillStopsTheProducer() {
        let stops = Counter()
        let signal = Signal<Int> { observer in
            observer(1)
            return AnyDisposable { stops.increment() }
        }
        let scope = DisposableScope()
        let seen = Recorder<Int>()
        scope += signal.observe { value in
            seen.append(value)
            scope.dispose()
        }
        #expect(seen.values == [1])
        #expect(stops.value == 1)
    }
}
