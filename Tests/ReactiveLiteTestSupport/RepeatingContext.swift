import Dispatch
import ReactiveLite

/// A custom executor context that runs each piece of work it is handed more than once (a misuse of
/// `Executor(_:)`, whose context should run each piece once): for the tests that hold a repeated
/// drain harmless (`CustomContextRepeatTests`, in the ReactiveLite and VueFlux tests).
public enum RepeatingContext: CaseIterable, Sendable {
    /// At once, then again later on another thread.
    case againLater
    /// Twice at once, on two threads.
    case twiceAtOnce

    /// An executor whose context repeats its work this way.
    public var executor: Executor {
        switch self {
        case .againLater:
            Executor { work in
                work()
                DispatchQueue.global().async(execute: work)
            }
        case .twiceAtOnce:
            Executor { work in
                DispatchQueue.global().async(execute: work)
                DispatchQueue.global().async(execute: work)
            }
        }
    }
}
