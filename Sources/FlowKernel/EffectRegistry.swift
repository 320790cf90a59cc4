/// An effect's id, as a user gave it (any `Hashable & Sendable` value), erased so that a registry
/// can hold ids of several types.
///
/// Two ids are the same id when they have the same type and are equal: `1 as Int` and `1 as Int64`
/// name two effects (`AnyHashable` alone would take them for one, as it does equal numbers of any
/// numeric type). An id passed as an existential (`any Hashable & Sendable`) is the id it holds.
///
/// `@unchecked Sendable`: `AnyHashable` is not declared `Sendable`, but the only initializer takes a
/// `Sendable` value, so the value inside is one.
package struct EffectID: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The id as given, compared and hashed.
    package let base: AnyHashable
    /// The id's type, compared with `base`.
    package let type: ObjectIdentifier
    /// The id as given, for the modules' public reports.
    package let value: any Hashable & Sendable

    /// Wraps `id`.
    package init<ID: Hashable & Sendable>(_ id: ID) {
        base = AnyHashable(id)
        // The dynamic type of the value, whatever static type it was passed as.
        type = ObjectIdentifier(Swift.type(of: base.base))
        value = id
    }

    package static func == (lhs: EffectID, rhs: EffectID) -> Bool {
        lhs.type == rhs.type && lhs.base == rhs.base
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(base)
    }

    /// The id as given, for a failure message: a string is quoted.
    package var description: String {
        if let text = value as? String {
            return "\"\(text)\""
        }
        return String(describing: value)
    }
}

