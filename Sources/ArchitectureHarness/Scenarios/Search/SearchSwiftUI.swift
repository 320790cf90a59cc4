import Observation
import PrexCore
import RxStateCore
import VueFluxCore

// The search screen's SwiftUI models, one per architecture (quoted by docs/side-by-side.md): each is
// what a SwiftUI view keeps in `@State`, built from the scenario's own presenter, view controller
// or store. The views themselves need SwiftUI, which this machine lacks: the docs show them as
// Apple-only blocks, and `status`, the logic they call, is compiled and tested here.

// snippet: search-prex-swiftui
/// Prex: the scenario's presenter, reflecting into an observable view. The model is what a view
/// controller is in UIKit: the owner of the view's state and of its presenter.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class PrexSearchModel {
    let view = ObservableView(state: PrexSearch.State())
    let presenter: PrexSearch.Presenter

    init(client: any SearchClient) {
        presenter = PrexSearch.Presenter(view: view, client: client)
    }

    /// The status line: reads `isLoading`, `error` and `repositories`, so only those invalidate it.
    var status: String {
        if view.isLoading { return "Searching…" }
        if let error = view.error { return "Failed: \(error)" }
        return "\(view.repositories.count) repositories"
    }
}
// snippet-end: search-prex-swiftui

// snippet: search-vueflux-swiftui
/// VueFlux: the scenario's view controller keeps the store and the request; the model reads the
/// store's computed `screen` through an observable store.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class VueFluxSearchModel {
    let controller: VueFluxSearch.ViewController
    let store: ObservableStore<VueFluxSearch.State>

    init(client: any SearchClient) {
        controller = VueFluxSearch.ViewController(client: client)
        store = ObservableStore(controller.store)
    }

    /// The status line: `store.screen` is `store.computed.screen`, observed member by member.
    var status: String {
        let screen = store.screen
        if screen.isLoading { return "Searching…" }
        if let error = screen.error { return "Failed: \(error)" }
        return "\(screen.repositories.count) repositories"
    }
}
// snippet-end: search-vueflux-swiftui

// snippet: search-rxstate-swiftui
/// RxState: the app's store, with the effects middleware, seen through its search substate.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class RxStateSearchModel {
    let search: ObservableSubstate<RxStateSearch.State>

    init(client: any SearchClient) {
        let store = RxStateSearch.makeStore()
        store.register(interceptors: [RxStateSearch.Effects(client: client)])
        search = ObservableSubstate(RxStateSearch.State.self, of: store, whenAbsent: RxStateSearch.State())
    }

    func dispatch(_ action: RxStateSearch.Action) {
        search.store.dispatch(action: action)
    }

    /// The status line: reads three members of the substate, so only those invalidate it.
    var status: String {
        if search.isLoading { return "Searching…" }
        if let error = search.error { return "Failed: \(error)" }
        return "\(search.repositories.count) repositories"
    }
}
// snippet-end: search-rxstate-swiftui
