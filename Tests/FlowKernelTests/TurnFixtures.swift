// The sources the turn tests drive: minimal owners on the kernel, each applying its work as a
// module does (items told which thread applies them, numbers drained on an executor, ordered items).

import Dispatch
import Foundation
import TestSupport
import Testing

@testable import FlowKernel

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
            Turn<Item>.deferUntilOutermostTurnEnds(
                { [state] in state.resume(deferred, prepare: Self.prepare, perform: Self.perform) },
                suspending: { [state] in
                    await state.resumeSuspending(deferred, prepare: Self.prepare, perform: Self.perform)
                })
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
            Turn<Item>.deferUntilOutermostTurnEnds(
                { [state] in state.resume(deferred, prepare: Self.prepare, perform: Self.perform) },
                suspending: { [state] in
                    await state.resumeSuspending(deferred, prepare: Self.prepare, perform: Self.perform)
                })
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
            Turn<Item>.deferUntilOutermostTurnEnds(
                { [state] in state.resume(deferred, prepare: Self.prepare, perform: Self.perform) },
                suspending: { [state] in
                    await state.resumeSuspending(deferred, prepare: Self.prepare, perform: Self.perform)
                })
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
