import Foundation

/// Collects announced states from any thread, dropping consecutive duplicates.
///
/// `@unchecked Sendable`: `entries` and `last` are only touched while `lock` (an `NSLock`, which
/// the thread sanitizer sees) is held.
final class AnnouncementLog<State: Equatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [State] = []
    private var last: State

    /// Starts with `initial` as the state announcements are compared against.
    init(initial: State) {
        last = initial
    }

    func append(_ state: State) {
        lock.withLock {
            if state != last {
                entries.append(state)
                last = state
            }
        }
    }

    var announcements: [State] {
        lock.withLock { entries }
    }
}
