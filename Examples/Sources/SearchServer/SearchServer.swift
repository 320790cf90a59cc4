/// Stands for a repository-search API: it answers after a latency on the clock it is given (the
/// real clock in a program, a test clock in tests), fails for the query "error", and stops at once
/// when its request is cancelled. It records the queries it was asked and those cancelled.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public actor SearchServer {
    /// The error it answers "error" with.
    public struct Offline: Error, CustomStringConvertible {
        /// The error.
        public init() {}
        /// "offline", as a screen shows it.
        public var description: String { "offline" }
    }

    private let clock: any Clock<Duration>
    private let latency: Duration
    /// The queries it was asked, in order.
    public private(set) var asked: [String] = [] {
        didSet { resumeWaiters() }
    }
    /// The queries whose request was cancelled before it answered, in order.
    public private(set) var cancelled: [String] = [] {
        didSet { resumeWaiters() }
    }
    private var waiters: [(event: Event, continuation: CheckedContinuation<Void, Never>)] = []

    private enum Event {
        case asked(String)
        case cancelled(String)
    }

    /// A server that answers after `latency` on `clock`.
    public init(clock: any Clock<Duration>, latency: Duration) {
        self.clock = clock
        self.latency = latency
    }

    /// The repositories that match `query`. Throws `Offline` for "error", and `CancellationError`
    /// when the calling task is cancelled.
    public func search(_ query: String) async throws -> [String] {
        asked.append(query)
        do {
            try await clock.sleep(for: latency)
        } catch {
            cancelled.append(query)
            throw error
        }
        if query == "error" {
            throw Offline()
        }
        return ["\(query)/one", "\(query)/two"]
    }

    /// Returns once the server has been asked `query`: its request is in flight. A console program
    /// waits with it where a person would type the next query a little later.
    public func waitUntilAsked(_ query: String) async {
        await waitUntil(.asked(query))
    }

    /// Returns once the request for `query` has been cancelled.
    public func waitUntilCancelled(_ query: String) async {
        await waitUntil(.cancelled(query))
    }

    private func waitUntil(_ event: Event) async {
        if happened(event) { return }
        await withCheckedContinuation { continuation in
            waiters.append((event, continuation))
        }
    }

    private func happened(_ event: Event) -> Bool {
        switch event {
        case .asked(let query): asked.contains(query)
        case .cancelled(let query): cancelled.contains(query)
        }
    }

    private func resumeWaiters() {
        let met = waiters.filter { happened($0.event) }
        waiters.removeAll { happened($0.event) }
        for waiter in met {
            waiter.continuation.resume()
        }
    }
}
