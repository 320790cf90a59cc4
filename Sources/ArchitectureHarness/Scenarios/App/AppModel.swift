/// The app-scale scenario's reference model: a small app of several features that share state.
///
/// - **Session**: signed out, or signed in as a user. Signing in loads the user's repositories
///   from the ``AppCatalog``; signing out clears every feature (repositories, settings,
///   navigation).
/// - **Repositories**: the list, sorted by the settings' order.
/// - **Detail**: one repository, with a star toggle that the list reflects.
/// - **Settings**: the list's sort order.
/// - **Navigation**: which screen is shown, with which item; part of the state like the rest.
///
/// Every architecture splits this into features its own way (one flux shared by several
/// presenters, several stores, substates with feature reducers) and projects its state onto
/// ``State``. A cross-feature input may pass through several stores one after another: an
/// observer of such an architecture can see the states between (signed in, list not loaded yet),
/// so ``announcesIntermediateStates`` is `true` and the harness checks that every state the model
/// announces is announced, in order, ending on the same state.
public enum AppModel: ComparableScenario {
    /// One repository of the signed-in user.
    public struct Repository: Equatable, Sendable {
        /// Its identity in the catalog; unique in a user's list.
        public var id: Int
        /// Its full name (`owner/name`); unique in a user's list.
        public var name: String
        /// How many stars it has, the user's own included.
        public var stars: Int
        /// Whether the user has starred it.
        public var isStarred: Bool

        /// Creates a repository.
        public init(id: Int, name: String, stars: Int, isStarred: Bool = false) {
            self.id = id
            self.name = name
            self.stars = stars
            self.isStarred = isStarred
        }

        /// Flips the user's star, and the count with it.
        public mutating func toggleStar() {
            isStarred.toggle()
            stars += isStarred ? 1 : -1
        }
    }

    /// How the list is sorted: a setting.
    public enum SortOrder: Sendable, Equatable, CaseIterable {
        /// By name, A to Z.
        case name
        /// Most stars first; equal counts by name.
        case stars

        /// `repositories` in this order.
        public func sorted(_ repositories: [Repository]) -> [Repository] {
            switch self {
            case .name:
                repositories.sorted { $0.name < $1.name }
            case .stars:
                repositories.sorted { ($1.stars, $0.name) < ($0.stars, $1.name) }
            }
        }
    }

    /// The screen shown: navigation state.
    public enum Screen: Sendable, Equatable {
        /// Signed out: the sign-in form.
        case signIn
        /// The repository list.
        case list
        /// One repository, by id.
        case detail(id: Int)
        /// The settings.
        case settings
    }

    /// What the user does, on whichever screen offers it.
    public enum Action: Sendable, Equatable {
        /// Signs in and shows the list of the user's repositories; ignored when signed in already
        /// or when `user` is blank.
        case signIn(user: String)
        /// Signs out: every feature goes back to its initial state; ignored when signed out.
        case signOut
        /// Shows one repository; ignored when signed out or for an id not in the list.
        case open(id: Int)
        /// Stars or unstars a repository (from the list or its detail); ignored when signed out or
        /// for an id not in the list.
        case toggleStar(id: Int)
        /// Shows the settings; ignored when signed out.
        case openSettings
        /// Sorts the list; ignored when signed out.
        case setSortOrder(SortOrder)
        /// Back from a detail or the settings to the list; ignored elsewhere.
        case back
    }

    /// The whole app, as every architecture projects it.
    public struct State: Equatable, Sendable {
        /// The signed-in user, or `nil` when signed out.
        public var user: String?
        /// The user's repositories, in the sort order: what the list screen shows.
        public var list: [Repository]
        /// The list's sort order.
        public var sortOrder: SortOrder
        /// The screen shown.
        public var screen: Screen
        /// The repository the detail screen shows, when it is shown: the same value as in `list`.
        public var detail: Repository?

