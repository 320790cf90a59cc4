import FlowKernel

/// A bag of ``Disposable``s that disposes of all of them when it is disposed of or deinitialized.
///
/// Keep one as a stored property of a view controller (or any owner): every observation added to it
/// ends when the owner goes away. Adding to a scope that was already disposed of disposes of the
/// added disposable at once; adding a disposable that is already disposed of does nothing (the
/// scope does not keep it). Disposables are disposed of in the order they were added. Safe to use
/// from any thread.
public final class DisposableScope: Disposable {
    private let state: Locked<State>

    private struct State {
        var disposables: [any Disposable]
        var isDisposed = false
    }

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
    /// A disposable that is already disposed of is dropped, not kept until the scope goes: a scope
    /// that lives as long as its owner does not grow with observations that already ended.
    ///
    /// - Parameter disposable: The disposable the scope takes charge of.
    public func add(disposable: any Disposable) {
        if disposable.isDisposed {
            return
        }
        let accepted = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.disposables.append(disposable)
            return true
        }
        if !accepted {
            disposable.dispose()
        }
    }

    /// Disposes of every disposable in the scope, in the order they were added. Later calls do
    /// nothing.
    public func dispose() {
        let disposables = state.withLock { state -> [any Disposable] in
            guard !state.isDisposed else { return [] }
            state.isDisposed = true
            defer { state.disposables = [] }
            return state.disposables
        }
        for disposable in disposables {
            disposable.dispose()
        }
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
