import TestStoreSupport
import VueFluxCore

// The effects a test store sees: those started through the store's actions.
extension TestStore {
    /// The effects in flight on the store, except those skipped with ``skipEffects()``, in the
    /// order they were started.
    public var effectsInFlight: [RunningEffect] {
        engine.effectsInFlight.map(RunningEffect.init)
    }

    /// Cancels every effect in flight on the store, on purpose: they dispatch nothing more, and
    /// `finish()` waits for them to return (a cancelled sleep or request returns at once).
    public func cancelEffects() {
        engine.cancelEffects()
    }

    /// Stops waiting for the effects in flight now, on purpose: they go on running, and `finish()`
    /// neither waits for them nor reports them. The actions they dispatch must still be received.
    public func skipEffects() {
        engine.skipEffects()
    }
}
