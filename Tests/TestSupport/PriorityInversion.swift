import Dispatch
import Foundation

/// A priority inversion, staged on real threads, to show that a waiter lends its priority to the
/// thread it waits for.
///
/// Three kinds of thread, as in the textbook case:
/// - the *holder*, at the default (time-shared) priority, enters something exclusive (a store's
///   turn, a lock) and works there for ``holderWorkMilliseconds`` of its own processor time;
/// - two *hogs*, one per core on CI's 2-core machines, at a real-time priority: they spin, so
///   nothing at a lower priority runs while they do, the holder included;
/// - the *waiter*, at a higher real-time priority, then asks for what the holder has.
///
/// If the wait records its owner and the system lends the waiter's priority to it (a
/// priority-inheritance mutex on Linux, `os_unfair_lock` on Apple platforms), the holder runs at the
/// waiter's priority above the hogs, finishes its work and lets the waiter in: the waiter's wait is
/// about the holder's remaining work. If not (a semaphore, a condition variable, a plain futex), the
/// holder does not run until the hogs stop: on Linux, until the kernel's real-time throttling
/// (about 950 ms of every second) or the hogs' own deadline (``hogDeadlineSeconds``).
///
/// Needs permission to use real-time scheduling (root, or `CAP_SYS_NICE` on Linux);
/// ``isPermitted`` says whether this process has it.
public enum PriorityInversion {
    /// The holder's work inside what it holds, in milliseconds of its own processor time.
    public static let holderWorkMilliseconds = 100.0
    /// How long the hogs spin at most, in seconds, should nothing stop them.
    public static let hogDeadlineSeconds = 3.0

    /// What one staged inversion measured.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The waiter's wait, from its call to its return, in milliseconds.
        public var waitMilliseconds: Double
        /// Whether the holder had finished its work when the waiter's call returned (else the
        /// waiter did not wait for it, and the run shows nothing).
        public var holderFinishedFirst: Bool
        /// Whether both hogs were spinning when the waiter called.
        public var hogsWereRunning: Bool

        /// Whether the run shows a wait for a preempted holder: the hogs ran when the waiter
        /// called, and the waiter's call returned after the holder's work.
        public var showsAWait: Bool { hogsWereRunning && holderFinishedFirst }

