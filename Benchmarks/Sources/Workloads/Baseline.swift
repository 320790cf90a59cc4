import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The floor: the cheapest correct thread-safe store, with the lock the modules use on Linux.
///
/// A final class with one lock around a struct state and an array of entries (an id and an observer
/// closure). `dispatch` runs the mutation on the state in place under the lock, copies out the
/// state and the observer array (a reference count), releases the lock, then calls the observers
/// in subscription order. `subscribe` appends under the lock and returns a handle whose `cancel()`
/// removes the entry by id, searching from the end (last in, first out churn is O(1)).
///
/// The lock is ``FloorLock``: an error-checking POSIX mutex with priority inheritance, taken with
/// a try-lock first; then the try-lock retried up to 10 times by a thread whose retries failed in
/// the last 20 ms, up to 100 times by any other; then, for a thread that also waited in the last
/// 20 ms, up to 10 times after a yield; then a blocking lock, as the modules' `Locked` takes
/// its lock on Linux (FlowKernel's `fk_lock`). So the modules' ratio to the floor is what they add around
/// the same lock, not a cheaper lock.
///
/// What the floor omits, that every module does (docs/threading.md), and so what the ratio pays
/// for:
/// - no turn: the mutation runs under the lock, so a mutation or an observer that dispatches into
///   the same store reenters it (a mutation that does fails on the error-checking lock); there is
///   no reentrancy queue, no first-in first-out order of actions across threads beyond who takes
///   the lock first, and no forwarded work applied by its own thread;
/// - no wait the system can see beyond the lock itself: no gate for a turn, no priority-donating
///   turn wait (the modules' waits are on owner-recording locks, `os_unfair_lock` on Apple
///   platforms);
/// - no main-thread delivery, no executor, no view reflected inline on the main actor;
/// - no lifetime management of observers beyond the handle: a handle that is dropped keeps its
///   observer (the modules cancel on release), and no per-observer active flag, so an observer
///   cancelled during a delivery may still be called once from that delivery's snapshot;
/// - no replay of the current value to a new observer, no old state next to the new one, no
///   action type or reducer lookup, no middleware, no per-feature change filter;
/// - no diagnostics (no misuse messages besides the lock's own result check);
/// - no in-place move of the state out of the store while a mutation runs: readers wait for the
///   mutation on the lock instead.
final class BaselineStore<State: Sendable>: @unchecked Sendable {
    /// An observer: called with the state after each dispatch, outside the lock.
    typealias Observer = @Sendable (State) -> Void

    /// One subscription: its id (increasing) and its observer.
    private struct Entry {
        let id: Int
        let observer: Observer
    }

    /// What the lock guards.
    private struct Storage {
        var state: State
        var entries: ContiguousArray<Entry> = []
        var nextID = 0
    }

    /// Guards `storage`: `@unchecked Sendable` holds because every access to it is under the lock.
    private let lock = FloorLock()
    /// The guarded values, on the heap behind a pointer rather than in stored `var`s of this class:
    /// a class's stored `var` is checked for exclusive access at run time on every access
    /// (`swift_beginAccess`, about 60 instructions each), which the lock makes redundant here.
    private let storage: UnsafeMutablePointer<Storage>

    /// A store holding `state`, with no observer.
    init(state: State) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(state: state))
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The current state, read under the lock.
    var state: State {
        lock.lock()
        let state = storage.pointee.state
        lock.unlock()
        return state
    }

    /// Applies `mutation` to the state in place under the lock, then calls every observer with the
    /// new state, outside it, in subscription order. `mutation` must not call into this store.
    func dispatch(_ mutation: (inout State) -> Void) {
        lock.lock()
        mutation(&storage.pointee.state)
        let state = storage.pointee.state
        let snapshot = storage.pointee.entries
        lock.unlock()
        snapshot.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index].observer(state)
            }
        }
    }

    /// The suspending dispatch's floor, for async callers (the async contention workload): the lock
    /// is held only while `mutation` runs, never while observers or other user code run, so a task
    /// that finds it taken waits no longer than one mutation. Waiting for it on the task's thread
    /// is cheaper than suspending, and cannot starve the cooperative pool.
    func dispatchAsync(_ mutation: (inout State) -> Void) async {
        dispatch(mutation)
    }

    /// Appends `observer` (it is not called with the current state) and returns the handle that
    /// removes it. Dropping the handle keeps the observer.
    func subscribe(_ observer: @escaping Observer) -> BaselineSubscription<State> {
        lock.lock()
        let id = storage.pointee.nextID
        storage.pointee.nextID += 1
        storage.pointee.entries.append(Entry(id: id, observer: observer))
        lock.unlock()
        return BaselineSubscription(store: self, id: id)
    }

    /// Removes the observer with `id`, if still there; its closure is released after the lock.
    fileprivate func unsubscribe(_ id: Int) {
        var removed: Entry?
        lock.lock()
        // Searching from the end makes the usual last-in first-out churn O(1).
        var index = storage.pointee.entries.endIndex - 1
        if index >= 0 && storage.pointee.entries[index].id == id {
            removed = storage.pointee.entries.removeLast()
        } else {
            while index > 0 {
                index -= 1
                if storage.pointee.entries[index].id == id {
                    removed = storage.pointee.entries.remove(at: index)
                    break
                }
            }
        }
        lock.unlock()
        withExtendedLifetime(removed) {}
    }
}

