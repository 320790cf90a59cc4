import FlowKernel
import TestSupport
import Testing

/// What a start gate does to the count a test clock waits on.
@Suite(timeLimit(minutes: 1)) struct StartGateTests {
    /// A task held at a closed gate does not count while it waits, counts again from the opening
    /// until it resumes, and is as counted as before once `wait` returns. The count used to include
    /// held tasks, so a test clock in one test waited (about a second, then gave up) for an effect
    /// another test store held back at its gate.
    @Test func aTaskHeldAtTheClosedGateIsNotCountedUntilTheGateOpens() async {
        let counter = AtomicCounter()
        let gate = StartGate()
        let passed = Shared(false)
        counter.add(1)  // as `EffectRegistry.start` counts a task it creates
        let task = Task {
            await gate.wait(countedIn: counter)
            #expect(counter.value == 1, "counted again once the gate opened")
            counter.add(-1)  // as the task does once it begins
            passed.withLock { $0 = true }
        }
        #expect(await eventually(within: 10) { counter.value == 0 }, "still counted while held")
        #expect(!passed.withLock { $0 })
        gate.open()
        await task.value
        #expect(passed.withLock { $0 })
        #expect(counter.value == 0)
    }

    /// A task that reaches a gate already open is not uncounted at all.
    @Test func aTaskAtAnOpenGateIsNotUncounted() async {
        let counter = AtomicCounter()
        let gate = StartGate()
        gate.open()
        counter.add(1)
        await gate.wait(countedIn: counter)
        #expect(counter.value == 1)
    }
}
