import Observation

// snippet: observation-probe
/// Watches one read of an `Observable` model with `withObservationTracking`, the way SwiftUI
/// watches a view's body, and counts the invalidations.
///
/// Tracking is one-shot, so the probe re-arms inside each `onChange`: it then reads the model
/// again, which (`onChange` being a `willSet`) still holds the value before the change. So after
/// changes to `v1, v2, v3` from `v0`, ``reads`` is `[v0, v0, v1, v2]`: the first read, then the
/// value each change replaced, in order; ``invalidations`` counts the `onChange` calls.
///
/// Re-arming inside `willSet` suits a read of one property. A read of several properties, when one
/// update changes two of them, would fire again at the second `willSet` (the re-armed read saw the
/// old state): SwiftUI re-reads after the update instead. For such reads pass
/// `rearmsOnChange: false` and call ``rearm()`` once the update is done.
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

    private let rearmsOnChange: Bool
    private var isArmed = false

    /// Reads once through `read`, tracking what it reads.
    ///
    /// - Parameter rearmsOnChange: Whether to re-arm inside each `onChange`, or wait for ``rearm()``.
    public init(rearmsOnChange: Bool = true, _ read: @escaping @MainActor () -> Value) {
        self.read = read
        self.rearmsOnChange = rearmsOnChange
        arm()
    }

    /// Reads and tracks again, as SwiftUI re-evaluates a body after an update, if the last tracking
    /// has fired; does nothing while it is still armed.
    public func rearm() {
        if !isArmed {
            arm()
        }
    }

    private func arm() {
        isArmed = true
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
                    self.isArmed = false
                    if self.rearmsOnChange {
                        self.arm()
                    }
                }
            })
    }
}
// snippet-end: observation-probe
