import Dispatch
import FlowKernel
import Foundation
import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport

@testable import VueFluxCore

/// What the test stores can be asked to do.
enum TestAction: Sendable {
    /// Adds one to `count`, then journals "<name>:increment".
    case increment
    /// Journals "<name>:<label>".
    case record(String)
    /// Journals "<name>:<label>", runs `body` (which may dispatch), then journals "<name>:<label> done".
    case hook(String, @Sendable () -> Void)
}

/// A state for tests. `Tag` is a phantom type: each test that dispatches globally uses its own tag,
/// so that global dispatch never reaches the stores of tests running in parallel.
final class TestState<Tag>: State {
    typealias Action = TestAction
    typealias Mutations = TestMutations<Tag>

    let name: String
    /// Where the mutations write what they did; may be shared by several stores.
    let journal: Recorder<String>
    let count = Variable(0)
    /// Commits running right now, and how often a commit found another one running.
    let running = Shared(0)
    let overlaps = Shared(0)

    init(name: String = "s", journal: Recorder<String> = Recorder()) {
        self.name = name
        self.journal = journal
    }

    var overlapCount: Int { overlaps.value }
}

struct TestMutations<Tag>: Mutations {
    func commit(action: TestAction, state: TestState<Tag>) {
        countingOverlaps(running: state.running, overlaps: state.overlaps)
        defer { state.running.withLock { $0 -= 1 } }
        switch action {
        case .increment:
            state.count.value += 1
            state.journal.append("\(state.name):increment")
        case .record(let label):
            state.journal.append("\(state.name):\(label)")
        case .hook(let label, let body):
            state.journal.append("\(state.name):\(label)")
            body()
            state.journal.append("\(state.name):\(label) done")
        }
    }
}

/// A state for floods: its actions are the numbers 0, 1, 2, …, checked in order as they are
/// committed; each commit spins a little, so that a flood from one thread outruns the commits.
final class SequenceState: State {
    typealias Action = Int
    typealias Mutations = SequenceMutations

    let check = SequenceCheck()
    /// Commits running right now, and how often a commit found another one running.
    let running = Shared(0)
    let overlaps = Shared(0)
}

struct SequenceMutations: Mutations {
    func commit(action: Int, state: SequenceState) {
        countingOverlaps(running: state.running, overlaps: state.overlaps)
        defer { state.running.withLock { $0 -= 1 } }
        spin(microseconds: 20)
        state.check.record(action)
    }
}

/// Notes a commit starting: counts it in `running`, and in `overlaps` if another one was running.
/// The caller counts it out of `running` when it ends.
func countingOverlaps(running: Shared<Int>, overlaps: Shared<Int>) {
    let alreadyRunning = running.withLock { running in
        running += 1
        return running > 1
    }
    if alreadyRunning {
        overlaps.withLock { $0 += 1 }
    }
}

/// The tag of stores that never take part in global dispatch.
enum Local {}

typealias LocalStore = Store<TestState<Local>>

/// Whether the registry still has an entry for the state type.
func registryHasEntry<S: State>(for type: S.Type) -> Bool {
    StoreRegistry.shared.hasEntry(for: ObjectIdentifier(type))
}

/// The number of live stores the registry lists for the state type.
func registeredStoreCount<S: State>(for type: S.Type) -> Int {
    StoreRegistry.shared.stores(for: ObjectIdentifier(type)).count
}
