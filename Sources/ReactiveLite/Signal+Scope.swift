extension Signal {
    /// Starts observing the signal for as long as `object` lives.
    ///
    /// The observer is not called once `object` has been deinitialized. This works without the
    /// Objective-C runtime (so on Linux too): the next value sent after the deinitialization finds
    /// the object gone and ends the observation, which then releases the observer closure. Dispose
    /// of the returned disposable to end it earlier. The observation holds `object` weakly, and
    /// only for the instant of the check before each call, so its deinit runs where its last
    /// reference is dropped (unless that drop meets the check at its very instant, which leaves the
    /// deinit to the delivering thread, with no lock held). A delivery on another thread that found
    /// it alive an instant before it went may still call the observer during its deinit: capture
    /// `object` weakly in `observer`.
    ///
    /// - Parameters:
    ///   - object: The owner whose lifetime bounds the observation; held weakly.
    ///   - observer: Called with each value while `object` is alive.
    /// - Returns: The disposable that ends the observation.
    @discardableResult
    public func observe(
        duringScopeOf object: AnyObject,
        _ observer: @escaping @Sendable (Value) -> Void
    ) -> any Disposable {
        let owner = WeakReference(object)
        let slot = DisposableSlot()
        slot.set(
            observe { value in
                if owner.isAlive {
                    observer(value)
                } else {
                    slot.dispose()
                }
            })
        return slot
    }
}
