import Dispatch
import Foundation
import TestSupport
import Testing

@testable import FlowKernel

/// A value whose deinit runs code: it calls back into the source that dropped it.
final class Tripwire: Sendable {
    let onDeinit: @Sendable () -> Void

    init(onDeinit: @escaping @Sendable () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}

/// A minimal source on the kernel: work items are closures told which thread applies them.
final class Source: Sendable {
    struct Item: Sendable {
        let producer: UInt
        let payload: Tripwire?
        let body: @Sendable (_ appliedOn: UInt) -> Void
    }

    struct State: TurnHolding, Sendable {
        var turn = Turn<Item>()
        var applied = 0
    }

    let state = Locked(State(), gates: 1)

    func send(
        mayWait: Bool = true,
        payload: Tripwire? = nil,
        _ body: @escaping @Sendable (_ appliedOn: UInt) -> Void = { _ in }
    ) {
        let item = Item(producer: currentThreadIdentity(), payload: payload, body: body)
        let deferred = state.serialize(
            mayWait: mayWait,
            arrive: { _ in item },
            prepare: Self.prepare,
            perform: Self.perform
        )
        if let deferred {
            Turn<Item>.deferUntilOutermostTurnEnds { [state] in
                state.resume(deferred, prepare: Self.prepare, perform: Self.perform)
            }
        }
    }

    /// Sends through the direct path: applied without becoming an item when the turn is free and
    /// `direct` is true; as an item otherwise. `directly` counts the direct applications.
    func sendDirect(
        direct: Bool = true,
        directly: Counter? = nil,
        _ body: @escaping @Sendable (_ appliedOn: UInt) -> Void = { _ in }
    ) {
        let item = Item(producer: currentThreadIdentity(), payload: nil, body: body)
        let deferred = state.serialize(
            take: { state -> Int? in
                guard direct else { return nil }
                state.applied += 1
                return state.applied
            },
            performTaken: { _ in
                directly?.increment()
                body(currentThreadIdentity())
            },
            work: { item },
            prepare: Self.prepare,
            perform: Self.perform
        )
        if let deferred {
            Turn<Item>.deferUntilOutermostTurnEnds { [state] in
                state.resume(deferred, prepare: Self.prepare, perform: Self.perform)
            }
        }
    }

    func sendSuspending(_ body: @escaping @Sendable (_ appliedOn: UInt) -> Void = { _ in }) async {
        let item = Item(producer: currentThreadIdentity(), payload: nil, body: body)
        let deferred = await state.serializeSuspending(
            arrive: { _ in item }, prepare: Self.prepare, perform: Self.perform)
        #expect(deferred == nil, "a task inside no turn is never deferred")
    }

    static func prepare(_ state: inout State, _ item: Item) -> Int {
        state.applied += 1
        return state.turn.queuedCount
    }

    static func perform(_ item: Item, _ queued: inout Int) {
        item.body(currentThreadIdentity())
    }

    var applied: Int { state.withLock { $0.applied } }
    var isIdle: Bool { state.withLock { !$0.turn.isTaken && $0.turn.queuedCount == 0 } }
}

/// Counts with no lock of its own: only ever touched from inside one source's turn, so the turn
/// alone must order the accesses (the thread sanitizer checks it).
final class TurnGuarded: @unchecked Sendable {
    var count = 0
    var isInside = false
    var overlaps = 0

    /// Counts one application, and an overlap if another one is under way.
    func countOnce() {
        if isInside { overlaps += 1 }
        isInside = true
        count += 1
        isInside = false
    }
}

@Suite struct TurnTests {
    @Test func manyThreadsApplyEveryItemExactlyOnceAndNeverTwoAtATime() async {
        let source = Source()
        let guarded = TurnGuarded()
        await runOnThreads(8) { _ in
            for _ in 0..<2_000 {
                source.send { _ in guarded.countOnce() }
            }
        }
        #expect(source.state.withLock { _ in guarded.count } == 16_000)
        #expect(source.state.withLock { _ in guarded.overlaps } == 0)
        #expect(source.isIdle)
    }

