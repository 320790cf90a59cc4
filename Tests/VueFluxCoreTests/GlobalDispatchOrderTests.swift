import ReactiveLite
import ReactiveLiteTestSupport
import TestSupport
import Testing

@testable import VueFluxCore

/// While a global dispatch goes through the stores, each store gets the actions dispatched to it
/// from inside the commits, globally or to it alone, in the order they were dispatched, after the
/// outer action (GlobalDispatchLoop). Each test has its own state type (a tag), so that its global
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

    /// One store: before, the global "b" waited for the loop to end and "c", dispatched after it,
    /// overtook it.
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

    /// The second store's commit of "a" sends "c" to the first, which got the global "b" from
    /// its own commit before: the first store commits "c" after "b".
    @Test func anActionSentBackToAStoreTheLoopPassedComesAfterItsGlobalOnes() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 2)
        let first = fixture.stores[0].actions
        Store<TestState<Tag>>.actions.dispatch(
            action: fixture.hook("a") { commit in
                if commit == 0 {
                    Store<TestState<Tag>>.actions.dispatch(action: .record("b"))
                } else {
                    first.dispatch(action: .record("c"))
                }
            })
        #expect(fixture.committed(by: 0) == ["a", "b", "c"])
        #expect(fixture.committed(by: 1) == ["a", "b"])
    }

    /// The first store's commit sends "b" to every store; the second store's commit of "a" then
    /// sends "d" to itself: it commits "d" after "b", dispatched before it.
    @Test func aStoresOwnActionComesAfterAGlobalOneDispatchedBeforeIt() {
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
        #expect(fixture.committed(by: 1) == ["a", "b", "d"])
    }

    /// The first store's commit sends "x" to the second store alone, which the outer action has
    /// not reached yet: the second store commits "a" first.
    @Test func anActionSentAheadToAStoreTheLoopHasNotReachedComesAfterTheOuterOne() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 3)
        let second = fixture.stores[1].actions
        Store<TestState<Tag>>.actions.dispatch(
            action: fixture.hook("a") { commit in
                if commit == 0 {
                    second.dispatch(action: .record("x"))
                }
            })
        #expect(fixture.committed(by: 0) == ["a"])
        #expect(fixture.committed(by: 1) == ["a", "x"])
        #expect(fixture.committed(by: 2) == ["a"])
    }

    /// Outside a global dispatch, an action sent to another store from a commit is committed at
    /// once, as before: the loop changes nothing there.
    @Test func withoutAGlobalDispatchAStoresActionGoesStraightToIt() {
        enum Tag {}
        let fixture = Stores<Tag>(count: 2)
        let second = fixture.stores[1].actions
        fixture.stores[0].actions.dispatch(
            action: .hook("a") {
                second.dispatch(action: .record("x"))
            })
        #expect(fixture.journal.values == ["0:a", "1:x", "0:a done"])
    }
}
