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
/// No code of an id's runs under the lock either: ids are filed by their kept hash value
/// (``EffectID/hash``), and the ids of one hash value are compared with `==` after the lock, on a
/// copy of their bucket; the change is then made under the lock if the bucket has not changed
/// meanwhile, or the lookup starts again. So an id whose `==`, `hash(into:)` or `description` calls
/// the store (its effects included) is served like any other caller.
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

    /// The ids of one hash value that effects answer to, each with its effect's serial; `stamp`
    /// changes with every change, so that a caller who compared a copy after the lock knows whether
    /// its answer still holds.
    private struct Bucket {
        var answers: [(id: EffectID, serial: UInt64)] = []
        var stamp: UInt64 = 0

        /// The serial of the effect that answers to `id`, if any: runs the ids' `==`, so called
        /// after the lock, on a copy.
        func serial(answering id: EffectID) -> UInt64? {
            answers.first { $0.id == id }?.serial
        }
    }

    private struct Storage {
        /// The effects whose task has not returned, by serial.
        var entries: [UInt64: Entry] = [:]
        /// The effect that answers to each id (the latest started and not cancelled), filed by the
        /// id's hash value: a bucket holds one entry per id of that hash value, compared after the
        /// lock (``Bucket``).
        var byHash: [Int: Bucket] = [:]
        /// The stamp the next change to a bucket gets.
        var nextStamp: UInt64 = 1
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
                if let id = entry.info.id {
                    stopAnswering(serial, hash: id.hash)
                }
                tasks.append(entry.task)
            }
            return tasks
        }

        /// The bucket of ids of hash value `hash`, empty if none; what the caller compares after
        /// the lock.
        func bucket(_ hash: Int) -> Bucket {
            byHash[hash] ?? Bucket()
        }

        /// Whether the bucket of `hash` is the one a caller copied (no change since).
        func isUnchanged(_ copy: Bucket, hash: Int) -> Bool {
            bucket(hash).stamp == copy.stamp
        }

        /// Files the effect `serial` as the one that answers to `id` (the effect that answered to
        /// an equal id was cancelled first, which took it out).
        mutating func answer(_ id: EffectID, with serial: UInt64) {
            var bucket = bucket(id.hash)
            bucket.answers.append((id, serial))
            bucket.stamp = nextStamp
            nextStamp += 1
            byHash[id.hash] = bucket
        }

        /// Takes the effect `serial` out of its id's bucket (cancelled or ended): found by serial,
        /// so no id is compared.
        mutating func stopAnswering(_ serial: UInt64, hash: Int) {
            guard var bucket = byHash[hash], bucket.answers.contains(where: { $0.serial == serial }) else {
                return
            }
            bucket.answers.removeAll { $0.serial == serial }
            bucket.stamp = nextStamp
            nextStamp += 1
            byHash[hash] = bucket.answers.isEmpty ? nil : bucket
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
        // With an id, the effect that answers to an equal one is found after the lock, on a copy of
        // the id's bucket (the ids' `==` is user code); the start then goes ahead under the lock if
        // that bucket has not changed meanwhile, or starts over. A start over follows a change that
        // another call made to the same bucket, so the calls together always progress; one call
        // starts over only while others keep starting, cancelling or ending effects whose ids share
        // its hash value, each time between its two locks.
        while true {
            let copy = id.map { id in storage.withLock { $0.bucket(id.hash) } }
            let previous = id.flatMap { id in copy?.serial(answering: id) }
            let outcome = storage.withLock { storage -> StartOutcome in
                guard !storage.isClosed else { return .closed }
                if let id, let copy, !storage.isUnchanged(copy, hash: id.hash) {
                    return .changed
                }
                let info = Running(
                    serial: storage.nextSerial, id: id, owner: owner, fileID: fileID, line: line)
                storage.nextSerial += 1
                var replaced: [Task<Void, Never>] = []
                if let previous {
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
                    storage.answer(id, with: info.serial)
                }
                if let owner {
                    storage.byOwner[owner, default: []].insert(info.serial)
                }
                storage.tell(.started(info))
                return .started(task, replaced: replaced)
            }
            switch outcome {
            case .changed:
                continue
            case .closed:
                let task = Task<Void, Never> {}
                task.cancel()
                return task
            case .started(let task, let replaced):
                for task in replaced {
                    task.cancel()
                }
                return task
            }
        }
    }

    /// What a start under the lock came to.
    private enum StartOutcome {
        /// The id's bucket changed after it was compared: start over.
        case changed
        /// The registry is closed: nothing started.
        case closed
        /// Started, with the tasks of the effects it replaced, to cancel after the lock.
        case started(Task<Void, Never>, replaced: [Task<Void, Never>])
    }

    /// Cancels the effect in flight with `id`, if any.
    package func cancel(id: EffectID) {
        // As in `start`: the ids are compared after the lock, on a copy of the id's bucket, and the
        // effect found is cancelled if the bucket has not changed meanwhile.
        while true {
            let copy = storage.withLock { $0.bucket(id.hash) }
            guard let serial = copy.serial(answering: id) else { return }
            let tasks = storage.withLock { storage -> [Task<Void, Never>]? in
                guard storage.isUnchanged(copy, hash: id.hash) else { return nil }
                return storage.cancel([serial])
            }
            guard let tasks else { continue }
            for task in tasks {
                task.cancel()
            }
            return
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
            if let id = entry.info.id {
                storage.stopAnswering(serial, hash: id.hash)
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