    @Test func theDirectPathAppliesEveryCallExactlyOnceAndNeverTwoAtATime() async {
        let source = Source()
        let guarded = TurnGuarded()
        let directly = Counter()
        await runOnThreads(8) { thread in
            for index in 0..<2_000 {
                let body: @Sendable (UInt) -> Void = { _ in guarded.countOnce() }
                // Direct, refused (applied as an item) and plain items, mixed.
                switch (thread + index) % 3 {
                case 0: source.sendDirect(directly: directly, body)
                case 1: source.sendDirect(direct: false, body)
                default: source.send(body)
                }
            }
        }
        #expect(source.state.withLock { _ in guarded.count } == 16_000)
        #expect(source.state.withLock { _ in guarded.overlaps } == 0)
        #expect(source.applied == 16_000)
        #expect(directly.value > 0)
        #expect(source.isIdle)
    }

    @Test func aDirectCallInsideATurnIsQueuedInOrderLikeAnyItem() {
        let source = Source()
        let order = Recorder<String>()
        let directly = Counter()
        source.sendDirect(directly: directly) { _ in
            order.append("a")
            source.sendDirect(directly: directly) { _ in
                order.append("c")
                source.send { _ in order.append("e") }
            }
            source.sendDirect(direct: false) { _ in order.append("d") }
            order.append("b")
        }
        #expect(order.values == ["a", "b", "c", "d", "e"])
        // Only the outermost call found the turn free; the reentrant ones were queued items.
        #expect(directly.value == 1)
        #expect(source.isIdle)
    }

    @Test func aDirectCallForwardedFromAnotherSourcesTurnTakesTheFreeTurnDirectly() {
        let forwarder = Source()
        let source = Source()
        let order = Recorder<String>()
        let directly = Counter()
        forwarder.send { _ in
            order.append("a")
            // This source's turn is free: taken nested, the work applied at once, with no item.
            source.sendDirect(directly: directly) { _ in order.append("b") }
            // Refused by `take`: applied at once too, as an item.
            source.sendDirect(direct: false) { _ in order.append("c") }
            order.append("d")
        }
        #expect(order.values == ["a", "b", "c", "d"])
        #expect(directly.value == 1)
        #expect(source.applied == 2)
        #expect(source.isIdle)
        #expect(forwarder.isIdle)
    }

    @Test func directCallsForwardedFromManyThreadsApplyEveryCallExactlyOnceAndNeverTwoAtATime() async {
        let source = Source()
        let guarded = TurnGuarded()
        let directly = Counter()
        await runOnThreads(6) { thread in
            // Each thread forwards from its own source's turn: this source's turn is free (direct),
            // taken by another thread (deferred until the forwarder's turn ends) or queued before.
            let forwarder = Source()
            for index in 0..<1_000 {
                let body: @Sendable (UInt) -> Void = { _ in guarded.countOnce() }
                forwarder.send { _ in
                    switch (thread + index) % 3 {
                    case 0: source.sendDirect(directly: directly, body)
                    case 1: source.sendDirect(direct: false, body)
                    default: source.send(body)
                    }
                }
            }
            #expect(forwarder.isIdle)
        }
        #expect(source.state.withLock { _ in guarded.count } == 6_000)
        #expect(source.state.withLock { _ in guarded.overlaps } == 0)
        #expect(source.applied == 6_000)
        #expect(directly.value > 0)
        #expect(source.isIdle)
    }

    @Test func reentrantItemsAreQueuedAndAppliedInOrderAfterTheCurrentOne() {
        let source = Source()
        let order = Recorder<String>()
        source.send { _ in
            order.append("a")
            source.send { _ in
                order.append("c")
                source.send { _ in order.append("e") }
                order.append("d")
            }
            source.send { _ in order.append("f") }
            order.append("b")
        }
        #expect(order.values == ["a", "b", "c", "d", "f", "e"])
        #expect(source.isIdle)
    }

    @Test func aReentrantCallReturnsBeforeItsItemIsApplied() {
        let source = Source()
        let applied = Counter()
        source.send { _ in
            source.send { _ in applied.increment() }
            #expect(applied.value == 0)
        }
        #expect(applied.value == 1)
    }