/// The handle `BaselineStore.subscribe` returns: `cancel()` removes the observer (once; later
/// calls do nothing). It keeps the store alive; dropping it does not cancel.
struct BaselineSubscription<State: Sendable>: Sendable {
    fileprivate let store: BaselineStore<State>
    fileprivate let id: Int

    /// Removes the observer from the store; the store calls it no more once this returns (bar a
    /// delivery already running on another thread).
    func cancel() {
        store.unsubscribe(id)
    }
}

/// The modules' lock on Linux, written again: a heap-allocated POSIX mutex of the error-checking
/// kind with priority inheritance, taken with a try-lock first, the try-lock retried up to 100
/// times, then (for a thread that waited in the last 20 ms) up to 10 times after a yield, then a
/// blocking lock (FlowKernel's `Locked.withLock`
/// and `waitForLock` over `fk_lock`). Every result is checked; a
/// failure (a second lock on the holding thread, an unlock by another thread) stops the process.
/// On Apple platforms it is the same POSIX mutex (the modules use `os_unfair_lock` there), so the
/// floor compiles everywhere; the benchmarks are measured on Linux.
final class FloorLock: @unchecked Sendable {
    /// The mutex, at a stable address for its whole life (Swift does not promise one to a stored
    /// property). `@unchecked Sendable`: the mutex is the synchronization.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked error-checking mutex with priority inheritance.
    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        check(
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)),
            "pthread_mutexattr_settype")
        check(
            pthread_mutexattr_setprotocol(&attributes, Int32(PTHREAD_PRIO_INHERIT)),
            "pthread_mutexattr_setprotocol")
        check(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
        check(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
    }

    deinit {
        check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deallocate()
    }

    /// Takes the lock: a try-lock, and when it is taken, ``wait()``.
    @inline(__always)
    func lock() {
        var result = pthread_mutex_trylock(mutex)
        if _slowPath(result == EBUSY) {
            result = wait()
        }
        check(result, "lock")
    }

    /// Releases the lock, which the calling thread holds.
    @inline(__always)
    func unlock() {
        check(pthread_mutex_unlock(mutex), "unlock")
    }

    /// Retries the try-lock up to 10 times if this thread's retries failed less than 20 ms ago, up
    /// to 100 times otherwise; then, if this thread waited less than 20 ms ago, up to 10 times
    /// after yielding the processor; then blocks on the mutex; returns its result.
    @inline(never)
    private func wait() -> Int32 {
        for _ in 0..<(Self.waitedRecently() ? 10 : 100) {
            let result = pthread_mutex_trylock(mutex)
            if result != EBUSY {
                return result
            }
        }
        if Self.waitsOften() {
            for _ in 0..<10 {
                sched_yield()
                let result = pthread_mutex_trylock(mutex)
                if result != EBUSY {
                    return result
                }
            }
        }
        return pthread_mutex_lock(mutex)
    }

    /// The thread-local time of the calling thread's last wait (FlowKernel keeps it in a C
    /// thread-local, `fk_lock_last_wait`).
    private static let lastWait: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the calling thread waited for a lock less than 20 ms before `now`, noting nothing
    /// (FlowKernel's `fk_lock_waited_recently`).
    private static func waitedRecently(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Bool {
        let last = UInt64(UInt(bitPattern: pthread_getspecific(lastWait)))
        return last != 0 && now - last < 20_000_000
    }

    /// Whether the calling thread waited for a lock less than 20 ms ago; notes that it waits now
    /// (FlowKernel's `fk_lock_waits_often`).
    private static func waitsOften() -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        let often = waitedRecently(now: now)
        pthread_setspecific(lastWait, UnsafeRawPointer(bitPattern: UInt(now)))
        return often
    }

    /// Stops the process unless `result` is 0.
    @inline(__always)
    private func check(_ result: Int32, _ call: StaticString) {
        if _slowPath(result != 0) {
            fatalError("FloorLock: \(call) failed with error \(result)")
        }
    }
}