        /// The outcome in words, for test messages.
        public var description: String {
            "waited \(String(format: "%.1f", waitMilliseconds)) ms, holder finished first: "
                + "\(holderFinishedFirst), hogs running: \(hogsWereRunning)"
        }
    }

    /// Whether this process may give a thread a real-time priority (checked once, on a thread of
    /// its own).
    public static let isPermitted: Bool = {
        let permitted = Shared<Bool>(false)
        let done = DispatchSemaphore(value: 0)
        Thread {
            permitted.value = makeCurrentThreadRealTime(above: 1)
            done.signal()
        }.start()
        done.wait()
        return permitted.value
    }()

    /// Stages the inversion up to `attempts` times, until a run shows a wait for the preempted
    /// holder that ends within `milliseconds`; returns that run, or else the run that showed the
    /// shortest wait (nil if none showed one).
    ///
    /// More than one attempt because the machine is shared: its processors can stall for hundreds
    /// of milliseconds (CI's are virtual machines), and Linux lets time-shared threads run for a
    /// slice of every second even under real-time hogs (its fair server), so a run may end before
    /// the waiter asks, or take longer than its threads' priorities say. A wait that is not lent
    /// priority lasts about a second in every run, so the best of three still tells the two apart.
    public static func stageUntilShown(
        attempts: Int = 3, within milliseconds: Double,
        hold: @escaping @Sendable (_ work: @escaping @Sendable () -> Void) -> Void,
        wait: @escaping @Sendable () -> Void
    ) async -> Outcome? {
        var best: Outcome?
        for _ in 0..<attempts {
            let outcome = await stage(hold: hold, wait: wait)
            guard outcome.showsAWait else { continue }
            if outcome.waitMilliseconds < milliseconds { return outcome }
            if best == nil || outcome.waitMilliseconds < best!.waitMilliseconds { best = outcome }
        }
        return best
    }

    /// Stages the inversion: `hold(work)` runs on the holder thread and must call `work` from
    /// inside what it holds (a store's observer running in the store's turn, a gate); `wait()` runs
    /// on the waiter thread once the holder is inside and the hogs spin, and must ask for the same
    /// thing. Resumes when all threads are done. One staging at a time in the process: two at once
    /// would be four hogs on two cores, and each waiter could wait for the other's hogs.
    public static func stage(
        hold: @escaping @Sendable (_ work: @escaping @Sendable () -> Void) -> Void,
        wait: @escaping @Sendable () -> Void
    ) async -> Outcome {
        await stagings.enter()
        defer { stagings.leave() }
        return await stageAlone(hold: hold, wait: wait)
    }

    private static let stagings = OneAtATime()

    private static func stageAlone(
        hold: @escaping @Sendable (_ work: @escaping @Sendable () -> Void) -> Void,
        wait: @escaping @Sendable () -> Void
    ) async -> Outcome {
        let holderInside = Shared<Bool>(false)
        // Set when `hold` returned: if it never called its work, the others stop waiting for it.
        let holderReturned = Shared<Bool>(false)
        let holderDone = Shared<Bool>(false)
        let hogsSpinning = Shared<Int>(0)
        let stopHogs = Shared<Bool>(false)
        let outcome = Shared(Outcome(waitMilliseconds: 0, holderFinishedFirst: false, hogsWereRunning: false))
        await runOnThreads(4) { index in
            switch index {
            case 0:  // the holder, at the default priority
                hold {
                    holderInside.value = true
                    // Its work starts once the hogs hold both cores, so that it cannot end before
                    // the waiter asks: from here the holder runs only if someone lends it priority.
                    while hogsSpinning.value < 2 { usleep(100) }
                    spinProcessorTime(milliseconds: holderWorkMilliseconds)
                    holderDone.value = true
                }
                holderReturned.value = true
            case 1, 2:  // the hogs
                while !holderInside.value {
                    if holderReturned.value { return }
                    usleep(100)
                }
                _ = makeCurrentThreadRealTime(above: 1)
                hogsSpinning.withLock { $0 += 1 }
                let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(hogDeadlineSeconds * 1e9)
                while !stopHogs.value && DispatchTime.now().uptimeNanoseconds < deadline {}
            default:  // the waiter
                _ = makeCurrentThreadRealTime(above: 20)
                while !holderInside.value || hogsSpinning.value < 2 {
                    if holderReturned.value { return }
                    usleep(100)
                }
                // The hogs now hold both cores: the holder, preempted, runs no more on its own.
                usleep(10_000)
                let hogsRunning =
                    hogsSpinning.value == 2 && !holderDone.value
                let start = DispatchTime.now().uptimeNanoseconds
                wait()
                let end = DispatchTime.now().uptimeNanoseconds
                let finishedFirst = holderDone.value
                stopHogs.value = true
                outcome.withLock {
                    $0 = Outcome(
                        waitMilliseconds: Double(end - start) / 1e6, holderFinishedFirst: finishedFirst,
                        hogsWereRunning: hogsRunning)
                }
            }
        }
        return outcome.withLock { $0 }
    }

    /// Gives the calling thread the real-time policy `SCHED_FIFO` at `offset` above its lowest
    /// priority; returns whether the system allowed it.
    public static func makeCurrentThreadRealTime(above offset: Int32) -> Bool {
        var parameters = sched_param()
        parameters.sched_priority = sched_get_priority_min(SCHED_FIFO) + offset
        return pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0
    }

    /// Spins until the calling thread has used `milliseconds` of processor time (time it was not
    /// running does not count).
    public static func spinProcessorTime(milliseconds: Double) {
        func used() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
            return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
        }
        let start = used()
        while used() - start < milliseconds {}
    }
}

/// A process-wide turn for async callers: `enter()` suspends until no other caller is between its
/// `enter()` and `leave()`; callers get in first come, first served.
private final class OneAtATime: Sendable {
    private let state = Shared<(busy: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let enterNow = state.withLock { state in
                if state.busy {
                    state.waiting.append(continuation)
                    return false
                }
                state.busy = true
                return true
            }
            if enterNow { continuation.resume() }
        }
    }

    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.busy = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}

/// A value behind an `NSLock` (a pthread mutex the thread sanitizer sees), readable and writable
/// from any thread. Not `Synchronization`'s `Atomic` or `Mutex`, which need iOS 18 and macOS 15.
/// `@unchecked Sendable`: `storage` is only touched while `lock` is held.
public final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Value

    /// Creates the box with `value`.
    public init(_ value: Value) { storage = value }

    /// The value, read or replaced under the lock.
    public var value: Value {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }

    /// Runs `body` on the value under the lock; returns what it returns.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&storage) }
    }
}