    @Test func anItemWhoseDeinitCallsTheSameSourceDoesNotDeadlock() async {
        let finished = await finishes(within: 60) {
            let source = Source()
            let reentered = Counter()
            await runOnThreads(4) { _ in
                for _ in 0..<500 {
                    source.send(payload: Tripwire { source.send { _ in reentered.increment() } })
                }
            }
            #expect(reentered.value == 2_000)
            #expect(source.isIdle)
        }
        #expect(finished)
    }

    @Test func aCallerOutsideAnyTurnWaitsForItsTurnAndAppliesItsOwnItem() async {
        let source = Source()
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        let log = Recorder<String>()
        // A lost wake-up of the waiter fails here, by name, instead of hanging the run. (The window
        // is wide: in the full parallel suite on two cores, the task that notices completion can
        // wait seconds for the cooperative pool.)
        let finished = await finishes(within: 30) {
            await runOnThreads(2) { index in
                if index == 0 {
                    source.send { _ in
                        holding.signal()
                        release.wait()
                        log.append("holder done")
                    }
                } else {
                    holding.wait()
                    // The holder is blocked inside its turn: this call must wait, not queue and return.
                    // A thread of its own, not a global queue that other tests may keep busy.
                    Thread {
                        usleep(200_000)
                        release.signal()
                    }.start()
                    let me = currentThreadIdentity()
                    source.send { appliedOn in
                        log.append(appliedOn == me ? "waiter applied its own" : "applied elsewhere")
                    }
                    log.append("waiter returned")
                }
            }
        }
        #expect(finished, "the waiter was never woken")
        #expect(log.values == ["holder done", "waiter applied its own", "waiter returned"])
    }

    @Test func aCallThatMayNotWaitIsQueuedForTheHolder() async {
        let source = Source()
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        let log = Recorder<String>()
        await runOnThreads(2) { index in
            if index == 0 {
                source.send { _ in
                    holding.signal()
                    release.wait()
                }
            } else {
                holding.wait()
                source.send(mayWait: false) { _ in log.append("applied") }
                log.append("returned")
                release.signal()
            }
        }
        #expect(log.values == ["returned", "applied"])
    }

    /// The bounded-caller-work and bounded-queue rules: a thread that dispatches now and then while
    /// two others flood applies only its own items, never theirs, and the queue stays empty (the
    /// flooders wait in line instead of queueing).
    @Test func aVictimNeverAppliesAnotherThreadsStreamAndTheQueueStaysEmpty() async {
        let source = Source()
        let stop = Counter()
        let victim = Locked<UInt>(0)
        let floodAppliedByVictim = Counter()
        let victimItemsAppliedElsewhere = Counter()
        let floodApplied = Counter()
        let maxQueued = Locked(0)
        await runOnThreads(3) { index in
            let me = currentThreadIdentity()
            if index < 2 {
                while stop.value == 0 {
                    source.send { appliedOn in
                        floodApplied.increment()
                        if appliedOn == victim.withLock({ $0 }) { floodAppliedByVictim.increment() }
                        var spin = 0
                        for step in 0..<200 { spin &+= step }
                        _ = spin
                    }
                }
            } else {
                victim.withLock { $0 = me }
                // Start once the flood is under way, however the threads were scheduled.
                while floodApplied.value < 100 {
                    usleep(100)
                }
                for _ in 0..<300 {
                    source.send { appliedOn in
                        if appliedOn != me { victimItemsAppliedElsewhere.increment() }
                    }
                    let queued = source.state.withLock { $0.turn.queuedCount }
                    maxQueued.withLock { $0 = max($0, queued) }
                }
                stop.increment()
            }
        }
        #expect(floodApplied.value > 0)
        #expect(floodAppliedByVictim.value == 0)
        #expect(victimItemsAppliedElsewhere.value == 0)
        #expect(maxQueued.withLock { $0 } == 0)
        #expect(source.isIdle)
    }

