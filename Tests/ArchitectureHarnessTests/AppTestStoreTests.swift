import PrexCore
import PrexCoreTesting
import RxStateCore
import RxStateCoreTesting
import Testing
import VueFluxCore
import VueFluxCoreTesting

@testable import ArchitectureHarness

/// The app-scale scenario through each module's test store: one feature alone, then the whole app
/// end to end, every change asserted, an ignored input as no change.
@MainActor
@Suite struct AppTestStoreTests {
    static let catalog = AppCatalog.repositories(of: "ann")

    // MARK: Prex

    /// A screen's presenter on the app's shared flux: the detail's star toggle changes the
    /// repositories feature, which the list shows.
    @Test func prexDetailPresenterStarsWhatTheListShows() async {
        var state = PrexApp.State()
        PrexApp.Mutation().mutate(action: .signedIn(user: "ann", repositories: Self.catalog), state: &state)
        PrexApp.Mutation().mutate(action: .opened(id: 2), state: &state)
        let flux = Flux(state: state, mutation: PrexApp.Mutation())
        let store = PrexCoreTesting.TestStore { view in PrexApp.DetailPresenter(view: view, flux: flux) }
        await store.send {
            $0.toggleStar()
        } assert: {
            $0.repositories.all[1].toggleStar()
        }
        #expect(
            store.state.list.first
                == AppModel.Repository(id: 2, name: "ann/alpha", stars: 41, isStarred: true))
        await store.send {
            $0.back()
        } assert: {
            $0.navigation.screen = .list
        }
        await store.send { $0.toggleStar() }  // no detail shown: nothing to star
        await store.finish()
    }

    /// The journey through the one flux every screen shares: each action changes the app at once.
    @Test func prexAppEndToEnd() async {
        let store = PrexCoreTesting.TestStore(initialState: PrexApp.State(), mutation: PrexApp.Mutation())
        await store.send(.starToggled(id: 1))  // signed out: ignored
        await store.send(.signedIn(user: "ann", repositories: Self.catalog)) {
            $0.session.user = "ann"
            $0.repositories.all = Self.catalog
            $0.navigation.screen = .list
        }
        await store.send(.opened(id: 2)) { $0.navigation.screen = .detail(id: 2) }
        await store.send(.starToggled(id: 2)) { $0.repositories.all[1].toggleStar() }
        await store.send(.settingsOpened) { $0.navigation.screen = .settings }
        await store.send(.sortOrderChanged(.stars)) { $0.settings.sortOrder = .stars }
        #expect(store.state.list.map(\.id) == [2, 5, 4, 1, 3])  // ties at 20 stars by name: core, kit
        await store.send(.wentBack) { $0.navigation.screen = .list }
        await store.send(.signedOut) { $0 = PrexApp.State() }
        await store.finish()
    }

    // MARK: VueFlux

    /// One feature's store alone: its mutations, through its actions.
    @Test func vueFluxRepositoriesStoreAlone() async {
        let store = VueFluxCoreTesting.TestStore(
            state: VueFluxApp.RepositoriesState(), mutations: VueFluxApp.RepositoriesMutations()
        ) { computed in
            computed.all.value
        }
        await store.send(.loaded(Self.catalog)) { $0 = Self.catalog }
        await store.send(.starToggled(id: 2)) { $0[1].toggleStar() }
        await store.send(.starToggled(id: 9))  // not in the list: no change
        await store.send(.cleared) { $0 = [] }
        await store.finish()
    }

    /// The app's four stores, one test store each: a cross-feature action creator commits to each
    /// store in turn, and each store's test store receives its part.
    @Test func vueFluxAppEndToEnd() async {
        let app = VueFluxApp.App()
        let session = VueFluxCoreTesting.TestStore(store: app.session) { $0.user.value }
        let repositories = VueFluxCoreTesting.TestStore(store: app.repositories) { $0.all.value }
        let settings = VueFluxCoreTesting.TestStore(store: app.settings) { $0.sortOrder.value }
        let navigation = VueFluxCoreTesting.TestStore(store: app.navigation) { $0.screen.value }

        await session.send({ _ in app.signIn("ann") }, assert: { $0 = "ann" })
        await repositories.receive(.loaded(Self.catalog)) { $0 = Self.catalog }
        await navigation.receive(.shown(.list)) { $0 = .list }

        await navigation.send({ _ in app.open(2) }, assert: { $0 = .detail(id: 2) })
        await repositories.send({ _ in app.toggleStar(2) }, assert: { $0[1].toggleStar() })
        #expect(app.detail?.isStarred == true)
        #expect(app.list.first?.id == 2)
        await navigation.send({ _ in app.open(9) })  // not in the list: nothing dispatched
        await settings.send({ _ in app.sort(by: .stars) }, assert: { $0 = .stars })

        await session.send({ _ in app.signOut() }, assert: { $0 = nil })
        await repositories.receive(.cleared) { $0 = [] }
        await settings.receive(.sortOrderChanged(.name)) { $0 = .name }
        await navigation.receive(.shown(.signIn)) { $0 = .signIn }
        await session.finish()
        await repositories.finish()
        await settings.finish()
        await navigation.finish()
    }

    // MARK: RxState

    /// One feature's substate and reducers, without the app's middleware.
    @Test func rxStateNavigationReducersAlone() async {
        let store = RxStateCore.Store()
        RxStateApp.registerReducers(on: store)
        let test = RxStateCoreTesting.TestStore(initialState: RxStateApp.Navigation(), store: store)
        await test.send(RxStateApp.SessionAction.signedIn(user: "ann", repositories: [])) {
            $0.screen = .list
        }
        await test.send(RxStateApp.NavigationAction.open(id: 3)) { $0.screen = .detail(id: 3) }
        await test.send(RxStateApp.NavigationAction.openSettings) { $0.screen = .settings }
        await test.send(RxStateApp.NavigationAction.back) { $0.screen = .list }
        await test.send(RxStateApp.SessionAction.signOut) { $0.screen = .signIn }
        await test.finish()
    }

    /// The whole app's store, its middleware included, seen from the repositories feature: the
    /// middleware turns a sign-in into `signedIn` with the catalog and drops what is not allowed.
    @Test func rxStateAppEndToEnd() async {
        let app = RxStateApp.makeStore()
        let test = RxStateCoreTesting.TestStore<RxStateApp.Repositories>(store: app)
        await test.send(RxStateApp.RepositoriesAction.toggleStar(id: 1))  // signed out: dropped
        await test.send(RxStateApp.SessionAction.signIn(user: "ann")) { $0.all = Self.catalog }
        await test.send(RxStateApp.NavigationAction.open(id: 2))
        #expect(app.substate(RxStateApp.Navigation.self)?.screen == .detail(id: 2))
        await test.send(RxStateApp.NavigationAction.open(id: 9))  // dropped by the middleware
        #expect(app.substate(RxStateApp.Navigation.self)?.screen == .detail(id: 2))
        await test.send(RxStateApp.RepositoriesAction.toggleStar(id: 2)) { $0.all[1].toggleStar() }
        await test.send(RxStateApp.SettingsAction.sort(by: .stars))
        #expect(app.substate(RxStateApp.Settings.self)?.sortOrder == .stars)
        await test.send(RxStateApp.SessionAction.signOut) { $0.all = [] }
        #expect(app.substate(RxStateApp.Settings.self) == RxStateApp.Settings())
        #expect(app.substate(RxStateApp.Navigation.self) == RxStateApp.Navigation())
        await test.finish()
    }
}
