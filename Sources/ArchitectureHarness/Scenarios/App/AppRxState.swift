import RxStateCore

// snippet: app-rxstate-substates
/// The app in RxState: one store, one substate per feature, each with its reducers. A feature
/// reducer may handle another feature's actions (every reducer clears its substate on sign-out);
/// the rules that span features, and the catalog read on sign-in, are an intercepting
/// middleware's, so every reducer stays a pure function of its own substate.
enum RxStateApp {
    typealias Repository = AppModel.Repository
    typealias SortOrder = AppModel.SortOrder
    typealias Screen = AppModel.Screen

    struct Session: SubstateType, Equatable {
        var user: String?
    }

    struct Repositories: SubstateType, Equatable {
        /// In catalog order; the list shows them sorted by the settings.
        var all: [Repository] = []
    }

    struct Settings: SubstateType, Equatable {
        var sortOrder = SortOrder.name
    }

    struct Navigation: SubstateType, Equatable {
        var screen = Screen.signIn
    }

    enum SessionAction: ActionType, Equatable {
        /// What the sign-in screen dispatches; the middleware turns it into `signedIn`.
        case signIn(user: String)
        case signedIn(user: String, repositories: [Repository])
        case signOut
    }

    enum RepositoriesAction: ActionType, Equatable {
        case toggleStar(id: Int)
    }

    enum SettingsAction: ActionType, Equatable {
        case sort(by: SortOrder)
    }

    enum NavigationAction: ActionType, Equatable {
        case open(id: Int)
        case openSettings
        case back
    }
}
// snippet-end: app-rxstate-substates

// snippet: app-rxstate-reducers
extension RxStateApp {
    static func registerReducers(on store: Store) {
        store.register(Session.self, for: SessionAction.self) { session, action in
            switch action {
            case .signIn: break
            case .signedIn(let user, _): session.user = user
            case .signOut: session = Session()
            }
        }
        store.register(Repositories.self, for: SessionAction.self) { repositories, action in
            switch action {
            case .signIn: break
            case .signedIn(_, let loaded): repositories.all = loaded
            case .signOut: repositories = Repositories()
            }
        }
        store.register(Repositories.self, for: RepositoriesAction.self) { repositories, action in
            switch action {
            case .toggleStar(let id):
                guard let index = repositories.all.firstIndex(where: { $0.id == id }) else { return }
                repositories.all[index].toggleStar()
            }
        }
        store.register(Settings.self, for: SessionAction.self) { settings, action in
            if case .signOut = action { settings = Settings() }
        }
        store.register(Settings.self, for: SettingsAction.self) { settings, action in
            switch action {
            case .sort(let order): settings.sortOrder = order
            }
        }
        store.register(Navigation.self, for: SessionAction.self) { navigation, action in
            switch action {
            case .signIn: break
            case .signedIn: navigation.screen = .list
            case .signOut: navigation = Navigation()
            }
        }
        store.register(Navigation.self, for: NavigationAction.self) { navigation, action in
            switch action {
            case .open(let id): navigation.screen = .detail(id: id)
            case .openSettings: navigation.screen = .settings
            case .back where navigation.screen != .signIn: navigation.screen = .list
            case .back: break
            }
        }
    }
}
// snippet-end: app-rxstate-reducers

// snippet: app-rxstate-middleware
extension RxStateApp {
    /// The rules that span features, ahead of the reducers: signing in reads the catalog and
    /// passes `signedIn` on; nothing but signing in passes while signed out; a detail opens only
    /// for a repository in the list.
    struct SessionRules: InterceptingMiddlewareType {
        func intercept(
            action: any ActionType, store: Store, next: @escaping @Sendable (any ActionType) -> Void
        ) {
            let isSignedIn = store.substate(Session.self)?.user != nil
            if action is StoreAction {
                next(action)
            } else if let action = action as? SessionAction {
                switch action {
                case .signIn(let user):
                    guard !isSignedIn, !user.allSatisfy(\.isWhitespace) else { return }
                    next(SessionAction.signedIn(user: user, repositories: AppCatalog.repositories(of: user)))
                case .signedIn:
                    guard !isSignedIn else { return }
                    next(action)
                case .signOut:
                    guard isSignedIn else { return }
                    next(action)
                }
            } else if case .open(let id)? = action as? NavigationAction {
                let repositories = store.substate(Repositories.self)?.all ?? []
                guard isSignedIn, repositories.contains(where: { $0.id == id }) else { return }
                next(action)
            } else if isSignedIn {
                next(action)
            }
        }
    }

    /// The app's store: the feature substates, their reducers and the rules.
    static func makeStore() -> Store {
        let store = Store()
        registerReducers(on: store)
        store.register(interceptors: [SessionRules()])
        store.dispatch(
            action: StoreAction.add(states: [Session(), Repositories(), Settings(), Navigation()]))
        return store
    }
}

// snippet-end: app-rxstate-middleware