    @Test func twoSourcesCallingIntoEachOtherFromTwoThreadsDoNotDeadlock() async {
        let finished = await finishes(within: 30) {
            let first = Source()
            let second = Source()
            let applied = Counter()
            await runOnThreads(2) { index in
                let (from, to) = index == 0 ? (first, second) : (second, first)
                for _ in 0..<2_000 {
                    from.send { _ in
                        applied.increment()
                        to.send { _ in applied.increment() }
                    }
                }
            }
            #expect(applied.value == 8_000)
            #expect(first.isIdle && second.isIdle)
        }
        #expect(finished)
    }

    /// Bounded caller work when a stream is forwarded: a thread floods source `a`, whose items each
    /// send into `b` from inside `a`'s turn; another thread sends into `b` now and then. The
    /// occasional sender applies its own items and at most the one forwarded item that arrived
    /// before each of them, never the stream; the forwarding thread applies the rest itself; `b`'s
    /// queue stays small.
    @Test func aForwardedStreamIsAppliedByItsOwnThreadNeverByTheHolder() async {
        let a = Source()
        let b = Source()
        let stop = Counter()
        let flooder = Locked<UInt>(0)
        let victim = Locked<UInt>(0)
        let forwarded = Counter()
        let forwardedAppliedElsewhere = Counter()
        let appliedByVictim = Counter()
        let mostAppliedInOneCall = Locked(0)
        let victimCalls = Counter()
        let maxQueued = Locked(0)
        let finished = await finishes(within: 30) {
            await runOnThreads(2) { index in
                let me = currentThreadIdentity()
                if index == 0 {
                    flooder.withLock { $0 = me }
                    while stop.value == 0 {
                        a.send { _ in
                            b.send { appliedOn in
                                forwarded.increment()
                                if appliedOn != me { forwardedAppliedElsewhere.increment() }
                                if appliedOn == victim.withLock({ $0 }) { appliedByVictim.increment() }
                            }
                        }
                    }
                } else {
                    victim.withLock { $0 = me }
                    while forwarded.value < 100 { usleep(100) }
                    for _ in 0..<200 {
                        let before = appliedByVictim.value
                        b.send { _ in
                            // Holds the turn a moment, so that forwarded items find it taken.
                            usleep(50)
                        }
                        let applied = appliedByVictim.value - before
                        mostAppliedInOneCall.withLock { $0 = max($0, applied) }
                        victimCalls.increment()
                        let queued = b.state.withLock { $0.turn.queuedCount }
                        maxQueued.withLock { $0 = max($0, queued) }
                    }
                    stop.increment()
                }
            }
        }
        #expect(finished, "a forwarded stream stalled a caller")
        #expect(victimCalls.value == 200)
        #expect(forwarded.value > 100)
        // Items keep their arrival order, so a call applies what arrived before its own: at most
        // the one item the forwarding thread has deferred, never its stream.
        #expect(mostAppliedInOneCall.withLock { $0 } <= 1)
        #expect(forwardedAppliedElsewhere.value == appliedByVictim.value)
        #expect(forwardedAppliedElsewhere.value < forwarded.value / 10)
        #expect(maxQueued.withLock { $0 } <= 1)
        #expect(a.isIdle && b.isIdle)
    }

    /// Forwarded work that must wait for another thread's turn is queued in the order it arrived:
    /// items sent into one source from inside other sources' turns on several threads are applied
    /// in arrival order, and each forwarding call returns only once its item has been applied.
    @Test func forwardedItemsKeepTheirArrivalOrderAndAreAppliedBeforeTheCallReturns() async {
        let target = OrderedSource()
        let sources = (0..<4).map { _ in Source() }
        let returnedBeforeApplied = Counter()
        let finished = await finishes(within: 30) {
            await runOnThreads(5) { index in
                if index == 4 {
                    // Holds the target's turn again and again, so forwarded items find it taken.
                    for _ in 0..<300 {
                        target.send { usleep(20) }
                    }
                    return
                }
                for _ in 0..<300 {
                    let applied = Counter()
                    sources[index].send { _ in
                        target.send { applied.increment() }
                    }
                    if applied.value != 1 { returnedBeforeApplied.increment() }
                }
            }
        }
        #expect(finished)
        #expect(returnedBeforeApplied.value == 0)
        let order = target.appliedOrder
        #expect(order.count == 1_500)
        #expect(order == order.sorted(), "items were applied out of their arrival order")
    }

