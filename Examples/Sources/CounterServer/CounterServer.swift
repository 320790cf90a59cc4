// snippet: counter-server
/// Stands for a network API: it answers after a delay, and a cancelled request stops at once.
public actor CounterServer {
    private let savedCount: Int
    private let delay: UInt64
    /// How many requests were cancelled before they got their answer.
    public private(set) var cancelledRequests = 0

    /// A server that answers `savedCount` after `milliseconds`.
    public init(savedCount: Int = 42, milliseconds: UInt64 = 50) {
        self.savedCount = savedCount
        self.delay = milliseconds * 1_000_000
    }

    /// The count saved on the server. Throws `CancellationError` when the calling task is cancelled.
    public func fetchCount() async throws -> Int {
        do {
            try await Task.sleep(nanoseconds: delay)
        } catch {
            cancelledRequests += 1
            throw error
        }
        return savedCount
    }
}
// snippet-end: counter-server
