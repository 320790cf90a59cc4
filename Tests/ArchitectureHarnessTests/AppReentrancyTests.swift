import ArchitectureHarness
import TestSupport
import Testing

/// An app operation started from an observer while another one is being applied: the difference
/// between rules checked where an action is applied (Prex's mutation, RxState's middleware) and
/// rules checked by an action creator when it is called (VueFlux). docs/app-scale.md, "How a change
/// in one feature reaches another".
@Suite struct AppReentrancyTests {
    private static func model(_ inputs: [AppModel.Action]) -> AppModel.State {
        var state = AppModel.initialState
        for input in inputs {
            AppModel.reduce(&state, input)
        }
        return state
    }

    /// Runs `signIn("ann")` with an observer that dispatches `reaction` once, when it first sees
    /// the user signed in; returns the state the app comes to rest in.
    private static func signIn(on architecture: Architecture, reacting reaction: AppModel.Action)
        -> AppModel.State
    {
        let driver = AppModel.makeDriver(architecture)
        let reacted = Counter()
        let observation = driver.observe { state in
            guard state.user != nil, reacted.value == 0 else { return }
            reacted.increment()
            driver.dispatch(reaction)
        }
        driver.dispatch(.signIn(user: "ann"))
        observation.dispose()
        #expect(reacted.value == 1)
        return driver.state
    }

    /// One action, applied after the sign-in, its rule checked then: the model's result.
    @Test(arguments: [Architecture.prex, .rxState])
    func anOperationFromAnObserverIsAppliedAfterTheOneBeingApplied(_ architecture: Architecture) {
        #expect(
            Self.signIn(on: architecture, reacting: .signOut) == Self.model([.signIn(user: "ann"), .signOut]))
        #expect(
            Self.signIn(on: architecture, reacting: .open(id: 2))
                == Self.model([.signIn(user: "ann"), .open(id: 2)]))
    }

    /// VueFlux's action creators are sequences of dispatches to several stores, with their rules
    /// checked when they are called. `signOut()` from an observer of the session store runs in the
    /// middle of `signIn`: the session store queues the sign-out behind the sign-in, the other
    /// stores clear at once, and the sign-in then loads the list and shows it to no one signed in.
    /// `open(2)` from that observer finds the list not loaded yet and does nothing. The remedy is
    /// the caller's (docs/app-scale.md): call cross-feature action creators outside observers.
    @Test func vueFluxActionCreatorsFromAnObserverRunInTheMiddleOfTheOuterOne() {
        let signedOut = Self.signIn(on: .vueFlux, reacting: .signOut)
        #expect(signedOut.user == nil)
        #expect(!signedOut.list.isEmpty)
        #expect(signedOut.screen == .list)

        let opened = Self.signIn(on: .vueFlux, reacting: .open(id: 2))
        #expect(opened.screen == .list)
        #expect(opened == Self.model([.signIn(user: "ann")]))
    }
}
