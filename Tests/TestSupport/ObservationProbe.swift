import Observation

/// Watches one read of an `Observable` model with `withObservationTracking`, the way SwiftUI
/// watches a view's body, and counts the invalidations.
///
/// Tracking is one-shot, so the probe re-arms inside each `onChange`: it then reads the model
/// again, which (`onChange` being a `willSet`) still holds the value before the change. So after
/// changes to `v1, v2, v3` from `v0`, ``reads`` is `[v0, v0, v1, v2]`: the first read, then the
/// value each change replaced, in order; ``invalidations`` counts the `onChange` calls.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
public final class ObservationProbe<Value> {
    private let read: @MainActor () -> Value
    /// The values read when arming, first the initial one, then one per invalidation.
    public private(set) var reads: [Value] = []
    /// The `onChange` calls that ran on the main queue.
    public private(set) var invalidations = 0
    /// The `onChange` calls that ran anywhere else (each one a failure of the main-actor rule).
    public let offMainInvalidations = Counter()

    /// Reads once through `read`, tracking what it reads.
    public init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        arm()
    }

    private func arm() {
        let offMain = offMainInvalidations
        reads.append(
            withObservationTracking {
                read()
            } onChange: { [weak self] in
                guard isOnMainQueue else {
                    offMain.increment()
                    return
                }
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.invalidations += 1
                    self.arm()
                }
            })
    }
}
