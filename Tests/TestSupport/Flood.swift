import Dispatch
import Foundation

/// What ``floodWhileProbing(_:minimum:maximum:backlog:send:applied:)`` saw.
public struct FloodProbe: Sendable {
    /// How many values the flood sent: `send` was called with 0, 1, 2, … up to `sent - 1`.
    public let sent: Int
    /// Whether the probe, a block submitted to the queue during the flood, ran before the flood
    /// stopped.
    public let ranDuringFlood: Bool
    /// Seconds from submitting the probe to its start; `nil` if it had not run when the flood
    /// stopped.
    public let latency: Double?
}

/// Floods from a dedicated thread, `send(0)`, `send(1)`, … as fast as the target takes them, and
/// submits a probe block to `queue` 50 ms in: the executor that applies what is sent must let
/// that block run while the flood goes on.
///
/// The flood lasts at least `minimum` seconds, and then until the probe has run, at most `maximum`
/// seconds, so a target that keeps `queue` to itself fails in bounded time instead of hanging the
/// suite. It keeps at most `backlog` values sent and not yet `applied()` (it pauses for 50 µs at a
/// time above that), so that memory stays bounded while the target always has work queued (the
/// backlog takes far longer to apply than a pause lasts). Resumes once the flood has stopped;
/// wait for `applied()` to reach ``FloodProbe/sent`` before checking what was applied.
public func floodWhileProbing(
    _ queue: DispatchQueue,
    minimum: Double = 0.2,
    maximum: Double = 3,
    backlog: Int = 10_000,
    send: @escaping @Sendable (Int) -> Void,
    applied: @escaping @Sendable () -> Int
) async -> FloodProbe {
    let isFlooding = Shared(true)
    let probe = Shared<(submitted: UInt64, ranAt: UInt64?, ranDuringFlood: Bool)>((0, nil, false))
    let sent = Shared(0)
    await runOnThreads(1) { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        var count = 0
        var isSubmitted = false
        while true {
            for _ in 0..<256 {
                send(count)
                count += 1
            }
            while count - applied() > backlog && elapsed() < maximum {
                usleep(50)
            }
            let now = elapsed()
            if !isSubmitted && now >= 0.05 {
                isSubmitted = true
                let submitted = DispatchTime.now().uptimeNanoseconds
                probe.withLock { $0.submitted = submitted }
                queue.async {
                    let ranAt = DispatchTime.now().uptimeNanoseconds
                    let flooding = isFlooding.value
                    probe.withLock { probe in
                        probe.ranAt = ranAt
                        probe.ranDuringFlood = flooding
                    }
                }
            }
            if now >= maximum || (now >= minimum && probe.value.ranAt != nil) {
                break
            }
        }
        isFlooding.value = false
        sent.value = count
    }
    let seen = probe.value
    return FloodProbe(
        sent: sent.value,
        ranDuringFlood: seen.ranDuringFlood,
        latency: seen.ranAt.map { Double($0 - seen.submitted) / 1e9 }
    )
}

/// Spins for about `microseconds`: a consumer made slower than any flood, so that its queue
/// never empties while the flood lasts.
public func spin(microseconds: UInt64) {
    let end = DispatchTime.now().uptimeNanoseconds + microseconds * 1_000
    while DispatchTime.now().uptimeNanoseconds < end {}
}

/// Checks that values arrive in order, each exactly once: `first`, `first + 1`, …. Thread-safe.
public final class SequenceCheck: Sendable {
    private let state: Shared<(next: Int, violations: Int)>

    /// Creates a check that expects `first` first.
    public init(first: Int = 0) {
        state = Shared((first, 0))
    }

    /// Records `value`: a violation unless it is the one after the previous value.
    public func record(_ value: Int) {
        state.withLock { state in
            if value != state.next {
                state.violations += 1
            }
            state.next = value + 1
        }
    }

    /// The value expected next: once 0, 1, …, n - 1 have arrived, n.
    public var next: Int { state.value.next }

    /// How many values were out of order or repeated.
    public var violations: Int { state.value.violations }
}
