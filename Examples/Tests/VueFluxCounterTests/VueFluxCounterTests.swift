import CounterServer
import ReactiveLite
import Testing
import VueFluxCore

@testable import VueFluxCounter

@Suite struct VueFluxCounterTests {
    @Test func mutationsAndComputedPropertiesWorkWithoutAStore() {
        // snippet: vueflux-testing-state
        let state = CounterState()
        CounterMutations().commit(action: .loaded(42), state: state)
        let computed = Computed(state: state)
        #expect(computed.count.value == 42)
        #expect(!computed.isLoading.value)
        // snippet-end: vueflux-testing-state
    }

    @Test func anAsyncActionCreatorIsAwaited() async {
        // snippet: vueflux-testing-effect
        // `.immediate`: a dispatch to an idle store is committed before it returns.
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)
        await store.actions.load(from: CounterServer(savedCount: 7, milliseconds: 0))
        #expect(store.computed.count.value == 7)  // it returns when its body has finished
        // snippet-end: vueflux-testing-effect
    }

    @Test func cancellingTheCallingTaskCancelsTheLoad() async {
        // snippet: vueflux-testing-cancellation
        let server = CounterServer(savedCount: 7, milliseconds: 60_000)
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)
        let load = Task { await store.actions.load(from: server) }
        load.cancel()
        await load.value  // returns at once, not after a minute
        #expect(await server.cancelledRequests == 1)
        #expect(store.computed.count.value == 0)
        // snippet-end: vueflux-testing-cancellation
    }

    @Test func aLoadWhoseStoreIsGoneIsCancelled() async {
        let server = CounterServer(savedCount: 7, milliseconds: 60_000)
        var store: Store<CounterState>? = Store(state: .init(), mutations: .init(), executor: .immediate)
        let actions = store!.actions
        store = nil
        await actions.load(from: server)  // runs cancelled: the store is gone
        #expect(await server.cancelledRequests == 1)
    }
}
