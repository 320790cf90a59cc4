import Dispatch
import FlowKernel

/// Where a piece of work runs: at once on the calling thread, on the main thread, or on a queue.
///
/// Executors decide where observers run (``Signal/observe(on:)``) and, in VueFluxCore, where a
/// store commits its mutations. Work submitted to one executor from one thread starts in the order
/// it was submitted, with two exceptions: `.queue` with a concurrent queue, and an executor made
/// with ``init(_:)``, give the order their context gives (``Signal/observe(on:)`` keeps order on
/// any executor).
public struct Executor: Sendable {
    /// A function that runs other functions, in the context of a custom executor (see ``init(_:)``).
    public typealias Context = @Sendable (_ work: @escaping @Sendable () -> Void) -> Void

    @usableFromInline
    enum Kind: Sendable {
        case immediate
        case mainThread
        case queue(DispatchQueue)
        /// The context, and the serial queue from which the next drain is handed to it when a
        /// drain ends with other threads' work queued (``executeLater(_:)``).
        case custom(Context, handOff: DispatchQueue)
    }

    @usableFromInline
    let kind: Kind

    @usableFromInline
    init(kind: Kind) {
        self.kind = kind
    }

    /// Runs work at once, synchronously, on the calling thread.
    public static var immediate: Executor { Executor(kind: .immediate) }

    /// Runs work on the main thread (the main queue), in order of submission.
    ///
    /// ``execute(_:)`` runs work at once and synchronously when called on the main queue and no
    /// work it was given earlier through any `.mainThread` value is still waiting or running;
    /// otherwise it enqueues on `DispatchQueue.main`, behind that earlier work. So work `execute`
    /// is given from inside work it runs is queued, never nested (VueFlux counts the same way, per
    /// executor value). On Linux the main queue is recognised as a queue, not by
    /// `Thread.isMainThread`, so this holds under `swift test` too.
    ///
    /// A store on this executor and an ``Signal/observe(on:)`` observation keep their own order,
    /// so they apply the rule to their own work alone: a store commits inline when dispatched on
    /// the main queue with nothing of its own pending, whatever other main-thread work waits.
    public static var mainThread: Executor { Executor(kind: .mainThread) }

    /// Enqueues all work asynchronously on `dispatchQueue`.
    ///
    /// - Parameter dispatchQueue: The queue to run work on. A serial queue keeps the order of
    ///   submission; a concurrent one does not.
    public static func queue(_ dispatchQueue: DispatchQueue) -> Executor {
        Executor(kind: .queue(dispatchQueue))
    }

    /// Creates an executor that hands each piece of work to `context`, as VueFlux's
    /// `Executor(_:)` does.
    ///
    /// `context` should run every piece of work it is given once, at once or later, on any
    /// thread, one piece at a time: work it never runs never happens (a store whose commits it
    /// holds back stays busy, and queues what is dispatched meanwhile), and the library relies on
    /// no other property. A store's or an observation's drain that `context` runs again, or twice
    /// at once, is harmless: a call that finds no drain waiting to start does nothing, so commits
    /// stay one at a time and none is lost or applied twice (`CustomContextRepeatTests`). ``Signal/observe(on:)`` keeps the order of values on
    /// any context.
    ///
    /// `context` is called from any thread: the one that dispatches (or sends) when no drain is
    /// pending, or a serial queue of the executor's own that hands it the next drain when a drain
    /// ends with work left. A drain applies what was queued when it started (the first drain all
    /// of it, and what its own thread dispatches again meanwhile, before it returns; a drain handed
    /// on at most 128); what other threads dispatch while it runs waits for the next drain. So a
    /// thread that `context` runs a drain on never applies another thread's flood.
    ///
    /// A drain (of a store or of ``Signal/observe(on:)``) never calls `context` from inside the
    /// work it runs. Your observer can: one that runs on this executor and sends a value to another observation on
    /// it (sets a variable observed there) calls `context` from inside the work `context` is
    /// running. A context that serializes its work with a non-recursive lock or a `sync` call
    /// deadlocks there; queue the nested work instead (for example `queue.async`), or send from
    /// outside the observer.
    ///
    /// Tests use it to drive asynchronous code step by step instead of sleeping: a context that
    /// appends the work to a list, and a test that runs the list when it wants the work done.
    ///
    /// - Parameter context: Runs the work it is given, in its own context.
    public init(_ context: @escaping Context) {
        kind = .custom(context, handOff: DispatchQueue(label: "ReactiveLite.Executor.handOff"))
    }

