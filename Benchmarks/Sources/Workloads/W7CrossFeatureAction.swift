import ArchitectureHarness
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

/// Workload 7: the app-scale scenario's cross-feature action. The app (AppFixtures.swift) is signed
/// in, and 100 observers watch each of its 4 features (session, repositories, settings, navigation)
/// the way screens do: store listeners on the shared flux (Prex), observers of each feature store's
/// computed value (VueFlux), `substateSignal` observers of each feature's substate (RxState), each
/// reading its feature. One operation is one star toggle, the detail screen's action that the list's
/// feature (repositories) changes and its observers see, delivered to every observer it reaches.
let crossFeatureAction: [Case] = {
    let observers = Size.appObserversPerFeature
    let id = AppWorkload.starredID
    return [
        Case(
            "W7", "Baseline", iterationsPerSample: 1, callgrindIterations: 200,
            body: .anyThread {
                let store = BaselineStore(state: AppOnBaseline.State())
                store.dispatch { AppOnBaseline.signIn(&$0, AppWorkload.user) }
                for _ in 0..<observers { _ = store.subscribe { blackHole($0.session) } }
                for _ in 0..<observers { _ = store.subscribe { blackHole($0.repositories) } }
                for _ in 0..<observers { _ = store.subscribe { blackHole($0.settings) } }
                for _ in 0..<observers { _ = store.subscribe { blackHole($0.navigation) } }
                var toggles = 0
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            store.dispatch { AppOnBaseline.toggleStar(&$0, id) }
                        }
                        toggles += count
                    },
                    finish: {
                        Outcome(problem: starProblem(store.state.repositories.all, toggles: toggles))
                    })
            }),
        Case(
            "W7", "PrexCore", iterationsPerSample: 1, callgrindIterations: 200,
            body: .anyThread {
                let flux = AppOnPrex.makeFlux()
                flux.dispatcher.dispatch(
                    .signedIn(
                        user: AppWorkload.user, repositories: AppCatalog.repositories(of: AppWorkload.user)))
                var listeners: [Subscription] = []
                for _ in 0..<observers {
                    listeners.append(flux.store.addListener { blackHole($0.new.session) })
                }
                for _ in 0..<observers {
                    listeners.append(flux.store.addListener { blackHole($0.new.repositories) })
                }
                for _ in 0..<observers {
                    listeners.append(flux.store.addListener { blackHole($0.new.settings) })
                }
                for _ in 0..<observers {
                    listeners.append(flux.store.addListener { blackHole($0.new.navigation) })
                }
                var toggles = 0
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            flux.dispatcher.dispatch(.starToggled(id: id))
                        }
                        toggles += count
                    },
                    finish: {
                        for listener in listeners { listener.cancel() }
                        return Outcome(
                            problem: starProblem(flux.store.state.repositories.all, toggles: toggles))
                    })
            }),
        Case(
            "W7", "VueFluxCore", iterationsPerSample: 1, callgrindIterations: 200,
            body: .anyThread {
                let app = AppOnVueFlux.App()
                app.signIn(AppWorkload.user)
                let scope = DisposableScope()
                for _ in 0..<observers { scope += app.session.computed.user.signal.observe { blackHole($0) } }
                for _ in 0..<observers {
                    scope += app.repositories.computed.all.signal.observe { blackHole($0) }
                }
                for _ in 0..<observers {
                    scope += app.settings.computed.sortOrder.signal.observe { blackHole($0) }
                }
                for _ in 0..<observers {
                    scope += app.navigation.computed.screen.signal.observe { blackHole($0) }
                }
                var toggles = 0
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            app.toggleStar(id)
                        }
                        toggles += count
                    },
                    finish: {
                        scope.dispose()
                        return Outcome(
                            problem: starProblem(app.repositories.computed.all.value, toggles: toggles))
                    })
            }),
        Case(
            "W7", "RxStateCore", iterationsPerSample: 1, callgrindIterations: 20,
            body: .anyThread {
                let store = AppOnRxState.makeStore()
                store.dispatch(action: AppOnRxState.SessionAction.signIn(user: AppWorkload.user))
                let scope = DisposableScope()
                for _ in 0..<observers {
                    scope += store.substateSignal(AppOnRxState.Session.self).observe { blackHole($0) }
                }
                for _ in 0..<observers {
                    scope += store.substateSignal(AppOnRxState.Repositories.self).observe { blackHole($0) }
                }
                for _ in 0..<observers {
                    scope += store.substateSignal(AppOnRxState.Settings.self).observe { blackHole($0) }
                }
                for _ in 0..<observers {
                    scope += store.substateSignal(AppOnRxState.Navigation.self).observe { blackHole($0) }
                }
                var toggles = 0
                return Loop(
                    run: { count in
                        for _ in 0..<count {
                            store.dispatch(action: AppOnRxState.RepositoriesAction.toggleStar(id: id))
                        }
                        toggles += count
                    },
                    finish: {
                        scope.dispose()
                        let all = store.substate(AppOnRxState.Repositories.self)?.all ?? []
                        return Outcome(problem: starProblem(all, toggles: toggles))
                    })
            }),
    ]
}()

/// Whether the toggled repository in `all` is what the harness's reference model has after the same
/// sign-in and `toggles` toggles; a message when it is not.
func starProblem(_ all: [AppModel.Repository], toggles: Int) -> String? {
    var model = AppModel.initialState
    AppModel.reduce(&model, .signIn(user: AppWorkload.user))
    if toggles % 2 == 1 {
        AppModel.reduce(&model, .toggleStar(id: AppWorkload.starredID))
    }
    let expected = model.list.first { $0.id == AppWorkload.starredID }
    let found = all.first { $0.id == AppWorkload.starredID }
    return found == expected
        ? nil
        : "after \(toggles) toggles the repository is \(String(describing: found)), not \(String(describing: expected))"
}
