import Observation
import PrexCore
import RxStateCore
import VueFluxCore

// The app's navigation as SwiftUI sees it (quoted by docs/app-scale.md): the root of a
// `NavigationStack` reads which screen is shown from the architecture's state, through the
// module's Observation model, and screens send intents the architecture's way. A body that reads
// `screen` is invalidated when the navigation changes, not when a star or the sort order does.

// snippet: app-prex-swiftui
/// Prex: the root presenter shows the navigation; each screen has its own presenter and view on
/// the same flux, as in UIKit.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class PrexAppRoot {
    let flux: Flux<PrexApp.Action, PrexApp.State>
    let root: ObservablePresenter<PrexApp.Action, PrexApp.State>
    let signIn: PrexApp.SignInPresenter
    let list: PrexApp.ListPresenter
    let detail: PrexApp.DetailPresenter
    private let screens: [ObservableView<PrexApp.State>]

    init() {
        let flux = PrexApp.makeFlux()
        self.flux = flux
        root = ObservablePresenter(flux: flux)
        screens = (0..<3).map { _ in ObservableView(state: flux.store.state) }
        signIn = PrexApp.SignInPresenter(view: screens[0], flux: flux)
        list = PrexApp.ListPresenter(view: screens[1], flux: flux)
        detail = PrexApp.DetailPresenter(view: screens[2], flux: flux)
    }

    /// What the `NavigationStack` shows: reads the navigation feature alone.
    var screen: AppModel.Screen { root.navigation.screen }
}
// snippet-end: app-prex-swiftui

// snippet: app-vueflux-swiftui
/// VueFlux: the navigation store, observed; intents go through the app's action creators.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class VueFluxAppRoot {
    let app = VueFluxApp.App()
    let navigation: ObservableStore<VueFluxApp.NavigationState>

    init() {
        navigation = ObservableStore(app.navigation)
    }

    var screen: AppModel.Screen { navigation.screen.value }
}
// snippet-end: app-vueflux-swiftui

// snippet: app-rxstate-swiftui
/// RxState: the app's store, observed through its navigation substate.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class RxStateAppRoot {
    let store = RxStateApp.makeStore()
    let navigation: ObservableSubstate<RxStateApp.Navigation>

    init() {
        navigation = ObservableSubstate(RxStateApp.Navigation.self, of: store, whenAbsent: .init())
    }

    var screen: AppModel.Screen { navigation.screen }
}
// snippet-end: app-rxstate-swiftui
