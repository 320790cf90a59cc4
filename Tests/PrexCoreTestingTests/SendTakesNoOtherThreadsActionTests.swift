import Foundation
import PrexCore
import PrexCoreTesting
import TestStoreSupport
import TestSupport
import Testing

/// An action another thread applies while a send waits for the flux's turn is not the send's own:
/// the send checks the state its own action produced, and the other action is left for `receive`.
@MainActor
@Suite struct SendTakesNoOtherThreadsActionTests {
    struct Counter: State, Equatable {
        var count = 0
    }

    enum CounterAction: Action, Equatable {
        case increment
        /// Holds the flux's turn until the test lets it go.
        case hold
    }

    struct HoldingMutation: Mutation {
        let entered: LockedBox<Bool>
        let released: LockedBox<Bool>

        func mutate(action: CounterAction, state: inout Counter) {
            switch action {
            case .increment:
                state.count += 1
            case .hold:
                entered.withLock { $0 = true }
                let deadline = Date().addingTimeInterval(10)
                while !released.withLock({ $0 }) && Date() < deadline {
                    usleep(1_000)
                }
                state.count += 100
            }
        }
    }

    /// Another thread dispatches `.hold`, whose mutation waits until the test lets it go; the send
    /// of `.increment` comes meanwhile, waits for the turn, and applies its action after `.hold`.
    /// The engine used to take `.hold` (the first action applied during the send) as the send's own.
    @Test(timeLimit(minutes: 1))
    func anActionAnotherThreadAppliedDuringASendIsLeftForReceive() async {
        // Whether the send begins before `hold` ends is a race the test can lose on a loaded
        // machine (the main thread kept from running for the 0.05 s `hold` waits): such an
        // attempt shows as `hold` received before the send, and the test tries again.
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
        return await FailureReporter.captureFailures {
            let test = TestStore(
                initialState: Counter(), mutation: HoldingMutation(entered: entered, released: released))
            let dispatcher = test.flux.dispatcher
            Thread { dispatcher.dispatch(.hold) }.start()
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
            // `.hold`'s thread holds the turn: this send waits, then applies `.increment` itself.
            await test.send(.increment) { $0.count = 101 }
            await test.receive(.hold) { $0.count = 100 }
            await test.finish()
        }
    }
}
