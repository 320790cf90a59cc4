import ReactiveLite
import TestSupport
import Testing

@testable import RxStateCore

private struct Left: SubstateType, Equatable {
    var count = 0
    var sawRight: Int?
}

private struct Right: SubstateType, Equatable {
    var count = 0
    var sawLeft: Int?
}

private struct Tick: ActionType {}

/// An action carrying an object whose deinit reads the store.
private typealias Probe = Tripwire

private struct Carry: ActionType {
    let probe: Probe
}

/// Reads from inside reducers never wait, so stores whose reducers read each other cannot deadlock,
/// and a refused read is reported after the reducer, once.
@Suite struct ReentrantReadTests {
    @Test func twoStoresWhoseReducersReadEachOtherFromTwoThreadsDoNotDeadlock() async {
        let left = Store()
        let right = Store()
        left.register(Left.self, for: Tick.self) { state, _ in
            state.count += 1
            state.sawRight = right.substate(Right.self)?.count
        }
        right.register(Right.self, for: Tick.self) { state, _ in
            state.count += 1
            state.sawLeft = left.substate(Left.self)?.count
        }
        left.dispatch(action: StoreAction.add(states: [Left()]))
        right.dispatch(action: StoreAction.add(states: [Right()]))

        let finished = await finishes(within: 30) {
            await runOnThreads(2) { thread in
                for _ in 0..<2_000 {
                    (thread == 0 ? left : right).dispatch(action: Tick())
                }
            }
        }
        #expect(finished)
        #expect(left.substate(Left.self)?.count == 2_000)
        #expect(right.substate(Right.self)?.count == 2_000)
    }

    @Test func aRefusedReadIsReportedOnceAfterTheReducerEvenIfTheLoggerReadsTheState() async {
        let store = Store()
        store.register(Left.self, for: Tick.self) { state, _ in
            state.count += 1
            _ = store.substate(Left.self)  // misuse: refused, reported after the reducer
        }
        store.dispatch(action: StoreAction.add(states: [Left()]))
        let reports = Recorder<Int?>()
        // A logger that reads the state when told about a problem: it must see the reduced state
        // and must not be told again about its own read.
        let logger = store.diagnostics.observe { _ in reports.append(store.substate(Left.self)?.count) }

        let finished = await finishes(within: 30) { store.dispatch(action: Tick()) }

        #expect(finished)
        #expect(reports.values == [1])
        logger.dispose()
    }

    @Test func anActionWhoseDeinitReadsTheStoreDoesNotDeadlock() async {
        let store = Store()
        store.register(Left.self, for: Tick.self) { state, _ in state.count += 1 }
        store.dispatch(action: StoreAction.add(states: [Left()]))
        let reads = Counter()
        let finished = await finishes(within: 30) {
            store.dispatch(
                action: Carry(
                    probe: Probe {
                        _ = store.lastAction
                        reads.increment()
                    }))
            store.dispatch(action: Tick())  // replaces the last action: the probe is released
        }
        #expect(finished)
        #expect(reads.value == 1)
    }
}
