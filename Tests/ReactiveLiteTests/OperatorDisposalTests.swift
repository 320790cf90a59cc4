import Foundation
import ReactiveLite
import TestSupport
import Testing

/// Disposal behind an operator: the operator's own closure (a transform, a predicate, `==`) runs
/// between the source's check of the observation and the observer. A dispose that returns while
/// that closure runs must still stop the observer.
@Suite struct OperatorDisposalTests {
    /// A value whose `==` stops at `gate` when it compares with 1 (what `skipRepeats` calls).
    struct Stopping: Equatable, Sendable {
        let value: Int
        let gate: Gate

        static func == (lhs: Stopping, rhs: Stopping) -> Bool {
            if rhs.value == 1 { rhs.gate.pass() }
            return lhs.value == rhs.value
        }
    }

    /// The three operators, each observed directly, with a closure that stops at `gate` for 1.
    enum Operator: String, CaseIterable, Sendable {
        case map, filter, skipRepeats

        func observe(
            _ signal: Signal<Int>, gate: Gate, _ observer: @escaping @Sendable () -> Void
        ) -> any Disposable {
            switch self {
            case .map:
                return signal.map { value in
                    if value == 1 { gate.pass() }
                    return value
                }.observe { _ in observer() }
            case .filter:
                return signal.filter { value in
                    if value == 1 { gate.pass() }
                    return true
                }.observe { _ in observer() }
            case .skipRepeats:
                // The 0 sent first is compared with nothing; the 1 is compared with the 0.
                return signal.map { Stopping(value: $0, gate: gate) }.skipRepeats().observe { _ in observer()
                }
            }
        }
    }

    @Test(timeLimit(minutes: 1), arguments: Operator.allCases)
    func anObserverBehindAnOperatorIsNotCalledOnceDisposeReturned(_ operation: Operator) async {
        let sink = Sink<Int>()
        let gate = Gate()
        let disposed = Shared(false)
        let calls = Shared(0)
        let callsAfterDisposal = Shared(0)
        let observation = operation.observe(sink.signal, gate: gate) {
            calls.value += 1
            if disposed.value { callsAfterDisposal.value += 1 }
        }
        sink.send(value: 0)
        #expect(calls.value == 1)
        let sent = Shared(false)
        let sender = Thread {
            sink.send(value: 1)
            sent.value = true
        }
        sender.start()
        // The sender is inside the operator's closure: the source has already checked the
        // observation, and the observer has not been called.
        await gate.arrival()
        observation.dispose()
        disposed.value = true
        gate.release()
        #expect(await eventually { sent.value })
        #expect(callsAfterDisposal.value == 0)
    }
}
