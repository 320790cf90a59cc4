import Foundation
import ReactiveLite
import XCTest

// VueFluxReactive's own tests were XCTest; these show the two shapes such a test takes in Swift 6
// with ReactiveLite, quoted by docs/reactivelite.md and docs/vueflux.md ("Migrating"):
// - observing a signal needs no isolation: a plain XCTestCase with synchronous test methods and
//   `wait(for:timeout:)`;
// - binding is main-actor isolated (`bind(to:)` is `@MainActor`, as view code is), so the test class
//   is `@MainActor` and its test methods are `async` (XCTest on Linux runs main-actor test methods
//   only then: one synchronous method left in a `@MainActor` class stops the whole run as it lists
//   the tests), waiting with `await fulfillment(of:timeout:)`.

// snippet: observe-xctest
final class VariableObservationXCTests: XCTestCase {
    func testAnObserverGetsTheCurrentValueThenEachValueSetOnAnotherThread() {
        let variable = Variable(0)
        let received = Received()  // observers are @Sendable: no captured `var`
        let lastValue = expectation(description: "the value set on another thread")
        let disposable = variable.signal.observe { value in
            received.append(value)
            if value == 2 { lastValue.fulfill() }
        }
        DispatchQueue.global().async {
            variable.value = 1
            variable.value = 2
        }
        wait(for: [lastValue], timeout: 10)
        XCTAssertEqual(received.values, [0, 1, 2])
        disposable.dispose()
    }
}

/// The values an observer received, behind a lock: the observer runs on the thread that sets.
final class Received: @unchecked Sendable {  // `stored` is guarded by `lock`
    private let lock = NSLock()
    private var stored: [Int] = []

    var values: [Int] { lock.withLock { stored } }

    func append(_ value: Int) {
        lock.withLock { stored.append(value) }
    }
}
// snippet-end: observe-xctest

// snippet: bind-xctest
@MainActor
final class LabelBindingXCTests: XCTestCase {
    @MainActor final class Label {
        var text: String?
    }

    func testABoundLabelShowsAValueSentFromAnotherThread() async {
        let label = Label()
        let count = Variable(0)
        let shown = expectation(description: "the label shows 1")
        let disposable = count.signal.map { String($0) }.bind(to: label) { label, text in
            label.text = text  // on the main actor
            if text == "1" { shown.fulfill() }
        }
        XCTAssertEqual(label.text, "0")  // the current value, applied before `bind` returns
        DispatchQueue.global().async { count.value = 1 }
        await fulfillment(of: [shown], timeout: 10)
        XCTAssertEqual(label.text, "1")
        disposable.dispose()
    }
}
// snippet-end: bind-xctest
