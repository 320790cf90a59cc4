/// A first-in first-out queue that reuses its buffer, so a queue that is drained and refilled in
/// steady state never allocates.
///
/// Popping moves a head index instead of shifting the elements; the buffer is cleared (keeping its
/// capacity) whenever the queue runs empty, and compacted when a long-lived backlog leaves a large
/// consumed prefix behind.
@usableFromInline
struct FIFO<Element> {
    @usableFromInline var elements: ContiguousArray<Element> = []
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

    @inlinable
    mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
        head = 0
    }
}
