import TestSupport
import Testing

@testable import ReactiveLite

@Suite struct ScopedObservationTests {
    @Test func stopsWhenTheOwnerIsDeinitializedAndReleasesTheObserver() {
        let sink = Sink<Int>()
        let recorder = Recorder<Int>()
        weak var weakCapture: Owner?
        var owner: Owner? = Owner()
        do {
            let capture = Owner()
            weakCapture = capture
            sink.signal.observe(duringScopeOf: owner!) { value in
                _ = capture
                recorder.append(value)
            }
        }
        sink.send(value: 1)
        owner = nil
        sink.send(value: 2)

        #expect(recorder.values == [1])
        #expect(sink.channel.observerCount == 0)
        #expect(weakCapture == nil)
    }

    @Test func canBeDisposedOfBeforeTheOwnerGoes() {
        let variable = Variable(0)
        let recorder = Recorder<Int>()
        let owner = Owner()
        let disposable = variable.signal.observe(duringScopeOf: owner, recorder.observer)
        disposable.dispose()
        variable.value = 1
        #expect(recorder.values == [0])
        #expect(disposable.isDisposed)
        #expect(variable.channel.observerCount == 0)
    }
}
