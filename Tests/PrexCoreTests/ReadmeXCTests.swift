import PrexCore
import TestSupport
import XCTest

#if canImport(UIKit)
    import UIKit
#endif

// The README's code, compiled as a user writes it with `import PrexCore` instead of `import Prex`.
// Differences, all forced by XCTest on Linux: the README's first two tests use a view, which is
// main-actor isolated (as UIViewController is), so their test class is `@MainActor`; XCTest on Linux
// runs main-actor test methods only when they are `async`, and in an `async` test
// `await fulfillment(of:timeout:)` replaces `wait(for:timeout:)`. The README's unused `presenter`
// in the first test is kept alive with `withExtendedLifetime`: it is the presenter that reflects.
// The view controller is the README's, on UIKit stand-ins (UIKitStandIns.swift) where UIKit does not
// exist, with `@IBAction` for the README's `@objc`: the same target-action method on Apple platforms,
// and an attribute that compiles without the Objective-C runtime.
// The regions are quoted by docs/prex.md and the DocC catalog (Tests/DocsTests checks them).

// snippet: counter
struct CounterState: State {
    var count: Int = 0
}

enum CounterAction: Action {
    case increment
    case decrement
}

struct CounterMutation: Mutation {
    func mutate(action: CounterAction, state: inout CounterState) {
        switch action {
        case .increment:
            state.count += 1

        case .decrement:
            state.count -= 1
        }
    }
}

extension Presenter where Action == CounterAction, State == CounterState {
    func increment() {
        dispatch(.increment)
    }

    func decrement() {
        if state.count > 0 {
            dispatch(.decrement)
        }
    }
}

final class CounterViewController: UIViewController {
    private let counterLabel = UILabel()
    private lazy var presenter = Presenter(
        view: self,
        state: CounterState(),
        mutation: CounterMutation()
    )

    @IBAction private func incrementButtonTap(_ button: UIButton) {
        presenter.increment()
    }

    @IBAction private func decrementButtonTap(_ button: UIButton) {
        presenter.decrement()
    }
}

extension CounterViewController: View {
    func reflect(change: StateChange<CounterState>) {
        if let count = change.count?.value {
            counterLabel.text = "\(count)"
        }
    }
}
// snippet-end: counter

/// The whole-state form of `record` (DocsExamples.swift) compares states, so they must be `Equatable`;
/// declared in this file, where the compiler can synthesize `==`.
extension CounterState: Equatable {}

// What tapping the buttons does, for the tests: an extension in this file reaches private members.
extension CounterViewController {
    var counterLabelText: String? { counterLabel.text }

    func tapIncrement() { incrementButtonTap(UIButton()) }

    func tapDecrement() { decrementButtonTap(UIButton()) }
}

extension Flux where Action == CounterAction, State == CounterState {
    static let shared = Flux(state: CounterState(), mutation: CounterMutation())
}

enum SharedFlux {
    static let counter = Flux(state: CounterState(), mutation: CounterMutation())
}

@MainActor
final class SharedCounterViewController {
    private(set) lazy var presenter = {
        let flux = Flux<CounterAction, CounterState>.shared
        return Presenter(view: self, flux: flux)
    }()
}

extension SharedCounterViewController: View {
    func reflect(change: StateChange<CounterState>) {}
}

final class CounterPresenter: Presenter<CounterAction, CounterState> {
    init<T: View>(view: T) where T.State == CounterState {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        super.init(view: view, flux: flux)
    }

    func increment() {
        dispatch(.increment)
    }

    func decrement() {
        if state.count > 0 {
            dispatch(.decrement)
        }
    }
}

// snippet: presenter-xctest
// `refrectParameters` is the README's spelling, kept to show its code compiles unchanged.
final class MockView: View {
    var refrectParameters: ((StateChange<CounterState>) -> Void)?

    func reflect(change: StateChange<CounterState>) {
        refrectParameters?(change)
    }
}

@MainActor
final class CounterPresenterTests: XCTestCase {
    func test_presenter_calls_reflect_of_view_when_state_changed() async {
        let view = MockView()
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let presenter = Presenter(view: view, flux: flux)

        let expect = expectation(description: "wait receiving ValueChange")
        view.refrectParameters = { change in
            let count = change.changedProperty(for: \.count)?.value
            XCTAssertEqual(count, 1)
            expect.fulfill()
        }

        flux.dispatcher.dispatch(.increment)
        await fulfillment(of: [expect], timeout: 0.1)
        withExtendedLifetime(presenter) {}
    }
}
// snippet-end: presenter-xctest

@MainActor
final class ReadmeViewXCTests: XCTestCase {
    func test_increment_method_of_presenter() async {
        let view = MockView()
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        let presenter = Presenter(view: view, flux: flux)

        let expect = expectation(description: "wait receiving ValueChange")
        let subscription = flux.dispatcher.register { action in
            XCTAssertEqual(action, .increment)
            expect.fulfill()
        }

        presenter.increment()
        await fulfillment(of: [expect], timeout: 0.1)
        flux.dispatcher.unregister(subscription)
    }

    func test_counter_view_controller_shows_the_count() async {
        let viewController = CounterViewController()
        viewController.tapDecrement()
        XCTAssertNil(viewController.counterLabelText)
        viewController.tapIncrement()
        viewController.tapIncrement()
        viewController.tapDecrement()
        XCTAssertEqual(viewController.counterLabelText, "1")
    }

    func test_subclass_presenter_and_shared_flux() async {
        let view = MockView()
        var counts: [Int] = []
        view.refrectParameters = { change in counts.append(change.new.count) }
        // The README offers the extension and the subclass as alternatives; with both in one module
        // `presenter.increment()` is ambiguous, so this drives the subclass through `dispatch`.
        let presenter = CounterPresenter(view: view)
        presenter.dispatch(.increment)
        presenter.dispatch(.decrement)
        XCTAssertEqual(counts, [1, 0])
        XCTAssertEqual(presenter.state.count, 0)

        let shared = SharedCounterViewController()
        shared.presenter.dispatch(.increment)
        XCTAssertEqual(Flux<CounterAction, CounterState>.shared.store.state.count, 1)
        XCTAssertEqual(SharedFlux.counter.store.state.count, 0)
    }
}

final class ReadmeMutationXCTests: XCTestCase {
    func test_mutation() {
        var state = CounterState()
        let mutation = CounterMutation()

        mutation.mutate(action: .increment, state: &state)
        XCTAssertEqual(state.count, 1)

        mutation.mutate(action: .decrement, state: &state)
        XCTAssertEqual(state.count, 0)
    }

    func test_recording_in_one_statement() {
        let flux = Flux(state: CounterState(), mutation: CounterMutation())
        // snippet: record-xctest
        XCTAssertEqual(
            flux.record(\.count, after: .increment, .increment, .decrement),
            Recording(state: 1, seen: [1, 2, 1])
        )
        // snippet-end: record-xctest
    }
}
