import ArchitectureHarness
import Foundation
import ReactiveLite

/// A hand-written counter driver with a bug (`reset` does nothing), to show that the harness
/// catches a departure from the model. `@unchecked Sendable`: `count` is only touched under `lock`.
final class ForgetfulCounter: ScenarioDriver, @unchecked Sendable {
    typealias Model = CounterModel

    private let lock = NSLock()
    private var count = 0

    var architecture: Architecture { .prex }

    func dispatch(_ action: CounterModel.Action) {
        lock.withLock {
            switch action {
            case .increment: count += 1
            case .decrement: count -= 1
            case .add(let amount): count += amount
            case .reset: break
            }
        }
    }

    var state: CounterModel.State {
        lock.withLock { CounterModel.State(count: count) }
    }

    func observe(_ observer: @escaping @Sendable (CounterModel.State) -> Void) -> AnyDisposable {
        AnyDisposable()
    }

    var components: [AnyObject] { [] }
}
