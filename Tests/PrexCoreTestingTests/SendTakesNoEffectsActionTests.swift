import PrexCore
import PrexCoreTesting
import TestStoreSupport
import Testing

@testable import FlowKernel

/// A send that only starts an effect, which dispatches at once: the effect's action may be applied
/// before the send checks anything, and it is still not the send's own.
@MainActor
@Suite struct SendTakesNoEffectsActionTests {
    /// Whether the effect's action comes before the send's check is a race; the old engine took it
    /// as the send's own in about half the runs, so 20 rounds fail it all but surely. The engine
    /// passes every round, whichever way the race goes.
    @Test func anEffectsActionAppliedDuringASendIsLeftForReceive() async {
        for _ in 0..<20 {
            let store = TestStore(initialState: CounterState(), mutation: CounterMutation())
            await store.send { presenter in
                presenter.runEffect { dispatch in await dispatch(.increment) }
            }
            await store.receive(.increment) { $0.count = 1 }
            await store.finish()
        }
    }

    /// The engine, driven by hand: an effect's action comes first and the send's own second. The
    /// send asserts its own (out of order); `receive` then takes the effect's, steps over the
    /// send's, and leaves the later state asserted, so nothing is left at the end.
    @Test func aSendsOwnActionAfterAnEffectsIsTakenOutOfOrderAndReceiveStepsOverIt() async {
        let state = LockedBox(0)
        let engine = TestStoreEngine<String, Int>(
            initialState: 0, isExhaustive: true, created: Self.site(),
            currentState: { state.withLock { $0 } },
            describe: { $0 })
        let effect = EffectRegistry.Running(serial: 0, id: nil, owner: nil, fileID: "F", line: 1)
        let failures = await FailureReporter.captureFailures {
            engine.send("send(own)", site: Self.site(), expectation: { $0 = 11 }) {
                EffectRegistry.$current.withValue(effect) {
                    state.withLock { $0 = 1 }
                    engine.log.append("effect", state: 1)
                }
                state.withLock { $0 = 11 }
                engine.log.append("own", state: 11)
            }
            await engine.receive(
                "receive(effect)", timeout: 1, site: Self.site(), matching: { $0 == "effect" },
                expectation: { $0 = 1 })
            #expect(engine.expectedState == 11, "the send's later state is the asserted one again")
            engine.finish(site: Self.site())
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    static func site(line: UInt = #line) -> CallSite {
        CallSite(fileID: #fileID, filePath: #filePath, line: line, column: 1)
    }
}
