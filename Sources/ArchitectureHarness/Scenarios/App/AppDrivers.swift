import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// How each architecture's app meets the harness: the model's inputs become what the screens do,
// and the features' states are projected onto the model's. Not part of the side-by-side examples.

/// The app on PrexCore: inputs go to the shared flux's dispatcher as the screens' presenters send
/// them (a presenter is main-actor isolated, and the harness dispatches from any thread); an
/// announcement is a store change.
final class PrexAppDriver: ScenarioDriver {
    typealias Model = AppModel

    let flux = PrexApp.makeFlux()

    var architecture: Architecture { .prex }

    func dispatch(_ action: AppModel.Action) {
        let dispatcher = flux.dispatcher
        switch action {
        case .signIn(let user):
            dispatcher.dispatch(.signedIn(user: user, repositories: AppCatalog.repositories(of: user)))
        case .signOut: dispatcher.dispatch(.signedOut)
        case .open(let id): dispatcher.dispatch(.opened(id: id))
        case .toggleStar(let id): dispatcher.dispatch(.starToggled(id: id))
        case .openSettings: dispatcher.dispatch(.settingsOpened)
        case .setSortOrder(let order): dispatcher.dispatch(.sortOrderChanged(order))
        case .back: dispatcher.dispatch(.wentBack)
        }
    }

    var state: AppModel.State {
        Self.model(of: flux.store.state)
    }

    func observe(_ observer: @escaping @Sendable (AppModel.State) -> Void) -> AnyDisposable {
        let subscription = flux.store.addListener { change in
            observer(Self.model(of: change.new))
        }
        return AnyDisposable { subscription.cancel() }
    }

    var components: [AnyObject] {
        [flux, flux.dispatcher, flux.store]
    }

    static func model(of state: PrexApp.State) -> AppModel.State {
        AppModel.State(
            user: state.session.user,
            list: state.list,
            sortOrder: state.settings.sortOrder,
            screen: state.navigation.screen,
            detail: state.detail
        )
    }
}

/// The app on VueFluxCore: inputs call the app's cross-feature action creators; an announcement
/// is a change of any feature store's variables, with the whole app projected at that moment (so
/// a sign-in announces each store's change in turn, and under concurrent dispatch a projection
/// may read a later value of another store).
final class VueFluxAppDriver: ScenarioDriver {
    typealias Model = AppModel

    let app = VueFluxApp.App()

    var architecture: Architecture { .vueFlux }

    func dispatch(_ action: AppModel.Action) {
        switch action {
        case .signIn(let user): app.signIn(user)
        case .signOut: app.signOut()
        case .open(let id): app.open(id)
        case .toggleStar(let id): app.toggleStar(id)
        case .openSettings: app.openSettings()
        case .setSortOrder(let order): app.sort(by: order)
        case .back: app.back()
        }
    }

    var state: AppModel.State {
        Self.model(of: app)
    }

    func observe(_ observer: @escaping @Sendable (AppModel.State) -> Void) -> AnyDisposable {
        let scope = DisposableScope()
        // The app holds the stores that hold these signals' observers: capture it weakly.
        let announce: @Sendable () -> Void = { [weak app] in
            if let app { observer(Self.model(of: app)) }
        }
        let signals: [Signal<Void>] = [
            app.session.computed.user.signal.map { _ in },
            app.repositories.computed.all.signal.map { _ in },
            app.settings.computed.sortOrder.signal.map { _ in },
            app.navigation.computed.screen.signal.map { _ in },
        ]
        for signal in signals {
            let replayed = SkipFirst()
            scope += signal.observe { _ in
                if replayed.pass() { announce() }
            }
        }
        return AnyDisposable { scope.dispose() }
    }

    var components: [AnyObject] {
        [app, app.session, app.repositories, app.settings, app.navigation]
    }

    static func model(of app: VueFluxApp.App) -> AppModel.State {
        AppModel.State(
            user: app.session.computed.user.value,
            list: app.list,
            sortOrder: app.settings.computed.sortOrder.value,
            screen: app.navigation.computed.screen.value,
            detail: app.detail
        )
    }
}

/// The app on RxStateCore: inputs are dispatched as the screens dispatch them; an announcement is
/// the store's state after an action, projected from the substates it delivers.
final class RxStateAppDriver: ScenarioDriver {
    typealias Model = AppModel

    let store = RxStateApp.makeStore()

    var architecture: Architecture { .rxState }

    func dispatch(_ action: AppModel.Action) {
        switch action {
        case .signIn(let user): store.dispatch(action: RxStateApp.SessionAction.signIn(user: user))
        case .signOut: store.dispatch(action: RxStateApp.SessionAction.signOut)
        case .open(let id): store.dispatch(action: RxStateApp.NavigationAction.open(id: id))
        case .toggleStar(let id): store.dispatch(action: RxStateApp.RepositoriesAction.toggleStar(id: id))
        case .openSettings: store.dispatch(action: RxStateApp.NavigationAction.openSettings)
        case .setSortOrder(let order): store.dispatch(action: RxStateApp.SettingsAction.sort(by: order))
        case .back: store.dispatch(action: RxStateApp.NavigationAction.back)
        }
    }

    var state: AppModel.State {
        Self.model(
            session: store.substate(RxStateApp.Session.self),
            repositories: store.substate(RxStateApp.Repositories.self),
            settings: store.substate(RxStateApp.Settings.self),
            navigation: store.substate(RxStateApp.Navigation.self)
        )
    }

    func observe(_ observer: @escaping @Sendable (AppModel.State) -> Void) -> AnyDisposable {
        let replayed = SkipFirst()
        let observation = store.state.observe { substates in
            guard replayed.pass() else { return }
            observer(
                Self.model(
                    session: Self.find(RxStateApp.Session.self, in: substates),
                    repositories: Self.find(RxStateApp.Repositories.self, in: substates),
                    settings: Self.find(RxStateApp.Settings.self, in: substates),
                    navigation: Self.find(RxStateApp.Navigation.self, in: substates)
                ))
        }
        return AnyDisposable { observation.dispose() }
    }

    var components: [AnyObject] {
        [store]
    }

    private static func find<S: SubstateType>(_ type: S.Type, in substates: [any SubstateType]) -> S? {
        substates.lazy.compactMap { $0 as? S }.first
    }

    static func model(
        session: RxStateApp.Session?,
        repositories: RxStateApp.Repositories?,
        settings: RxStateApp.Settings?,
        navigation: RxStateApp.Navigation?
    ) -> AppModel.State {
        let order = settings?.sortOrder ?? .name
        let all = repositories?.all ?? []
        let screen = navigation?.screen ?? .signIn
        var detail: AppModel.Repository?
        if case .detail(let id) = screen {
            detail = all.first { $0.id == id }
        }
        return AppModel.State(
            user: session?.user,
            list: order.sorted(all),
            sortOrder: order,
            screen: screen,
            detail: detail
        )
    }
}
