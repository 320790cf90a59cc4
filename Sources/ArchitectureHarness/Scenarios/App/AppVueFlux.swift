import ReactiveLite
import VueFluxCore

// snippet: app-vueflux-stores
/// The app in VueFlux: one store per feature, each with its own state, actions and mutations. An
/// action of one screen reaches another feature through an action creator that dispatches to both
/// stores, and what a screen shows across features is computed from several stores' values.
enum VueFluxApp {
    typealias Repository = AppModel.Repository
    typealias SortOrder = AppModel.SortOrder
    typealias Screen = AppModel.Screen

    final class SessionState: VueFluxCore.State {
        enum Action: Equatable {
            case signedIn(String)
            case signedOut
        }
        typealias Mutations = SessionMutations
        fileprivate let user = Variable<String?>(nil)
    }

    struct SessionMutations: VueFluxCore.Mutations {
        func commit(action: SessionState.Action, state: SessionState) {
            switch action {
            case .signedIn(let user): state.user.value = user
            case .signedOut: state.user.value = nil
            }
        }
    }

    final class RepositoriesState: VueFluxCore.State {
        enum Action: Equatable {
            case loaded([Repository])
            case starToggled(id: Int)
            case cleared
        }
        typealias Mutations = RepositoriesMutations
        /// In catalog order.
        fileprivate let all = Variable<[Repository]>([])
    }

    struct RepositoriesMutations: VueFluxCore.Mutations {
        func commit(action: RepositoriesState.Action, state: RepositoriesState) {
            switch action {
            case .loaded(let repositories):
                state.all.value = repositories
            case .starToggled(let id):
                guard let index = state.all.value.firstIndex(where: { $0.id == id }) else { return }
                state.all.value[index].toggleStar()
            case .cleared:
                state.all.value = []
            }
        }
    }

    final class SettingsState: VueFluxCore.State {
        enum Action: Equatable { case sortOrderChanged(SortOrder) }
        typealias Mutations = SettingsMutations
        fileprivate let sortOrder = Variable(SortOrder.name)
    }

    struct SettingsMutations: VueFluxCore.Mutations {
        func commit(action: SettingsState.Action, state: SettingsState) {
            switch action {
            case .sortOrderChanged(let order): state.sortOrder.value = order
            }
        }
    }

    final class NavigationState: VueFluxCore.State {
        enum Action: Equatable { case shown(Screen) }
        typealias Mutations = NavigationMutations
        fileprivate let screen = Variable(Screen.signIn)
    }

    struct NavigationMutations: VueFluxCore.Mutations {
        func commit(action: NavigationState.Action, state: NavigationState) {
            switch action {
            case .shown(let screen): state.screen.value = screen
            }
        }
    }
}

extension Computed where State == VueFluxApp.SessionState {
    var user: Constant<String?> { state.user.constant }
}

extension Computed where State == VueFluxApp.RepositoriesState {
    var all: Constant<[VueFluxApp.Repository]> { state.all.constant }
}

extension Computed where State == VueFluxApp.SettingsState {
    var sortOrder: Constant<VueFluxApp.SortOrder> { state.sortOrder.constant }
}

extension Computed where State == VueFluxApp.NavigationState {
    var screen: Constant<VueFluxApp.Screen> { state.screen.constant }
}
// snippet-end: app-vueflux-stores

// snippet: app-vueflux-app
extension VueFluxApp {
    /// The app's stores, made together and handed to every screen. Cross-feature action creators
    /// live here: they read the stores they need and dispatch to each store an action changes.
    /// (`Store<State>.actions` would reach every live store of a type instead: right for an app
    /// with one of each, wrong where several apps live at once, as in parallel tests.)
    final class App: Sendable {
        let session = Store(state: SessionState(), mutations: SessionMutations(), executor: .immediate)
        let repositories = Store(
            state: RepositoriesState(), mutations: RepositoriesMutations(), executor: .immediate)
        let settings = Store(state: SettingsState(), mutations: SettingsMutations(), executor: .immediate)
        let navigation = Store(
            state: NavigationState(), mutations: NavigationMutations(), executor: .immediate)

        var isSignedIn: Bool { session.computed.user.value != nil }

        /// What the list screen shows: computed across the repositories and settings stores.
        var list: [Repository] {
            settings.computed.sortOrder.value.sorted(repositories.computed.all.value)
        }

        /// What the detail screen shows: the navigation store's item in the repositories store.
        var detail: Repository? {
            guard case .detail(let id) = navigation.computed.screen.value else { return nil }
            return repositories.computed.all.value.first { $0.id == id }
        }

        func signIn(_ user: String) {
            guard !isSignedIn, !user.allSatisfy(\.isWhitespace) else { return }
            session.actions.dispatch(action: .signedIn(user))
            repositories.actions.dispatch(action: .loaded(AppCatalog.repositories(of: user)))
            navigation.actions.dispatch(action: .shown(.list))
        }

        /// Signing out reaches every feature: one action per store.
        func signOut() {
            guard isSignedIn else { return }
            session.actions.dispatch(action: .signedOut)
            repositories.actions.dispatch(action: .cleared)
            settings.actions.dispatch(action: .sortOrderChanged(.name))
            navigation.actions.dispatch(action: .shown(.signIn))
        }

        func open(_ id: Int) {
            guard isSignedIn, repositories.computed.all.value.contains(where: { $0.id == id }) else { return }
            navigation.actions.dispatch(action: .shown(.detail(id: id)))
        }

        func toggleStar(_ id: Int) {
            guard isSignedIn else { return }
            repositories.actions.dispatch(action: .starToggled(id: id))
        }

        func openSettings() {
            guard isSignedIn else { return }
            navigation.actions.dispatch(action: .shown(.settings))
        }

        func sort(by order: SortOrder) {
            guard isSignedIn else { return }
            settings.actions.dispatch(action: .sortOrderChanged(order))
        }

        func back() {
            switch navigation.computed.screen.value {
            case .detail, .settings: navigation.actions.dispatch(action: .shown(.list))
            case .signIn, .list: return
            }
        }
    }
}
// snippet-end: app-vueflux-app
