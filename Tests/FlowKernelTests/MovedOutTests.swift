import Dispatch
import TestSupport
import Testing

@testable import FlowKernel

/// A value with a state that can be moved out: `state` holds `-1` (the placeholder) meanwhile.
private struct Holder: MovesStateOut, Sendable {
    var state = 0
    var movedOut = MovedOut()
}

@Suite struct MovedOutTests {
    private func moveOut(_ holder: Locked<Holder>) -> Int {
        holder.withLock { value in
            value.moveOut(gates: holder, gate: 1)
            defer { value.state = -1 }
            return value.state
        }
    }

    private func putBack(_ holder: Locked<Holder>, _ state: Int) -> Int {
        let refused = holder.withLock { value in
            value.state = state
            return value.putBack()
        }
        holder.releaseGate(1)
        return refused
    }

    @Test func aReaderOnAnotherThreadWaitsUntilTheStateIsBack() {
        // Synchronous, on this thread: the gate is an error-checking lock, released by its holder.
        let holder = Locked(Holder(state: 1), gates: 1)
        let state = moveOut(holder)
        let read = Recorder<Int?>()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue(label: "reader").async {
            read.append(holder.readInPlace(gate: 1, policy: .refuse) { $0.state })
            done.signal()
        }
        // Long enough for the reader to reach the gate; it must still be waiting.
        #expect(done.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        #expect(read.values.isEmpty)
        #expect(putBack(holder, state + 1) == 0)
        done.wait()
        #expect(read.values == [2])
    }

    @Test func aReadFromInsideAReducerIsAnsweredAtOnceByThePolicy() {
        let holder = Locked(Holder(state: 7), gates: 1)
        let state = moveOut(holder)
        ReducingThreads.enter()
        let placeholder = holder.readInPlace(gate: 1, policy: .readPlaceholder) { $0.state }
        let refused = holder.readInPlace(gate: 1, policy: .refuse) { $0.state }
        ReducingThreads.leave()
        // The mover's own thread is never made to wait either.
        let mover = holder.readInPlace(gate: 1, policy: .refuse) { $0.state }
        #expect(placeholder == -1)
        #expect(refused == nil)
        #expect(mover == nil)
        #expect(putBack(holder, state) == 2, "both refused reads are counted, once")
        #expect(holder.readInPlace(gate: 1, policy: .refuse) { $0.state } == 7)
    }
}
