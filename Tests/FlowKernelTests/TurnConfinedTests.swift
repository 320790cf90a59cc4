import TestSupport
import Testing

@testable import FlowKernel

/// The box an observer keeps its state in between deliveries (RxStateCore's `substateSignal`).
@Suite struct TurnConfinedTests {
    @Test func copiesShareTheValueAndAWriteReplacesIt() {
        let box = TurnConfined((last: 1, hint: 0))
        let copy = box
        copy.value = (2, 5)
        #expect(box.value.last == 2)
        #expect(box.value.hint == 5)
    }

    /// The value is the storage's header: replaced values and the last one are released, not
    /// leaked (`ManagedBuffer` destroys its header on deinit, not its elements).
    @Test func replacedValuesAndTheLastOneAreReleased() {
        let released = Shared(0)
        var box: TurnConfined<Tripwire?>? = TurnConfined(Tripwire { released.value += 1 })
        box?.value = Tripwire { released.value += 1 }
        #expect(released.value == 1)
        box = nil
        #expect(released.value == 2)
    }
}
