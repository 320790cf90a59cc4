/// A first-in first-out ring buffer: the one queue of every module.
///
/// Popping clears the slot at once, so an element (an action, a value, a closure) is handed to the
/// caller to release, never kept by the queue: the queue lives under a lock, and an element's deinit
/// may be user code. It keeps its capacity when it empties, so a queue that is drained and refilled
/// in steady state never allocates, and it never needs compacting.
@frozen
@usableFromInline package struct FIFO<Element> {
    @usableFromInline var slots: ContiguousArray<Element?> = []
    @usableFromInline var head = 0
    /// The number of elements waiting.
    @usableFromInline package private(set) var count = 0

    /// Creates an empty queue.
    @inlinable
    package init() {}

    /// Whether no element is waiting.
    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// Adds `element` at the back.
    @inlinable
    package mutating func append(_ element: Element) {
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

    /// The front element, or `nil` when empty.
    @inlinable
    package var first: Element? {
        count > 0 ? slots[head] : nil
    }

    /// Removes and returns the front element, or `nil` when empty.
    @inlinable
    package mutating func popFirst() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        count -= 1
        head = count == 0 || head + 1 == slots.count ? 0 : head + 1
        return element
    }

    /// Calls `body` on each waiting element, front to back, letting it replace the element in
    /// place; the order and the count stay. For an owner that takes what a queued item holds out
    /// of it (a disposed observer), to release after the lock.
    @usableFromInline package mutating func updateEach(_ body: (inout Element) -> Void) {
        var index = head
        for _ in 0..<count {
            if slots[index] != nil {
                body(&slots[index]!)
            }
            index = index + 1 == slots.count ? 0 : index + 1
        }
    }

    /// Empties the queue and returns what it held, in order, for the caller to release after the
    /// lock.
    @usableFromInline package mutating func removeAll() -> [Element] {
        var removed: [Element] = []
        removed.reserveCapacity(count)
        while let element = popFirst() {
            removed.append(element)
        }
        slots = []
        return removed
    }

    /// Doubles the capacity, moving the elements to the front in order.
    @usableFromInline
    mutating func grow() {
        let capacity = Swift.max(8, slots.count * 2)
        var grown: ContiguousArray<Element?> = []
        grown.reserveCapacity(capacity)
        for offset in 0..<count {
            grown.append(slots[(head + offset) % slots.count])
        }
        grown.append(contentsOf: repeatElement(nil, count: capacity - count))
        slots = grown
        head = 0
    }
}

extension FIFO: Sendable where Element: Sendable {}
