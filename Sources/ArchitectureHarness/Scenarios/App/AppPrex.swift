import PrexCore

// snippet: app-prex-state
/// The app in Prex: one flux for the whole app, shared by one presenter per screen. The state is
/// a struct of feature states; each feature's mutation sees every action and changes only its own
/// part, so an action of one screen reaches another feature's state through that feature's
/// mutation (signing out clears all of them), and one dispatch changes the app at once.
enum PrexApp {
    typealias Repository = AppModel.Repository
    typealias SortOrder = AppModel.SortOrder
    typealias Screen = AppModel.Screen

    struct Session: Equatable {
        var user: String?
    }

    struct Repositories: Equatable {
        /// In catalog order; the list screen shows them sorted by the settings.
        var all: [Repository] = []
    }

    struct Settings: Equatable {
        var sortOrder = SortOrder.name
    }

    struct Navigation: Equatable {
        var screen = Screen.signIn
    }

    struct State: PrexCore.State, Equatable {
        var session = Session()
        var repositories = Repositories()
        var settings = Settings()
        var navigation = Navigation()

        /// What the list screen shows: one feature's data in another's order.
        var list: [Repository] {
            settings.sortOrder.sorted(repositories.all)
        }

        /// What the detail screen shows: the navigation's item, looked up in the repositories, so
        /// a star toggled anywhere shows on both screens.
        var detail: Repository? {
            guard case .detail(let id) = navigation.screen else { return nil }
            return repositories.all.first { $0.id == id }
        }
    }

    /// Every screen's actions, in one type: the flux is shared.
    enum Action: PrexCore.Action, Equatable {
        case signedIn(user: String, repositories: [Repository])
        case signedOut
        case opened(id: Int)
        case starToggled(id: Int)
        case settingsOpened
        case sortOrderChanged(SortOrder)
        case wentBack
    }
}
// snippet-end: app-prex-state

// snippet: app-prex-mutation
extension PrexApp {
    /// The flux's mutation: the session's rule first (signing in once, with a name; nothing else
    /// while signed out), then the feature mutations in turn.
    struct Mutation: PrexCore.Mutation {
        func mutate(action: Action, state: inout State) {
            switch action {
            case .signedIn(let user, _):
                guard state.session.user == nil, !user.allSatisfy(\.isWhitespace) else { return }
            default:
                guard state.session.user != nil else { return }
            }
            SessionMutation.mutate(action, &state.session)
            RepositoriesMutation.mutate(action, &state.repositories)
            SettingsMutation.mutate(action, &state.settings)
            // Navigation reads the repositories to refuse an id that is not there.
            NavigationMutation.mutate(action, &state.navigation, repositories: state.repositories)
        }
    }

    enum SessionMutation {
        static func mutate(_ action: Action, _ session: inout Session) {
            switch action {
            case .signedIn(let user, _):
                session.user = user
            case .signedOut:
                session = Session()
            default:
                break
            }
        }
    }

    enum RepositoriesMutation {
        static func mutate(_ action: Action, _ repositories: inout Repositories) {
            switch action {
            case .signedIn(_, let loaded):
                repositories.all = loaded
            case .starToggled(let id):
                guard let index = repositories.all.firstIndex(where: { $0.id == id }) else { return }
                repositories.all[index].toggleStar()
            case .signedOut:
                repositories = Repositories()
            default:
                break
            }
        }
    }

    enum SettingsMutation {
        static func mutate(_ action: Action, _ settings: inout Settings) {
            switch action {
            case .sortOrderChanged(let order): settings.sortOrder = order
            case .signedOut: settings = Settings()
            default: break
            }
        }
    }

    enum NavigationMutation {
        static func mutate(_ action: Action, _ navigation: inout Navigation, repositories: Repositories) {
            switch action {
            case .signedIn:
                navigation.screen = .list
            case .signedOut:
                navigation = Navigation()
            case .opened(let id) where repositories.all.contains(where: { $0.id == id }):
                navigation.screen = .detail(id: id)
            case .settingsOpened:
                navigation.screen = .settings
            case .wentBack where navigation.screen != .signIn:
                navigation.screen = .list
            default:
                break
            }
        }
    }
}
// snippet-end: app-prex-mutation

// snippet: app-prex-presenters
extension PrexApp {
    /// The sign-in screen's presenter: its side effect (reading the catalog) happens here, and
    /// one action carries the result to every feature.
    final class SignInPresenter: PrexCore.Presenter<Action, State> {
        func signIn(_ user: String) {
            guard state.session.user == nil, !user.allSatisfy(\.isWhitespace) else { return }
            dispatch(.signedIn(user: user, repositories: AppCatalog.repositories(of: user)))
        }
    }

    /// The list screen's presenter, on the same flux as every other screen's.
    final class ListPresenter: PrexCore.Presenter<Action, State> {
        func open(_ id: Int) { dispatch(.opened(id: id)) }
        func toggleStar(_ id: Int) { dispatch(.starToggled(id: id)) }
        func openSettings() { dispatch(.settingsOpened) }
        func signOut() { dispatch(.signedOut) }
    }

    /// The detail screen's presenter: its star toggle changes the repositories feature, which
    /// the list screen's presenter reflects.
    final class DetailPresenter: PrexCore.Presenter<Action, State> {
        func toggleStar() {
            guard let id = state.detail?.id else { return }
            dispatch(.starToggled(id: id))
        }
        func back() { dispatch(.wentBack) }
    }

    /// The settings screen's presenter.
    final class SettingsPresenter: PrexCore.Presenter<Action, State> {
        func sort(by order: SortOrder) { dispatch(.sortOrderChanged(order)) }
        func back() { dispatch(.wentBack) }
    }

    /// The one flux of the app, which every screen's presenter is given.
    static func makeFlux() -> Flux<Action, State> {
        Flux(state: State(), mutation: Mutation())
    }
}
// snippet-end: app-prex-presenters
