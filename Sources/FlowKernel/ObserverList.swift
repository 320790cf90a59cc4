/// The observers of one source in subscription order, each with its ``ObserverToken``: the one
/// observer list of every module. Used under the owner's ``Locked``.
///
/// Ids ascend in subscription order, so removal finds an entry by binary search, and a delivery
/// can stop at the first observer that subscribed after a value was sent.
@frozen
@usableFromInline package struct ObserverList<Callback> {
    /// One observer.
    @frozen
    @usableFromInline package struct Entry {
        /// The token's id, kept here so that a search does not follow a pointer per step.
        @usableFromInline package let id: UInt64
        /// What the owner calls.
        @usableFromInline package let callback: Callback
        /// The observer's handle, whose flag delivery checks.
        @usableFromInline package let token: ObserverToken

        /// Creates an entry.
        @inlinable
        package init(id: UInt64, callback: Callback, token: ObserverToken) {
            self.id = id
            self.callback = callback
            self.token = token
        }
    }

    /// A list as copied out under the lock, to be called outside it: a retain, not a copy of the
    /// elements, unless the list changes while the snapshot is alive.
    @usableFromInline package typealias Snapshot = ContiguousArray<Entry>

    /// The observers, in subscription order.
    @usableFromInline package private(set) var entries: Snapshot = []
    /// The id the next observer gets; every id below it has been handed out.
    @usableFromInline package private(set) var nextID: UInt64 = 0

    /// Creates an empty list.
    @inlinable
    package init() {}

    /// The number of observers in the list.
    @inlinable
    package var count: Int { entries.count }

    /// Hands out the token of a new observer of `owner`, without adding it yet (see ``append(_:)``).
    @inlinable
    package mutating func makeToken(owner: any ObserverRemoving) -> ObserverToken {
        let token = ObserverToken(id: nextID, owner: owner)
        nextID += 1
        return token
    }

    /// Adds an observer made with ``makeToken(owner:)`` at its token's place in the list, which
    /// stays sorted by id (subscription order, and what ``remove(id:)``'s binary search needs).
    ///
    /// Usually the newest token, appended. A token made before another may still arrive after it
    /// (two threads subscribing at once, each token made in its own critical section and the
    /// entries added in the order they reach the owner's turn): it is inserted where its id sorts.
    @inlinable
    package mutating func append(_ entry: Entry) {
        var index = entries.endIndex
        while index > entries.startIndex && entries[index - 1].id > entry.id {
            index -= 1
        }
        if index == entries.endIndex {
            entries.append(entry)
        } else {
            entries.insert(entry, at: index)
        }
    }

    /// Adds `callback` as the newest observer of `owner` and returns its entry.
    @inlinable
    @discardableResult
    package mutating func add(_ callback: Callback, owner: any ObserverRemoving) -> Entry {
        let token = makeToken(owner: owner)
        let entry = Entry(id: token.id, callback: callback, token: token)
        entries.append(entry)
        return entry
    }

    /// Removes the observer with `id` and deactivates its token; returns the entry for the caller
    /// to release after leaving the lock (its closure's captures may run deinits).
    @inlinable
    package mutating func remove(id: UInt64) -> Entry? {
        // The newest observer is the one most often removed (a short-lived subscription).
        if let last = entries.last, last.id == id {
            entries.removeLast()
            last.token.deactivate()
            return last
        }
        guard let index = Self.index(of: id, in: entries) else { return nil }
        let entry = entries.remove(at: index)
        entry.token.deactivate()
        return entry
    }

    /// Removes and deactivates every observer, for the owner's deinit; release the result after the
    /// lock.
    @inlinable
    package mutating func removeAll() -> Snapshot {
        let all = entries
        entries = []
        for entry in all {
            entry.token.deactivate()
        }
        return all
    }

    /// The position of the entry with `id` in `entries` (sorted by id), or `nil`.
    @inlinable
    package static func index(of id: UInt64, in entries: Snapshot) -> Int? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < entries.count && entries[low].id == id ? low : nil
    }

    /// Calls `body` with the callback of every active observer of `snapshot` whose id is below
    /// `limit`, in subscription order, reading the entries in place.
    ///
    /// Call it with no lock held. Keep `snapshot` alive until after your next round-trip through
    /// the owner's lock: a removal writes into the list in place once it finds the buffer unique,
    /// and only the lock (not the reference count, which the thread sanitizer cannot see) orders
    /// these reads before that write. ``Locked/serialize(mayWait:arrive:prepare:perform:)`` does so.
    @inlinable
    package static func forEachActive(
        in snapshot: Snapshot,
        below limit: UInt64 = .max,
        _ body: (Callback) -> Void
    ) {
        snapshot.withUnsafeBufferPointer { entries in
            forEachActive(inPlace: entries, below: limit, body)
        }
    }

    /// As ``forEachActive(in:below:_:)``, for an owner that stores its callbacks type-erased: reads
    /// each callback as a `View`, a type of the same layout as `Callback`, by viewing the entries'
    /// memory as entries of `ObserverList<View>` for the duration of the loop (no copy, so no
    /// retain per observer).
    @inlinable
    package static func forEachActive<View>(
        in snapshot: Snapshot,
        viewingCallbacksAs view: View.Type,
        below limit: UInt64 = .max,
        _ body: (View) -> Void
    ) {
        snapshot.withUnsafeBufferPointer { entries in
            entries.withMemoryRebound(to: ObserverList<View>.Entry.self) { viewed in
                ObserverList<View>.forEachActive(inPlace: viewed, below: limit, body)
            }
        }
    }

    /// The loop of ``forEachActive(in:below:_:)``.
    @inlinable
    static func forEachActive(
        inPlace entries: UnsafeBufferPointer<Entry>,
        below limit: UInt64,
        _ body: (Callback) -> Void
    ) {
        for index in entries.indices {
            if entries[index].id >= limit { break }
            if entries[index].token.isActive {
                body(entries[index].callback)
            }
        }
    }
}

extension ObserverList: Sendable where Callback: Sendable {}
extension ObserverList.Entry: Sendable where Callback: Sendable {}
