// Bindings drive main-actor objects (views), so they are made on the main actor and always apply
// values on the main thread, through `observe(on: .mainThread)`: at once when the value is sent on
// the main queue with nothing waiting, otherwise through the main queue, in order. The `on:`
// overloads take VueFluxReactive's executor parameter: an executor other than `.mainThread` is a
// stage before that one.

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
        return bind(applying: apply, delivered: self)
    }

    /// Binds the signal to `binder`, each value delivered by `executor` before it is applied to the
    /// binder's target on the main thread: VueFluxReactive's `bind(to:on:)`, whose default
    /// executor is `.mainThread`, as ``bind(to:)-(Binder<Value>)``'s path is.
    ///
    /// The target is a main-actor object, so a value is always applied on the main thread. With
    /// ``Executor/mainThread`` or ``Executor/immediate`` this is ``bind(to:)-(Binder<Value>)``:
    /// a value goes to the main thread directly (at once when sent on the main queue with nothing
    /// pending). With another executor a value is first delivered through it, in order, then
    /// applied on the main thread, in the same order. VueFluxReactive applied it in the
    /// executor's context instead, on whichever thread that is (docs/reactivelite.md,
    /// Migrating). A custom executor that holds its work until a test runs it so holds the
    /// binding's values too.
    ///
    /// The binding ends as ``bind(to:)-(Binder<Value>)``'s does. Once the returned disposable's
    /// `dispose()` returns, no value is applied, one still on its way through `executor` included,
    /// except one that the main thread had already taken to apply when `dispose()` was called on
    /// another thread (as with ``observe(on:)``); disposed of on the main actor, none is.
    ///
    /// - Parameters:
    ///   - binder: The target and what to do to it.
    ///   - executor: What delivers each value before it is applied on the main thread.
    /// - Returns: The disposable that ends the binding.
    @MainActor
    @discardableResult
    public func bind(to binder: Binder<Value>, on executor: Executor) -> any Disposable {
        let apply = binder.apply
        guard apply.isTargetAlive else {
            let ended = AnyDisposable()
            ended.dispose()
            return ended
        }
        switch executor.kind {
        case .mainThread, .immediate:
            return bind(applying: apply, delivered: self)
        case .queue, .custom:
            return bind(applying: apply, delivered: observe(on: executor))
        }
    }

    /// The binding of ``bind(to:on:)``: `delivered`'s values applied through `apply` on the main
    /// thread, until the target goes or the returned slot is disposed of.
    @MainActor
    private func bind(applying apply: BindingBox<Value>, delivered: Signal<Value>) -> any Disposable {
        let slot = DisposableSlot()
        slot.set(
            delivered.observe(on: .mainThread).observe { value in
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

    /// Binds the signal to `target` through `binding`, each value delivered by `executor` before
    /// it is applied on the main thread: VueFluxReactive's `bind(to:on:binding:)` (see
    /// ``bind(to:on:)``).
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - executor: What delivers each value before it is applied on the main thread.
    ///   - binding: Applies one value to the target; runs on the main actor.
    /// - Returns: The disposable that ends the binding (see ``bind(to:on:)``).
    @MainActor
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        on executor: Executor,
        binding: @escaping @MainActor (_ target: Target, _ value: Value) -> Void
    ) -> any Disposable {
        bind(to: Binder(target: target, binding: binding), on: executor)
    }

    /// Binds the signal to the property of `target` at `keyPath`, each value delivered by
    /// `executor` before it is applied on the main thread: VueFluxReactive's
    /// `bind(to:_:on:)` (see ``bind(to:on:)``).
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - keyPath: The property that receives each value.
    ///   - executor: What delivers each value before it is applied on the main thread.
    /// - Returns: The disposable that ends the binding (see ``bind(to:on:)``).
    @MainActor
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        _ keyPath: ReferenceWritableKeyPath<Target, Value>,
        on executor: Executor
    ) -> any Disposable {
        bind(to: Binder(target: target) { target, value in target[keyPath: keyPath] = value }, on: executor)
    }

    /// Binds the signal to the optional property of `target` at `keyPath`, each value delivered by
    /// `executor` before it is applied on the main thread (see ``bind(to:on:)``).
    ///
    /// - Parameters:
    ///   - target: The object to update; held weakly.
    ///   - keyPath: The optional property that receives each value.
    ///   - executor: What delivers each value before it is applied on the main thread.
    /// - Returns: The disposable that ends the binding (see ``bind(to:on:)``).
    @MainActor
    @discardableResult
    public func bind<Target: AnyObject>(
        to target: Target,
        _ keyPath: ReferenceWritableKeyPath<Target, Value?>,
        on executor: Executor
    ) -> any Disposable {
        bind(to: Binder(target: target) { target, value in target[keyPath: keyPath] = value }, on: executor)
    }
}
