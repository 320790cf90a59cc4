/// A first-in first-out queue that reuses its buffer, so a queue that is drained and refilled in
/// steady state never allocates.
///
/// Popping moves a head index instead of shifting the elements, and clears the popped slot at once:
/// the queue is used under a lock, and an element (an action, a state change) may hold user objects
/// whose deinit must not run there. The buffer is cleared (keeping its capacity) whenever the queue
/// runs empty, and compacted when a long-lived backlog leaves a large consumed prefix behind.
@usableFromInline
struct FIFO<Element> {
    @usableFromInline var elements: ContiguousArray<Element?> = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == elements.count }

    @inlinable
    mutating func append(_ element: Element) {
        elements.append(element)
    }

    @inlinable
    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        elements[head] = nil
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= elements.count {
            // Producers that keep the queue from ever running empty would otherwise grow it forever.
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Empties the queue and returns what it held, for the caller to release after the lock.
    @inlinable
    mutating func removeAll() -> ContiguousArray<Element?> {
        defer {
            elements = []
            head = 0
        }
        return elements
    }
}
