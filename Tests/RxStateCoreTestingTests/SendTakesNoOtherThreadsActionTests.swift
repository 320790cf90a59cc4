import Foundation
import RxStateCore
import RxStateCoreTesting
import TestStoreSupport
import Testing

@testable import FlowKernel

/// An action another thread applies while a send waits for the store's turn is not the send's
/// own: the send checks the state its own action produced, and the other action is left for
/// `receive`.
@MainActor
@Suite struct SendTakesNoOtherThreadsActionTests {
    /// An action that holds the store's turn until it is let go.
    struct Hold: ActionType, Equatable {}

    /// Another thread dispatches `Hold`, whose reducer waits until the test lets it go; the send
    /// of `.increment` comes meanwhile, waits for the turn, and applies its action after `Hold`.
    /// The engine used to take `Hold` (the first action applied during the send) as the send's
    /// own: the send then checked 100 instead of 101 and `receive(Hold)` met `.increment`.
    @Test
    func anActionAnotherThreadAppliedDuringASendIsLeftForReceive() async {
        // Whether the send begins before `Hold` ends is a race the test can lose on a loaded
        // machine (the main thread kept from running for the 0.05 s `Hold` waits): such an
        // attempt shows as `Hold` received before the send, and the test tries again.
        let failures = await FailureReporter.firstDecidedAttempt(
            attempts: 10, undecided: { $0.message.contains("not asserted before this send") },
            { await attempt() })
        #expect(
            failures != nil, "in 10 attempts, the other thread's action always ended before the send began")
        #expect(failures?.isEmpty == true, "\(failures?.map(\.message) ?? [])")
    }

    /// One attempt: the failures it recorded.
    private func attempt() async -> [CapturedFailure] {
        let entered = LockedBox(false)
        let released = LockedBox(false)
        let store = makeCounterStore()
        store.register(CounterState.self, for: Hold.self) { state, _ in
            entered.withLock { $0 = true }
            let deadline = Date().addingTimeInterval(10)
            while !released.withLock({ $0 }) && Date() < deadline {
                usleep(1_000)
            }
            state.count += 100
        }
        return await FailureReporter.captureFailures {
            let test = TestStore(initialState: CounterState(), store: store)
            Thread { store.dispatch(action: Hold()) }.start()
            while !entered.withLock({ $0 }) {
                try? await Task.sleep(nanoseconds: 1_000_000)
            }
            // Let go once this send is on its way: it begins in the same main-actor job as the
            // signal, and then waits for the turn that `hold` keeps.
            let sending = DispatchSemaphore(value: 0)
            Thread {
                sending.wait()
                Thread.sleep(forTimeInterval: 0.05)
                released.withLock { $0 = true }
            }.start()
            sending.signal()
            // `Hold`'s thread holds the turn: this send waits, then applies `.increment` itself.
            await test.send(CounterAction.increment) { $0.count = 101 }
            await test.receive(Hold()) { $0.count = 100 }
            await test.finish()
        }
    }

    /// The engine, driven by hand: during a send another thread appends an action first, then the
    /// sending thread appends its own. The send asserts its own (out of order); `receive` takes
    /// the other thread's and steps over the send's.
    @Test func theEnginePrefersTheActionTheSendingThreadApplied() async {
        let engine = TestStoreEngine<String, Int>(
            initialState: 0, isExhaustive: true, created: Self.site(),
            currentState: { 11 }, describe: { $0 })
        let failures = await FailureReporter.captureFailures {
            engine.send("send(own)", site: Self.site(), expectation: { $0 = 11 }) {
                let done = DispatchSemaphore(value: 0)
                Thread {
                    engine.log.append("other", state: 10)
                    done.signal()
                }.start()
                _ = done.wait(timeout: .now() + 10)
                engine.log.append("own", state: 11)
            }
            await engine.receive(
                "receive(other)", timeout: 1, site: Self.site(), matching: { $0 == "other" },
                expectation: { $0 = 10 })
            #expect(engine.expectedState == 11, "the send's later state is the asserted one again")
            engine.finish(site: Self.site())
        }
        #expect(failures.isEmpty, "\(failures.map(\.message))")
    }

    static func site(line: UInt = #line) -> CallSite {
        CallSite(fileID: #fileID, filePath: #filePath, line: line, column: 1)
    }
}
