// snippet: search-client
/// A repository, as the search scenario's API returns it.
public struct Repository: Equatable, Hashable, Sendable {
    /// The repository's identity.
    public var id: Int
    /// `owner/name`.
    public var fullName: String

    /// Creates a repository.
    public init(id: Int, fullName: String) {
        self.id = id
        self.fullName = fullName
    }
}

/// One page of a query's results, in the order the API ranks them.
public struct SearchPage: Equatable, Sendable {
    /// The repositories on this page.
    public var repositories: [Repository]
    /// Whether a later page exists.
    public var hasMore: Bool

    /// Creates a page.
    public init(repositories: [Repository], hasMore: Bool) {
        self.repositories = repositories
        self.hasMore = hasMore
    }
}

/// Why a search request failed.
public enum SearchError: Error, Equatable, Sendable {
    /// The API refused the request for now.
    case rateLimited
    /// The network was unreachable.
    case offline
}

/// A request for one page of a query's results; pages count from 1.
public struct SearchRequest: Hashable, Sendable, CustomStringConvertible {
    /// The text searched for.
    public var query: String
    /// The page asked for, from 1.
    public var page: Int

    /// Creates a request.
    public init(query: String, page: Int) {
        self.query = query
        self.page = page
    }

    /// `query#page`.
    public var description: String {
        "\(query)#\(page)"
    }
}

/// The API the search scenario's side effect calls: what a GitHub client would be in an app.
public protocol SearchClient: Sendable {
    /// Fetches one page of results.
    ///
    /// Throws a ``SearchError`` when the request fails, and `CancellationError` when the calling
    /// task is cancelled before the response arrives.
    func search(_ request: SearchRequest) async throws -> SearchPage
}
// snippet-end: search-client
