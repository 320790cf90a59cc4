import FlowKernel
import TestSupport
import Testing

@testable import PrexCore

// The names of Prex's first releases (its early README and its test suite): code written with them
// compiles unchanged and behaves as the names Prex 0.3.0 gave them.

/// The early README's view, with its early names: `refrect(change: ValueChange<_>)` and
/// `valueIfChanged(for:)`.
// snippet: early-names
final class EarlyCounterView: View {
    var counts: [Int] = []
    var olds: [Bool] = []

    func refrect(change: ValueChange<TestState>) {
        if let count = change.valueIfChanged(for: \.count) {
            counts.append(count)
        }
        olds.append(change.old != nil)
    }
}
// snippet-end: early-names

/// A view that declares its state and implements neither method.
final class ForgetfulView: View {
    typealias State = TestState
}

/// A state with an optional property, for the early optional overload.
struct EarlyState: State, Equatable {
    var count = 0
    var name: String?
}

@MainActor
@Suite(timeLimit(minutes: 1)) struct EarlyNamesTests {
    @Test func aViewWithTheEarlyMethodNameReceivesEveryChange() {
        let view = EarlyCounterView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        presenter.dispatch(.increment)
        presenter.dispatch(.setTitle("unchanged count"))
        presenter.dispatch(.increment)
        #expect(view.counts == [1, 2])
        #expect(view.olds == [true, true, true])
    }

    @Test func refrectPushesTheWholeStateAsReflectDoes() {
        let view = EarlyCounterView()
        let presenter = Presenter(view: view, state: TestState(count: 5), mutation: TestMutation())
        presenter.refrect()
        #expect(view.counts == [5])
        #expect(view.olds == [false])
    }

    @Test func aViewWithTheCurrentNameAnswersToTheEarlyName() {
        let view = RecordingView()
        view.refrect(change: StateChange(new: TestState(count: 3), old: nil))
        #expect(view.counts == [3])
    }

    @Test func aViewImplementingNeitherShowsNothingAndReportsIt() {
        let view = ForgetfulView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        presenter.dispatch(.increment)  // would recurse without the guard
        presenter.refrect()
        #expect(presenter.state.count == 1)
        #expect(MisuseReporter.shared.hasReported("PrexCore.View.reflect"))
    }

    @Test func aViewReflectingInsideAnotherViewsReflectionIsNotMistakenForRecursion() {
        // The early-name view's presenter is reflected from inside the first view's `refrect`.
        let inner = EarlyCounterView()
        let innerPresenter = Presenter(view: inner, state: TestState(count: 9), mutation: TestMutation())
        let outer = NestingEarlyView { innerPresenter.refrect() }
        let outerPresenter = Presenter(view: outer, state: TestState(), mutation: TestMutation())
        outerPresenter.dispatch(.increment)
        #expect(outer.calls == 1)
        #expect(inner.counts == [9])
    }

    @Test func valueIfChangedReturnsTheNewValueOfAChangedProperty() {
        let old = TestState(count: 1, title: "a")
        let change = ValueChange(new: TestState(count: 2, title: "a"), old: old)
        #expect(change.valueIfChanged(for: \.count) == 2)
        #expect(change.valueIfChanged(for: \.title) == nil)
        let first = ValueChange(new: old, old: nil)
        #expect(first.valueIfChanged(for: \.title) == "a")
    }

    @Test func valueIfChangedTellsAnOptionalChangedToNilFromNoChange() {
        let named = EarlyState(name: "x")
        let unnamed = EarlyState(name: nil)
        let toNil: ValueChange<EarlyState>.Changed<String?>? =
            ValueChange(new: unnamed, old: named).valueIfChanged(for: \.name)
        #expect(toNil != nil)
        #expect(toNil?.value == nil)
        #expect(ValueChange(new: named, old: unnamed).valueIfChanged(for: \.name)?.value == "x")
        #expect(ValueChange(new: named, old: named).valueIfChanged(for: \.name) == nil)
        #expect(ValueChange(new: unnamed, old: nil).valueIfChanged(for: \.name) != nil)
        // A non-optional property of the same state takes the plain overload.
        let count: Int? = ValueChange(new: EarlyState(count: 1), old: unnamed).valueIfChanged(for: \.count)
        #expect(count == 1)
    }

    @Test func aDispatcherMadeAloneTellsItsCallbacksOnly() {
        let dispatcher = Dispatcher<TestAction>()
        let received = Locked<[TestAction]>([])
        let subscription = dispatcher.register { action in received.withLock { $0.append(action) } }
        dispatcher.dispatch(.increment)
        dispatcher.unregister(subscription)
        dispatcher.dispatch(.decrement)
        #expect(received.withLock { $0 } == [.increment])
    }
}

/// An early-name view that runs `body` from inside its `refrect(change:)`.
final class NestingEarlyView: View {
    let body: @MainActor () -> Void
    var calls = 0

    init(_ body: @escaping @MainActor () -> Void) {
        self.body = body
    }

    func refrect(change: ValueChange<TestState>) {
        calls += 1
        body()
    }
}
