import FlowKernel

/// A bag of ``Disposable``s that disposes of all of them when it is disposed of or deinitialized.
///
/// Keep one as a stored property of a view controller (or any owner): every observation added to it
/// ends when the owner goes away. Adding to a scope that was already disposed of disposes of the
/// added disposable at once; adding a disposable that is already disposed of does nothing (the
/// scope does not keep it), and those disposed of later are let go of as the scope grows (see
/// ``add(disposable:)``). Disposables are disposed of in the order they were added. Safe to use
/// from any thread.
public final class DisposableScope: Disposable {
    private let state: Locked<State>

    private struct State {
        var disposables: [any Disposable]
        var isDisposed = false
        /// The count at which `add` next looks for disposables that ended since they were added.
        var sweepAt = DisposableScope.smallestSweep
        /// Whether a sweep is looking at the disposables outside the lock: until it is done, the
        /// list only grows at its end, so the positions the sweep saw still hold.
        var isSweeping = false
        /// The disposables the first `dispose()` is disposing of, until it is done: a later call
        /// disposes of them too, so that no call returns before each of them is disposed of.
        var beingDisposed: [any Disposable] = []
        /// The threads inside a `dispose()` of this scope (``currentThreadIdentity()``): a call
        /// made again on one of them, from a disposable of the scope, returns at once.
        var disposingThreads: [UInt] = []
    }

    /// What `add` does after its lock.
    private enum Added {
        case kept
        case refused
        case keptAndSweep([any Disposable])
    }

    /// The fewest disposables a scope holds before it sweeps.
    private static let smallestSweep = 16

    /// Creates a scope holding `disposables`.
    ///
    /// Those already disposed of are not kept.
    ///
    /// - Parameter disposables: Disposables the scope owns from the start.
    public init(disposables: [any Disposable] = []) {
        state = Locked(State(disposables: disposables.filter { !$0.isDisposed }))
    }

    /// Creates a scope holding the disposables of a sequence, as VueFluxReactive's
    /// `DisposableScope(_:)` does.
    ///
    /// Those already disposed of are not kept.
    ///
    /// - Parameter disposables: Disposables the scope owns from the start, in the order they will
    ///   be disposed of.
    public convenience init<Disposables: Sequence>(_ disposables: Disposables)
    where Disposables.Element == any Disposable {
        self.init(disposables: Array(disposables))
    }

    deinit {
        dispose()
    }

    /// Whether the scope has been disposed of.
    public var isDisposed: Bool {
        state.withLock { $0.isDisposed }
    }

    /// Adds a disposable to the scope, or disposes of it at once if the scope is already disposed of.
    ///
    /// A disposable that is already disposed of is dropped, not kept until the scope goes. Those
    /// disposed of after they were added are let go of as the scope grows: each time the scope
    /// holds twice as many as after the last sweep, `add` drops the ones that ended. So a scope
    /// that lives as long as its owner does not grow with observations that already ended, and an
    /// `add` costs amortized constant time.
    ///
    /// - Parameter disposable: The disposable the scope takes charge of.
    public func add(disposable: any Disposable) {
        if disposable.isDisposed {
            return
        }
        let added = state.withLock { state -> Added in
            guard !state.isDisposed else { return .refused }
            state.disposables.append(disposable)
            guard state.disposables.count >= state.sweepAt, !state.isSweeping else { return .kept }
            state.isSweeping = true
            return .keptAndSweep(state.disposables)
        }
        switch added {
        case .kept:
            return
        case .refused:
            disposable.dispose()
        case .keptAndSweep(let seen):
            sweep(seen)
        }
    }

    /// Drops the disposables of `seen` (the list as it was) that have been disposed of.
    private func sweep(_ seen: [any Disposable]) {
        // Asked outside the lock: `isDisposed` of a disposable written by a user is user code.
        let ended = seen.indices.filter { seen[$0].isDisposed }
        let dropped = state.withLock { state -> [any Disposable] in
            state.isSweeping = false
            guard !state.isDisposed else { return [] }
            var kept: [any Disposable] = []
            var dropped: [any Disposable] = []
            kept.reserveCapacity(state.disposables.count - ended.count)
            dropped.reserveCapacity(ended.count)
            var nextEnded = ended.startIndex
            // Only appended to since `seen` was taken, so each ended one is still at its position.
            for (position, disposable) in state.disposables.enumerated() {
                if nextEnded < ended.endIndex && ended[nextEnded] == position {
                    dropped.append(disposable)
                    nextEnded += 1
                } else {
                    kept.append(disposable)
                }
            }
            state.disposables = kept
            state.sweepAt = Swift.max(Self.smallestSweep, 2 * kept.count)
            return dropped
        }
        // Released here, after the lock: a disposable's deinit may be user code.
        _ = dropped
    }

    /// Disposes of every disposable in the scope, in the order they were added.
    ///
    /// When it returns, every disposable of the scope is disposed of, whichever call came first: a
    /// call made while another thread is still disposing of the scope disposes of each one too (a
    /// disposable's `dispose()` does nothing the second time), and a call made after that does
    /// nothing. A call made on a thread that is already inside this scope's `dispose()` (a
    /// disposable of the scope that disposes of the scope, a scope added to itself or to a scope
    /// it holds) returns at once: the call under way on that thread disposes of the rest.
    public func dispose() {
        let me = currentThreadIdentity()
        let started = state.withLock { state -> (disposables: [any Disposable], isFirst: Bool)? in
            guard !state.disposingThreads.contains(me) else { return nil }
            if state.isDisposed {
                guard !state.beingDisposed.isEmpty else { return nil }
                state.disposingThreads.append(me)
                return (state.beingDisposed, false)
            }
            state.isDisposed = true
            state.beingDisposed = state.disposables
            state.disposables = []
            state.disposingThreads.append(me)
            return (state.beingDisposed, true)
        }
        guard let (disposables, isFirst) = started else { return }
        for disposable in disposables {
            disposable.dispose()
        }
        let done = state.withLock { state -> [any Disposable] in
            if let position = state.disposingThreads.firstIndex(of: me) {
                state.disposingThreads.remove(at: position)
            }
            guard isFirst else { return [] }
            defer { state.beingDisposed = [] }
            return state.beingDisposed
        }
        _ = done  // released after the lock: a disposable's deinit may be user code
    }
}

/// Adds `disposable` to `scope`.
///
/// With a `nil` scope (an optional property already set to `nil`) the disposable is disposed of
/// at once, so nothing outlives the scope that was meant to own it; a `nil` disposable is
/// ignored.
///
/// ```swift
/// var disposableScope: DisposableScope? = DisposableScope()
/// disposableScope += signal.observe { value in print(value) }
/// disposableScope = nil  // disposes of the observation
/// ```
public func += (scope: DisposableScope?, disposable: (any Disposable)?) {
    guard let disposable else { return }
    guard let scope else {
        disposable.dispose()
        return
    }
    scope.add(disposable: disposable)
}
