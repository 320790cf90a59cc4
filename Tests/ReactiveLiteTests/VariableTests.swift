import TestSupport
import Testing

@testable import ReactiveLite

@Suite struct VariableTests {
    @Test func readmeExampleGivesCurrentValueThenChanges() {
        let variable = Variable(0)
        let recorder = Recorder<Int>()

        variable.signal.observe(recorder.observer)
        variable.value = 1
        recorder.append(variable.value)
        variable.signal.observe(recorder.observer)

        #expect(recorder.values == [0, 1, 1, 1])
    }

    @Test func readingTheValueInsideAnObserverWorks() {
        let variable = Variable("a")
        let recorder = Recorder<String>()
        variable.signal.observe { delivered in
            recorder.append("\(delivered)=\(variable.value)")
        }
        variable.value = "b"
        #expect(recorder.values == ["a=a", "b=b"])
    }

    @Test func settingInsideAnObserverIsQueuedAndDeliveredInOrder() {
        let variable = Variable(0)
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        variable.signal.observe { value in
            first.append(value)
            if value > 0 && value < 3 {
                variable.value = value + 1
                // The new value is stored at once, though not yet delivered.
                #expect(variable.value == value + 1)
            }
        }
        variable.signal.observe(second.observer)

        variable.value = 1

        #expect(first.values == [0, 1, 2, 3])
        #expect(second.values == [0, 1, 2, 3])
        #expect(variable.value == 3)
    }

    @Test func observerAddedDuringDeliveryGetsLatestValueThenLaterChangesOnly() {
        let variable = Variable(0)
        let late = Recorder<Int>()
        variable.signal.observe { value in
            if value == 1 {
                variable.value = 2  // queued for the existing observers only
                variable.signal.observe(late.observer)  // replays 2, queued behind
                variable.value = 3
            }
        }
        variable.value = 1
        #expect(late.values == [2, 3])
    }

    @Test func disposingAnObserverWhoseReplayIsStillQueuedReleasesItAtOnce() {
        // Subscribed during a delivery, the observer's replay waits in the queue until the
        // delivery ends. Disposed of there, its closure must go at once, and it gets nothing.
        let variable = Variable(0)
        let late = Recorder<Int>()
        let released = Recorder<Bool>()
        variable.signal.observe { value in
            guard value == 1 else { return }
            weak var weakCaptured: Captured?
            do {
                let captured = Captured()
                weakCaptured = captured
                let subscription = variable.signal.observe { value in
                    withExtendedLifetime(captured) { late.append(value) }
                }
                subscription.dispose()
            }
            released.append(weakCaptured == nil)
        }
        variable.value = 1
        variable.value = 2
        #expect(released.values == [true])
        #expect(late.values.isEmpty)
    }

    @Test func optionalValuesReplayNilAsAValue() {
        let variable = Variable<Int?>(nil)
        let recorder = Recorder<Int?>()
        variable.signal.observe(recorder.observer)
        variable.value = 5
        variable.value = nil
        #expect(recorder.values == [nil, 5, nil])
    }

    @Test func mapTransformsCurrentValueAndChanges() {
        let variable = Variable(1)
        let recorder = Recorder<String>()
        variable.signal.map { "Value is \($0)" }.observe(recorder.observer)
        variable.value = 2
        #expect(recorder.values == ["Value is 1", "Value is 2"])
    }

    @Test func twoVariablesUpdatingEachOtherFromTwoThreadsDoNotDeadlock() async {
        // a's observer writes b and b's observer writes a: with a lock held during delivery this
        // deadlocks as soon as two threads start on different ends.
        let a = Variable(0)
        let b = Variable(0)
        a.signal.observe { value in if value > 0 { b.value = value } }
        b.signal.observe { value in if value > 0 { a.value = -value } }
        await runOnThreads(8) { thread in
            for index in 1...2_000 {
                if thread % 2 == 0 {
                    a.value = index
                } else {
                    b.value = index
                }
            }
        }
        // Every chain ends in a negative write to `a`, whose observer ignores it.
        #expect(a.value <= 0)
    }

    @Test func aKeptSignalKeepsItsSourceUntilItIsDropped() {
        // As in VueFluxReactive, whose `Variable.signal` captures the variable: a signal is a way
        // to reach its source, so keeping one keeps the source's value and observers.
        final class Payload: Sendable {}
        weak var weakValue: Payload?
        weak var weakCaptured: Owner?
        var variable: Variable<Payload>? = Variable(Payload())
        weakValue = variable?.value
        var signal: Signal<Payload>? = variable?.signal
        do {
            let captured = Owner()
            weakCaptured = captured
            signal?.observe { _ in withExtendedLifetime(captured) {} }
        }
        variable = nil

        let late = Recorder<Bool>()
        signal?.observe { _ in late.append(true) }
        #expect(late.values == [true], "a kept signal still replays its source's value")
        #expect(weakValue != nil)
        #expect(weakCaptured != nil)

        signal = nil
        #expect(weakValue == nil, "dropping the last reference to the source releases its value")
        #expect(weakCaptured == nil, "and its observers")
    }

    /// Every write is announced, also of a value equal to the current one, as VueFluxReactive's
    /// `Variable` does (docs/vueflux.md): observers that want changes only filter themselves.
    @Test func everyWriteIsAnnouncedEvenOfAnEqualValue() {
        let variable = Variable(1)
        let seen = Recorder<Int>()
        let observation = variable.signal.observe(seen.observer)
        variable.value = 1
        variable.value = 1
        variable.value = 2
        #expect(seen.values == [1, 1, 1, 2])
        observation.dispose()
    }
}

@Suite struct ConstantTests {
    @Test func constantFollowsItsVariable() {
        let variable = Variable(0)
        let constant = variable.constant
        let recorder = Recorder<Int>()

        constant.signal.observe(recorder.observer)
        variable.value = 1
        recorder.append(constant.value)
        constant.signal.observe(recorder.observer)

        #expect(recorder.values == [0, 1, 1, 1])
    }

    @Test func constantFromAValueNeverChanges() {
        let constant = Constant("fixed")
        let recorder = Recorder<String>()
        constant.signal.observe(recorder.observer)
        #expect(recorder.values == ["fixed"])
        #expect(constant.value == "fixed")
    }
}

/// An object whose release a test watches through a weak reference.
private final class Captured: Sendable {}
