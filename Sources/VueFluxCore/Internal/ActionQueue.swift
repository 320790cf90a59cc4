/// A first-in-first-out ring buffer of actions waiting to be committed.
///
/// It keeps its capacity when it empties, so a store that has seen its largest backlog once
/// queues without allocating from then on.
@usableFromInline
struct ActionQueue<Element> {
    /// The ring; `nil` marks a free slot, so that a committed action is released at once.
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ element: Element) {
        if count == slots.count {
            grow()
        }
        var index = head + count
        if index >= slots.count {
            index -= slots.count
        }
        slots[index] = element
        count += 1
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        count -= 1
        head = count == 0 || head + 1 == slots.count ? 0 : head + 1
        return element
    }

    /// Empties the queue and returns what it held, in order, so that the caller can release the
    /// actions outside its lock (an action's payload may run a deinit).
    mutating func removeAll() -> [Element] {
        var removed: [Element] = []
        removed.reserveCapacity(count)
        while let element = popFirst() {
            removed.append(element)
        }
        return removed
    }

    /// Doubles the capacity, moving the elements to the front in order.
    @usableFromInline
    mutating func grow() {
        let capacity = Swift.max(8, slots.count * 2)
        var grown: [Element?] = []
        grown.reserveCapacity(capacity)
        for offset in 0..<count {
            grown.append(slots[(head + offset) % slots.count])
        }
        grown.append(contentsOf: repeatElement(nil, count: capacity - count))
        slots = grown
        head = 0
    }
}

extension ActionQueue: Sendable where Element: Sendable {}
