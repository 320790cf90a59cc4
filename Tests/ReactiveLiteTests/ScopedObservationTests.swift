import FlowKernel
import Foundation
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

    /// An owner whose last reference goes while a delivery checks it has its deinit run by that
    /// check, on the delivering thread. A deinit that disposes of the observation then stops the
    /// call the check was for: `dispose()` has returned. A race, so the owners are churned while a
    /// thread sends, until ten deinits have run on the sender (each one a chance to fail).
    @Test(timeLimit(minutes: 1))
    func anOwnerDeinitThatDisposesOnTheDeliveringThreadStopsTheCallItsCheckWasFor() async {
        let sink = Sink<Int>()
        let stop = Shared(false)
        let senderDone = Shared(false)
        let sender = Shared<UInt>(0)
        let deinitsOnSender = Shared(0)
        let callsAfterDisposal = Shared(0)
        Thread {
            sender.value = currentThreadIdentity()
            while !stop.value { sink.send(value: 1) }
            senderDone.value = true
        }.start()
        #expect(await eventually { sender.value != 0 })
        let senderThread = sender.value
        let churnDone = Shared(false)
        Thread {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && deinitsOnSender.value < 10 {
                let observation = Shared<(any Disposable)?>(nil)
                let disposedOnSender = Shared(false)
                var owner: Tripwire? = Tripwire {
                    observation.value?.dispose()
                    if currentThreadIdentity() == senderThread {
                        disposedOnSender.value = true
                        deinitsOnSender.value += 1
                    }
                }
                observation.value = sink.signal.observe(duringScopeOf: owner!) { _ in
                    if disposedOnSender.value && currentThreadIdentity() == senderThread {
                        callsAfterDisposal.value += 1
                    }
                }
                // A varying delay, so that the last release lands anywhere in the sender's loop.
                var spin = 0
                for _ in 0..<Int.random(in: 0..<200) { spin &+= 1 }
                withExtendedLifetime(spin) {}
                owner = nil
                observation.value?.dispose()
            }
            churnDone.value = true
        }.start()
        #expect(await eventually(within: 30) { churnDone.value })
        stop.value = true
        #expect(await eventually { senderDone.value })
        #expect(callsAfterDisposal.value == 0)
    }
}
