import FlowKernelShims

// Which turns the calling thread is inside, and the work it deferred until it leaves the outermost.

extension Turn {
    /// Marks the calling thread as running inside a turn until ``leave()``.
    @inlinable
    package static func enter() {
        fk_delivery_depth_add(1)
    }

    /// Ends a mark of ``enter()``. Leaving the outermost turn applies the work the thread deferred
    /// meanwhile (``deferUntilOutermostTurnEnds(_:)``), before the call that entered returns;
    /// except at the end of the turn of an item of deferred work itself, which leaves what that turn
    /// deferred to the loop applying the items (``applyDeferredWork()``).
    @inlinable
    package static func leave() {
        fk_delivery_depth_add(-1)
        // Not `nil` while work is deferred or an item of it is being applied (``DeferredWork``).
        if _slowPath(fk_delivery_depth_get() == 0 && fk_deferred_work_get() != nil) {
            leftOutermostTurn()
        }
    }

    /// The calling thread left its outermost turn with work deferred, or inside an item of deferred
    /// work: at the end of that item's own turn (the first outermost turn it leaves: nothing before
    /// it runs user code), the loop applies what it deferred, right after it; from then on, until the
    /// loop's next item, a call made there (a deinit run as the item's values are released) applies
    /// its own deferred work before it returns, as any outermost call does.
    @usableFromInline
    static func leftOutermostTurn() {
        if DeferredWork.isApplyingAnItem {
            DeferredWork.isApplyingAnItem = false
        } else {
            applyDeferredWork()
        }
    }

    /// Keeps `body` until the calling thread leaves its outermost turn, then runs it there, inside
    /// no turn, in the order deferred. For work that ``Locked/serialize(mayWait:arrive:prepare:perform:)``
    /// deferred: `body` resumes it (``Locked/resume(_:prepare:perform:)``), and `suspending` does the
    /// same for an async caller (``Locked/resumeSuspending(_:prepare:perform:)``), which suspends
    /// instead of blocking its thread while it waits for the turn. Call it only from inside a turn.
    @inlinable
    package static func deferUntilOutermostTurnEnds(
        _ body: @escaping () -> Void,
        suspending: @escaping @Sendable () async -> Void
    ) {
        DeferredWork.append(DeferredItem(now: body, suspending: suspending))
    }

    /// Runs the deferred work, including what it defers in turn, until none is left: in one loop,
    /// on the stack of the call that left the outermost turn. Applying an item can defer more work
    /// (its turn forwarded into a source another thread holds), and two threads calling into each
    /// other's sources can keep that going for as long as they run; applied by nested calls, each
    /// hop would take more stack until it overflowed (`DeferredWorkDepthTests`). The order is the
    /// one nested calls would give: what an item deferred comes right after that item, before the
    /// items deferred with it.
    @usableFromInline
    static func applyDeferredWork() {
        // A stack of batches, each the work deferred while the item before it was applied; what
        // an item defers is taken right after it, so none is left once the stack is empty.
        var batches = DeferredWork.takeAll().map { [$0.makeIterator()] } ?? []
        while !batches.isEmpty {
            guard let item = batches[batches.count - 1].next() else {
                batches.removeLast()
                continue
            }
            // Cleared by the end of the item's own turn (``leftOutermostTurn()``), or here if a
            // holder applied the item before it and it took no turn.
            DeferredWork.isApplyingAnItem = true
            item.now()
            DeferredWork.isApplyingAnItem = false
            if let more = DeferredWork.takeAll() {
                batches.append(more.makeIterator())
            }
        }
    }

    /// Marks the calling thread, inside no turn, as if inside one more turn while an async caller
    /// applies its turn (``Locked/serializeSuspending(arrive:prepare:perform:)``), so that the work
    /// its turn defers is not applied as it leaves the turn, where waiting would block the task's
    /// thread; ``leaveCollecting()`` returns that work instead, for the caller to apply with
    /// ``applySuspending(_:)``.
    @inlinable
    static func enterCollecting() {
        fk_delivery_depth_add(1)
    }

    /// Ends ``enterCollecting()``: returns the work deferred since, or `nil`.
    @inlinable
    static func leaveCollecting() -> [DeferredItem]? {
        fk_delivery_depth_add(-1)
        return fk_delivery_depth_get() == 0 ? DeferredWork.takeAll() : nil
    }

    /// Applies work an async caller's turn deferred (``leaveCollecting()``), in order,
    /// each item waiting for its turn by suspending.
    @usableFromInline
    static func applySuspending(_ deferred: [DeferredItem]) async {
        for item in deferred {
            await item.suspending()
        }
    }
}

/// One piece of deferred work, with the two ways to apply it: on a thread that may wait (`now`)
/// and from an async caller (`suspending`).
@usableFromInline
struct DeferredItem {
    let now: () -> Void
    let suspending: @Sendable () async -> Void

    @usableFromInline
    init(now: @escaping () -> Void, suspending: @escaping @Sendable () async -> Void) {
        self.now = now
        self.suspending = suspending
    }
}

/// The calling thread's deferred work, in a C11 thread-local (`fk_deferred_work`): a retained object
/// while there is work, `NULL` otherwise, so a thread that ends holds nothing. Its lowest bit (free
/// in an object's address) says that the thread applies an item of its deferred work and the item's
/// turn has not ended (``isApplyingAnItem``): so the word is not `NULL` then either, and leaving a
/// turn tests one word for both, as it did before the bit.
@usableFromInline
final class DeferredWork {
    var items: [DeferredItem] = []

    /// The thread-local word: the object's address (0 if none) and the bit.
    private static var word: UInt {
        get { UInt(bitPattern: fk_deferred_work_get()) }
        set { fk_deferred_work_set(UnsafeMutableRawPointer(bitPattern: newValue)) }
    }

    private static let applyingBit: UInt = 1

    /// Whether the calling thread applies an item of its deferred work whose own turn has not
    /// ended (``Turn/leftOutermostTurn()``).
    static var isApplyingAnItem: Bool {
        get { word & applyingBit != 0 }
        set { word = newValue ? word | applyingBit : word & ~applyingBit }
    }

    /// The calling thread's object, if it has one.
    private static var current: UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: word & ~applyingBit)
    }

    @usableFromInline
    static func append(_ item: DeferredItem) {
        if let raw = current {
            Unmanaged<DeferredWork>.fromOpaque(raw).takeUnretainedValue().items.append(item)
        } else {
            let work = DeferredWork()
            work.items.append(item)
            let address = UInt(bitPattern: Unmanaged.passRetained(work).toOpaque())
            word = address | (word & applyingBit)
        }
    }

    /// Takes every item deferred so far, leaving none; `nil` if there is none.
    @usableFromInline
    static func takeAll() -> [DeferredItem]? {
        guard let raw = current else { return nil }
        word &= applyingBit
        return Unmanaged<DeferredWork>.fromOpaque(raw).takeRetainedValue().items
    }
}
