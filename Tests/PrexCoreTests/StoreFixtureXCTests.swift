import PrexCore
import XCTest

// The fixture shape of Prex's own store tests (Prex 0.3.0, `Tests/PrexTests/StoreTests.swift`): a
// dependency that keeps the store and the dispatcher and lets its flux go at the end of `init`.
// Prex's store keeps receiving its dispatcher's actions for as long as it exists, so these tests,
// written as a Prex user would, pass here with only the import changed.
final class StoreFixtureXCTests: XCTestCase {
    private var dependency: Dependency!

    override func setUp() {
        dependency = Dependency()
    }

    func testStoreChanges() {
        XCTAssertEqual(dependency.store.state.hits, 0)
        dependency.dispatcher.dispatch(.hit)
        XCTAssertEqual(dependency.store.state.hits, 1)
    }

    func testMultiStoreChanges() {
        for _ in 0..<10 {
            dependency.dispatcher.dispatch(.hit)
        }
        XCTAssertEqual(dependency.store.state.hits, 10)
    }

    func testAddListener() {
        let changed = expectation(description: "the listener sees the change")
        let subscription = dependency.store.addListener { change in
            XCTAssertEqual(change.changedProperty(for: \.hits)?.value, 1)
            changed.fulfill()
        }
        dependency.dispatcher.dispatch(.hit)
        wait(for: [changed], timeout: 1)
        dependency.store.removeListener(with: subscription)
    }

    func testMutate() {
        let mutated = expectation(description: "the mutation runs")
        dependency.mutation.onMutate.set { action in
            XCTAssertEqual(action, .hit)
            mutated.fulfill()
        }
        dependency.dispatcher.dispatch(.hit)
        wait(for: [mutated], timeout: 1)
    }

    func testDeinit() {
        let dispatcher = dependency.dispatcher
        let mutation = dependency.mutation
        let notMutated = expectation(description: "no mutation once the store is gone")
        notMutated.isInverted = true
        mutation.onMutate.set { _ in notMutated.fulfill() }
        dependency = nil
        dispatcher.dispatch(.hit)
        wait(for: [notMutated], timeout: 0.1)
    }
}

extension StoreFixtureXCTests {
    private struct HitState: State {
        var hits = 0
    }

    private enum HitAction: Action, Equatable {
        case hit
    }

    /// A mutation that tells `onMutate` about each action it applies.
    private struct HitMutation: Mutation {
        let onMutate = CallbackBox()

        func mutate(action: HitAction, state: inout HitState) {
            state.hits += 1
            onMutate.call(action)
        }
    }

    private final class CallbackBox: @unchecked Sendable {  // `callback` is behind `lock`.
        private let lock = NSLock()
        private var callback: (@Sendable (HitAction) -> Void)?

        func set(_ callback: @escaping @Sendable (HitAction) -> Void) {
            lock.withLock { self.callback = callback }
        }

        func call(_ action: HitAction) {
            lock.withLock { callback }?(action)
        }
    }

    private struct Dependency {
        let mutation = HitMutation()
        let store: Store<HitState>
        let dispatcher: Dispatcher<HitAction>

        init() {
            let flux = Flux(state: HitState(), mutation: mutation)
            dispatcher = flux.dispatcher
            store = flux.store
        }
    }
}
