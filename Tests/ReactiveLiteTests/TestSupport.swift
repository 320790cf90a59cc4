import FlowKernel
import ReactiveLiteTestSupport
import TestSupport

@testable import ReactiveLite

/// Any object, to own scoped observations and bindings and to check deallocation.
final class Owner: Sendable {}

/// A `for await` loop over a stream in a task of its own: what it saw, and whether it ended.
final class ValuesLoop<Value: Sendable>: Sendable {
    let seen: Recorder<Value>
    private let finished: Counter
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<Value>) {
        let seen = Recorder<Value>()
        let finished = Counter()
        self.seen = seen
        self.finished = finished
        task = Task {
            for await value in stream {
                seen.append(value)
            }
            finished.increment()
        }
    }

    /// Waits up to `seconds` for the loop to end, then cancels it, so that a loop that would never
    /// end fails its test instead of hanging the suite; returns whether it ended by itself.
    func ends(within seconds: Double) async -> Bool {
        let ended = await eventually(within: seconds) { self.finished.value == 1 }
        task.cancel()
        return ended
    }
}
