import Observation
import TestSupport
import Testing

@testable import ArchitectureHarness

/// The app's navigation through each module's Observation model (quoted by docs/app-scale.md): a
/// reader of the screen is invalidated when the navigation changes, and not by a star toggle or a
/// sort order, which other features own.
@MainActor
@Suite(timeLimit(minutes: 1)) struct AppSwiftUITests {
    struct Root {
        let screen: @MainActor () -> AppModel.Screen
        let signIn: @MainActor () -> Void
        let toggleStar: @MainActor () -> Void
        let sortByStars: @MainActor () -> Void
        let sortOrder: @MainActor () -> AppModel.SortOrder?
        let open: @MainActor () -> Void
        let back: @MainActor () -> Void
        let model: AnyObject
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func makeRoot(_ architecture: Architecture) -> Root {
        switch architecture {
        case .prex:
            let model = PrexAppRoot()
            return Root(
                screen: { model.screen }, signIn: { model.signIn.signIn("ann") },
                toggleStar: { model.list.toggleStar(2) },
                sortByStars: { model.flux.dispatcher.dispatch(.sortOrderChanged(.stars)) },
                sortOrder: { model.flux.store.state.settings.sortOrder }, open: { model.list.open(2) },
                back: { model.detail.back() }, model: model)
        case .vueFlux:
            let model = VueFluxAppRoot()
            return Root(
                screen: { model.screen }, signIn: { model.app.signIn("ann") },
                toggleStar: { model.app.toggleStar(2) }, sortByStars: { model.app.sort(by: .stars) },
                sortOrder: { model.app.settings.computed.sortOrder.value }, open: { model.app.open(2) },
                back: { model.app.back() }, model: model)
        case .rxState:
            let model = RxStateAppRoot()
            return Root(
                screen: { model.screen },
                signIn: { model.store.dispatch(action: RxStateApp.SessionAction.signIn(user: "ann")) },
                toggleStar: { model.store.dispatch(action: RxStateApp.RepositoriesAction.toggleStar(id: 2)) },
                sortByStars: { model.store.dispatch(action: RxStateApp.SettingsAction.sort(by: .stars)) },
                sortOrder: { model.store.substate(RxStateApp.Settings.self)?.sortOrder },
                open: { model.store.dispatch(action: RxStateApp.NavigationAction.open(id: 2)) },
                back: { model.store.dispatch(action: RxStateApp.NavigationAction.back) }, model: model)
        }
    }

    @Test(arguments: Architecture.allCases)
    func theNavigationReaderFollowsTheNavigationAndNothingElse(_ architecture: Architecture) async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let root = makeRoot(architecture)
        let screen = ObservationProbe { root.screen() }
        #expect(screen.reads == [.signIn])

        root.signIn()
        #expect(await eventuallyOnMain(within: 10) { root.screen() == .list })
        #expect(screen.invalidations == 1)

        root.toggleStar()  // another feature's change: applied, but not read by this reader
        #expect(screen.invalidations == 1)
        root.sortByStars()  // a setting: applied, not read by this reader either
        #expect(await eventuallyOnMain(within: 10) { root.sortOrder() == .stars })
        #expect(screen.invalidations == 1)
        root.open()
        #expect(await eventuallyOnMain(within: 10) { root.screen() == .detail(id: 2) })
        root.back()
        #expect(await eventuallyOnMain(within: 10) { root.screen() == .list })
        #expect(screen.invalidations == 3)
        // The probe re-reads as each change begins, so it sees the screen each change leaves.
        #expect(screen.reads == [.signIn, .signIn, .list, .detail(id: 2)])
        #expect(screen.offMainInvalidations.value == 0)
        withExtendedLifetime(root.model) {}
    }
}
