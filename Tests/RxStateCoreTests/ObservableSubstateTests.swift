import Dispatch
import Observation
import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

private struct ProfileState: SubstateType, Equatable {
    var name = "Ada"
    var visits = 0
}

private enum ProfileAction: ActionType {
    case rename(String)
    case visit
}

/// The shared test store plus a profile substate.
private func makeProfileStore() -> Store {
    let store = makeStore()
    store.register(ProfileState.self, for: ProfileAction.self) { state, action in
        switch action {
        case .rename(let name): state.name = name
        case .visit: state.visits += 1
        }
    }
    store.dispatch(action: StoreAction.add(states: [ProfileState()]))
    return store
}

// Observation needs iOS 17 / macOS 14: each test checks (Swift Testing refuses `@available` on
// suites and tests).
@Suite @MainActor struct ObservableSubstateTests {
    @Test func theModelShowsThePlaceholderUntilTheSubstateIsAdded() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = Store()
        store.register(ProfileState.self, for: ProfileAction.self) { state, _ in state.visits += 1 }
        let model = ObservableSubstate(ProfileState.self, of: store, whenAbsent: ProfileState(name: "none"))
        let probe = ObservationProbe { model.name }
        #expect(model.name == "none")

        store.dispatch(action: StoreAction.add(states: [ProfileState()]))

        #expect(model.name == "Ada")
        #expect(probe.invalidations == 1)
    }

    /// After a `StoreAction.reset` the model keeps the last value it had (docs/swiftui.md): it
    /// neither falls back to the placeholder nor invalidates its views.
    @Test func afterAResetTheModelKeepsTheLastValueItHad() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = makeProfileStore()
        let model = ObservableSubstate(ProfileState.self, of: store, whenAbsent: ProfileState(name: "none"))
        store.dispatch(action: ProfileAction.rename("Grace"))
        #expect(model.name == "Grace")
        let probe = ObservationProbe { model.name }
        store.dispatch(action: StoreAction.reset)
        #expect(store.substate(ProfileState.self) == nil)
        #expect(model.name == "Grace")
        #expect(probe.invalidations == 0)
    }

    @Test func onlyChangesOfTheReadPropertyOfThisSubstateInvalidate() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = makeProfileStore()
        let model = ObservableSubstate(ProfileState.self, of: store, whenAbsent: ProfileState())
        let name = ObservationProbe { model.name }
        let visits = ObservationProbe { model.visits }
        let whole = ObservationProbe { model.substate }

        store.dispatch(action: CounterAction.increment)
        store.dispatch(action: TasksAction.add("other substate"))
        #expect(name.invalidations == 0)
        #expect(visits.invalidations == 0)
        #expect(whole.invalidations == 0)

        store.dispatch(action: ProfileAction.visit)
        #expect(name.invalidations == 0)
        #expect(visits.invalidations == 1)
        #expect(whole.invalidations == 1)

        store.dispatch(action: ProfileAction.rename("Ada"))
        #expect(name.invalidations == 0)
        #expect(whole.invalidations == 1)
    }

    @Test func actionsOnTheMainActorAreObservedOnceEachInOrderWithinTheDispatch() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = makeProfileStore()
        let model = ObservableSubstate(CounterState.self, of: store, whenAbsent: CounterState())
        let probe = ObservationProbe { model.count }

        for expected in 1...3 {
            store.dispatch(action: CounterAction.increment)
            #expect(probe.invalidations == expected)
            #expect(model.count == expected)
        }
        #expect(probe.reads == [0, 0, 1, 2])
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func actionsOnAnotherThreadReachTheMainActorInOrder() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = makeProfileStore()
        let model = ObservableSubstate(CounterState.self, of: store, whenAbsent: CounterState())
        let probe = ObservationProbe { model.count }

        await runOnThreads(1) { _ in
            for _ in 0..<50 {
                store.dispatch(action: CounterAction.increment)
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }

        #expect(model.count == 50)
        #expect(probe.invalidations == 50)
        #expect(probe.reads == [0] + Array(0..<50))
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func theModelIsReleasedWhileTheStoreLivesAndLeavesNoObserverBehind() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = makeProfileStore()
        let observersBefore = store.observerCount
        var model: ObservableSubstate<CounterState>? = ObservableSubstate(
            CounterState.self, of: store, whenAbsent: CounterState())
        weak let released = model
        #expect(store.observerCount == observersBefore + 1)

        model = nil

        #expect(released == nil)
        #expect(store.observerCount == observersBefore)
        store.dispatch(action: CounterAction.increment)
        #expect(store.substate(CounterState.self)?.count == 1)
    }
}