    // MARK: Executor drains

    @Test func anExecutorDrainAppliesOneBatchThenHandsTheRestToTheNextDrain() {
        let pending = PendingWork()
        let source = DrainedSource { pending.add($0) }
        let total = 2 * ExecutorDrain.batchLimit + 44
        for item in 0..<total {
            source.send(item)
        }
        #expect(pending.count == 1, "one drain at a time")

        pending.runNext()
        #expect(source.applied.count == ExecutorDrain.batchLimit)
        #expect(pending.count == 1, "the rest is handed to the next drain, behind other work")
        pending.runNext()
        #expect(source.applied.count == 2 * ExecutorDrain.batchLimit)
        #expect(pending.count == 1)
        pending.runNext()
        #expect(source.applied.values == Array(0..<total), "first in, first out")
        #expect(pending.count == 0)
        #expect(source.isIdle)

        // Once idle, the next item schedules a drain again.
        source.send(total)
        #expect(pending.count == 1)
        pending.runNext()
        #expect(source.applied.values == Array(0...total))
        #expect(source.isIdle)
    }

    @Test func itemsQueuedDuringADrainWaitForTheNextDrain() {
        let pending = PendingWork()
        let source = DrainedSource(
            onApply: { source, item in
                // Queued while item 0 is applied, as a mutation's own dispatch is.
                if item == 0 {
                    for more in 3..<6 {
                        source.send(more)
                    }
                }
            },
            schedule: { pending.add($0) }
        )
        for item in 0..<3 {
            source.send(item)
        }

        pending.runNext()
        #expect(source.applied.values == [0, 1, 2], "a drain applies what was queued when it started")
        #expect(pending.count == 1)
        pending.runNext()
        #expect(source.applied.values == [0, 1, 2, 3, 4, 5])
        #expect(source.isIdle)
    }

    @Test func aDrainWhoseExecutorRunsTheNextDrainInlineGoesOnWithoutNesting() {
        let total = 10 * ExecutorDrain.batchLimit
        // An executor that runs its work at once, as a custom context may. The first item fills
        // the queue from inside the drain, so that each batch ends with work left.
        let source = DrainedSource(
            onApply: { source, item in
                guard item == 0 else { return }
                for more in 1..<total {
                    source.send(more)
                }
            },
            schedule: { $0() }
        )
        source.send(0)

        #expect(source.applied.values == Array(0..<total))
        #expect(source.deepestApplying.value == 1, "every batch ran in the first drain's frame")
        #expect(source.isIdle)
    }

    /// A task that finds the turn taken suspends instead of blocking its thread: while one thread
    /// holds the turn, the tasks dispatching into the source end up suspended in the turn's list
    /// (a version that blocked would park at most as many tasks as the cooperative pool has
    /// threads, and none in the list), nothing is applied during the hold, and once the turn is
    /// free every item is applied, exactly once. A dedicated thread ends the hold after at most 30
    /// seconds, so such a version fails here by name instead of hanging.
    @Test func tasksThatFindTheTurnTakenSuspendAndLeaveThePoolFree() async {
        let source = Source()
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let released = Counter()
        let allSuspended = Counter()
        let started = Counter()
        let applied = Counter()
        let appliedDuringTheHold = Counter()
        Thread {
            source.send { _ in
                holding.signal()
                release.wait()
            }
        }.start()
        Thread {
            holding.wait()
            let deadline = Date().addingTimeInterval(30)
            // Every task that has started must end up suspended in the turn's list (a blocking
            // version parks them in the gate instead). Not all 64 need to have started: in the full
            // parallel suite other tests may hold the cooperative pool for seconds.
            while Date() < deadline {
                let suspended = source.state.withLock { $0.turn.suspended.count }
                if suspended >= 2 && suspended == started.value {
                    allSuspended.increment()
                    break
                }
                usleep(1_000)
            }
            released.increment()
            release.signal()
        }.start()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    started.increment()
                    for _ in 0..<10 {
                        await source.sendSuspending { _ in
                            applied.increment()
                            if released.value == 0 { appliedDuringTheHold.increment() }
                        }
                    }
                }
            }
            await group.waitForAll()
        }
        #expect(allSuspended.value == 1, "tasks blocked their threads instead of suspending")
        #expect(appliedDuringTheHold.value == 0, "applied while another thread held the turn")
        #expect(applied.value == 640)
        #expect(source.isIdle)
    }
}