        /// Creates a state.
        public init(
            user: String? = nil,
            list: [Repository] = [],
            sortOrder: SortOrder = .name,
            screen: Screen = .signIn,
            detail: Repository? = nil
        ) {
            self.user = user
            self.list = list
            self.sortOrder = sortOrder
            self.screen = screen
            self.detail = detail
        }
    }

    /// Signed out, on the sign-in screen.
    public static var initialState: State { State() }

    /// Intermediate states may be announced (see the type's description).
    public static var announcesIntermediateStates: Bool { true }

    /// Applies one input to the app.
    public static func reduce(_ state: inout State, _ action: Action) {
        let signedIn = state.user != nil
        switch action {
        case .signIn(let user):
            guard !signedIn, !user.allSatisfy(\.isWhitespace) else { return }
            state.user = user
            state.list = AppCatalog.repositories(of: user)
            state.screen = .list
        case .signOut:
            guard signedIn else { return }
            state = initialState
        case .open(let id):
            guard signedIn, state.list.contains(where: { $0.id == id }) else { return }
            state.screen = .detail(id: id)
        case .toggleStar(let id):
            guard signedIn, let index = state.list.firstIndex(where: { $0.id == id }) else { return }
            state.list[index].toggleStar()
        case .openSettings:
            guard signedIn else { return }
            state.screen = .settings
        case .setSortOrder(let order):
            guard signedIn else { return }
            state.sortOrder = order
        case .back:
            switch state.screen {
            case .detail, .settings: state.screen = .list
            case .signIn, .list: return
            }
        }
        state.list = state.sortOrder.sorted(state.list)
        if case .detail(let id) = state.screen {
            state.detail = state.list.first { $0.id == id }
        } else {
            state.detail = nil
        }
    }

    /// Inputs over a few users (one blank), ids (one unknown) and every screen.
    public static func randomAction(in state: State, using generator: inout some RandomNumberGenerator)
        -> Action
    {
        let users = ["ann", "bob", " "]
        let id = Int.random(in: 1...AppCatalog.defaultSize + 1, using: &generator)
        switch Int.random(in: 0..<20, using: &generator) {
        case 0..<2: return .signIn(user: users[Int.random(in: 0..<users.count, using: &generator)])
        case 2: return .signOut
        case 3..<7: return .open(id: id)
        case 7..<12: return .toggleStar(id: id)
        case 12..<14: return .openSettings
        case 14..<16:
            return .setSortOrder(
                SortOrder.allCases[Int.random(in: 0..<SortOrder.allCases.count, using: &generator)])
        default: return .back
        }
    }

    /// The app on `architecture`.
    public static func makeDriver(_ architecture: Architecture) -> any ScenarioDriver<AppModel> {
        switch architecture {
        case .prex: PrexAppDriver()
        case .vueFlux: VueFluxAppDriver()
        case .rxState: RxStateAppDriver()
        }
    }
}

/// Where the app's repositories come from: a fixed, local catalog, so that the scenario is
/// deterministic and signing in needs no network (the search scenario covers effects that wait).
public enum AppCatalog {
    /// How many repositories a user has unless a benchmark asks for more.
    public static let defaultSize = 5

    /// The repositories of `user`: `count` of them, ids 1 to `count`, in catalog order (not sorted),
    /// none starred, with star counts that tie in places (so that the sort by stars falls back on
    /// names).
    public static func repositories(of user: String, count: Int = defaultSize) -> [Repository] {
        let names = ["kit", "alpha", "zeta", "core", "docs", "site", "tools", "bench"]
        return (1...max(1, count)).map { id in
            let base = names[(id - 1) % names.count]
            let name = id <= names.count ? "\(user)/\(base)" : "\(user)/\(base)-\(id)"
            return Repository(id: id, name: name, stars: (id * 37) % 11 / 2 * 10)
        }
    }

    /// The model's repository type.
    public typealias Repository = AppModel.Repository
}
