import PrexCore
import TestSupport
import Testing

#if canImport(UIKit)
    import UIKit
#endif

// Examples that docs/prex.md and the DocC catalog quote (between `snippet` markers; Tests/DocsTests
// checks that the quotes match), each inside a test that checks what the docs say it does. They use
// the README's counter from ReadmeXCTests.swift.

@Suite struct DocsExamples {
    @MainActor
    @Test func changesAsAnAsyncSequenceShowEveryCountUntilCancelled() async {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let counterLabel = UILabel()

        // snippet: changes-stream
        let showing = Task {
            for await change in flux.store.changes() {
                if let count = change.count?.value {
                    counterLabel.text = "\(count)"
                }
            }
        }
        // Cancelling `showing` ends the loop and removes the store's listener.
        // snippet-end: changes-stream

        #expect(await eventuallyOnMain { counterLabel.text == "0" })
        flux.dispatcher.dispatch(.increment)
        #expect(await eventuallyOnMain { counterLabel.text == "1" })
        showing.cancel()
        await showing.value
        flux.dispatcher.dispatch(.increment)
        #expect(counterLabel.text == "1")
    }

    @Test func recordingOnePropertyInOneStatement() {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        // snippet: record-swift-testing
        #expect(
            flux.record(\.count, after: .increment, .increment, .decrement)
                == Recording(state: 1, seen: [1, 2, 1])
        )
        // snippet-end: record-swift-testing
    }

    @Test func recordingTheWholeStateInOneStatement() {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        // snippet: record-whole-state
        #expect(
            flux.record(.increment)
                == Recording(state: CounterState(count: 1), seen: [CounterState(count: 1)])
        )
        // snippet-end: record-whole-state
    }

    @Test func aSubscriptionMustBeKeptForItsCallbackToRun() {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let dispatched = Log<CounterAction>()
        // snippet: migration-subscription
        // Keep the subscription for as long as the callback should run.
        let subscription = flux.dispatcher.register { action in dispatched.append(action) }
        flux.dispatcher.dispatch(.increment)  // the callback runs
        flux.dispatcher.unregister(subscription)  // as in Prex; or subscription.cancel()

        // A subscription nobody keeps is cancelled at once: this callback never runs.
        _ = flux.dispatcher.register { action in dispatched.append(action) }
        flux.dispatcher.dispatch(.decrement)
        // snippet-end: migration-subscription
        #expect(dispatched.values == [.increment])
    }
}
