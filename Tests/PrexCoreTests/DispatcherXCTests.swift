import Foundation
import PrexCore
import XCTest

// Prex's own tests record what a dispatcher or store callback receives in a captured `var`. Callbacks
// are `@Sendable` here (they run on the dispatching thread), so Swift 6 refuses that ("mutation of
// captured var in concurrently-executing code"): what a callback records goes behind a lock.
// Quoted by docs/prex.md, "Migrating from Prex 0.3.0".

// snippet: recording-callback-xctest
final class DispatcherRecordingXCTests: XCTestCase {
    func testEveryActionDispatchedReachesARegisteredCallbackInOrder() {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let received = Received<CounterAction>()
        let subscription = flux.dispatcher.register { action in received.append(action) }
        flux.dispatcher.dispatch(.increment)
        flux.dispatcher.dispatch(.decrement)
        flux.dispatcher.dispatch(.increment)
        XCTAssertEqual(received.values, [.increment, .decrement, .increment])
        flux.dispatcher.unregister(subscription)
    }
}

/// What a callback received, behind a lock: the callback runs on the thread that dispatches.
final class Received<Element: Sendable>: @unchecked Sendable {  // `stored` is guarded by `lock`
    private let lock = NSLock()
    private var stored: [Element] = []

    var values: [Element] { lock.withLock { stored } }

    func append(_ element: Element) {
        lock.withLock { stored.append(element) }
    }
}
// snippet-end: recording-callback-xctest
