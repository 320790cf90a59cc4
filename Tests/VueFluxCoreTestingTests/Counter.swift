import ReactiveLite
import TestStoreSupport
import VueFluxCore

// The counter of docs/testing.md, in VueFlux: one synchronous action creator and one asynchronous
// one that dispatches again after a suspension.

// snippet: vueflux-counter
enum CounterAction: Equatable {
    case increment
    case incrementLater
    case delayedIncrement
}

final class CounterState: State {
    typealias Action = CounterAction
    typealias Mutations = CounterMutations

    fileprivate let count = Variable(0)
    fileprivate let isWaiting = Variable(false)
}

struct CounterMutations: Mutations {
    func commit(action: CounterAction, state: CounterState) {
        switch action {
        case .increment:
            state.count.value += 1
        case .incrementLater:
            state.isWaiting.value = true
        case .delayedIncrement:
            state.count.value += 1
            state.isWaiting.value = false
        }
    }
}

extension Computed where State == CounterState {
    var count: Constant<Int> { state.count.constant }
    var isWaiting: Constant<Bool> { state.isWaiting.constant }
}

extension Actions where State == CounterState {
    func increment() {
        dispatch(action: .increment)
    }

    /// The side effect: the increment arrives after a suspension.
    func incrementLater() async {
        dispatch(action: .incrementLater)
        await Task.yield()
        dispatch(action: .delayedIncrement)
    }
}

/// What the tests compare: the state's published values.
struct CounterSnapshot: Equatable {
    var count = 0
    var isWaiting = false
}
// snippet-end: vueflux-counter

extension CounterState {
    /// Changes the count behind the mutations' back, as only code in this file can.
    func overwriteCount(_ count: Int) {
        self.count.value = count
    }
}

/// An action creator that never returns on its own (until cancelled).
extension Actions where State == CounterState {
    func hang() async {
        try? await Task.sleep(nanoseconds: 60_000_000_000)
    }
}

/// Mutations that dispatch again while committing `.increment`: the second action is queued.
struct EchoMutations: Mutations {
    func commit(action: EchoState.Action, state: EchoState) {
        state.count.value += 1
        if action == .increment {
            state.echo.withLock { $0 }?.dispatch(action: .delayedIncrement)
        }
    }
}

final class EchoState: State {
    typealias Action = CounterAction
    typealias Mutations = EchoMutations

    fileprivate let count = Variable(0)
    let echo = LockedBox<Actions<EchoState>?>(nil)
}

extension Computed where State == EchoState {
    var count: Constant<Int> { state.count.constant }
}
