import Dispatch
import Testing
import VueFluxCore

// This file imports VueFluxCore alone, as a file that imported only VueFlux did: VueFlux's own
// module declares `Executor`, and it must resolve here to the executor, not to Swift's `Executor`
// protocol (the file would not compile otherwise).

@Suite struct ImportTests {
    @Test func importingVueFluxCoreAloneGivesTheExecutorAndTheReactiveTypes() {
        let ran = Variable(false)
        Executor.immediate.execute { ran.value = true }
        #expect(ran.value)
        let item = Executor.WorkItem<Int> { _ in }
        item.cancel()
        #expect(item.isCanceled)
        let variable = Variable(1)
        let constant: Constant<Int> = variable.constant
        #expect(constant.value == 1)
    }
}
