extension Signal {
    /// Starts observing the signal for as long as `object` lives.
    ///
    /// The observer is not called once `object` has been deinitialized. This works without the
    /// Objective-C runtime (so on Linux too): the next value sent after the deinitialization finds
    /// the object gone and ends the observation, which then releases the observer closure. Dispose
    /// of the returned disposable to end it earlier. The observation holds `object` weakly, and
    /// only for the instant of the check before each call, so its deinit runs where its last
    /// reference is dropped, unless that drop meets the check at its very instant: the deinit then
    /// runs on the delivering thread, with no lock held, right before the call, and the call is
    /// made unless the deinit disposed of this observation (the observation is checked again after
    /// the owner). Likewise, a delivery on another thread that found `object` alive an instant
    /// before it went may still call the observer during its deinit. So capture `object` weakly in
    /// `observer`, and dispose of the observation in the deinit where a call after it matters.
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
        let observation = OperatorObservation()
        observation.attach(
            observe { value in
                if owner.isAlive {
                    // Checked again after the owner's check, which may have run the owner's deinit
                    // on this thread (when its last reference went at that instant), and a deinit
                    // may dispose of this observation.
                    if observation.isActive {
                        observer(value)
                    }
                } else {
                    observation.dispose()
                }
            })
        return observation
    }
}
