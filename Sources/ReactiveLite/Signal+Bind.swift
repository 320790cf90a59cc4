// Bindings drive main-actor objects (views), so they are made on the main actor and always apply
// values on the main thread, through `observe(on: .mainThread)`: at once when the value is sent on
// the main queue with nothing waiting, otherwise through the main queue, in order.

extension Signal {
    /// Binds the signal to `binder`: each value is applied to the binder's target on the main thread.
    ///
    /// The binding holds the target weakly and ends at the next value after the target is
    /// deinitialized, or when the returned disposable is disposed of, or when the source is
    /// deallocated (which releases the binding closure, also if the returned disposable was
    /// dropped). A target that is already gone
    /// when this is called gets no binding: the returned disposable is already disposed of and the
    /// source is not observed. On a replaying source the current value is applied at once when this
    /// is called on the main queue with nothing pending.
    ///
    /// - Parameter binder: The target and what to do to it.
    /// - Returns: The disposable that ends the binding.
    @MainActor
    @discardableResult
    public func bind(to binder: Binder<Value>) -> any Disposable {
        let apply = binder.apply
        guard apply.isTargetAlive else {
            let ended = AnyDisposable()
            ended.dispose()
            return ended
        }
        let slot = DisposableSlot()
        slot.set(
            observe(on: .mainThread).observe { value in
                // `.mainThread` only runs this on the main queue, which is the main actor's.
                let isAlive = MainActor.assumeIsolated { apply(value) }
                if !isAlive {
                    slot.dispose()
                }
            })
        return slot
    }

    /// Binds the signal to `target` through `binding`, on the main thread.
    ///
    /// ```swift
    /// text.signal.bind(to: label) { label, text in label.text = text }
    /// ```
    ///
    /// The closure's label is `binding`, as in VueFluxReactive, so a call may also spell it out:
    /// `bind(to: label, binding: { label, text in label.text = text })`.
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - binding: Applies one value to the target; runs on the main actor.
    /// - Returns: The disposable that ends the binding (see ``bind(to:)-(Binder<Value>)``).
    @MainActor
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        binding: @escaping @MainActor (_ target: Target, _ value: Value) -> Void
    ) -> any Disposable {
        bind(to: Binder(target: target, binding: binding))
    }

    /// Binds the signal to the property of `target` at `keyPath`, on the main thread.
    ///
    /// ```swift
    /// count.signal.map { String($0) }.bind(to: label, \.text)
    /// ```
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - keyPath: The property that receives each value.
    /// - Returns: The disposable that ends the binding (see ``bind(to:)-(Binder<Value>)``).
    @MainActor
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        _ keyPath: ReferenceWritableKeyPath<Target, Value>
    ) -> any Disposable {
        bind(to: Binder(target: target) { target, value in target[keyPath: keyPath] = value })
    }

    /// Binds the signal to the optional property of `target` at `keyPath` (such as a label's
    /// `text`), on the main thread.
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - keyPath: The optional property that receives each value.
    /// - Returns: The disposable that ends the binding (see ``bind(to:)-(Binder<Value>)``).
    @MainActor
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        _ keyPath: ReferenceWritableKeyPath<Target, Value?>
    ) -> any Disposable {
        bind(to: Binder(target: target) { target, value in target[keyPath: keyPath] = value })
    }
}
