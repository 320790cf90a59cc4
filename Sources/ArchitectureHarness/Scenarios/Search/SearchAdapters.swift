import PrexCore
import ReactiveLite
import RxStateCore
import VueFluxCore

// How each architecture's search store meets the harness when driven by the model's inputs
// directly (no side effect): the differential test and the benchmarks' reducer path. Not part of
// the side-by-side examples.

enum PrexSearchAdapter: PrexAdapter {
    typealias Model = SearchModel
    typealias Mutation = PrexSearch.Mutation

    static func makeFlux() -> Flux<PrexSearch.Action, PrexSearch.State> {
        Flux(state: PrexSearch.State(), mutation: PrexSearch.Mutation())
    }

    static func action(for input: SearchModel.Action) -> PrexSearch.Action {
        switch input {
        case .search(let query): .search(query)
        case .loadNextPage: .loadNextPage
        case .cancel: .cancel
        case .received(let request, let result): .received(request, result)
        }
    }

    static func model(of state: PrexSearch.State) -> SearchModel.State {
        SearchModel.State(
            query: state.query,
            repositories: state.repositories,
            page: state.page,
            hasMore: state.hasMore,
            isLoading: state.isLoading,
            error: state.error
        )
    }
}

enum VueFluxSearchAdapter: VueFluxAdapter {
    typealias Model = SearchModel
    typealias State = VueFluxSearch.State

    static func makeStore() -> VueFluxCore.Store<VueFluxSearch.State> {
        Store(state: VueFluxSearch.State(), mutations: VueFluxSearch.Mutations(), executor: .immediate)
    }

    static func send(_ input: SearchModel.Action, to actions: Actions<VueFluxSearch.State>) {
        switch input {
        case .search(let query): actions.search(query)
        case .loadNextPage: actions.loadNextPage()
        case .cancel: actions.cancel()
        case .received(let request, let result): actions.dispatch(action: .received(request, result))
        }
    }

    static func model(of computed: Computed<VueFluxSearch.State>) -> SearchModel.State {
        model(of: computed.screen.value)
    }

    static func model(of screen: VueFluxSearch.Screen) -> SearchModel.State {
        SearchModel.State(
            query: screen.query,
            repositories: screen.repositories,
            page: screen.page,
            hasMore: screen.hasMore,
            isLoading: screen.isLoading,
            error: screen.error
        )
    }

    static func changes(of computed: Computed<VueFluxSearch.State>) -> [Signal<SearchModel.State>] {
        [computed.screen.signal.map { model(of: $0) }]
    }
}

enum RxStateSearchAdapter: RxStateAdapter {
    typealias Model = SearchModel
    typealias Substate = RxStateSearch.State
    typealias Action = RxStateSearch.Action

    static func makeStore() -> RxStateCore.Store {
        RxStateSearch.makeStore()
    }

    static func action(for input: SearchModel.Action) -> RxStateSearch.Action {
        switch input {
        case .search(let query): .search(query)
        case .loadNextPage: .loadNextPage
        case .cancel: .cancel
        case .received(let request, let result): .received(request, result)
        }
    }

    static func model(of substate: RxStateSearch.State) -> SearchModel.State {
        SearchModel.State(
            query: substate.query,
            repositories: substate.repositories,
            page: substate.page,
            hasMore: substate.hasMore,
            isLoading: substate.isLoading,
            error: substate.error
        )
    }
}

extension SearchModel.State {
    init(
        query: String,
        repositories: [Repository],
        page: Int,
        hasMore: Bool,
        isLoading: Bool,
        error: SearchError?
    ) {
        self.init()
        self.query = query
        self.repositories = repositories
        self.page = page
        self.hasMore = hasMore
        self.isLoading = isLoading
        self.error = error
    }
}
