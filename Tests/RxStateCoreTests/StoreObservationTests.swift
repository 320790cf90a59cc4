import Dispatch
import Foundation
import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

@Suite struct StoreObservationTests {
    @Test func stateReplaysTheCurrentStateThenEveryAppliedAction() {
        let store = makeStore()
        store.dispatch(action: CounterAction.add(3))
        let counts = Recorder<Int>()
        store.state.observe { counts.append(count(in: $0)) }
        store.dispatch(action: CounterAction.increment)
        store.dispatch(action: TasksAction.add("a"))  // counter unchanged: still announced
        #expect(counts.values == [3, 4, 4])
    }

    @Test func currentStateLastActionStartsWithANilActionOnAFreshStore() {
        let store = Store()
        let seen = Recorder<Bool>()
        store.currentStateLastAction.observe { state, action in
            seen.append(state.isEmpty && action == nil)
        }
        #expect(seen.values == [true])
    }

    @Test func lastDispatchedActionReplaysThenFollows() {
        let store = makeStore()
        let actions = Recorder<String>()
        store.lastDispatchedAction.observe { action in
            actions.append(action.map { "\($0)" } ?? "nil")
        }
        store.dispatch(action: CounterAction.set(7))
        #expect(actions.values.count == 2)
        #expect(actions.values.first?.contains("add(states:") == true)
        #expect(actions.values.last == "set(7)")
    }

