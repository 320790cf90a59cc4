import ArchitectureHarness
import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// The harness's app-scale scenario (Sources/ArchitectureHarness/Scenarios/App), split into features
// the way each architecture's app there splits it, for workload 7. The harness keeps its apps
// internal, so they are written again here with the same shapes: one flux of feature states shared
// by the screens (Prex), one store per feature with cross-feature action creators (VueFlux), one
// store of feature substates with feature reducers and an intercepting middleware for the session's
// rules (RxState). The model's types (`AppModel.Repository`, its sort order and screens) and the
// catalog are the harness's public ones; the benchmark only signs in and toggles stars, so only
// those inputs are kept, with the rules the harness applies to them.

/// The user the app-scale workloads sign in, and the repository whose star they toggle.
enum AppWorkload {
    static let user = "ann"
    static let starredID = 1
}

// MARK: - Baseline

/// The app on the baseline store: the same feature structs in one state behind one lock. The
/// toggle applies the model's rule (signed in, an id in the list) in the mutation.
enum AppOnBaseline {
    struct Session: Sendable { var user: String? }
    struct Repositories: Sendable { var all: [AppModel.Repository] = [] }
    struct Settings: Sendable { var sortOrder = AppModel.SortOrder.name }
    struct Navigation: Sendable { var screen = AppModel.Screen.signIn }

    struct State: Sendable {
        var session = Session()
        var repositories = Repositories()
        var settings = Settings()
        var navigation = Navigation()
    }

    static func signIn(_ state: inout State, _ user: String) {
        guard state.session.user == nil, !user.allSatisfy(\.isWhitespace) else { return }
        state.session.user = user
        state.repositories.all = AppCatalog.repositories(of: user)
        state.navigation.screen = .list
    }

    static func toggleStar(_ state: inout State, _ id: Int) {
        guard state.session.user != nil, let index = state.repositories.all.firstIndex(where: { $0.id == id })
        else { return }
        state.repositories.all[index].toggleStar()
    }
}

// MARK: - PrexCore

/// The app on PrexCore: one flux whose state is a struct of feature states; each feature's mutation
/// sees every action and changes only its own part, after the session's rule.
enum AppOnPrex {
    struct Session: Equatable, Sendable { var user: String? }
    struct Repositories: Equatable, Sendable { var all: [AppModel.Repository] = [] }
    struct Settings: Equatable, Sendable { var sortOrder = AppModel.SortOrder.name }
    struct Navigation: Equatable, Sendable { var screen = AppModel.Screen.signIn }

    struct State: PrexCore.State, Equatable {
        var session = Session()
        var repositories = Repositories()
        var settings = Settings()
        var navigation = Navigation()
    }

    enum Action: PrexCore.Action, Equatable {
        case signedIn(user: String, repositories: [AppModel.Repository])
        case starToggled(id: Int)
    }

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
            NavigationMutation.mutate(action, &state.navigation)
        }
    }

    enum SessionMutation {
        static func mutate(_ action: Action, _ session: inout Session) {
            if case .signedIn(let user, _) = action { session.user = user }
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
            }
        }
    }

    enum NavigationMutation {
        static func mutate(_ action: Action, _ navigation: inout Navigation) {
            if case .signedIn = action { navigation.screen = .list }
        }
    }

    static func makeFlux() -> Flux<Action, State> {
        Flux(state: State(), mutation: Mutation())
    }
}

// MARK: - VueFluxCore

/// The app on VueFluxCore: a store per feature; the app's action creators check the session and
/// dispatch to each store an input changes.
enum AppOnVueFlux {
    final class SessionState: VueFluxCore.State {
        enum Action: Sendable { case signedIn(String) }
        typealias Mutations = SessionMutations
        let user = Variable<String?>(nil)
    }

    struct SessionMutations: VueFluxCore.Mutations {
        func commit(action: SessionState.Action, state: SessionState) {
            switch action {
            case .signedIn(let user): state.user.value = user
            }
        }
    }

    final class RepositoriesState: VueFluxCore.State {
        enum Action: Sendable {
            case loaded([AppModel.Repository])
            case starToggled(id: Int)
        }
        typealias Mutations = RepositoriesMutations
        let all = Variable<[AppModel.Repository]>([])
    }

    struct RepositoriesMutations: VueFluxCore.Mutations {
        func commit(action: RepositoriesState.Action, state: RepositoriesState) {
            switch action {
            case .loaded(let repositories):
                state.all.value = repositories
            case .starToggled(let id):
                guard let index = state.all.value.firstIndex(where: { $0.id == id }) else { return }
                state.all.value[index].toggleStar()
            }
        }
    }

