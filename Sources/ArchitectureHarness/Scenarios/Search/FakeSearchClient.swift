import Foundation

/// A ``SearchClient`` for tests and benchmarks: deterministic results, chosen failures, and a
/// latency you control.
///
/// The results of a request are a pure function of it (``outcome(for:)``), so the reference model
/// can say what a screen must show. A request fails when it is in ``failing``.
///
/// Latency:
/// - ``Latency/none``: answers at once (for benchmarks: the search scenario end to end).
/// - ``Latency/fixed(nanoseconds:)``: answers after a delay, or throws `CancellationError` if the calling
///   task is cancelled first.
/// - ``Latency/manual``: waits until ``respond()`` answers it, or until its task is cancelled, so
///   a test decides exactly when each response arrives.
///
/// `@unchecked Sendable`: every mutable property is only touched while `lock` (an `NSLock`) is
/// held.
public final class FakeSearchClient: SearchClient, @unchecked Sendable {
    /// When the client answers.
    public enum Latency: Sendable {
        /// At once.
        case none
        /// After the given delay, in nanoseconds (not a `Duration`, which needs iOS 16).
        case fixed(nanoseconds: UInt64)
        /// When ``FakeSearchClient/respond()`` is called.
        case manual
    }

    private struct Pending {
        let id: Int
        let request: SearchRequest
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The number of repositories per page.
    public let pageSize: Int
    private let latency: Latency
    private let lock = NSLock()
    private var failingRequests: Set<SearchRequest>
    private var made: [SearchRequest] = []
    private var cancelled: [SearchRequest] = []
    private var pending: [Pending] = []
    /// Manual requests not answered yet (waiting or about to wait).
    private var unanswered: Set<Int> = []
    /// Manual requests cancelled before they started waiting.
    private var cancelledBeforeWaiting: Set<Int> = []
    private var nextID = 0

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - latency: When it answers.
    ///   - pageSize: Repositories per page.
    ///   - failing: The requests that fail (with ``SearchError/rateLimited``, or
    ///     ``SearchError/offline`` for a page after the first).
    public init(latency: Latency = .none, pageSize: Int = 3, failing: Set<SearchRequest> = []) {
        self.latency = latency
        self.pageSize = pageSize
        failingRequests = failing
    }

    /// The requests that fail; change it at any time.
    public var failing: Set<SearchRequest> {
        get { lock.withLock { failingRequests } }
        set { lock.withLock { failingRequests = newValue } }
    }

    /// Every request made, in the order made.
    public var requests: [SearchRequest] {
        lock.withLock { made }
    }

    /// The requests whose tasks were cancelled before they were answered, in that order.
    public var cancelledRequests: [SearchRequest] {
        lock.withLock { cancelled }
    }

    /// With ``Latency/manual``: the requests waiting for ``respond()``, oldest first.
    public var pendingRequests: [SearchRequest] {
        lock.withLock { pending.map(\.request) }
    }

    /// What `request` returns: the same page every time, unless it is in ``failing``.
    ///
    /// A query of n characters has 2n results, ranked `query/1`, `query/2`, and so on.
    public func outcome(for request: SearchRequest) -> Result<SearchPage, SearchError> {
        if lock.withLock({ failingRequests.contains(request) }) {
            return .failure(request.page == 1 ? .rateLimited : .offline)
        }
        let total = request.query.count * 2
        let first = (request.page - 1) * pageSize
        let last = min(total, first + pageSize)
        let repositories = (first..<max(first, last)).map { index in
            Repository(id: stableID(request.query) * 1_000 + index, fullName: "\(request.query)/\(index + 1)")
        }
        return .success(SearchPage(repositories: repositories, hasMore: last < total))
    }

    /// A number a query always gives (unlike `hashValue`, which changes from run to run).
    private func stableID(_ query: String) -> Int {
        query.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xF_FFFF }
    }

    /// Answers the oldest waiting request (with ``Latency/manual``); returns it, or `nil` if none
    /// was waiting.
    @discardableResult
    public func respond() -> SearchRequest? {
        let answered: Pending? = lock.withLock {
            guard !pending.isEmpty else { return nil }
            let answered = pending.removeFirst()
            unanswered.remove(answered.id)
            return answered
        }
        answered?.continuation.resume()
        return answered?.request
    }

    /// Fetches a page after the configured latency.
    public func search(_ request: SearchRequest) async throws -> SearchPage {
        lock.withLock { made.append(request) }
        switch latency {
        case .none:
            break
        case .fixed(let delay):
            do {
                try await Task.sleep(nanoseconds: delay)
            } catch {
                lock.withLock { cancelled.append(request) }
                throw error
            }
        case .manual:
            try await waitForResponse(to: request)
        }
        return try outcome(for: request).get()
    }

    private func waitForResponse(to request: SearchRequest) async throws {
        let id = lock.withLock {
            defer { nextID += 1 }
            unanswered.insert(nextID)
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let wasCancelled = lock.withLock {
                    if cancelledBeforeWaiting.remove(id) != nil {
                        return true
                    }
                    pending.append(Pending(id: id, request: request, continuation: continuation))
                    return false
                }
                if wasCancelled {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiting: Pending? = lock.withLock {
                // Answered already: the cancellation came too late to matter.
                guard unanswered.remove(id) != nil else { return nil }
                cancelled.append(request)
                guard let index = pending.firstIndex(where: { $0.id == id }) else {
                    cancelledBeforeWaiting.insert(id)
                    return nil
                }
                return pending.remove(at: index)
            }
            waiting?.continuation.resume(throwing: CancellationError())
        }
    }
}
