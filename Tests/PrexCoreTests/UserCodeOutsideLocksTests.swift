import PrexCore
import TestSupport
import Testing

/// An action carrying an object whose deinit dispatches to the same flux.
private typealias Payload = Tripwire

private struct PayloadState: State {
    var count = 0
}

private enum PayloadAction: Action {
    case carry(Payload)
    case increment
}

private struct PayloadMutation: Mutation {
    func mutate(action: PayloadAction, state: inout PayloadState) {
        if case .increment = action {
            state.count += 1
        }
    }
}

/// No user code runs under a PrexCore lock, not even the deinit of an action the queue drops.
@Suite struct UserCodeOutsideLocksTests {
    @Test func anActionWhosePayloadDispatchesOnDeinitDoesNotDeadlock() async {
        // A deadlock hangs forever; the bound only has to outlast a congested parallel run (CI saw
        // trivial tests wait 10 to 12 s for a thread).
        let finished = await finishes(within: 60) {
            let flux = Flux(state: PayloadState(), mutation: PayloadMutation())
            let dispatcher = flux.dispatcher
            let listener = flux.store.addListener { change in
                // Queue several actions behind the current one, the first carrying the payload.
                if change.old?.count == 0 && change.new.count == 1 {
                    dispatcher.dispatch(.carry(Payload { dispatcher.dispatch(.increment) }))
                    dispatcher.dispatch(.increment)
                    dispatcher.dispatch(.increment)
                }
            }
            dispatcher.dispatch(.increment)
            #expect(flux.store.state.count == 4)
            listener.cancel()
        }
        #expect(finished)
    }
}
