import Testing

@testable import PrexCore

// Prex's own test suite builds its fixtures on Prex's internal `PubSub<T>` and `Token`, through
// `@testable import`: a mutation and a view that publish each call. PrexCore keeps both names so
// that the suite compiles with the import changed. The fixtures' shape, in Swift 6 mode:

/// A mutation that publishes every action it applies, as Prex's suite's fixture does.
struct PublishingMutation: Mutation {
    let mutateCalled = PubSub<TestAction>()

    func mutate(action: TestAction, state: inout TestState) {
        if action == .increment {
            state.count += 1
        }
        mutateCalled.publish(action)
    }
}

/// A view that publishes every change it is shown, with the early name of `reflect(change:)`.
final class PublishingView: View {
    let refrectCalled = PubSub<ValueChange<TestState>>()

    func refrect(change: ValueChange<TestState>) {
        refrectCalled.publish(change)
    }
}

@Suite struct PubSubTests {
    @Test func handlersGetEachValueInSubscriptionOrderUntilUnsubscribed() {
        let pubsub = PubSub<Int>()
        var calls: [String] = []
        let first = pubsub.subscribe { calls.append("first \($0)") }
        pubsub.subscribe { calls.append("second \($0)") }
        pubsub.publish(1)
        pubsub.unsubscribe(first)
        pubsub.unsubscribe(first)
        pubsub.publish(2)
        #expect(calls == ["first 1", "second 1", "second 2"])
    }

    /// A handler removed by an earlier one during a publish is not called with that value.
    @Test func aHandlerRemovedDuringAPublishIsNotCalledWithIt() {
        let pubsub = PubSub<Int>()
        var calls: [Int] = []
        var second: Token?
        pubsub.subscribe { _ in
            if let second { pubsub.unsubscribe(second) }
        }
        second = pubsub.subscribe { calls.append($0) }
        pubsub.publish(1)
        pubsub.publish(2)
        #expect(calls.isEmpty)
    }

    /// The fixtures' shape at work: the mutation publishes each action it applies, and the view
    /// each change it is shown.
    @MainActor
    @Test func prexsFixtureShapePublishesEachMutationAndEachChange() {
        let mutation = PublishingMutation()
        var mutated: [TestAction] = []
        mutation.mutateCalled.subscribe { mutated.append($0) }
        let view = PublishingView()
        var counts: [Int] = []
        view.refrectCalled.subscribe { counts.append($0.new.count) }
        let presenter = Presenter(view: view, state: TestState(), mutation: mutation)
        presenter.dispatch(.increment)
        presenter.dispatch(.noop)
        #expect(mutated == [.increment, .noop])
        #expect(counts == [1, 1])
    }
}
