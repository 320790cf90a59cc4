import TestSupport
import Testing

@testable import ReactiveLite

/// The layout assumptions of ReactiveLite's one unsafe file (Internal/ErasedObserver.swift).
@Suite struct UnsafeLayoutTests {
    @Test func anErasedObserverHasTheLayoutOfATypedOneForAnyValueType() {
        #expect(MemoryLayout<ErasedObserver>.size == MemoryLayout<ErasedObserver.Typed<Int>>.size)
        #expect(MemoryLayout<ErasedObserver>.size == MemoryLayout<ErasedObserver.Typed<[String]>>.size)
        #expect(MemoryLayout<ErasedObserver>.alignment == MemoryLayout<ErasedObserver.Typed<Int>>.alignment)
        #expect(
            MemoryLayout<ErasedObserver>.stride == MemoryLayout<ErasedObserver.Typed<(Int, String)>>.stride)
    }

    @Test func anErasedObserverCallsItsClosureWithItsValueAndKeepsItsContext() {
        let seen = Recorder<String>()
        let prefix = "value "
        let erased = ErasedObserver { (value: Int) in seen.append(prefix + String(value)) }
        let copy = erased
        erased.call(3)
        copy.call(4)
        #expect(seen.values == ["value 3", "value 4"])
    }
}
