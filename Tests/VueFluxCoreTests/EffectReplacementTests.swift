import Dispatch
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

/// Rounds of a replaced effect racing its replacement: what the store commits, round by round.
private final class RaceState: State {
    typealias Action = RaceAction
    typealias Mutations = RaceMutations

    /// The rounds whose replacement has been committed, and how many of the replaced effect's
    /// actions were committed after it.
    let rounds = Shared((replaced: Set<Int>(), stale: 0))
}

private enum RaceAction: Sendable {
    case replaced(round: Int)
    case replacement(round: Int)
}

private struct RaceMutations: Mutations {
    func commit(action: RaceAction, state: RaceState) {
        state.rounds.withLock { rounds in
            switch action {
            case .replaced(let round):
                if rounds.replaced.contains(round) { rounds.stale += 1 }
            case .replacement(let round):
                rounds.replaced.insert(round)
            }
        }
    }
}

@Suite(.serialized, timeLimit(minutes: 2)) struct EffectReplacementTests {
    /// An effect replaced by another of the same id commits nothing after its replacement's
    /// action, on every executor. On a dispatch queue an effect's dispatch checked its cancellation
    /// before taking the lock that queues the action, so the replaced effect could queue its action
    /// after the replacement's (a review saw 447 in 3,000 rounds; this test saw 133 to 455 in 2,000).
    @Test(arguments: ["immediate", "queue"])
    func aReplacedEffectCommitsNothingAfterItsReplacement(executor kind: String) async {
        let queue = DispatchQueue(label: "effect-replacement")
        let state = RaceState()
        let store = Store(
            state: state, mutations: .init(), executor: kind == "queue" ? .queue(queue) : .immediate)
        let actions = store.actions
        for round in 0..<2_000 {
            let started = Shared(false)
            let replaced = actions.runEffect(id: "search") { dispatch in
                var sent = 0
                while !Task.isCancelled {
                    started.value = true
                    await dispatch(.replaced(round: round))
                    sent += 1
                    if sent % 32 == 0 {
                        // A dispatch that does not wait does not suspend: let the cooperative
                        // pool's other tasks (the replacement among them) run.
                        await Task.yield()
                    }
                }
            }
            while !started.value { await Task.yield() }
            let replacement = actions.runEffect(id: "search") { dispatch in
                await dispatch(.replacement(round: round))
            }
            await replaced.value
            await replacement.value
        }
        // A last action, committed after everything queued before it.
        actions.dispatch(action: .replacement(round: -1))
        #expect(await eventually { state.rounds.withLock { $0.replaced.contains(-1) } })
        #expect(state.rounds.withLock { $0.replaced.count } == 2_001)
        #expect(state.rounds.withLock { $0.stale } == 0)
        withExtendedLifetime(store) {}
    }
}
