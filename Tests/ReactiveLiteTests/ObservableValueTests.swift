import Dispatch
import Observation
import ReactiveLite
import TestSupport
import Testing

private struct Profile: Equatable, Sendable {
    var name = "Ada"
    var age = 36
}

/// A member that cannot be compared, so every new value counts as a change of it.
private struct Tagged: Sendable {
    struct Tag: Sendable {
        var label: String
    }

    var tag = Tag(label: "a")
    var count = 0
}

/// Lets the main queue run everything enqueued on it so far.
@MainActor
private func drainMainQueue() async {
    await withCheckedContinuation { continuation in
        DispatchQueue.main.async { continuation.resume() }
    }
}

// Observation needs iOS 17 / macOS 14: each test checks (Swift Testing refuses `@available` on
// suites and tests).
@Suite @MainActor struct ObservableValueTests {
    @Test func aVariablesModelHoldsItsValueAndFollowsIt() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(Profile())
        let model = variable.observable()
        #expect(model.value == Profile())
        variable.value.name = "Grace"
        #expect(model.name == "Grace")
        #expect(model.value.name == "Grace")
    }

    @Test func readingAMemberIsInvalidatedOnlyByChangesOfThatMember() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(Profile())
        let model = variable.observable()
        let name = ObservationProbe { model.name }
        let age = ObservationProbe { model.age }

        variable.value.age = 37
        #expect(name.invalidations == 0)
        #expect(age.invalidations == 1)

        variable.value.name = "Grace"
        #expect(name.invalidations == 1)
        #expect(age.invalidations == 1)
        #expect(name.reads == ["Ada", "Ada"])
    }

    @Test func changesOnTheMainActorAreObservedOncePerChangeInOrderWithinTheSet() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(0)
        let model = variable.observable()
        let probe = ObservationProbe { model.value }

        for value in 1...3 {
            variable.value = value
            #expect(probe.invalidations == value)
            #expect(model.value == value)
        }
        #expect(probe.reads == [0, 0, 1, 2])
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func changesFromAnotherThreadReachTheMainActorInOrder() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(0)
        let model = variable.observable()
        let probe = ObservationProbe { model.value }

        await runOnThreads(1) { _ in
            for value in 1...50 {
                variable.value = value
            }
        }
        await drainMainQueue()

        #expect(model.value == 50)
        #expect(probe.invalidations == 50)
        #expect(probe.reads == [0] + Array(0..<50))
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func aNewValueEqualToTheOneHeldInvalidatesNothing() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(Profile())
        let model = variable.observable()
        let whole = ObservationProbe { model.value }
        let name = ObservationProbe { model.name }

        variable.value = Profile()
        variable.value.name = "Ada"

        #expect(whole.invalidations == 0)
        #expect(name.invalidations == 0)
    }

    @Test func aMemberThatIsNotEquatableIsInvalidatedByEveryNewValue() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(Tagged())
        let model = variable.observable()
        let tag = ObservationProbe { model.tag.label }
        let count = ObservationProbe { model.count }

        variable.value.count = 1
        #expect(tag.invalidations == 1)
        #expect(count.invalidations == 1)

        variable.value.tag = Tagged.Tag(label: "b")
        #expect(tag.invalidations == 2)
        #expect(count.invalidations == 1)
    }

    @Test func aSignalWithoutReplayShowsTheInitialValueUntilASend() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let sink = Sink<String>()
        let model = sink.signal.observable(initial: "none")
        let probe = ObservationProbe { model.value }
        #expect(model.value == "none")

        sink.send(value: "first")

        #expect(model.value == "first")
        #expect(probe.invalidations == 1)
    }

    @Test func aConstantsModelFollowsItsVariable() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(1)
        let model = variable.constant.observable()
        let probe = ObservationProbe { model.value }

        variable.value = 2

        #expect(model.value == 2)
        #expect(probe.invalidations == 1)
    }

    @Test func theModelIsReleasedWhileItsSourceLivesAndDisposesOfItsSubscription() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(0)
        let disposals = Counter()
        let counted = Signal<Int> { observer in
            let subscription = variable.signal.observe(observer)
            return AnyDisposable {
                subscription.dispose()
                disposals.increment()
            }
        }
        var model: ObservableValue<Int>? = counted.observable(initial: variable.value)
        weak let released = model
        variable.value = 1
        #expect(model?.value == 1)

        model = nil

        #expect(released == nil)
        #expect(disposals.value == 1)
        variable.value = 2
        #expect(variable.value == 2)
    }
}

/// Equal when the ids are: `title` is not compared by the value's `==` (a common shape for a model
/// with an identity).
private struct Identified: Equatable, Sendable {
    var id = 1
    var title = "a"
    var tag = Tagged.Tag(label: "x")

    static func == (lhs: Identified, rhs: Identified) -> Bool { lhs.id == rhs.id }
}

@Suite @MainActor struct ObservableValueCustomEqualityTests {
    /// The value's own `==` decides for readers of the whole value only: a member that differs is
    /// announced, and the model holds the new value, even when `==` calls the two values equal. A
    /// member that cannot be compared is not counted as changed then.
    @Test func aMemberThatDiffersIsShownEvenWhenTheWholeComparesEqual() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let variable = Variable(Identified())
        let model = variable.observable()
        let title = ObservationProbe { model.title }
        let whole = ObservationProbe { model.value }
        let tag = ObservationProbe { model.tag }
        variable.value.title = "b"
        #expect(model.title == "b", "the model does not hold the last value delivered")
        #expect(model.value.title == "b")
        #expect(title.invalidations == 1, "the reader of `title` was not told that it changed")
        #expect(whole.invalidations == 0)
        #expect(tag.invalidations == 0)
    }
}
