import Dispatch
import PrexCore
import TestSupport
import Testing

extension Presenter where Action == TestAction, State == TestState {
    func increment() {
        dispatch(.increment)
    }

    func decrementIfPositive() {
        if state.count > 0 {
            dispatch(.decrement)
        }
    }
}

/// A subclass-based presenter, as the README's "Presenter Subclass" section writes one.
final class TestPresenter: Presenter<TestAction, TestState> {
    init<T: View>(view: T) where T.State == TestState {
        super.init(view: view, flux: makeFlux())
    }

    func incrementTwice() {
        dispatch(.increment)
        dispatch(.increment)
    }
}

/// A subclass that overrides `state`, which Prex declares `open` (`Sources/Prex/Presenter.swift`):
/// it shows the count doubled.
final class DoublingPresenter: Presenter<TestAction, TestState> {
    override var state: TestState {
        var state = super.state
        state.count *= 2
        return state
    }
}

/// A view that owns its presenter, as a view controller does with `lazy var presenter`.
final class OwningView: View {
    lazy var presenter = Presenter(view: self, state: TestState(), mutation: TestMutation())
    var counts: [Int] = []

    func reflect(change: StateChange<TestState>) {
        counts.append(change.new.count)
    }
}

/// A view slower than any flood (a UI update per change): its changes pile up while one streams.
final class SlowView: View {
    let check = SequenceCheck(first: 1)

    func reflect(change: StateChange<TestState>) {
        spin(microseconds: 20)
        check.record(change.new.count)
    }
}

