import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

/// A dispatch made from inside a commit of a global dispatch, globally or to one store, follows
/// the per-store rules of DESIGN.md: the store committing queues it behind its current action,
/// first in first out; an idle store commits it before the call returns, a store the outer action
/// has not reached yet included. Each test has its own state type (a tag), so that its global
/// actions never reach the stores of tests running in parallel.
@Suite struct GlobalDispatchOrderTests {
    /// Stores named "0", "1", … sharing one journal, and a hook that calls `body` with the number
    /// of the hook's commit (0 for the first store's commit of it, 1 for the second's, …).
    private struct Stores<Tag> {
        let journal = Recorder<String>()
        let stores: [Store<TestState<Tag>>]

        init(count: Int) {
            stores = (0..<count).map { [journal] index in
                Store(
                    state: TestState<Tag>(name: "\(index)", journal: journal), mutations: .init(),
                    executor: .immediate)
            }
        }

        /// The actions store `index` committed, in order.
        func committed(by index: Int) -> [String] {
            journal.values.compactMap { entry in
                guard entry.hasPrefix("\(index):"), !entry.hasSuffix(" done") else { return nil }
                return String(entry.dropFirst("\(index):".count))
            }
        }

        func count(of index: Int) -> Int {
            stores[index].computed.state.count.value
        }

        func hook(_ label: String, _ body: @escaping @Sendable (Int) -> Void) -> TestAction {
            let commits = Shared(0)
            return .hook(label) {
                let commit = commits.withLock { count in
                    defer { count += 1 }
                    return count
                }
                body(commit)
            }
        }
    }

    /// A global increment from the first store's commit: the two idle stores have it when the call
    /// returns (before the outer action reaches them); the committing store queues it.
    @Test func aGlobalDispatchFromACommitIsCommittedByTheIdleStoresBeforeItReturns() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 3)
        let countsWhenItReturned = Shared<[Int]>([])
        Store<TestState<Tag>>.actions.dispatch(
            action: fixture.hook("x") { commit in
                guard commit == 0 else { return }
                Store<TestState<Tag>>.actions.dispatch(action: .increment)
                countsWhenItReturned.value = (0..<3).map(fixture.count(of:))
            })
        #expect(countsWhenItReturned.value == [0, 1, 1])
        #expect(fixture.committed(by: 0) == ["x", "increment"])
        #expect(fixture.committed(by: 1) == ["increment", "x"])
        #expect(fixture.committed(by: 2) == ["increment", "x"])
        #expect(
            fixture.journal.values == [
                "0:x", "1:increment", "2:increment", "0:x done", "0:increment", "1:x", "1:x done", "2:x",
                "2:x done",
            ])
    }

    /// The first store's commit sends an increment to the second store alone, which the outer
    /// action has not reached yet: idle, it has committed it when the call returns.
    @Test func anActionSentToAnIdleStoreFromAGlobalCommitIsCommittedBeforeItReturns() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 2)
        let second = fixture.stores[1].actions
        let countWhenItReturned = Shared(-1)
        Store<TestState<Tag>>.actions.dispatch(
            action: fixture.hook("a") { commit in
                guard commit == 0 else { return }
                second.dispatch(action: .increment)
                countWhenItReturned.value = fixture.count(of: 1)
            })
        #expect(countWhenItReturned.value == 1)
        #expect(fixture.committed(by: 1) == ["increment", "a"])
    }

    /// One store: its commit of a global action dispatches globally, then to the store alone; the
    /// store commits both after the current one, in the order they were dispatched.
    @Test func aGlobalThenALocalDispatchFromAGlobalCommitKeepTheirOrder() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 1)
        let only = fixture.stores[0].actions
        Store<TestState<Tag>>.actions.dispatch(
            action: fixture.hook("a") { _ in
                Store<TestState<Tag>>.actions.dispatch(action: .record("b"))
                only.dispatch(action: .record("c"))
            })
        #expect(fixture.committed(by: 0) == ["a", "b", "c"])
    }

    /// The second store's commit of the outer action sends one to itself: queued behind it, after
    /// the global action the first store's commit sent it earlier (committed at once, idle then).
    @Test func eachStoreCommitsInTheOrderItReceives() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 2)
        let second = fixture.stores[1].actions
        Store<TestState<Tag>>.actions.dispatch(
            action: fixture.hook("a") { commit in
                if commit == 0 {
                    Store<TestState<Tag>>.actions.dispatch(action: .record("b"))
                } else {
                    second.dispatch(action: .record("d"))
                }
            })
        #expect(fixture.committed(by: 0) == ["a", "b"])
        #expect(fixture.committed(by: 1) == ["b", "a", "d"])
    }
}
