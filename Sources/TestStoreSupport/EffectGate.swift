import Dispatch
import FlowKernel

extension StartGate {
    /// A closed gate for a test store to hold back the effects started while it creates what it
    /// tests, or while a send runs (set as `EffectRegistry.startGate` around that code, opened with
    /// ``open()`` once the test store has recorded or checked), which opens by itself after
    /// `timeout` seconds (the test store's timeout; never for one without limit).
    ///
    /// The time limit is for code that waits, synchronously, for an effect it started (a presenter
    /// method that blocks until its request has begun): in the app the effect runs meanwhile, and
    /// held back until that code returns it would never run. It starts late instead of never, and
    /// the test goes on as it would with the effect started at once.
    package static func holdingEffectsBack(upTo timeout: Double) -> StartGate {
        let gate = StartGate()
        if let nanoseconds = waitNanoseconds(seconds: timeout) {
            DispatchQueue.global().asyncAfter(
                deadline: .now() + .nanoseconds(Int(clamping: nanoseconds))
            ) {
                gate.open()
            }
        }
        return gate
    }
}