    final class SettingsState: VueFluxCore.State {
        enum Action: Sendable { case sortOrderChanged(AppModel.SortOrder) }
        typealias Mutations = SettingsMutations
        let sortOrder = Variable(AppModel.SortOrder.name)
    }

    struct SettingsMutations: VueFluxCore.Mutations {
        func commit(action: SettingsState.Action, state: SettingsState) {
            switch action {
            case .sortOrderChanged(let order): state.sortOrder.value = order
            }
        }
    }

    final class NavigationState: VueFluxCore.State {
        enum Action: Sendable { case shown(AppModel.Screen) }
        typealias Mutations = NavigationMutations
        let screen = Variable(AppModel.Screen.signIn)
    }

    struct NavigationMutations: VueFluxCore.Mutations {
        func commit(action: NavigationState.Action, state: NavigationState) {
            switch action {
            case .shown(let screen): state.screen.value = screen
            }
        }
    }

    final class App: Sendable {
        let session = Store(state: SessionState(), mutations: SessionMutations(), executor: .immediate)
        let repositories = Store(
            state: RepositoriesState(), mutations: RepositoriesMutations(), executor: .immediate)
        let settings = Store(state: SettingsState(), mutations: SettingsMutations(), executor: .immediate)
        let navigation = Store(
            state: NavigationState(), mutations: NavigationMutations(), executor: .immediate)

        var isSignedIn: Bool { session.computed.user.value != nil }

        func signIn(_ user: String) {
            guard !isSignedIn, !user.allSatisfy(\.isWhitespace) else { return }
            session.actions.dispatch(action: .signedIn(user))
            repositories.actions.dispatch(action: .loaded(AppCatalog.repositories(of: user)))
            navigation.actions.dispatch(action: .shown(.list))
        }

        func toggleStar(_ id: Int) {
            guard isSignedIn else { return }
            repositories.actions.dispatch(action: .starToggled(id: id))
        }
    }
}

extension Computed where State == AppOnVueFlux.SessionState {
    var user: Constant<String?> { state.user.constant }
}

extension Computed where State == AppOnVueFlux.RepositoriesState {
    var all: Constant<[AppModel.Repository]> { state.all.constant }
}

extension Computed where State == AppOnVueFlux.SettingsState {
    var sortOrder: Constant<AppModel.SortOrder> { state.sortOrder.constant }
}

extension Computed where State == AppOnVueFlux.NavigationState {
    var screen: Constant<AppModel.Screen> { state.screen.constant }
}

// MARK: - RxStateCore

/// The app on RxStateCore: one store, a substate per feature with its reducers, and the session's
/// rules in an intercepting middleware ahead of them.
enum AppOnRxState {
    struct Session: SubstateType, Equatable { var user: String? }
    struct Repositories: SubstateType, Equatable { var all: [AppModel.Repository] = [] }
    struct Settings: SubstateType, Equatable { var sortOrder = AppModel.SortOrder.name }
    struct Navigation: SubstateType, Equatable { var screen = AppModel.Screen.signIn }

    enum SessionAction: ActionType, Equatable {
        case signIn(user: String)
        case signedIn(user: String, repositories: [AppModel.Repository])
    }

    enum RepositoriesAction: ActionType, Equatable {
        case toggleStar(id: Int)
    }

    /// Signing in reads the catalog and passes `signedIn` on; nothing else passes while signed out.
    struct SessionRules: InterceptingMiddlewareType {
        func intercept(
            action: any ActionType, store: RxStateCore.Store,
            next: @escaping @Sendable (any ActionType) -> Void
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
                }
            } else if isSignedIn {
                next(action)
            }
        }
    }

    static func makeStore() -> RxStateCore.Store {
        let store = RxStateCore.Store()
        store.register(Session.self, for: SessionAction.self) { session, action in
            if case .signedIn(let user, _) = action { session.user = user }
        }
        store.register(Repositories.self, for: SessionAction.self) { repositories, action in
            if case .signedIn(_, let loaded) = action { repositories.all = loaded }
        }
        store.register(Repositories.self, for: RepositoriesAction.self) { repositories, action in
            switch action {
            case .toggleStar(let id):
                guard let index = repositories.all.firstIndex(where: { $0.id == id }) else { return }
                repositories.all[index].toggleStar()
            }
        }
        store.register(Navigation.self, for: SessionAction.self) { navigation, action in
            if case .signedIn = action { navigation.screen = .list }
        }
        store.register(interceptors: [SessionRules()])
        store.dispatch(
            action: StoreAction.add(states: [Session(), Repositories(), Settings(), Navigation()]))
        return store
    }
}
