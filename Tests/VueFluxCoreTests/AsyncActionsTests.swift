import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import VueFluxCore

extension Actions {
    /// An asynchronous action creator: announces the search, awaits the side effect (a sleep of
    /// `delay`), and dispatches the result. `probe` hears how it ended even when the store is gone.
    func search<Tag>(
        _ query: String,
        takingNanoseconds delay: UInt64,
        probe: Recorder<String>
    ) async where State == TestState<Tag> {
        await withStoreLifetime {
            dispatch(action: .record("started \(query)"))
            do {
                try await Task.sleep(nanoseconds: delay)
                dispatch(action: .record("found \(query)"))
                probe.append("found")
            } catch {
                dispatch(action: .record("cancelled \(query)"))
                probe.append("cancelled")
            }
        }
    }
}

private let aMinute: UInt64 = 60_000_000_000

@Suite struct AsyncActionsTests {
    @Test func anAsyncActionCreatorAwaitsItsSideEffectAndDispatchesTheResult() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let probe = Recorder<String>()

        await store.actions.search("a", takingNanoseconds: 1_000_000, probe: probe)

        #expect(state.journal.values == ["s:started a", "s:found a"])
        #expect(probe.values == ["found"])
        #expect(store.core.trackedTaskCount == 0)
    }

    @Test func anAsyncActionCreatorIsCancelledWhenTheStoreGoesAway() async throws {
        let state = TestState<Local>()
        var store: LocalStore? = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = try #require(store?.actions)
        let probe = Recorder<String>()
        let started = Date()

        let search = Task { await actions.search("b", takingNanoseconds: aMinute, probe: probe) }
        #expect(await eventually { state.journal.values == ["s:started b"] })
        #expect(store?.core.trackedTaskCount == 1)
        store = nil
        await search.value

        #expect(probe.values == ["cancelled"])
        #expect(Date().timeIntervalSince(started) < 30)
        // The store is gone, so what the creator dispatched after the cancellation was dropped.
        #expect(state.journal.values == ["s:started b"])
    }

    @Test func anAsyncActionCreatorIsCancelledWithTheCallingTask() async {
        let state = TestState<Local>()
        let store = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let probe = Recorder<String>()
        let actions = store.actions

        let search = Task { await actions.search("c", takingNanoseconds: aMinute, probe: probe) }
        #expect(await eventually { state.journal.count == 1 })
        search.cancel()
        await search.value

        #expect(probe.values == ["cancelled"])
        #expect(state.journal.values == ["s:started c", "s:cancelled c"])
        #expect(store.core.trackedTaskCount == 0)
    }

    @Test func anAsyncActionCreatorStartedAfterTheStoreIsGoneRunsCancelled() async {
        let state = TestState<Local>()
        var store: LocalStore? = LocalStore(state: state, mutations: .init(), executor: .immediate)
        let actions = store?.actions
        store = nil
        let probe = Recorder<String>()

        await actions?.search("d", takingNanoseconds: aMinute, probe: probe)

        #expect(probe.values == ["cancelled"])
        #expect(state.journal.values.isEmpty)
    }

    @Test func anActionCreatorOnAGoneStoreSeesItsCancellationFromItsFirstLine() async {
        // Many at once, so that the pool may start a creator's task on another thread at once:
        // each must see the cancellation before its first line, not some time after.
        var store: LocalStore? = LocalStore(state: TestState(), mutations: .init(), executor: .immediate)
        let actions = store!.actions
        store = nil
        let startedUncancelled = Shared(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<1_500 {
                        await actions.withStoreLifetime {
                            if !Task.isCancelled { startedUncancelled.withLock { $0 += 1 } }
                        }
                    }
                }
            }
        }
        #expect(startedUncancelled.value == 0)
    }

    @Test func globalActionsRunAnAsyncActionCreatorInTheCallingTask() async {
        enum Tag {}
        let first = Store(state: TestState<Tag>(name: "1"), mutations: .init(), executor: .immediate)
        let second = Store(state: TestState<Tag>(name: "2"), mutations: .init(), executor: .immediate)
        let probe = Recorder<String>()

        await Store<TestState<Tag>>.actions.search("e", takingNanoseconds: 1_000_000, probe: probe)

        #expect(probe.values == ["found"])
        #expect(first.computed.state.journal.values == ["1:started e", "1:found e"])
        #expect(second.computed.state.journal.values == ["2:started e", "2:found e"])

        let cancelled = Task {
            await Store<TestState<Tag>>.actions.search("f", takingNanoseconds: aMinute, probe: probe)
        }
        cancelled.cancel()
        await cancelled.value
        #expect(probe.values == ["found", "cancelled"])
    }
}