    /// Whether this is ``immediate``: VueFluxCore commits inline then, without wrapping the commit
    /// in a closure (no allocation per dispatch). Package-visible, not public API.
    @inlinable
    package var isImmediate: Bool {
        if case .immediate = kind { return true }
        return false
    }

    /// Runs `work` in this executor's context, as described for each executor.
    ///
    /// - Parameter work: The work to run. It runs once on ``immediate``, ``mainThread`` and
    ///   ``queue(_:)``; a custom context is handed `work` itself, and runs it as often as it calls
    ///   it (a store's or an observation's drain is harmless when run again; `work` is yours).
    public func execute(_ work: @escaping @Sendable () -> Void) {
        switch kind {
        case .immediate:
            work()
        case .mainThread:
            // Counted while waiting and while running, so that work submitted from inside it
            // queues behind it instead of nesting.
            MainQueuePending.count.add(1)
            if MainQueue.isCurrent && MainQueuePending.count.value == 1 {
                work()
                MainQueuePending.count.add(-1)
            } else {
                DispatchQueue.main.async {
                    work()
                    MainQueuePending.count.add(-1)
                }
            }
        case .queue(let queue):
            queue.async(execute: work)
        case .custom(let context, _):
            context(work)
        }
    }

    /// Runs the drain of a source that keeps its own order (a VueFluxCore store's queue, an
    /// ``Signal/observe(on:)`` observation's): like ``execute(_:)``, except that on ``mainThread``
    /// the rule is the source's own: inline when called on the main queue (the source schedules a
    /// drain only when none of its own is pending), else behind the main queue's blocks, whatever
    /// other main-thread work waits. Package-visible, not public API.
    @usableFromInline
    package func executeDrain(_ drain: @escaping @Sendable () -> Void) {
        if case .mainThread = kind {
            if MainQueue.isCurrent {
                drain()
            } else {
                DispatchQueue.main.async(execute: drain)
            }
        } else {
            execute(drain)
        }
    }

    /// Whether this executor queues its work asynchronously on a dispatch queue (``mainThread``,
    /// ``queue(_:)``): a drain on it may hand what is left to a later block, letting the queue's
    /// other work run in between. ``immediate`` and a custom context run work at once or in a
    /// context the library knows nothing of (one that serializes its work with a lock or a `sync`
    /// call must not be called again from inside that work), so a drain there applies everything
    /// itself. Package-visible, not public API.
    @inlinable
    package var queuesAsynchronously: Bool {
        switch kind {
        case .mainThread, .queue: return true
        case .immediate, .custom: return false
        }
    }

    /// Runs `work` in this executor's context, behind the work already submitted to it: like
    /// ``execute(_:)``, except that ``mainThread`` always goes through the main queue, never inline.
    ///
    /// For a drain that hands what is left to the next drain (VueFluxCore's store on an executor):
    /// run inline on the main queue, the next batch would follow this one at once and the main
    /// queue's other blocks would wait for the whole flood. The block continues work that already
    /// started, so it is not counted as waiting `.mainThread` work: `execute(_:)` called on the main
    /// queue meanwhile still runs inline, as it would between two blocks of any other queue. With
    /// ``immediate`` it runs at once. A custom context is called from a serial queue of this
    /// executor's own, not from the calling thread: the caller runs inside work the context is
    /// running, and a context that serializes its work (a lock, `queue.sync`) would deadlock if
    /// called there; one that runs work at once so runs the next drain on that queue's thread, not
    /// on the caller's. Not a global queue: on Linux those are the threads of Swift's cooperative
    /// pool, which a drain (user code, waits for other sources' turns) must not hold.
    /// Package-visible, not public API.
    package func executeLater(_ work: @escaping @Sendable () -> Void) {
        switch kind {
        case .immediate:
            work()
        case .mainThread:
            DispatchQueue.main.async(execute: work)
        case .queue(let queue):
            queue.async(execute: work)
        case .custom(let context, let handOff):
            handOff.async { context(work) }
        }
    }
}
