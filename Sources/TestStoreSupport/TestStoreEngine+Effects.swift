import FlowKernel

// The effects' side of the test store engine: following the store's effect registry, waiting
// for its effects at the end, and reporting the ones still running or that threw.

extension TestStoreEngine {
    /// Follows the effects of `registry` (the store's): `finishEffects` waits for them and names
    /// those still running. Other test stores of the same store go on following it too; call
    /// `stopTrackingEffects` at the end.
    package func track(_ registry: EffectRegistry) {
        let log = self.log
        let effects = self.effects
        effects.withLock { $0.registry = registry }
        let key = registry.observe { event in
            switch event {
            case .running(let running):
                log.setRunningEffects(Set(running.map(\.serial)))
            case .started(let effect):
                log.effectStarted(effect.serial)
            case .ended(let serial):
                log.effectEnded(serial)
            case .threw(let effect, let error):
                // Described when reported: an id's `description` is user code, and this runs under
                // the registry's lock.
                effects.withLock { $0.errors.append((effect, error)) }
            }
        }
        effects.withLock { $0.observerKey = key }
    }

    /// Stops following the store's effects (the test store is going); other test stores of the same
    /// store keep following them.
    package func stopTrackingEffects() {
        let (registry, key) = effects.withLock { progress in
            defer { progress.observerKey = nil }
            return (progress.registry, progress.observerKey)
        }
        if let registry, let key {
            registry.stopObserving(key)
        }
    }

    /// The store's effects in flight that the test has not skipped.
    package var effectsInFlight: [EffectRegistry.Running] {
        let (registry, skipped) = effects.withLock { ($0.registry, $0.skipped) }
        return (registry?.running ?? []).filter { !skipped.contains($0.serial) }
    }

    /// Cancels every effect in flight; `finishEffects` still waits for them to return.
    package func cancelEffects() {
        effects.withLock { $0.registry }?.cancelAll()
    }

    /// Stops waiting for the effects in flight now: they go on running, and `finishEffects` no
    /// longer waits for them nor reports them.
    package func skipEffects() {
        let running = Set(effectsInFlight.map(\.serial))
        effects.withLock { $0.skipped.formUnion(running) }
    }

    /// The end-of-test checks on effects: in exhaustive mode, waits up to `timeout` seconds for the
    /// effects in flight (skipped ones aside) to return, then fails naming each one still running
    /// and where it was started, and cancels them; fails on each error an effect threw. With
    /// exhaustivity off, reports nothing and cancels the effects in flight, unless another test
    /// store still follows the same store (the effects are then its to wait for or cancel, as at
    /// release: ``finishEffectsAtRelease()``).
    ///
    /// `waited` is how many seconds of `timeout` the caller has already spent waiting for other
    /// work (a VueFlux test store's action creators): only the rest is waited here, so `finish`
    /// waits at most its timeout in all.
    ///
    /// Either way the test store then stops following the store's effects (they are no longer its
    /// to wait for), so that the last test store still following decides what to cancel
    /// (``finishEffectsAtRelease()``).
    package func finishEffects(timeout: Double, waited: Double = 0, site: CallSite) async {
        guard !isFinished else { return }
        defer { stopTrackingEffects() }
        guard isExhaustive else {
            cancelEffectsUnlessFollowedElsewhere()
            return
        }
        let skipped = effects.withLock { $0.skipped }
        // Asked again on each effect's start and end: no set is built.
        let settled = await log.wait(timeout: timeout - waited) { status in
            status.runningEffects.allSatisfy { skipped.contains($0) }
        }
        if !settled {
            reportRunningEffects(at: site) { "finish: \($0) still running after \(timeout) s" }
        }
        reportEffectErrors(at: site)
    }

    /// The effects' part of the checks of a test store released: without `finish()`, reports (at
    /// the test store's creation) the effects still running and the errors effects threw; then,
    /// finished or not, cancels the effects in flight, unless another test store still follows the
    /// same store (it then waits for them, reports them or cancels them itself).
    package func finishEffectsAtRelease() {
        if isExhaustive, !isFinished {
            reportRunningEffects(at: created) {
                "\($0) still running when the test store was released without finish()"
            }
            reportEffectErrors(at: created)
        }
        cancelEffectsUnlessFollowedElsewhere()
    }

    /// Cancels every effect in flight, unless another test store still follows the same store
    /// (the effects are then the other's to wait for or cancel). A test store that has finished
    /// no longer follows, so it does not count.
    private func cancelEffectsUnlessFollowedElsewhere() {
        let (registry, isFollowing) = effects.withLock { ($0.registry, $0.observerKey != nil) }
        if let registry, registry.observerCount <= (isFollowing ? 1 : 0) {
            registry.cancelAll()
        }
    }

    private func reportRunningEffects(at site: CallSite, header: (String) -> String) {
        let running = effectsInFlight
        guard !running.isEmpty else { return }
        let count = running.count == 1 ? "1 effect" : "\(running.count) effects"
        let list = running.map { "  " + $0.description }.joined(separator: "\n")
        fail(
            header(count) + ":\n" + list
                + "\nReceive what it dispatches (advance the TestClock it sleeps on first), or end it on "
                + "purpose with cancelEffects() or skipEffects().",
            at: site
        )
        let serials = Set(running.map(\.serial))
        effects.withLock { $0.registry }?.cancelAll { serials.contains($0.serial) }
    }

    private func reportEffectErrors(at site: CallSite) {
        let errors = effects.withLock { progress in
            defer { progress.errors = [] }
            return progress.errors
        }
        for (effect, error) in errors {
            fail(
                "\(effect.description) threw an error: \(error)"
                    + "\nAn effect's errors are dropped: catch them in the effect and dispatch an action.",
                at: site)
        }
    }
}
