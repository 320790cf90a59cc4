import Foundation

/// Lets every call but the first through: drops the value a replaying signal gives first.
///
/// `@unchecked Sendable`: `seen` is only touched while `lock` is held.
final class SkipFirst: @unchecked Sendable {
    private let lock = NSLock()
    private var seen = false

    /// `false` the first time, `true` afterwards.
    func pass() -> Bool {
        lock.withLock {
            defer { seen = true }
            return seen
        }
    }
}
