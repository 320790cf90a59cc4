/// The search scenario end to end on one architecture: a user's intents go in, the side effect
/// calls a ``SearchClient``, and the states a view is shown come out.
///
/// Main-actor isolated, as the screen it stands for: intents come from the UI, and the view is told
/// about states on the main thread. Create one with ``SearchModel/makeScreen(_:client:)``.
@MainActor
public protocol SearchScreen: AnyObject {
    /// The architecture this screen runs on.
    var architecture: Architecture { get }

    /// The user searches for `query`: the request in flight (if any) is cancelled, results are
    /// cleared, and page 1 is requested unless the query is empty.
    func search(_ query: String)

    /// The user scrolls to the end: the next page is requested if ``SearchModel/State/nextPageRequest``
    /// allows it.
    func loadNextPage()

    /// The user stops waiting: the request in flight is cancelled and loading stops.
    func cancel()

    /// The screen's current state, projected onto the model.
    var state: SearchModel.State { get }

    /// The distinct states the view was shown, in order (consecutive duplicates and the initial
    /// state left out). Views are told on the main thread, so after a change on another thread
    /// they arrive once the main queue has run.
    var shown: [SearchModel.State] { get }

    /// The objects the architecture created for this screen (store, presenter, view, middleware),
    /// for lifetime checks: each must be deallocated once the screen is.
    var components: [AnyObject] { get }
}

extension SearchModel {
    /// The search screen on `architecture`, calling `client`.
    @MainActor
    public static func makeScreen(_ architecture: Architecture, client: any SearchClient) -> any SearchScreen
    {
        switch architecture {
        case .prex: PrexSearchScreen(client: client)
        case .vueFlux: VueFluxSearchScreen(client: client)
        case .rxState: RxStateSearchScreen(client: client)
        }
    }
}