    @Test func observersSubscribedFromManyThreadsAtOnceAreAllRemovedWhenDisposed() {
        // Each subscription's token is made before its entry reaches the store's turn, so the
        // entries of threads subscribing at once may be attached out of token order (queued behind
        // a busy turn); each must still be found, and released, when disposed of.
        let store = makeStore()
        let stop = Shared(false)
        let finished = DispatchSemaphore(value: 0)
        let dispatcher = Thread {
            while !stop.value { store.dispatch(action: CounterAction.increment) }
            finished.signal()
        }
        dispatcher.start()
        let subscriptions = Shared<[any Disposable]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 {
                let subscription = store.state.observe { _ in }
                subscriptions.withLock { $0.append(subscription) }
            }
        }
        stop.value = true
        finished.wait()  // the dispatching thread's last turn attached everything queued
        #expect(store.observerCount == 4_000)
        for subscription in subscriptions.value {
            subscription.dispose()
        }
        #expect(store.observerCount == 0)
    }

    @Test func observersAreCalledInSubscriptionOrder() {
        let store = makeStore()
        let order = Recorder<String>()
        store.state.observe { _ in order.append("first") }
        store.currentStateLastAction.observe { _ in order.append("second") }
        store.substateSignal(CounterState.self).observe { _ in order.append("third") }
        #expect(order.values == ["first", "second", "third"])  // each replayed once, on subscription
        store.dispatch(action: CounterAction.increment)
        #expect(order.values == ["first", "second", "third", "first", "second", "third"])
    }

    @Test func substateSignalEmitsOnlyWhenThatSubstateChanges() {
        let store = makeStore()
        let counters = Recorder<Int>()
        store.substateSignal(CounterState.self).observe { counters.append($0.count) }
        store.dispatch(action: CounterAction.increment)
        store.dispatch(action: TasksAction.add("other substate"))
        store.dispatch(action: CounterAction.set(1))  // equal value
        store.dispatch(action: CounterAction.add(2))
        #expect(counters.values == [0, 1, 3])
    }

    @Test func substateSignalIsSilentWhileTheSubstateIsMissingAndEmitsWhenItIsAddedAgain() {
        let store = makeStore()
        let counters = Recorder<Int>()
        store.substateSignal(CounterState.self).observe { counters.append($0.count) }
        store.dispatch(action: StoreAction.reset)
        store.dispatch(action: StoreAction.add(states: [TasksState()]))
        #expect(counters.values == [0])
        store.dispatch(action: StoreAction.add(states: [CounterState()]))
        #expect(counters.values == [0, 0])
    }

    /// An observer looks where its substate was last time first: a substate that moved (a reset,
    /// then the substates added in another order) is found where it is now, and followed there.
    @Test func substateSignalFollowsASubstateThatMoved() {
        let store = makeStore()
        let tasks = Recorder<[String]>()
        store.substateSignal(TasksState.self).observe { tasks.append($0.tasks) }
        store.dispatch(action: TasksAction.add("a"))
        store.dispatch(action: StoreAction.reset)
        store.dispatch(action: StoreAction.add(states: [TasksState(tasks: ["b"]), CounterState()]))
        store.dispatch(action: TasksAction.add("c"))
        store.dispatch(action: CounterAction.increment)
        #expect(tasks.values == [[], ["a"], ["b"], ["b", "c"]])
    }

    @Test func eachAnnouncedStateIsTheOneItsActionProducedUnderReentrantDispatch() {
        let store = makeStore()
        let pairs = Recorder<String>()
        // An observer that dispatches: RxState paired states with the wrong action here.
        store.currentStateLastAction.observe { [weak store] state, action in
            guard case .set(let value)? = action as? CounterAction else { return }
            pairs.append("state \(count(in: state)) action \(value)")
            if value < 5 {
                store?.dispatch(action: CounterAction.set(value + 1))
                store?.dispatch(action: CounterAction.set(value + 10))
            }
        }
        store.dispatch(action: CounterAction.set(1))
        let values = pairs.values
        #expect(values.count > 5)
        for pair in values {
            let numbers = pair.split(separator: " ").compactMap { Int($0) }
            #expect(numbers[0] == numbers[1], "\(pair)")
        }
        // First in, first out: 1 queues 2 and 11; 2 queues 3 and 12; then 11 comes before 3.
        #expect(
            Array(values.prefix(4)) == [
                "state 1 action 1", "state 2 action 2", "state 11 action 11", "state 3 action 3",
            ])
    }

    @Test func subscribingWhileBusyReplaysTheStateAfterTheQueuedActions() {
        let store = makeStore()
        let late = Recorder<Int>()
        store.register(CounterState.self, for: CounterAction.self) { [weak store] _, action in
            guard action == .set(1), let store else { return }
            store.dispatch(action: CounterAction.set(2))
            // Subscribed from a reducer: the store is busy, so this is queued behind set(2).
            store.state.observe { late.append(count(in: $0)) }
            store.dispatch(action: CounterAction.set(3))
        }
        store.dispatch(action: CounterAction.set(1))
        #expect(late.values == [2, 3])
    }

    @Test func disposalStopsDeliveryAtOnceAndReleasesTheObserver() {
        let store = makeStore()
        let counts = Recorder<Int>()
        let subscription = store.state.observe { counts.append(count(in: $0)) }
        #expect(store.observerCount == 1)
        store.dispatch(action: CounterAction.increment)
        subscription.dispose()
        #expect(subscription.isDisposed)
        #expect(store.observerCount == 0)
        store.dispatch(action: CounterAction.increment)
        #expect(counts.values == [0, 1])
    }

    @Test func disposingASubscriptionStillQueuedReleasesItsObserverAtOnce() {
        // Subscribed from inside a delivery, the store busy: the subscription waits in the queue
        // until the delivery ends. Disposed of there, its closure must go at once.
        let store = makeStore()
        let released = Box<[Bool]>([])
        let called = Box(0)
        store.state.observe { [weak store] state in
            guard count(in: state) == 1, let store else { return }
            weak var weakCaptured: Captured?
            do {
                let captured = Captured()
                weakCaptured = captured
                let subscription = store.state.observe { _ in
                    withExtendedLifetime(captured) { called.value += 1 }
                }
                subscription.dispose()
            }
            released.value.append(weakCaptured == nil)
        }
        store.dispatch(action: CounterAction.increment)
        #expect(released.value == [true])
        #expect(called.value == 0)
        store.dispatch(action: CounterAction.increment)
        #expect(called.value == 0)
    }

    @Test func disposingAnotherObserverDuringADeliveryStopsItAtOnce() {
        let store = makeStore()
        let second = Recorder<Int>()
        let secondSubscription = Box<(any Disposable)?>(nil)
        store.state.observe { state in
            if count(in: state) == 1 { secondSubscription.value?.dispose() }
        }
        secondSubscription.value = store.state.observe { second.append(count(in: $0)) }
        store.dispatch(action: CounterAction.increment)
        #expect(second.values == [0])
    }

    /// A substate whose `==` stops at `gate` when it compares with 1 (what `substateSignal` calls
    /// after each action).
    struct Stopping: SubstateType, Equatable {
        var value = 0
        let gate: Gate

        static func == (lhs: Stopping, rhs: Stopping) -> Bool {
            if lhs.value == 1 { lhs.gate.pass() }
            return lhs.value == rhs.value
        }
    }

    enum Bump: ActionType { case bump }

    /// `substateSignal` runs user code (`==`) between the store's check of the observation and the
    /// observer, as `skipRepeats` does; a dispose that returns meanwhile still stops the observer
    /// (docs/reactivelite.md, "Disposal is immediate").
    @Test(timeLimit(minutes: 1))
    func aSubstateSignalObserverIsNotCalledOnceDisposeReturnedDuringItsComparison() async {
        let gate = Gate()
        let store = Store()
        store.register(Stopping.self, for: Bump.self) { state, _ in state.value += 1 }
        store.dispatch(action: StoreAction.add(states: [Stopping(gate: gate)]))
        let disposed = Shared(false)
        let calls = Shared(0)
        let callsAfterDisposal = Shared(0)
        let observation = store.substateSignal(Stopping.self).observe { _ in
            calls.value += 1
            if disposed.value { callsAfterDisposal.value += 1 }
        }
        #expect(calls.value == 1)
        let dispatched = Shared(false)
        Thread {
            store.dispatch(action: Bump.bump)
            dispatched.value = true
        }.start()
        // The dispatching thread is inside `==`: the store has checked the observation already.
        await gate.arrival()
        observation.dispose()
        disposed.value = true
        gate.release()
        #expect(await eventually { dispatched.value })
        #expect(callsAfterDisposal.value == 0)
        #expect(store.substate(Stopping.self)?.value == 1)
    }

    @Test func readingTheStateInsideAnObserverWorks() {
        let store = makeStore()
        let read = Recorder<Int>()
        store.state.observe { [weak store] _ in
            read.append(store?.substate(CounterState.self)?.count ?? -1)
        }
        store.dispatch(action: CounterAction.add(4))
        #expect(read.values == [0, 4])
    }

    @Test func stateAndSubstateStreamsAreAsyncSequences() async {
        let store = makeStore()
        var iterator = store.substateSignal(CounterState.self).values.makeAsyncIterator()
        var stateIterator = store.state.values.makeAsyncIterator()
        store.dispatch(action: CounterAction.increment)
        store.dispatch(action: CounterAction.increment)
        var counters: [Int] = []
        for _ in 0..<3 {
            if let value = await iterator.next() { counters.append(value.count) }
        }
        #expect(counters == [0, 1, 2])
        var states: [Int] = []
        for _ in 0..<3 {
            if let value = await stateIterator.next() { states.append(count(in: value)) }
        }
        #expect(states == [0, 1, 2])
    }

    // Polls on purpose: delivery through the real main queue is the point.
    @Test func observingOnTheMainThreadDeliversThereInOrder() async {
        let store = makeStore()
        let counts = Recorder<Int>()
        let offMain = Recorder<Int>()
        let scope = DisposableScope()
        scope += store.state.observe(on: .mainThread).observe { state in
            if !isOnMainQueue { offMain.append(count(in: state)) }
            counts.append(count(in: state))
        }
        DispatchQueue.global().async {
            for _ in 0..<100 { store.dispatch(action: CounterAction.increment) }
        }
        #expect(await eventually { counts.count == 101 })
        #expect(counts.values == Array(0...100))
        #expect(offMain.values.isEmpty)
    }

    @Test func aSignalOfADeallocatedStoreObservesNothing() {
        var store: Store? = makeStore()
        let signal = store?.state
        store = nil
        let seen = Recorder<Int>()
        let subscription = signal?.observe { seen.append(count(in: $0)) }
        #expect(seen.values.isEmpty)
        #expect(subscription != nil)
    }

    /// A read from another thread waits only for reducers, not for observers: while an observer
    /// of the new state is blocked on the dispatching thread, the read returns that state at once.
    @Test func aReadFromAnotherThreadDoesNotWaitForObservers() async {
        let store = makeStore()
        let gate = Gate()
        let observation = store.state.observe { state in
            if count(in: state) == 1 { gate.pass() }
        }
        Thread { store.dispatch(action: CounterAction.increment) }.start()
        await gate.arrival()  // the observer of the new state holds the dispatching thread
        let read = Box<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            read.value = store.substate(CounterState.self)?.count
            done.signal()
        }.start()
        let returned = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            Thread { continuation.resume(returning: done.wait(timeout: .now() + 10) == .success) }.start()
        }
        gate.release()
        #expect(returned, "the read waited for the observer")
        #expect(read.value == 1)
        observation.dispose()
    }
}

/// An object whose release a test watches through a weak reference.
private final class Captured: Sendable {}
