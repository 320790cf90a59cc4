/// The delivery engine under ``Sink`` and ``Variable``: an ordered list of observers and a FIFO of
/// values waiting to be delivered, behind one lock.
///
/// One thread at a time delivers (the "drainer"). A value sent while a delivery is under way, from
/// an observer of this channel (reentrancy) or from another thread, is queued and delivered by the
/// drainer after the current one; the sender returns at once. So no lock is held while an observer
/// runs, an observer can read, send and subscribe freely, and two channels whose observers call
/// into each other from two threads cannot deadlock. Once every `send` call has returned, every
/// value sent has been delivered.
///
/// Each queued value remembers which observers existed when it was sent (`limit`), so an observer
/// that subscribes later never sees it; a replaying channel (a Variable's) instead queues the
/// current value for the new observer alone. Together: the current value first, then every later
/// change, with no gap and no duplicate.
@usableFromInline
final class Channel<Value: Sendable>: Sendable {
    @usableFromInline
    typealias Action = @Sendable (Value) -> Void

    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let id: UInt64
        /// `nil` once disposed of: the slot is a tombstone until the next compaction.
        @usableFromInline var action: Action?
        @usableFromInline let subscription: Subscription<Value>

        @usableFromInline
        init(id: UInt64, action: Action?, subscription: Subscription<Value>) {
            self.id = id
            self.action = action
            self.subscription = subscription
        }
    }

    @usableFromInline
    enum Event: Sendable {
        /// Deliver to every observer whose id is below `limit`.
        case send(Value, limit: UInt64)
        /// Deliver the replayed current value to one new observer.
        case replay(Value, Entry)
    }

    @usableFromInline
    struct State: Sendable {
        /// The value replayed to new observers; `nil` for a channel that does not replay.
        @usableFromInline var current: Value?
        /// In subscription order, so ids ascend; disposed entries stay as tombstones for a while so
        /// that disposal costs O(log n) rather than an O(n) shift.
        @usableFromInline var entries: [Entry] = []
        @usableFromInline var tombstones = 0
        @usableFromInline var nextID: UInt64 = 0
        @usableFromInline var pending: [Event?] = []
        @usableFromInline var pendingHead = 0
        @usableFromInline var isDelivering = false

        @usableFromInline
        init(current: Value?) {
            self.current = current
        }
    }

    @usableFromInline
    let state: Locked<State>

    /// Creates a channel; with `replaying` set, it replays that value (then the latest one) to new
    /// observers.
    @usableFromInline
    init(replaying current: Value?) {
        state = Locked(State(current: current))
    }

    /// The value a replaying channel stores (a Variable's or a Constant's value).
    ///
    /// Only replaying channels are asked, and they are created with a value and only ever replace
    /// it, so the unwrap cannot fail.
    @inlinable
    var storedValue: Value {
        state.withLock { $0.current! }
    }

    /// Sends `value` to every current observer, in subscription order, or queues it behind the
    /// delivery under way. With `storing`, it also becomes the replayed current value, atomically
    /// with the send, so that no observer can see the two disagree.
    @inlinable
    func send(_ value: Value, storing: Bool) {
        // The replaced value is swapped out and released after the lock: its deinit is user code,
        // which may read or set this very variable.
        var replaced: Value? = storing ? value : nil
        let entries: [Entry]? = state.withLock { state in
            if storing {
                swap(&replaced, &state.current)
            }
            if state.isDelivering {
                state.pending.append(.send(value, limit: state.nextID))
                return nil
            }
            state.isDelivering = true
            return state.entries
        }
        withExtendedLifetime(replaced) {}
        guard let entries else { return }
        Self.deliver(value, to: entries, limit: .max)
        drain(keepingAlive: entries)
    }

    /// Adds an observer; a replaying channel gives it the current value first.
    @inlinable
    func subscribe(_ action: @escaping Action) -> Subscription<Value> {
        let (subscription, replay): (Subscription<Value>, Value?) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let subscription = Subscription(id: id, channel: self)
            let entry = Entry(id: id, action: action, subscription: subscription)
            state.entries.append(entry)
            guard let current = state.current else { return (subscription, nil) }
            if state.isDelivering {
                state.pending.append(.replay(current, entry))
                return (subscription, nil)
            }
            state.isDelivering = true
            return (subscription, current)
        }
        if let replay {
            if subscription.isActive {
                action(replay)
            }
            drain(keepingAlive: [])
        }
        return subscription
    }

    /// Removes the observer with `id`; its closure is released here, outside the lock.
    @usableFromInline
    func remove(id: UInt64) {
        let removed: Action? = state.withLock { state in
            guard let index = Self.index(of: id, in: state.entries),
                let action = state.entries[index].action
            else { return nil }
            state.entries[index].action = nil
            state.tombstones += 1
            // Compact once tombstones outnumber the living, so the cost stays amortized O(1) and a
            // long-lived channel with churning observers does not grow.
            if state.tombstones > 8 && state.tombstones * 2 > state.entries.count {
                state.entries.removeAll { $0.action == nil }
                state.tombstones = 0
            }
            return action
        }
        // Dropping the closure may run deinits of what it captured: never under our lock.
        _ = removed
    }

    /// The number of observers not yet disposed of.
    var observerCount: Int {
        state.withLock { $0.entries.count - $0.tombstones }
    }

    /// Calls the observers in `entries` whose id is below `limit`, reading each entry in place.
    ///
    /// The caller must keep `entries` alive until after its next round-trip through the lock (see
    /// ``drain(keepingAlive:)``): a disposal on another thread writes into the observer list in place
    /// only once it finds the buffer unique, and the lock, not the reference count (which the thread
    /// sanitizer cannot see), must order these reads before that write.
    @inlinable
    static func deliver(_ value: Value, to entries: [Entry], limit: UInt64) {
        // Read in place through the buffer: `for entry in entries` copied each one out, retaining
        // and releasing its closure and subscription per observer.
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                if entries[index].id >= limit { break }
                // The flag, not the (snapshotted) closure, says whether the observer was disposed
                // of after this delivery started.
                if entries[index].subscription.isActive {
                    entries[index].action?(value)
                }
            }
        }
    }

    /// Delivers queued events until none is left, then gives up the drainer role.
    ///
    /// `delivered` is the observer list the caller just delivered to: it is released only after the
    /// next lock round-trip, and so is each list this delivers to. Released earlier, a disposal could
    /// find the buffer unique and write into it with nothing ordering the delivery's reads first.
    /// Released after the lock (never under it: the last reference may hold closures whose captures
    /// run deinits).
    @inlinable
    func drain(keepingAlive delivered: [Entry]) {
        var delivered = delivered
        while true {
            let next: (Event, [Entry])? = withExtendedLifetime(delivered) {
                state.withLock { state in
                    guard state.pendingHead < state.pending.count,
                        let event = state.pending[state.pendingHead]
                    else {
                        state.pending.removeAll(keepingCapacity: true)
                        state.pendingHead = 0
                        state.isDelivering = false
                        return nil
                    }
                    state.pending[state.pendingHead] = nil
                    state.pendingHead += 1
                    if state.pendingHead == state.pending.count {
                        state.pending.removeAll(keepingCapacity: true)
                        state.pendingHead = 0
                    } else if state.pendingHead >= 64 && state.pendingHead * 2 >= state.pending.count {
                        state.pending.removeFirst(state.pendingHead)
                        state.pendingHead = 0
                    }
                    return (event, state.entries)
                }
            }
            guard let (event, entries) = next else { return }
            delivered = entries
            switch event {
            case .send(let value, let limit):
                Self.deliver(value, to: delivered, limit: limit)
            case .replay(let value, let entry):
                if let action = entry.action, entry.subscription.isActive {
                    action(value)
                }
            }
        }
    }

    @usableFromInline
    static func index(of id: UInt64, in entries: [Entry]) -> Int? {
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
}
