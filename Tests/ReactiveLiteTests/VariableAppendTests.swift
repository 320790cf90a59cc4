import TestSupport
import Testing

@testable import ReactiveLite

/// `Variable.append(_:)`: the in-place path for a variable holding an array.
@Suite(timeLimit(minutes: 1)) struct VariableAppendTests {
    /// The address of the array's storage, read from a copy that is released at once.
    private func bufferAddress(_ variable: Variable<[Int]>) -> UInt {
        variable.value.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func appendGrowsTheArrayInPlaceWhenNothingElseHoldsIt() {
        var seed = Array(0..<1_000)
        seed.reserveCapacity(2_000)
        let variable = Variable(seed)
        seed = []
        let before = bufferAddress(variable)

        for value in 1_000..<1_500 {
            variable.append(value)
        }

        #expect(bufferAddress(variable) == before)
        #expect(variable.value == Array(0..<1_500))
    }

    @Test func settingTheValueWithAnAppendCopiesTheArray() {
        // The contrast that the test above relies on: the read-then-write path copies each time.
        var seed = Array(0..<1_000)
        seed.reserveCapacity(2_000)
        let variable = Variable(seed)
        seed = []
        let before = bufferAddress(variable)

        variable.value.append(1_000)

        #expect(bufferAddress(variable) != before)
        #expect(variable.value == Array(0...1_000))
    }

    @Test func aCopyReadBeforeTheAppendKeepsItsValue() {
        let variable = Variable([1, 2])
        let kept = variable.value
        variable.append(3)
        #expect(kept == [1, 2])
        #expect(variable.value == [1, 2, 3])
    }

    @Test func observersReceiveTheWholeNewArrayAfterEachAppendInOrder() {
        let variable = Variable([0])
        let first = Recorder<[Int]>()
        let second = Recorder<[Int]>()
        variable.signal.observe(first.observer)
        variable.signal.observe(second.observer)

        variable.append(1)
        variable.append(contentsOf: [2, 3])

        #expect(first.values == [[0], [0, 1], [0, 1, 2, 3]])
        #expect(second.values == first.values)
    }

    @Test func appendInsideAnObserverIsStoredAtOnceAndDeliveredAfterTheCurrentDelivery() {
        let variable = Variable([Int]())
        let first = Recorder<[Int]>()
        let second = Recorder<[Int]>()
        variable.signal.observe { value in
            first.append(value)
            if value.count == 1 {
                variable.append(2)
                #expect(variable.value == [1, 2])
            }
        }
        variable.signal.observe(second.observer)

        variable.append(1)

        #expect(first.values == [[], [1], [1, 2]])
        #expect(second.values == [[], [1], [1, 2]])
    }

    @Test func appendsFromManyThreadsAllLand() async {
        // `value.append` from several threads loses appends (a read, then a write); `append` is
        // one change under the lock.
        let variable = Variable([Int]())
        await runOnThreads(4) { thread in
            for index in 0..<1_000 {
                variable.append(thread * 1_000 + index)
            }
        }
        #expect(variable.value.sorted() == Array(0..<4_000))
    }

    @Test func readersAndObserversOnOtherThreadsNeverSeeAPartialArray() async {
        // Every array anyone sees is a prefix 0..<n of what the writer appends; observers see
        // n = 0, 1, 2, ... with no gap, no duplicate, and never a partly written element.
        let variable = Variable([Int]())
        let counts = Recorder<Int>()
        let disposable = variable.signal.observe { value in
            #expect(value == Array(0..<value.count))
            counts.append(value.count)
        }
        let torn = Counter()
        await runOnThreads(3) { thread in
            if thread == 0 {
                for value in 0..<5_000 {
                    variable.append(value)
                }
            } else {
                for _ in 0..<2_000 {
                    let value = variable.value
                    if value != Array(0..<value.count) {
                        torn.increment()
                    }
                }
            }
        }
        #expect(torn.value == 0)
        #expect(counts.values == Array(0...5_000))
        disposable.dispose()
    }
}