/// The effects a store (a Prex flux, a VueFlux store, an RxState store) knows about: each runs in a
/// task of its own, may have an id, and is cancelled by id, when the same id starts again, when its
/// owner goes, or when the registry closes.
///
/// Shared by the three modules' effect entry points (a Prex presenter's `runEffect`, a VueFlux
/// action creator's, an RxState store's). Nothing here is on the dispatch path: a store pays for
/// its registry only when an effect starts or ends, or when it is asked what runs.
///
/// An entry stays until its task returns, cancelled or not, so that a test can wait for the work to
/// end; a cancelled entry no longer answers to its id, so a new effect with the same id is tracked
/// apart from the one it replaced.
///
/// `Sendable`: its state sits behind `storage`'s lock. Observers are called under that lock (they
/// are the test stores' bookkeeping, never user code); tasks are created and cancelled outside it.
@usableFromInline package final class EffectRegistry: Sendable {
    /// One effect in flight, as the registry reports it.
    package struct Running: Sendable {
        /// The registry's own number for the effect, unique per registry, ascending by start.
        package let serial: UInt64
        /// The id the effect was started with, if any.
        package let id: EffectID?
        /// Who started it (a Prex presenter), whose going cancels it; `nil` for the store itself.
        package let owner: ObjectIdentifier?
        /// Where it was started.
        package let fileID: String
        /// The line where it was started.
        package let line: UInt
        /// Whether it was cancelled (it still runs until its task returns).
        package var isCancelled = false

        /// `effect "search" started at Search/SearchPresenter.swift:42`, with `(cancelled)` if so.
        package var description: String {
            let name = id.map { "effect \($0)" } ?? "effect"
            return "\(name) started at \(fileID):\(line)" + (isCancelled ? " (cancelled)" : "")
        }
    }

    /// What an observer (a test store) is told: the effects in flight when it begins observing,
    /// then each start and each end, so that no event costs more than the effect it reports
    /// (a store with thousands of effects in flight does not rebuild their list on each one).
    package enum Event: Sendable {
        /// The effects in flight when the observer was added, in start order.
        case running([Running])
        /// An effect started; it is in flight until ``ended(serial:)`` names it.
        case started(Running)
        /// The task of the effect with this serial returned, cancelled or not.
        case ended(serial: UInt64)
        /// An effect threw an error other than `CancellationError`: the error, described.
        case threw(Running, String)
    }

    private struct Entry {
        var info: Running
        /// The effect's task, made with the entry.
        var task: Task<Void, Never>
    }

    private struct Storage {
        /// The effects whose task has not returned, by serial.
        var entries: [UInt64: Entry] = [:]
        /// The effect that answers to each id: the latest started and not cancelled.
        var byID: [EffectID: UInt64] = [:]
        /// The effects in flight of each owner, so that an owner going cancels its own without a
        /// look at every other effect of the store (a list of presenters sharing a flux).
        var byOwner: [ObjectIdentifier: Set<UInt64>] = [:]
        var nextSerial: UInt64 = 0
        /// Set by `close()`: later effects are not started.
        var isClosed = false
        /// The observers (test stores), by key, in the order they began observing.
        var observers: [(key: UInt64, observer: @Sendable (Event) -> Void)] = []
        var nextObserverKey: UInt64 = 0

        var running: [Running] {
            entries.values.map(\.info).sorted { $0.serial < $1.serial }
        }

        /// Marks the effects `serials` cancelled and returns their tasks, to cancel after the lock.
        mutating func cancel(_ serials: [UInt64]) -> [Task<Void, Never>] {
            var tasks: [Task<Void, Never>] = []
            for serial in serials {
                guard var entry = entries[serial], !entry.info.isCancelled else { continue }
                entry.info.isCancelled = true
                entries[serial] = entry
                if let id = entry.info.id, byID[id] == serial {
                    byID[id] = nil
                }
                tasks.append(entry.task)
            }
            return tasks
        }

        func tell(_ event: Event) {
            for entry in observers {
                entry.observer(event)
            }
        }
    }

    /// The effect whose task is running this code, if any: set for the whole of an effect's task,
    /// read by a test store to say which effect dispatched an action.
    @TaskLocal package static var current: Running?

    /// How many effect tasks were created and have not begun to run, over all registries: a test
    /// clock waits for zero before it moves time, so that an effect about to sleep is not skipped.
    /// A task held at a closed ``startGate`` does not count until the gate opens (``StartGate``).
    package static let unstarted = AtomicCounter()

    /// A gate that effects started in its scope wait at before `operation` begins, until it opens:
    /// a test store sets it while it creates what it tests (a presenter whose initializer starts
    /// an effect, a store whose added substate starts one) and opens it once it records, so that
    /// no such effect applies an action before the recording starts. Inherited by the effects'
    /// tasks, like every task-local value; `nil` everywhere else.
    @TaskLocal package static var startGate: StartGate?

    private let storage = Locked(Storage())

    /// Creates an empty, open registry.
    @usableFromInline package init() {}

    /// Starts `operation` in a new task and tracks it until the task returns.
    ///
    /// With an `id`, the effect in flight with that id (if any) is cancelled first: before
    /// `operation` begins, so the replaced effect's later dispatches are dropped rather than
    /// applied after the replacement's (`EffectRegistryTests`). When the
    /// registry is closed, `operation` does not run and the returned task is already cancelled.
    /// A `CancellationError` thrown by `operation` ends it quietly; another error ends it and is
    /// reported to the observers (a test store fails on it), and otherwise dropped.
    ///
    /// - Returns: The effect's task, which returns once `operation` has.
    @discardableResult
    package func start(
        id: EffectID?,
        owner: ObjectIdentifier?,
        fileID: String,
        line: UInt,
        operation: @escaping @Sendable () async throws -> Void
    ) -> Task<Void, Never> {
        // The task is made in the same critical section that records the entry, so that a
        // replacement or a cancellation on another thread always finds the task to cancel: an
        // effect replaced before `start` returned here never runs on uncancelled. Making a task
        // runs none of its code (it is only enqueued); cancelling one runs cancellation handlers,
        // so tasks are cancelled after the lock. The effects this one replaces are cancelled both
        // by `start`, after the lock, and by the new task before `operation` begins, whichever
        // comes first: so the replacement can dispatch nothing before the effect it replaces is
        // cancelled, and that one's later dispatches are dropped (an effect's dispatch checks
        // cancellation under the store's lock, in turn) instead of landing after the
        // replacement's.
        let started = storage.withLock { storage -> (Task<Void, Never>, [Task<Void, Never>])? in
            guard !storage.isClosed else { return nil }
            let info = Running(
                serial: storage.nextSerial, id: id, owner: owner, fileID: fileID, line: line)
            storage.nextSerial += 1
            var replaced: [Task<Void, Never>] = []
            if let id, let previous = storage.byID[id] {
                replaced = storage.cancel([previous])
            }
            Self.unstarted.add(1)
            let task = Task<Void, Never> { [replaced] in
                if let gate = Self.startGate {
                    await gate.wait()
                }
                Self.unstarted.add(-1)
                for task in replaced {
                    task.cancel()
                }
                await Self.$current.withValue(info) {
                    do {
                        try await operation()
                    } catch is CancellationError {
                        // The normal end of a cancelled effect.
                    } catch {
                        self.report(info.serial, error)
                    }
                }
                self.end(info.serial)
            }
            storage.entries[info.serial] = Entry(info: info, task: task)
            if let id {
                storage.byID[id] = info.serial
            }
            if let owner {
                storage.byOwner[owner, default: []].insert(info.serial)
            }
            storage.tell(.started(info))
            return (task, replaced)
        }
        guard let (task, replaced) = started else {
            let task = Task<Void, Never> {}
            task.cancel()
            return task
        }
        for task in replaced {
            task.cancel()
        }
        return task
    }

    /// Cancels the effect in flight with `id`, if any.
    package func cancel(id: EffectID) {
        let tasks = storage.withLock { storage -> [Task<Void, Never>] in
            guard let serial = storage.byID[id] else { return [] }
            return storage.cancel([serial])
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// Cancels every effect in flight started by `owner`, in time proportional to their number.
    package func cancelAll(owner: ObjectIdentifier) {
        let tasks = storage.withLock { storage -> [Task<Void, Never>] in
            guard let serials = storage.byOwner[owner] else { return [] }
            return storage.cancel(Array(serials))
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// Cancels every effect in flight, or those among them that `isIncluded` accepts.
    package func cancelAll(where isIncluded: @Sendable (Running) -> Bool = { _ in true }) {
        cancel(isIncluded)
    }

    /// Cancels every effect in flight and starts no more: called when the store goes.
    package func close() {
        let tasks = storage.withLock { storage -> [Task<Void, Never>] in
            storage.isClosed = true
            return storage.cancel(Array(storage.entries.keys))
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// The effects whose task has not returned yet, cancelled ones included, in start order.
    package var running: [Running] {
        storage.withLock { $0.running }
    }

    /// Adds an observer (a test store) and tells it the effects in flight now; every observer is
    /// told every event, so several test stores recording one store each see all its effects.
    /// It is called under the registry's lock: it must only record what it is told.
    ///
    /// - Returns: The key that ``stopObserving(_:)`` takes.
    package func observe(_ observer: @escaping @Sendable (Event) -> Void) -> UInt64 {
        storage.withLock { storage in
            let key = storage.nextObserverKey
            storage.nextObserverKey += 1
            storage.observers.append((key, observer))
            observer(.running(storage.running))
            return key
        }
    }

    /// Removes the observer added with `key`; the others go on being told.
    package func stopObserving(_ key: UInt64) {
        let removed = storage.withLock { storage in
            storage.observers.firstIndex { $0.key == key }.map { storage.observers.remove(at: $0) }
        }
        _ = removed  // released after the lock
    }

    /// How many observers (test stores) follow the registry now.
    package var observerCount: Int {
        storage.withLock { $0.observers.count }
    }

    private func cancel(_ isIncluded: (Running) -> Bool) {
        let tasks = storage.withLock { storage -> [Task<Void, Never>] in
            let serials = storage.entries.values.filter { isIncluded($0.info) }.map(\.info.serial)
            return storage.cancel(serials)
        }
        for task in tasks {
            task.cancel()
        }
    }

    private func report(_ serial: UInt64, _ error: any Error) {
        let description = String(describing: error)
        storage.withLock { storage in
            guard let entry = storage.entries[serial] else { return }
            storage.tell(.threw(entry.info, description))
        }
    }

    private func end(_ serial: UInt64) {
        // The task handle is released after the lock.
        let entry = storage.withLock { storage -> Entry? in
            guard let entry = storage.entries.removeValue(forKey: serial) else { return nil }
            if let id = entry.info.id, storage.byID[id] == serial {
                storage.byID[id] = nil
            }
            if let owner = entry.info.owner {
                storage.byOwner[owner]?.remove(serial)
                if storage.byOwner[owner]?.isEmpty == true {
                    storage.byOwner[owner] = nil
                }
            }
            storage.tell(.ended(serial: serial))
            return entry
        }
        _ = entry
    }
}