@MainActor
@Suite(timeLimit(minutes: 1)) struct PresenterTests {
    @Test func dispatchOnTheMainQueueReflectsInline() {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        presenter.dispatch(.increment)
        // Delivered before dispatch returned, with no main-queue hop.
        #expect(view.changes == [StateChange(new: TestState(count: 1), old: TestState(count: 0))])
        #expect(view.onMainQueue == [true])
    }

    @Test func extensionMethodsDispatchAndReadState() {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        presenter.decrementIfPositive()
        presenter.increment()
        presenter.decrementIfPositive()
        #expect(view.counts == [1, 0])
        #expect(presenter.state.count == 0)
    }

    @Test func subclassPresenterWorks() {
        let view = RecordingView()
        let presenter = TestPresenter(view: view)
        presenter.incrementTwice()
        #expect(view.counts == [1, 2])
    }

    /// `state` is `open`, as in Prex: a subclass's override is what a read through the base class
    /// returns; the store's state is untouched.
    @Test func aSubclassMayOverrideState() {
        let view = RecordingView()
        let presenter: Presenter<TestAction, TestState> = DoublingPresenter(
            view: view, state: TestState(), mutation: TestMutation())
        presenter.dispatch(.increment)
        #expect(presenter.state.count == 2)
        #expect(presenter.flux.store.state.count == 1)
        #expect(view.counts == [1])
    }

    @Test func reflectPushesTheWholeStateAsAChangeWithoutOldState() {
        let view = RecordingView()
        let presenter = Presenter(
            view: view, state: TestState(count: 4, title: "t"), mutation: TestMutation())
        #expect(view.changes.isEmpty)
        presenter.reflect()
        #expect(view.changes == [StateChange(new: TestState(count: 4, title: "t"), old: nil)])
        #expect(view.changes.first?.title?.value == "t")
    }

    @Test func backgroundDispatchThenMainDispatchReachTheViewInOrder() async {
        // The original delivers 1->2 before 0->1 here.
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        // Blocks the main queue while a background thread applies the first action, so its change
        // is still waiting for the main queue when the main thread dispatches the second.
        onBackgroundThread {
            presenter.dispatch(.increment)
        }
        presenter.dispatch(.increment)
        #expect(view.changes.isEmpty)
        await drainMainQueue()
        #expect(view.changes.map { [$0.old?.count, $0.new.count] } == [[0, 1], [1, 2]])
        #expect(view.onMainQueue == [true, true])
    }

    @Test func changesFromManyThreadsReachTheViewOnTheMainQueueInDispatchOrder() async {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        onBackgroundThread {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<250 {
                    presenter.dispatch(.increment)
                }
            }
        }
        // The view gets them in batches of at most 128 per main-queue block, so wait for the last.
        #expect(await eventuallyOnMain { view.counts.count >= 1_000 })
        #expect(view.counts == Array(1...1_000))
        #expect(view.onMainQueue.allSatisfy { $0 })
        #expect(view.maxDepth == 1)
    }

    // Polls on purpose: the real main queue, flooded from a real thread, is the point.
    @Test func aBackgroundFloodLeavesTheMainQueueFreeAndReachesTheViewOnceEachInOrder() async {
        let view = SlowView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        let dispatcher = presenter.flux.dispatcher
        let probe = await floodWhileProbing(
            .main, send: { _ in dispatcher.dispatch(.increment) }, applied: { view.check.next - 1 })
        #expect(
            probe.ranDuringFlood,
            "a main-queue block waited for the view to reflect the whole flood (\(probe.sent) actions)")
        #expect(await eventually { view.check.next - 1 == probe.sent })
        #expect(view.check.violations == 0)
    }

    @Test func mainAndBackgroundDispatchesRacingReachTheViewOnceEachInOrder() async {
        // The main thread's inline delivery (no lock) races with background changes queued for
        // the main queue: every change arrives once, in the store's order, never nested.
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        let background = DispatchGroup()
        DispatchQueue.global().async(group: background) {
            for _ in 0..<1_000 {
                presenter.dispatch(.increment)
            }
        }
        for round in 0..<1_000 {
            presenter.dispatch(.increment)
            if round % 50 == 0 {
                await drainMainQueue()
            }
        }
        while background.wait(timeout: .now()) == .timedOut {
            await drainMainQueue()
        }
        await drainMainQueue()
        #expect(view.counts == Array(1...2_000))
        #expect(view.onMainQueue.allSatisfy { $0 })
        #expect(view.maxDepth == 1)
    }

    @Test func dispatchFromReflectIsQueuedNotNested() {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        view.onReflect = { change in
            if change.new.count < 3 {
                presenter.dispatch(.increment)
            }
        }
        presenter.dispatch(.increment)
        #expect(view.counts == [1, 2, 3])
        #expect(view.maxDepth == 1)
    }

    /// From a `reflect` that a main-queue block runs (the change of a dispatch made on another
    /// thread), no action is under way: a dispatch there is applied at once, so the state shows it
    /// when `dispatch` returns, and its change reaches the view after that `reflect` returns
    /// (docs/prex.md, "Reentrancy").
    @Test func aDispatchFromAReflectRunByTheMainQueueIsAppliedAtOnce() async {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        var readAfterDispatch: [Int] = []
        view.onReflect = { change in
            if change.new.count == 1 {
                presenter.dispatch(.increment)
                readAfterDispatch.append(presenter.state.count)
            }
        }
        onBackgroundThread { presenter.dispatch(.increment) }  // its change waits for the main queue
        #expect(view.changes.isEmpty)
        #expect(await eventuallyOnMain { view.counts == [1, 2] })
        #expect(readAfterDispatch == [2])
        #expect(view.maxDepth == 1)
    }

    @Test func reflectCalledFromReflectIsQueuedNotNested() {
        let view = RecordingView()
        let presenter = Presenter(view: view, state: TestState(), mutation: TestMutation())
        view.onReflect = { change in
            if change.old != nil {
                presenter.reflect()
            }
        }
        presenter.dispatch(.increment)
        #expect(view.changes.map(\.old?.count) == [0, nil])
        #expect(view.maxDepth == 1)
    }

    @Test func viewsAreNotifiedInRegistrationOrder() {
        let flux = makeFlux()
        let log = Log<Int>()
        let views = (0..<20).map { _ in RecordingView() }
        let presenters = views.enumerated().map { index, view in
            view.onReflect = { _ in log.append(index) }
            return Presenter(view: view, flux: flux)
        }
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == Array(0..<20))
        withExtendedLifetime(presenters) {}
    }

    @Test func presenterStateIsTheStoreState() {
        let view = RecordingView()
        let flux = makeFlux(TestState(count: 2))
        let presenter = Presenter(view: view, flux: flux)
        flux.dispatcher.dispatch(.increment)
        #expect(presenter.state == flux.store.state)
        #expect(presenter.state.count == 3)
    }

    @Test func deallocatedViewStopsReceiving() {
        let flux = makeFlux()
        var view: RecordingView? = RecordingView()
        weak let weakView = view
        let log = Log<Int>()
        view?.onReflect = { log.append($0.new.count) }
        let presenter = view.map { Presenter(view: $0, flux: flux) }
        flux.dispatcher.dispatch(.increment)
        view = nil
        // The presenter held the view weakly, so the view is gone and receives nothing more.
        #expect(weakView == nil)
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == [1])
        withExtendedLifetime(presenter) {}
    }

    @Test func deallocatedPresenterStopsReflecting() {
        let flux = makeFlux()
        let view = RecordingView()
        var presenter: Presenter<TestAction, TestState>? = Presenter(view: view, flux: flux)
        weak let weakPresenter = presenter
        flux.dispatcher.dispatch(.increment)
        presenter = nil
        #expect(weakPresenter == nil)
        flux.dispatcher.dispatch(.increment)
        #expect(view.counts == [1])
    }

    @Test func deallocatedPresenterDropsChangesWaitingForTheMainQueue() async {
        let flux = makeFlux()
        let view = RecordingView()
        var presenter: Presenter<TestAction, TestState>? = Presenter(view: view, flux: flux)
        onBackgroundThread {
            flux.dispatcher.dispatch(.increment)
        }
        presenter = nil
        await drainMainQueue()
        #expect(view.changes.isEmpty)
        withExtendedLifetime(presenter) {}
    }

    @Test func noRetainCycleAmongViewPresenterFluxAndStore() {
        var view: OwningView? = OwningView()
        weak let weakView = view
        weak let weakPresenter = view?.presenter
        weak let weakFlux = view?.presenter.flux
        weak let weakStore = view?.presenter.flux.store
        weak let weakDispatcher = view?.presenter.flux.dispatcher
        view?.presenter.dispatch(.increment)
        #expect(view?.counts == [1])
        view = nil
        #expect(weakView == nil)
        #expect(weakPresenter == nil)
        #expect(weakFlux == nil)
        #expect(weakStore == nil)
        #expect(weakDispatcher == nil)
    }

    @Test func sharedFluxOutlivesItsPresenters() {
        let flux = makeFlux()
        let view = RecordingView()
        do {
            let presenter = Presenter(view: view, flux: flux)
            presenter.dispatch(.increment)
        }
        flux.dispatcher.dispatch(.increment)
        #expect(flux.store.state.count == 2)
        #expect(view.counts == [1])
    }
}
