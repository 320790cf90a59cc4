/// A push-driven stream of values over time, observed with ``observe(_:)``.
///
/// A signal is a recipe for subscribing to a source (a ``Sink``, a ``Variable``, a ``Constant``, or
/// an operator applied to one of those); it holds no value and no observer itself, and is cheap to
/// copy. Operators such as ``map(_:)`` return new signals over the same source, so the values seen
/// through them arrive in the source's order.
///
/// The source decides replay: a sink's signal gives only later values, a variable's gives the
/// current value first. Observers of one source are called in subscription order, one value at a
/// time, on the sending thread unless ``observe(on:)`` moves them.
public struct Signal<Value: Sendable>: Sendable {
    /// How an observer is attached to the source: called once per ``observe(_:)``.
    public typealias Subscribe = @Sendable (_ observer: @escaping @Sendable (Value) -> Void) -> any Disposable

    /// VueFluxReactive's name for ``Subscribe`` (`VueFluxReactive/Signal.swift`), so that code that
    /// spells it compiles.
    public typealias Producer = Subscribe

    @usableFromInline
    let subscribe: Subscribe

    /// Creates a signal from the function that attaches one observer to a source.
    ///
    /// Use it to write an operator or to adapt another source. `subscribe` must call the observer it
    /// is given one value at a time; it may call it from any thread, also synchronously before it
    /// returns.
    ///
    /// Disposal is immediate for such a signal too, whatever `subscribe` does: the observation's
    /// disposable first stops the calls (no call starts once `dispose()` has returned, even if the
    /// producer sends again) and releases the observer, then disposes of the disposable that
    /// `subscribe` returned. Each value passes one lock on its way to the observer.
    ///
    /// The observer is also released once the producer releases the closure it was given (the
    /// producer is deallocated, or drops it after its last value): nothing can call it any more,
    /// so what it holds goes, and a loop over ``values`` ends.
    ///
    /// - Parameter subscribe: Attaches an observer and returns the disposable that detaches it.
    public init(_ subscribe: @escaping Subscribe) {
        self.subscribe = { observer in
            let gate = ObserverGate(observer)
            // The producer holds the inlet, not the gate: its deinit tells the gate the producer
            // is gone, where a gate held by the producer would keep an observer that holds the
            // observation's disposable (a `values` stream) alive in a cycle.
            let inlet = Inlet(gate)
            gate.attach(subscribe { inlet.send($0) })
            return gate
        }
    }

    /// Wraps a `subscribe` whose disposable already stops the observer's calls at once (a channel
    /// subscription, an operator over another signal), without the gate of ``init(_:)``.
    @usableFromInline
    init(_ subscribe: @escaping Subscribe, disposalIsImmediate: Void) {
        self.subscribe = subscribe
    }

    /// A signal over a source whose disposables already take effect at once, for the library's own
    /// sources and operators: no gate, no lock per value. Package-visible, not public API.
    @inlinable
    package static func disposingAtOnce(_ subscribe: @escaping Subscribe) -> Signal {
        Signal(subscribe, disposalIsImmediate: ())
    }

    /// Starts observing the signal.
    ///
    /// The observation lasts until the returned disposable is disposed of (or added to a
    /// ``DisposableScope`` that is); it does not end when the returned value is dropped.
    ///
    /// - Parameter observer: Called with each value. It may read, send or set any source, including
    ///   this one: what it sends is delivered after it returns.
    /// - Returns: The disposable that ends the observation.
    @inlinable
    @discardableResult
    public func observe(_ observer: @escaping @Sendable (Value) -> Void) -> any Disposable {
        subscribe(observer)
    }
}
