/// A main-actor target for ``Signal/bind(to:on:)``: an object held weakly and what to
/// do to it with each value.
///
/// Write one as an extension of a view to give bindings a name:
///
/// ```swift
/// extension UIView {
///     func setHiddenBinder(duration: TimeInterval) -> Binder<Bool> {
///         Binder(target: self) { view, isHidden in view.isHidden = isHidden }
///     }
/// }
/// ```
///
/// The binder is main-actor isolated, as the views it drives are: its closure runs on the main
/// thread and may touch main-actor state with no annotation. It holds its target weakly; once the
/// target is deinitialized the binding does nothing and ends at the next value.
@MainActor
public struct Binder<Value: Sendable> {
    @usableFromInline
    let apply: BindingBox<Value>

    /// Creates a binder that applies `binding` to `target` on the main thread.
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - binding: Applies one value to the target.
    public init<Target: AnyObject>(
        target: Target,
        binding: @escaping @MainActor (_ target: Target, _ value: Value) -> Void
    ) {
        apply = BindingBox(target: target, binding: binding)
    }

    /// Binds `signal` to this binder, as VueFluxReactive's `Binder.bind(signal:on:)`: the same as
    /// `signal.bind(to: self, on: executor)` (see ``Signal/bind(to:on:)``): each value is applied
    /// to the target on the main thread, after `executor` delivers it.
    ///
    /// - Parameters:
    ///   - signal: The values to apply.
    ///   - executor: What delivers each value before it is applied on the main thread.
    /// - Returns: The disposable that ends the binding.
    @discardableResult
    public func bind(signal: Signal<Value>, on executor: Executor) -> any Disposable {
        signal.bind(to: self, on: executor)
    }
}

/// The main-actor home of a binding's weak target and closure, which lets the (Sendable) observer
/// closure carry them to the main thread without unsafe annotations.
@MainActor
@usableFromInline
final class BindingBox<Value: Sendable> {
    private let binding: (Value) -> Bool
    private weak var target: AnyObject?

    init<Target: AnyObject>(target: Target, binding: @escaping @MainActor (Target, Value) -> Void) {
        self.target = target
        self.binding = { [weak target] value in
            guard let target else { return false }
            binding(target, value)
            return true
        }
    }

    /// Whether the target has not been deinitialized yet.
    var isTargetAlive: Bool {
        target != nil
    }

    /// Applies `value` if the target is alive; returns whether it was.
    func callAsFunction(_ value: Value) -> Bool {
        binding(value)
    }
}
