import Dispatch
import Observation
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

private struct Profile: Equatable, Sendable {
    var name = "Ada"
    var visits = 0
}

private enum ProfileAction: Sendable {
    case rename(String)
    case visit
    case noop
}

private final class ProfileState: State {
    typealias Action = ProfileAction
    typealias Mutations = ProfileMutations

    fileprivate let profile = Variable(Profile())
    fileprivate let count = Variable(0)
}

private struct ProfileMutations: Mutations {
    func commit(action: ProfileAction, state: ProfileState) {
        switch action {
        case .rename(let name):
            state.profile.value.name = name
        case .visit:
            state.profile.value.visits += 1
            state.count.value += 1
        case .noop:
            break
        }
    }
}

extension Computed where State == ProfileState {
    fileprivate var profile: Constant<Profile> {
        state.profile.constant
    }

    fileprivate var count: Constant<Int> {
        state.count.constant
    }
}

private func makeProfileStore() -> Store<ProfileState> {
    Store(state: ProfileState(), mutations: ProfileMutations(), executor: .immediate)
}

// Observation needs iOS 17 / macOS 14: each test checks (Swift Testing refuses `@available` on
// suites and tests).
@Suite @MainActor struct ObservableStoreTests {
    @Test func aComputedConstantIsReadableAndFollowsTheStore() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = ObservableStore(makeProfileStore())
        #expect(store.count.value == 0)
        #expect(store.profile.name == "Ada")

        store.actions.dispatch(action: .visit)

        #expect(store.count.value == 1)
        #expect(store.profile.visits == 1)
        #expect(store.count === store.count)
    }

    @Test func readingAComputedMemberIsInvalidatedOnlyByChangesOfThatMember() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = ObservableStore(makeProfileStore())
        let name = ObservationProbe { store.profile.name }
        let visits = ObservationProbe { store.profile.visits }
        let count = ObservationProbe { store.count.value }

        store.actions.dispatch(action: .rename("Grace"))
        #expect(name.invalidations == 1)
        #expect(visits.invalidations == 0)
        #expect(count.invalidations == 0)

        store.actions.dispatch(action: .visit)
        #expect(name.invalidations == 1)
        #expect(visits.invalidations == 1)
        #expect(count.invalidations == 1)
    }

    @Test func commitsOnTheMainActorAreObservedOnceEachInOrderWithinTheDispatch() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = ObservableStore(makeProfileStore())
        let probe = ObservationProbe { store.count.value }

        for expected in 1...3 {
            store.actions.dispatch(action: .visit)
            #expect(probe.invalidations == expected)
            #expect(store.count.value == expected)
        }
        #expect(probe.reads == [0, 0, 1, 2])
        #expect(probe.offMainInvalidations.value == 0)
    }

    /// A store on `.queue` commits on its queue even when dispatched on the main actor, so the
    /// model does not change before `dispatch` returns; the change reaches it through the main
    /// queue, on the main actor (docs/swiftui.md, "Main actor, dispatch order").
    @Test func aQueueStoresCommitReachesTheModelThroughTheMainQueue() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let queue = DispatchQueue(label: "ObservableStoreTests.queue")
        let store = ObservableStore(
            Store(state: ProfileState(), mutations: ProfileMutations(), executor: .queue(queue)))
        let probe = ObservationProbe { store.count.value }
        queue.suspend()  // the commit waits until the dispatch has returned
        store.actions.dispatch(action: .visit)
        #expect(probe.invalidations == 0)
        #expect(store.count.value == 0)
        queue.resume()
        #expect(await eventuallyOnMain { store.count.value == 1 })
        #expect(probe.invalidations == 1)
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func commitsOnAnotherThreadReachTheMainActorInOrder() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = ObservableStore(makeProfileStore())
        let probe = ObservationProbe { store.count.value }
        let actions = store.actions

        await runOnThreads(1) { _ in
            for _ in 0..<50 {
                actions.dispatch(action: .visit)
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }

        #expect(store.count.value == 50)
        #expect(probe.invalidations == 50)
        #expect(probe.reads == [0] + Array(0..<50))
        #expect(probe.offMainInvalidations.value == 0)
    }

    @Test func aCommitThatLeavesTheReadValuesEqualInvalidatesNothing() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = ObservableStore(makeProfileStore())
        let name = ObservationProbe { store.profile.name }
        let whole = ObservationProbe { store.profile.value }

        store.actions.dispatch(action: .noop)
        store.actions.dispatch(action: .rename("Ada"))

        #expect(name.invalidations == 0)
        #expect(whole.invalidations == 0)
    }

    @Test func theModelIsReleasedWhileTheStoreLivesAndReleasesAStoreOnlyItHeld() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let kept = makeProfileStore()
        var model: ObservableStore<ProfileState>? = ObservableStore(kept)
        weak let releasedModel = model
        weak let releasedValue = model?.count
        model = nil
        #expect(releasedModel == nil)
        #expect(releasedValue == nil)
        kept.actions.dispatch(action: .visit)
        #expect(kept.computed.count.value == 1)

        var owning: ObservableStore<ProfileState>? = ObservableStore(makeProfileStore())
        weak let releasedStore = owning?.store
        _ = owning?.count.value
        owning = nil
        #expect(releasedStore == nil)
    }

    /// A value model is its own observation: one that a subview still holds keeps following the
    /// store after the `ObservableStore` that made it goes.
    @Test func aValueModelHeldElsewhereKeepsFollowingTheStoreAfterTheModelGoes() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let kept = makeProfileStore()
        var model: ObservableStore<ProfileState>? = ObservableStore(kept)
        weak let releasedModel = model
        let count = model?.count
        model = nil
        #expect(releasedModel == nil)
        kept.actions.dispatch(action: .visit)
        #expect(count?.value == 1)
    }
}

/// Equal when the ids are: `title` is not compared by the item's `==`.
private struct IdentifiedItem: Equatable, Sendable {
    var id = 1
    var title = "a"

    static func == (lhs: IdentifiedItem, rhs: IdentifiedItem) -> Bool { lhs.id == rhs.id }
}

private final class ItemState: State {
    typealias Action = String
    typealias Mutations = ItemMutations

    fileprivate let item = Variable(IdentifiedItem())
}

private struct ItemMutations: Mutations {
    func commit(action: String, state: ItemState) {
        state.item.value.title = action
    }
}

extension Computed where State == ItemState {
    fileprivate var item: Constant<IdentifiedItem> {
        state.item.constant
    }
}

@Suite @MainActor struct ObservableStoreCustomEqualityTests {
    /// A computed value's own `==` decides for readers of the whole value only: a renamed item is
    /// shown, and the reader of the name told, even when `==` compares ids alone.
    @Test func aMemberThatDiffersIsShownEvenWhenTheWholeComparesEqual() {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = ObservableStore(
            Store<ItemState>(state: ItemState(), mutations: ItemMutations(), executor: .immediate))
        let title = ObservationProbe { store.item.title }
        store.actions.dispatch(action: "b")
        #expect(store.item.title == "b", "the model does not hold the committed value")
        #expect(title.invalidations == 1, "the reader of `title` was not told that it changed")
    }
}
