import FlowKernel

/// The delivery engine under ``Sink``, ``Variable`` and ``Constant``: the kernel's observer list and
/// turn (see `Turn` in FlowKernel for who delivers, who waits and who queues), behind one lock.
///
/// Each queued value remembers which observers existed when it was sent (`limit`), so an observer
/// that subscribes later never sees it; a replaying channel (a Variable's) instead queues the
/// current value for the new observer alone. Together: the current value first, then every later
/// change, with no gap and no duplicate.
///
/// The list stores each observer as an ``ErasedObserver``, whose type does not depend on `Value`,
/// and the locked state's layout does not either (the current value sits in a ``StoredValue``).
/// So removal, which a token reaches through the `ObserverRemoving` existential and therefore runs
/// unspecialized, needs no generic metadata at run time.
@usableFromInline
final class Channel<Value: Sendable>: ObserverRemoving {
    @usableFromInline
    typealias Action = @Sendable (Value) -> Void

    @usableFromInline
    typealias Entry = ObserverList<ErasedObserver>.Entry

    @usableFromInline
    enum Event: Sendable {
        /// Deliver to every observer whose id is below `limit`.
        case send(Value, limit: UInt64)
        /// Deliver the replayed current value to one new observer, the one with this id, found in
        /// the list when the delivery starts: the queue holds no observer, so one disposed of
        /// while its replay waits is released at once and gets nothing.
        case replay(Value, observer: UInt64)
    }

    @usableFromInline
    struct State: TurnHolding, Sendable {
        @usableFromInline var observers = ObserverList<ErasedObserver>()
        @usableFromInline var turn = Turn<Event>()
        /// Holds the value replayed to new observers; it holds `nil` in a channel that does not replay.
        @usableFromInline let stored: StoredValue<Value>

        /// The value replayed to new observers; `nil` for a channel that does not replay.
        @inlinable
        var current: Value? {
            get { stored.value }
            nonmutating set { stored.value = newValue }
            nonmutating _modify { yield &stored.value }
        }

        @usableFromInline
        init(current: Value?) {
            stored = StoredValue(current)
        }
    }

    @usableFromInline
    let state: Locked<State>

    /// Creates a channel; with `replaying` set, it replays that value (then the latest one) to new
    /// observers.
    @usableFromInline
    init(replaying current: Value?) {
        state = Locked(State(current: current), gates: 1)
    }

    /// The value a replaying channel stores (a Variable's or a Constant's value).
    ///
    /// Only replaying channels are asked, and they are created with a value and only ever replace
    /// it, so the unwrap cannot fail.
    @inlinable
    var storedValue: Value {
        state.withLock { $0.current! }
    }

    /// Sends `value` to every current observer, in subscription order, in turn. With `storing`, it
    /// also becomes the replayed current value at once, atomically with the send, so that no
    /// observer can see the two disagree.
    @inlinable
    func send(_ value: Value, storing: Bool) {
        // The replaced value is swapped out and released after the lock: its deinit is user code,
        // which may read or set this very variable.
        var replaced: Value?
        let deferred = state.serialize(
            mayWait: true,
            arrive: { state in
                if storing {
                    replaced = value
                    swap(&replaced, &state.current)
                }
                return .send(value, limit: state.observers.nextID)
            },
            prepare: { state, _ in state.observers.entries },
            perform: { Self.deliver($0, to: $1) }
        )
        withExtendedLifetime(replaced) {}
        if let deferred {
            resumeLater(deferred)
        }
    }

    /// Delivers an event that another thread's turn kept from being delivered now (queued in order),
    /// once the calling thread leaves its outermost turn (the kernel's rule for forwarded work,
    /// `Turn`).
    @usableFromInline @inline(never)
    func resumeLater(_ deferral: Deferral) {
        Turn<Event>.deferUntilOutermostTurnEnds(
            { [state] in
                state.resume(
                    deferral,
                    prepare: { state, _ in state.observers.entries },
                    perform: { Self.deliver($0, to: $1) }
                )
            },
            suspending: { [state] in
                await state.resumeSuspending(
                    deferral,
                    prepare: { state, _ in state.observers.entries },
                    perform: { Self.deliver($0, to: $1) }
                )
            })
    }

    /// Adds an observer; a replaying channel gives it the current value first (at once when idle,
    /// else in turn: subscribing never waits).
    @inlinable
    func subscribe(_ action: @escaping Action) -> ObserverToken {
        var token: ObserverToken?
        // Never deferred: a caller that must not wait has its work queued instead.
        _ = state.serialize(
            mayWait: false,
            arrive: { state in
                let entry = state.observers.add(ErasedObserver(action), owner: self)
                token = entry.token
                guard let current = state.current else { return nil }
                return .replay(current, observer: entry.id)
            },
            prepare: { state, _ in state.observers.entries },
            perform: { Self.deliver($0, to: $1) }
        )
        return token!
    }

    /// Removes the observer with `id`; its closure is released here, outside the lock.
    @usableFromInline
    package func removeObserver(id: UInt64) {
        let removed = state.withLock { $0.observers.remove(id: id) }
        // Dropping the closure may run deinits of what it captured: never under our lock.
        withExtendedLifetime(removed) {}
    }

    /// The number of observers not yet disposed of.
    var observerCount: Int {
        state.withLock { $0.observers.count }
    }

    /// Delivers one event to the observers of `entries` (the list when the event started).
    @inlinable
    static func deliver(_ event: Event, to entries: ObserverList<ErasedObserver>.Snapshot) {
        switch event {
        case .send(let value, let limit):
            ObserverList.forEachActive(
                in: entries, viewingCallbacksAs: ErasedObserver.Typed<Value>.self, below: limit
            ) { $0.action(value) }
        case .replay(let value, let id):
            // The new observer is the newest unless others subscribed since.
            let index =
                entries.last?.id == id
                ? entries.count - 1 : ObserverList<ErasedObserver>.index(of: id, in: entries)
            if let index, entries[index].token.isActive {
                entries[index].callback.call(value)
            }
        }
    }
}

/// The disposable of one observer of a channel (or of a RxStateCore store).
extension ObserverToken: Disposable {}
