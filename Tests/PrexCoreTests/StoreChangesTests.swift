import TestSupport
import Testing

@testable import PrexCore

/// `Store.changes()` removes the listener it adds once the iteration stops, by cancellation or by
/// leaving the loop (docs/prex.md).
@Suite(timeLimit(minutes: 1)) struct StoreChangesTests {
    private func listenerCount(_ flux: Flux<TestAction, TestState>) -> Int {
        flux.store.storage.withLock { $0.listeners.count }
    }

    @Test func cancellingTheIteratingTaskRemovesTheListener() async {
        let flux = makeFlux()
        let showing = Task {
            for await _ in flux.store.changes() {}
        }
        while listenerCount(flux) == 0 { await Task.yield() }
        #expect(listenerCount(flux) == 1)
        showing.cancel()
        await showing.value
        #expect(listenerCount(flux) == 0)
    }

    @Test func leavingTheLoopRemovesTheListener() async {
        let flux = makeFlux()
        for await _ in flux.store.changes() {
            #expect(listenerCount(flux) == 1)
            break
        }
        #expect(listenerCount(flux) == 0)
    }
}