/// An owner that applies its work on an executor, as a VueFlux store on `.queue` does: items are
/// numbers, and the executor is whatever the test makes of `schedule`.
final class DrainedSource: Sendable {
    struct State: TurnHolding, Sendable {
        var turn = Turn<Int>()
    }

    let state = Locked(State(), gates: 1)
    let applied = Recorder<Int>()
    /// How many calls of ``drain()`` are on the calling thread's stack now, and the most seen while
    /// an item was applied.
    let depth = Shared(0)
    let deepestApplying = Shared(0)
    let schedule: @Sendable (_ drain: @escaping @Sendable () -> Void) -> Void
    /// Runs while an item is applied, with this source and the item.
    let onApply: @Sendable (DrainedSource, Int) -> Void

    init(
        onApply: @escaping @Sendable (DrainedSource, Int) -> Void = { _, _ in },
        schedule: @escaping @Sendable (_ drain: @escaping @Sendable () -> Void) -> Void
    ) {
        self.onApply = onApply
        self.schedule = schedule
    }

    func send(_ item: Int) {
        if state.enqueueForDrain(item, if: { _ in true }) {
            schedule { self.drain() }
        }
    }

    func drain() {
        depth.withLock { $0 += 1 }
        defer { depth.withLock { $0 -= 1 } }
        state.drainScheduled(
            inBatches: true,
            prepare: { _, _ in },
            perform: { item, _ in
                let depth = self.depth.value
                self.deepestApplying.withLock { $0 = Swift.max($0, depth) }
                self.applied.append(item)
                self.onApply(self, item)
            },
            reschedule: { schedule { self.drain() } }
        )
    }

    var isIdle: Bool { state.withLock { !$0.turn.isTaken && $0.turn.queuedCount == 0 } }
}

/// Work handed to an executor, run when the test says.
final class PendingWork: Sendable {
    private let work = Locked<[@Sendable () -> Void]>([])

    var count: Int { work.withLock { $0.count } }

    func add(_ body: @escaping @Sendable () -> Void) {
        work.withLock { $0.append(body) }
    }

    /// Runs the first piece of work waiting; returns whether there was one.
    @discardableResult
    func runNext() -> Bool {
        guard let body = work.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        body()
        return true
    }
}

/// A source whose items carry the order in which they arrived (under the lock).
final class OrderedSource: Sendable {
    struct Item: Sendable {
        let arrival: Int
        let body: @Sendable () -> Void
    }

    struct State: TurnHolding, Sendable {
        var turn = Turn<Item>()
        var arrivals = 0
        var applied: [Int] = []
    }

    let state = Locked(State(), gates: 1)

    func send(_ body: @escaping @Sendable () -> Void) {
        let deferred = state.serialize(
            mayWait: true,
            arrive: { state in
                state.arrivals += 1
                return Item(arrival: state.arrivals, body: body)
            },
            prepare: Self.prepare,
            perform: Self.perform
        )
        if let deferred {
            Turn<Item>.deferUntilOutermostTurnEnds { [state] in
                state.resume(deferred, prepare: Self.prepare, perform: Self.perform)
            }
        }
    }

    static func prepare(_ state: inout State, _ item: Item) {
        state.applied.append(item.arrival)
    }

    static func perform(_ item: Item, _: inout Void) {
        item.body()
    }

    var appliedOrder: [Int] { state.withLock { $0.applied } }
}
