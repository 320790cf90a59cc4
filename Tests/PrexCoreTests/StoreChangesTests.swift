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

    @Test func droppingTheStreamWithoutIteratingItRemovesTheListener() async {
        let flux = makeFlux()
        do {
            let stream = flux.store.changes()
            #expect(listenerCount(flux) == 1)
            withExtendedLifetime(stream) {}
        }
        #expect(await eventually { listenerCount(flux) == 0 })
    }

    /// With `.bufferingNewest(1)` a consumer that falls behind sees only the latest change; with
    /// the default buffer it sees every one, in order.
    @Test(arguments: [true, false])
    func aSlowConsumerSeesTheLatestChangeOrEveryOne(keepingTheNewestOnly: Bool) async {
        let flux = makeFlux()
        let stream = flux.store.changes(
            bufferingPolicy: keepingTheNewestOnly ? .bufferingNewest(1) : .unbounded)
        for _ in 0..<5 { flux.dispatcher.dispatch(.increment) }
        var seen: [Int] = []
        for await change in stream {
            seen.append(change.new.count)
            if change.new.count == 5 { break }
        }
        #expect(seen == (keepingTheNewestOnly ? [5] : [0, 1, 2, 3, 4, 5]))
    }
}
