import FlowKernel
import Foundation

/// The actions a store applied, each with the state it produced, in the order applied; filled from
/// whichever thread applies them and awaited by `send` and `receive`. It also counts the work a
/// test store started or waits for (a VueFlux asynchronous action creator, a VueFlux store's
/// executor committing what was dispatched) that has not finished yet.
package final class ActionLog<Action: Sendable, State: Sendable>: Sendable {
    /// One applied action and the state right after it.
    package struct Entry: Sendable {
        package let action: Action
        package let state: State
        /// The effect whose task applied it (see `EffectRegistry.current`), described; `nil` when
        /// no effect did.
        package let effect: String?
        /// The thread that applied it (`currentThreadIdentity()`): a send takes as its own an action
        /// applied on its calling thread before one another thread applied meanwhile.
        package let thread: UInt
    }

    /// What a waiter can wait for.
    package struct Status: Sendable {
        /// How many actions were applied so far.
        package var entryCount = 0
        /// How many of them no effect applied (see `Entry.effect`).
        package var entriesOutsideEffects = 0
        /// The ids of the work started and not finished.
        package var unfinishedWork: Set<UInt64> = []
        /// The serials of the store's effects in flight (`EffectRegistry.Running.serial`).
        package var runningEffects: Set<UInt64> = []
    }

    private enum Waiter {
        /// Registered by `wait`, before its continuation exists.
        case reserved
        /// Waiting for `condition` to hold.
        case waiting(@Sendable (Status) -> Bool, CheckedContinuation<Void, Never>)
        /// Cancelled before its continuation was stored.
        case cancelled
    }

    private struct Storage {
        var entries: [Entry] = []
        var status = Status()
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0

        /// Takes the continuations of the waiters whose condition now holds.
        mutating func ready() -> [CheckedContinuation<Void, Never>] {
            var ready: [CheckedContinuation<Void, Never>] = []
            for (id, waiter) in waiters {
                if case .waiting(let condition, let continuation) = waiter, condition(status) {
                    waiters[id] = nil
                    ready.append(continuation)
                }
            }
            return ready
        }
    }

    private let storage = LockedBox(Storage())

    package init() {}

    /// Appends an applied action; called on the thread that applied it, which tells which effect
    /// (if any) applied it, and which thread.
    package func append(_ action: Action, state: State) {
        let effect = EffectRegistry.current?.description
        let thread = currentThreadIdentity()
        let ready = storage.withLock { storage in
            storage.entries.append(Entry(action: action, state: state, effect: effect, thread: thread))
            storage.status.entryCount += 1
            if effect == nil {
                storage.status.entriesOutsideEffects += 1
            }
            return storage.ready()
        }
        for continuation in ready {
            continuation.resume()
        }
    }

    /// Notes the start of a piece of work; returns its id for `finishWork`.
    package func startWork() -> UInt64 {
        storage.withLock { storage in
            defer { storage.nextID += 1 }
            storage.status.unfinishedWork.insert(storage.nextID)
            return storage.nextID
        }
    }

    /// Notes the store's effects in flight now.
    package func setRunningEffects(_ serials: Set<UInt64>) {
        changeStatus { $0.runningEffects = serials }
    }

    /// Notes that the store's effect `serial` started.
    package func effectStarted(_ serial: UInt64) {
        changeStatus { $0.runningEffects.insert(serial) }
    }

    /// Notes that the store's effect `serial` ended.
    package func effectEnded(_ serial: UInt64) {
        changeStatus { $0.runningEffects.remove(serial) }
    }

    /// Notes the end of the work `id`.
    package func finishWork(_ id: UInt64) {
        changeStatus { $0.unfinishedWork.remove(id) }
    }

    /// Applies `change` to the status under the lock, then resumes (after the lock) the waiters
    /// whose condition now holds.
    private func changeStatus(_ change: (inout Status) -> Void) {
        let ready = storage.withLock { storage in
            change(&storage.status)
            return storage.ready()
        }
        for continuation in ready {
            continuation.resume()
        }
    }

    /// The number of entries so far, and the unfinished work.
    package var status: Status {
        storage.withLock { $0.status }
    }

    /// The number of entries so far.
    package var count: Int {
        storage.withLock { $0.entries.count }
    }

    /// The entry at position `position`, or `nil` if there is none yet: one entry, not a copy of
    /// the log's rest (a test receiving each of thousands of actions would copy the rest each time).
    package func entry(at position: Int) -> Entry? {
        storage.withLock { $0.entries.indices.contains(position) ? $0.entries[position] : nil }
    }

    /// The entries from position `start` on.
    package func entries(from start: Int) -> [Entry] {
        storage.withLock { Array($0.entries[min(start, $0.entries.count)...]) }
    }

    /// Waits until `condition` holds, or until `timeout` seconds have passed (without limit for
    /// `.infinity`; see ``waitNanoseconds(seconds:)``).
    ///
    /// - Returns: whether `condition` holds.
    package func wait(timeout: Double, until condition: @escaping @Sendable (Status) -> Bool) async -> Bool {
        if condition(status) {
            return true
        }
        let nanoseconds = waitNanoseconds(seconds: timeout)
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.signal(when: condition)
                return true
            }
            if let nanoseconds {
                group.addTask {
                    // The timeout itself: the only sleep, and it decides nothing but when to give up.
                    try? await Task.sleep(nanoseconds: nanoseconds)
                    return false
                }
            }
            _ = await group.next()
            group.cancelAll()
            return condition(self.status)
        }
    }

    /// Returns once `condition` holds, or once the task is cancelled.
    private func signal(when condition: @escaping @Sendable (Status) -> Bool) async {
        let id = storage.withLock { storage in
            defer { storage.nextID += 1 }
            storage.waiters[storage.nextID] = .reserved
            return storage.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = storage.withLock { storage -> Bool in
                    guard case .reserved = storage.waiters[id], !condition(storage.status) else {
                        storage.waiters[id] = nil
                        return true
                    }
                    storage.waiters[id] = .waiting(condition, continuation)
                    return false
                }
                if resumeNow {
                    continuation.resume()
                }
            }
        } onCancel: {
            let continuation = storage.withLock { storage -> CheckedContinuation<Void, Never>? in
                switch storage.waiters[id] {
                case .reserved:
                    storage.waiters[id] = .cancelled
                    return nil
                case .waiting(_, let continuation):
                    storage.waiters[id] = nil
                    return continuation
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume()
        }
    }
}
