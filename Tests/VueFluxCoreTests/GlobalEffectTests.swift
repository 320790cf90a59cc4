import Foundation
import TestSupport
import Testing

@testable import VueFluxCore

/// Effects started through `Store<State>.actions` (global dispatch): they reach no single store
/// (docs on `Actions.runEffect(id:fileID:line:_:)`). Each test has its own state type, so that
/// its global actions and effect ids never meet those of tests running in parallel.
@Suite(timeLimit(minutes: 1)) struct GlobalEffectTests {
    /// A global effect dispatches to every live store of the state type, and one store's
    /// deallocation does not cancel it.
    @Test func aGlobalEffectReachesEveryLiveStoreAndOutlivesOneOfThem() async {
        enum Tag {}
        let gone = TestState<Tag>(name: "gone")
        let kept = TestState<Tag>(name: "kept")
        var goneStore: Store<TestState<Tag>>? = Store(state: gone, mutations: .init(), executor: .immediate)
        let keptStore = Store(state: kept, mutations: .init(), executor: .immediate)
        let (go, letItGo) = AsyncStream<Void>.makeStream()
        let effect = Store<TestState<Tag>>.actions.runEffect { dispatch in
            await dispatch(.record("before"))
            for await _ in go { break }
            await dispatch(.record("after"))
        }
        #expect(await eventually { kept.journal.values == ["kept:before"] })
        #expect(gone.journal.values == ["gone:before"])
        goneStore = nil
        #expect(!effect.isCancelled, "a store's deallocation cancelled a global effect")
        letItGo.yield()
        #expect(await finishes(within: 10) { await effect.value })
        #expect(kept.journal.values == ["kept:before", "kept:after"])
        #expect(gone.journal.values == ["gone:before"])
        withExtendedLifetime((goneStore, keptStore)) {}
    }

    /// A global effect's id is matched among the global effects of its state type only: the same id
    /// under another state type, or on a store's own actions, is another effect.
    @Test func aGlobalEffectsIdIsMatchedAmongTheGlobalEffectsOfItsStateTypeOnly() async {
        enum Tag {}
        enum Other {}
        let store = Store(state: TestState<Tag>(), mutations: .init(), executor: .immediate)
        let sleeping: @Sendable (EffectDispatch<TestState<Tag>>) async throws -> Void = { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)  // ends by itself, never hangs
        }
        let global = Store<TestState<Tag>>.actions.runEffect(id: "load", sleeping)
        let other = Store<TestState<Other>>.actions.runEffect(id: "load") { _ in
            try await Task.sleep(nanoseconds: 20_000_000_000)
        }
        let own = store.actions.runEffect(id: "load", sleeping)
        #expect(!global.isCancelled && !other.isCancelled && !own.isCancelled)

        let replacement = Store<TestState<Tag>>.actions.runEffect(id: "load", sleeping)
        #expect(global.isCancelled, "the same id under the same state type did not replace it")
        #expect(!other.isCancelled && !own.isCancelled)

        Store<TestState<Tag>>.actions.cancelEffect(id: "load")
        #expect(replacement.isCancelled)
        #expect(!other.isCancelled && !own.isCancelled)

        Store<TestState<Other>>.actions.cancelEffect(id: "load")
        store.actions.cancelEffect(id: "load")
        #expect(other.isCancelled && own.isCancelled)
        for task in [global, other, own, replacement] { await task.value }
    }
}
