import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// The search screen on each architecture, as the harness drives it: the architecture's own screen
// code (presenter, view controller, middleware) plus a view that records what it is shown. Not part
// of the side-by-side examples.

/// The Prex screen: a presenter with its side effect, and a passive view.
final class PrexSearchScreen: SearchScreen {
    /// The view: records each state it is told about, on the main actor.
    final class RecordingView: View {
        let log = AnnouncementLog(initial: SearchModel.initialState)

        func reflect(change: StateChange<PrexSearch.State>) {
            log.append(PrexSearchAdapter.model(of: change.new))
        }
    }

    let view = RecordingView()
    let presenter: PrexSearch.Presenter

    init(client: any SearchClient) {
        presenter = PrexSearch.Presenter(view: view, client: client)
    }

    var architecture: Architecture { .prex }
    func search(_ query: String) { presenter.search(query) }
    func loadNextPage() { presenter.loadNextPage() }
    func cancel() { presenter.cancel() }
    var state: SearchModel.State { PrexSearchAdapter.model(of: presenter.state) }
    var shown: [SearchModel.State] { view.log.announcements }
    var components: [AnyObject] { [view, presenter, presenter.flux, presenter.flux.store] }
}

/// The VueFlux screen: a view controller owning the store, bound to its computed screen on the
/// main thread.
final class VueFluxSearchScreen: SearchScreen {
    let controller: VueFluxSearch.ViewController
    private let log = AnnouncementLog(initial: SearchModel.initialState)
    private let scope = DisposableScope()

    init(client: any SearchClient) {
        controller = VueFluxSearch.ViewController(client: client)
        let log = self.log
        scope += controller.store.computed.screen.signal
            .observe(on: .mainThread)
            .observe { log.append(VueFluxSearchAdapter.model(of: $0)) }
    }

    var architecture: Architecture { .vueFlux }
    func search(_ query: String) { controller.search(query) }
    func loadNextPage() { controller.loadNextPage() }
    func cancel() { controller.cancel() }
    var state: SearchModel.State { VueFluxSearchAdapter.model(of: controller.store.computed) }
    var shown: [SearchModel.State] { log.announcements }
    var components: [AnyObject] { [controller, controller.store, controller.store.computed.state] }
}

/// The RxState screen: a store with the effects middleware, observed on the main thread.
final class RxStateSearchScreen: SearchScreen {
    let store: RxStateCore.Store
    let effects: RxStateSearch.Effects
    private let log = AnnouncementLog(initial: SearchModel.initialState)
    private let scope = DisposableScope()

    init(client: any SearchClient) {
        store = RxStateSearch.makeStore()
        effects = RxStateSearch.Effects(client: client)
        store.register(interceptors: [effects])
        let log = self.log
        scope += store.substateSignal(RxStateSearch.State.self)
            .observe(on: .mainThread)
            .observe { log.append(RxStateSearchAdapter.model(of: $0)) }
    }

    var architecture: Architecture { .rxState }
    func search(_ query: String) { store.dispatch(action: RxStateSearch.Action.search(query)) }
    func loadNextPage() { store.dispatch(action: RxStateSearch.Action.loadNextPage) }
    func cancel() { store.dispatch(action: RxStateSearch.Action.cancel) }

    var state: SearchModel.State {
        store.substate(RxStateSearch.State.self).map(RxStateSearchAdapter.model(of:))
            ?? SearchModel.initialState
    }

    var shown: [SearchModel.State] { log.announcements }
    var components: [AnyObject] { [store, effects] }
}
