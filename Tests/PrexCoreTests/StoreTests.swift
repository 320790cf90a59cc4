import Dispatch
import FlowKernel
import PrexCore
import TestSupport
import Testing

@Suite(timeLimit(minutes: 1)) struct StoreTests {
    @Test func listenersAreCalledInRegistrationOrder() {
        // The original keeps listeners in a dictionary and calls them in hash order.
        let flux = makeFlux()
        let log = Log<Int>()
        let subscriptions = (0..<100).map { index in
            flux.store.addListener { _ in log.append(index) }
        }
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == Array(0..<100))
        withExtendedLifetime(subscriptions) {}
    }

    @Test func removeListenerWithASubscriptionAsInPrex() {
        let flux = makeFlux()
        let log = Log<Int>()
        let subscription = flux.store.addListener(callback: { change in log.append(change.new.count) })
        flux.dispatcher.dispatch(.increment)
        flux.store.removeListener(with: subscription)
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == [1])
    }

    @Test func listenerReceivesTheOldAndNewStateOfItsAction() {
        let flux = makeFlux(TestState(count: 5))
        let log = Log<StateChange<TestState>>()
        let subscription = flux.store.addListener { log.append($0) }
        flux.dispatcher.dispatch(.increment)
        flux.dispatcher.dispatch(.setTitle("t"))
        #expect(
            log.values == [
                StateChange(new: TestState(count: 6), old: TestState(count: 5)),
                StateChange(new: TestState(count: 6, title: "t"), old: TestState(count: 6)),
            ]
        )
        withExtendedLifetime(subscription) {}
    }

    @Test func announcedChangesAreConsecutiveUnderConcurrentDispatch() async {
        // The state announced with an action is the one that action produced, even while other
        // threads dispatch: each change goes from n to n + 1 and the news run 1...4000 in order.
        let flux = makeFlux()
        let log = Log<StateChange<TestState>>()
        let subscription = flux.store.addListener { log.append($0) }
        await runOnThreads(4) { _ in
            for _ in 0..<1_000 {
                flux.dispatcher.dispatch(.increment)
            }
        }
        let changes = log.values
        #expect(changes.map(\.new.count) == Array(1...4_000))
        #expect(changes.allSatisfy { $0.old.map { $0.count + 1 } == $0.new.count })
        withExtendedLifetime(subscription) {}
    }

    @Test func listenerCanReadTheStoreWithoutDeadlock() {
        let flux = makeFlux()
        let log = Log<Int>()
        let subscription = flux.store.addListener { _ in log.append(flux.store.state.count) }
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == [1])
        withExtendedLifetime(subscription) {}
    }

    @Test func actionNobodyHandlesLeavesTheStateAsItWas() {
        let flux = makeFlux(TestState(count: 3))
        let log = Log<StateChange<TestState>>()
        let subscription = flux.store.addListener { log.append($0) }
        flux.dispatcher.dispatch(.noop)
        #expect(flux.store.state == TestState(count: 3))
        #expect(log.values.count == 1)
        #expect(log.values.first?.count == nil)
        withExtendedLifetime(subscription) {}
    }

    @Test func removeListenerStopsIt() {
        let flux = makeFlux()
        let log = Log<Int>()
        let subscription = flux.store.addListener { log.append($0.new.count) }
        flux.dispatcher.dispatch(.increment)
        flux.store.removeListener(subscription)
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == [1])
    }

    /// A listener that an earlier listener removes during a change is not called with that change:
    /// removal takes effect at once (Prex publishes to a copy of its handlers and still calls it,
    /// docs/prex.md, "Migrating from Prex 0.3.0").
    @Test func aListenerRemovedDuringAChangeIsNotCalledWithIt() {
        let flux = makeFlux()
        let first = Log<Int>()
        let second = Log<Int>()
        let victim = Locked<Subscription?>(nil)
        let remover = flux.store.addListener { change in
            first.append(change.new.count)
            if let subscription = victim.withLock({ $0 }) {
                flux.store.removeListener(with: subscription)
            }
        }
        let removed = flux.store.addListener { second.append($0.new.count) }
        flux.dispatcher.dispatch(.increment)
        #expect(second.values == [1])
        victim.withLock { $0 = removed }
        flux.dispatcher.dispatch(.increment)
        flux.dispatcher.dispatch(.increment)
        #expect(first.values == [1, 2, 3])
        #expect(second.values == [1])
        withExtendedLifetime((remover, removed)) {}
    }

    @Test func removingASubscriptionOfAnotherStoreDoesNothing() {
        let flux = makeFlux()
        let log = Log<Int>()
        let subscription = flux.store.addListener { log.append($0.new.count) }
        makeFlux().store.removeListener(subscription)
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == [1])
        // A misuse with no other trace: written to standard error in debug builds (contract.md).
        #expect(
            MisuseReporter.shared.hasReported("PrexCore.Store.removeListener") == MisuseReporter.isDebugBuild)
        withExtendedLifetime(subscription) {}
    }

    @Test func changesStartWithTheCurrentStateThenFollowEveryChange() async {
        let flux = makeFlux(TestState(count: 7))
        var iterator = flux.store.changes().makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == StateChange(new: TestState(count: 7), old: nil))
        flux.dispatcher.dispatch(.increment)
        flux.dispatcher.dispatch(.increment)
        #expect(await iterator.next()?.new.count == 8)
        #expect(await iterator.next() == StateChange(new: TestState(count: 9), old: TestState(count: 8)))
    }

    @Test func changesHaveNoGapAndNoDuplicateWhileAnotherThreadDispatches() async {
        let flux = makeFlux()
        let total = 2_000
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.signal()
            for _ in 0..<total {
                flux.dispatcher.dispatch(.increment)
            }
        }
        started.wait()
        var counts: [Int] = []
        for await change in flux.store.changes() {
            counts.append(change.new.count)
            if change.new.count == total {
                break
            }
        }
        let first = counts.first ?? -1
        #expect(counts == Array(first...total))
    }

    @Test func changesFinishWhenTheStoreIsDeallocated() async {
        var flux: Flux<TestAction, TestState>? = makeFlux()
        let stream = flux?.store.changes()
        flux?.dispatcher.dispatch(.increment)
        weak let store = flux?.store
        flux = nil
        #expect(store == nil)
        var counts: [Int] = []
        if let stream {
            for await change in stream {
                counts.append(change.new.count)
            }
        }
        #expect(counts == [0, 1])
    }

    /// A listener added while a change is delivered gets the later changes only, never the current
    /// one.
    @Test func aListenerAddedDuringAChangeGetsOnlyLaterChanges() {
        let flux = makeFlux()
        let log = Log<String>()
        let late = Locked<[Subscription]>([])
        let first = flux.store.addListener { change in
            log.append("first \(change.new.count)")
            late.withLock { subscriptions in
                guard subscriptions.isEmpty else { return }
                subscriptions.append(flux.store.addListener { log.append("late \($0.new.count)") })
            }
        }
        flux.dispatcher.dispatch(.increment)
        flux.dispatcher.dispatch(.increment)
        #expect(log.values == ["first 1", "first 2", "late 2"])
        withExtendedLifetime((first, late)) {}
    }
}
