import Observation
import PrexCore
import TestSupport
import Testing

/// A state with a member that cannot be compared, so every change counts as a change of it.
private struct TaggedState: State {
    struct Tag: Sendable {
        var label: String
    }

    var tag = Tag(label: "a")
    var count = 0
}

private enum TaggedAction: Action {
    case increment
    case noop
}

private struct TaggedMutation: Mutation {
    func mutate(action: TaggedAction, state: inout TaggedState) {
        if case .increment = action {
            state.count += 1
        }
    }
}

/// A subclass, as Prex's presenters are subclassed, with the screen's intents as methods.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
private final class ObservableCounterPresenter: ObservablePresenter<TestAction, TestState> {
    init() {
        super.init(flux: makeFlux())
    }

    func countUp() {
        dispatch(.increment)
    }
}

// Observation needs iOS 17 / macOS 14: each test checks (Swift Testing refuses `@available` on
// suites and tests).
@Suite @MainActor struct ObservablePresenterTests {
    @Test func theViewShowsTheStoresStateFromTheStart() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let flux = makeFlux(TestState(count: 5, title: "t"))
        let presenter = ObservablePresenter(flux: flux)
        #expect(presenter.count == 5)
        #expect(presenter.title == "t")
        #expect(presenter.view.state == TestState(count: 5, title: "t"))
    }

    @Test func readingAPropertyIsInvalidatedOnlyByChangesOfThatProperty() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservablePresenter(flux: makeFlux())
        let count = ObservationProbe { presenter.count }
        let title = ObservationProbe { presenter.title }

        presenter.dispatch(.increment)
        #expect(count.invalidations == 1)
        #expect(title.invalidations == 0)

        presenter.dispatch(.setTitle("new"))
        #expect(count.invalidations == 1)
        #expect(title.invalidations == 1)
        #expect(title.reads == ["", ""])
        #expect(presenter.title == "new")
    }

    @Test func changesDispatchedOnTheMainActorAreObservedOnceEachInOrderWithinTheDispatch() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservableCounterPresenter()
        let probe = ObservationProbe { presenter.count }

        for expected in 1...3 {
            presenter.countUp()
            #expect(probe.invalidations == expected)
            #expect(presenter.count == expected)
        }
        #expect(probe.reads == [0, 0, 1, 2])
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func aReentrantDispatchIsObservedAfterTheOneThatCausedIt() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservablePresenter(flux: makeFlux())
        let probe = ObservationProbe { presenter.count }

        presenter.dispatch(.chain("first", then: [.increment]))

        #expect(probe.invalidations == 2)
        #expect(probe.reads == [0, 0, 1])
        #expect(presenter.count == 2)
    }

    @Test func changesDispatchedFromAnotherThreadReachTheMainActorInOrder() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservablePresenter(flux: makeFlux())
        let probe = ObservationProbe { presenter.count }
        let flux = presenter.flux

        await runOnThreads(1) { _ in
            for _ in 0..<50 {
                flux.dispatcher.dispatch(.increment)
            }
        }
        await drainMainQueue()

        #expect(presenter.count == 50)
        #expect(probe.invalidations == 50)
        #expect(probe.reads == [0] + Array(0..<50))
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func aChangeThatLeavesTheReadPropertiesEqualInvalidatesNothing() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservablePresenter(flux: makeFlux(TestState(title: "same")))
        let title = ObservationProbe { presenter.title }
        let whole = ObservationProbe { presenter.view.state }

        presenter.dispatch(.noop)
        presenter.dispatch(.setTitle("same"))
        presenter.reflect()
        #expect(title.invalidations == 0)
        #expect(whole.invalidations == 0)

        presenter.dispatch(.increment)
        #expect(title.invalidations == 0)
        #expect(whole.invalidations == 1)
    }

    @Test func aPropertyThatIsNotEquatableIsInvalidatedByEveryChange() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservablePresenter(state: TaggedState(), mutation: TaggedMutation())
        let tag = ObservationProbe { presenter.tag.label }
        let count = ObservationProbe { presenter.count }

        presenter.dispatch(.increment)
        #expect(tag.invalidations == 1)
        #expect(count.invalidations == 1)

        presenter.dispatch(.noop)
        #expect(tag.invalidations == 2)
        #expect(count.invalidations == 1)
    }

    @Test func anObservableViewWorksWithAPlainPresenter() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let flux = makeFlux()
        let view = ObservableView(state: flux.store.state)
        let presenter = Presenter(view: view, flux: flux)
        let probe = ObservationProbe { view.count }

        presenter.dispatch(.increment)

        #expect(view.count == 1)
        #expect(probe.invalidations == 1)
    }

    @Test func thePresenterAndItsViewAreReleasedWhileTheFluxLives() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let flux = makeFlux()
        var presenter: ObservablePresenter<TestAction, TestState>? = ObservablePresenter(flux: flux)
        weak let releasedPresenter = presenter
        weak let releasedView = presenter?.view
        presenter?.dispatch(.increment)
        #expect(presenter?.count == 1)

        presenter = nil

        #expect(releasedPresenter == nil)
        #expect(releasedView == nil)
        flux.dispatcher.dispatch(.increment)
        #expect(flux.store.state.count == 2)
    }

    @Test func aReleasedPresenterDropsTheChangesQueuedForItsView() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let flux = makeFlux()
        let view = ObservableView(state: flux.store.state)
        var presenter: Presenter<TestAction, TestState>? = Presenter(view: view, flux: flux)
        let probe = ObservationProbe { view.count }
        // Blocks the main queue, so the change is queued for it rather than delivered.
        onBackgroundThread {
            flux.dispatcher.dispatch(.increment)
        }
        #expect(probe.invalidations == 0)

        presenter = nil
        await drainMainQueue()

        #expect(presenter == nil)
        #expect(probe.invalidations == 0)
        #expect(view.count == 0)
    }
}

/// Equal when the ids are: `title` is not compared by the state's `==`.
private struct IdentifiedState: State, Equatable {
    var id = 1
    var title = "a"

    static func == (lhs: IdentifiedState, rhs: IdentifiedState) -> Bool { lhs.id == rhs.id }
}

private enum RenameAction: Action {
    case rename(String)
}

private struct RenameMutation: Mutation {
    func mutate(action: RenameAction, state: inout IdentifiedState) {
        if case .rename(let title) = action {
            state.title = title
        }
    }
}

@Suite @MainActor struct ObservablePresenterCustomEqualityTests {
    /// The state's own `==` decides for readers of the whole state only: a renamed state is shown,
    /// and the reader of the name told, even when `==` compares ids alone.
    @Test func aMemberThatDiffersIsShownEvenWhenTheWholeComparesEqual() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let presenter = ObservablePresenter(state: IdentifiedState(), mutation: RenameMutation())
        let title = ObservationProbe { presenter.title }
        presenter.dispatch(.rename("b"))
        #expect(presenter.title == "b", "the view does not show the state after the change")
        #expect(title.invalidations == 1, "the reader of `title` was not told that it changed")
    }
}
