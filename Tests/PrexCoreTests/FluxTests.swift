import PrexCore
import TestSupport
import Testing

extension Flux where Action == TestAction, State == TestState {
    static let shared = Flux(state: TestState(), mutation: TestMutation())
}

enum SharedTestFlux {
    static let counter = Flux(state: TestState(count: 10), mutation: TestMutation())
}

@Suite struct FluxTests {
    @Test func wiresTheDispatcherToTheStoreThroughTheMutation() {
        let flux = Flux(state: TestState(count: 1), mutation: TestMutation())
        #expect(flux.store.state.count == 1)
        flux.dispatcher.dispatch(.increment)
        #expect(flux.store.state.count == 2)
    }

    @Test func canBeSharedAsAStaticLet() {
        #expect(Flux<TestAction, TestState>.shared === Flux<TestAction, TestState>.shared)
        #expect(SharedTestFlux.counter.store.state.count == 10)
    }

    @Test func releasesTheDispatcherAndTheStoreWithItself() {
        var flux: Flux<TestAction, TestState>? = makeFlux()
        weak let store = flux?.store
        weak let dispatcher = flux?.dispatcher
        let subscription = flux?.store.addListener { _ in }
        flux?.dispatcher.dispatch(.increment)
        flux = nil
        #expect(store == nil)
        #expect(dispatcher == nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func aDispatcherKeptAloneDoesNotKeepTheStoreAlive() {
        var flux: Flux<TestAction, TestState>? = makeFlux()
        weak let store = flux?.store
        let dispatcher = flux!.dispatcher
        flux = nil
        #expect(store == nil)
        // With the store gone an action reaches only the dispatcher's callbacks; nothing traps.
        let received = Recorder<TestAction>()
        let subscription = dispatcher.register(callback: received.observer)
        dispatcher.dispatch(.increment)
        #expect(received.values == [.increment])
        withExtendedLifetime(subscription) {}
    }

    @Test func aStoreKeptWithoutItsFluxKeepsReceivingActions() {
        var flux: Flux<TestAction, TestState>? = makeFlux()
        let store = flux!.store
        let dispatcher = flux!.dispatcher
        let changes = Recorder<Int>()
        let subscription = store.addListener { changes.append($0.new.count) }
        dispatcher.dispatch(.increment)
        // As in Prex, whose store, not its flux, decides whether actions reach it.
        flux = nil
        dispatcher.dispatch(.increment)
        #expect(store.state.count == 2)
        #expect(changes.values == [1, 2])
        withExtendedLifetime(subscription) {}
    }

    @Test func aStoreLeavingStopsItsDispatcherApplyingActionsToIt() {
        let counted = Recorder<TestAction>()
        var flux: Flux<TestAction, TestState>? = Flux(
            state: TestState(), mutation: RecordingMutation(recorder: counted))
        let dispatcher = flux!.dispatcher
        weak let store = flux?.store
        dispatcher.dispatch(.increment)
        flux = nil
        #expect(store == nil)
        dispatcher.dispatch(.increment)
        #expect(counted.values == [.increment])
    }
}

/// Records each action it applies, then applies it as `TestMutation` does.
private struct RecordingMutation: Mutation {
    let recorder: Recorder<TestAction>

    func mutate(action: TestAction, state: inout TestState) {
        recorder.append(action)
        TestMutation().mutate(action: action, state: &state)
    }
}
