import Testing

@testable import FlowKernel

@Suite struct FIFOTests {
    @Test func isFirstInFirstOutAcrossWrapAroundAndGrowth() {
        var queue = FIFO<Int>()
        var popped: [Int] = []
        var next = 0
        // Interleave so that the ring wraps around before it grows.
        for round in 0..<50 {
            for _ in 0..<(round % 7 + 1) {
                queue.append(next)
                next += 1
            }
            for _ in 0..<(round % 5) {
                if let value = queue.popFirst() { popped.append(value) }
            }
        }
        while let value = queue.popFirst() {
            popped.append(value)
        }

        #expect(popped == Array(0..<next))
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
    }

    @Test func keepsItsCapacityOnceEmpty() {
        var queue = FIFO<Int>()
        for value in 0..<20 {
            queue.append(value)
        }
        let capacity = queue.slots.count
        while queue.popFirst() != nil {}
        for value in 0..<20 {
            queue.append(value)
        }

        #expect(capacity >= 20)
        #expect(queue.slots.count == capacity)
    }

    @Test func updateEachReplacesTheWaitingElementsInPlaceAcrossTheWrapAround() {
        var queue = FIFO<Int>()
        for value in 0..<8 { queue.append(value) }
        for _ in 0..<5 { _ = queue.popFirst() }
        // The ring now wraps: 5, 6, 7 at the back of the buffer, 8, 9 at its front.
        queue.append(8)
        queue.append(9)
        var seen: [Int] = []
        queue.updateEach { value in
            seen.append(value)
            value *= 10
        }
        #expect(seen == [5, 6, 7, 8, 9])
        #expect(queue.removeAll() == [50, 60, 70, 80, 90])
    }

    @Test func removeAllReturnsTheElementsInOrder() {
        var queue = FIFO<String>()
        for value in ["a", "b", "c"] {
            queue.append(value)
        }
        _ = queue.popFirst()
        queue.append("d")

        #expect(queue.removeAll() == ["b", "c", "d"])
        #expect(queue.isEmpty)
    }
}
