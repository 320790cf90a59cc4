import CurveShape
import Foundation
import Testing

/// Points at `sizes` with the costs `cost(size)`.
private func curve(_ sizes: [Double], _ cost: (Double) -> Double) -> [CurvePoint] {
    sizes.map { CurvePoint(size: $0, cost: cost($0)) }
}

private let decades: [Double] = [1, 10, 100, 1_000, 10_000]

@Test func aFlatCurveIsConstant() {
    #expect(classify(curve(decades) { _ in 1_000 }) == .constant)
}

@Test func aCurveWithinOneAndAHalfTimesIsConstant() {
    let costs: [Double: Double] = [1: 1_000, 10: 1_200, 100: 1_490, 1_000: 1_100, 10_000: 1_300]
    #expect(classify(curve(decades) { costs[$0]! }) == .constant)
}

@Test func aLineWithAFixedOverheadIsLinear() {
    // PrexCore's fan-out: about 720 instructions for the dispatch and 22 per observer.
    #expect(classify(curve(decades) { 720 + 22 * $0 }) == .linear)
}

@Test func aPureLineIsLinear() {
    #expect(classify(curve(decades) { 50 * $0 }) == .linear)
}

@Test func tenTimesTheSizeMayCostElevenTimes() {
    let costs: [Double: Double] = [1: 100, 10: 1_100, 100: 12_100]
    #expect(classify(curve([1, 10, 100]) { costs[$0]! }) == .linear)
}

@Test func tenTimesTheSizeCostingTwelveTimesIsFasterThanLinear() {
    let costs: [Double: Double] = [1: 100, 10: 1_000, 100: 12_000]
    #expect(classify(curve([1, 10, 100]) { costs[$0]! }) == .superlinear)
}

@Test func aSquareIsFasterThanLinear() {
    #expect(classify(curve(decades) { 100 + $0 * $0 }) == .superlinear)
}

@Test func aLogarithmIsLogarithmic() {
    // A lookup that adds 300 instructions per tenfold size, over a 1,000-instruction dispatch.
    #expect(classify(curve(decades) { 1_000 + 300 * log10($0) }) == .logarithmic)
}

@Test func aLogarithmThatStartsSlowlyIsStillLogarithmic() {
    // Equal increases per tenfold size after a first step that hardly grows.
    let costs: [Double: Double] = [1: 1_000, 10: 1_010, 100: 1_600, 1_000: 2_200, 10_000: 2_800]
    #expect(classify(curve(decades) { costs[$0]! }) == .logarithmic)
}

@Test func unevenSizesAreComparedPerTenfoldStep() {
    // The threads curve: 1, 2, 4, 8.
    #expect(classify(curve([1, 2, 4, 8]) { 100 * $0 }) == .linear)
    #expect(classify(curve([1, 2, 4, 8]) { 100 + 2 * $0 }) == .constant)
}

@Test func unsortedPointsAreSortedFirst() {
    let points = [
        CurvePoint(size: 100, cost: 2_920), CurvePoint(size: 1, cost: 742), CurvePoint(size: 10, cost: 940),
    ]
    #expect(classify(points) == .linear)
}

@Test func tooFewPointsAreConstant() {
    #expect(classify([CurvePoint(size: 1, cost: 5)]) == .constant)
    #expect(classify([]) == .constant)
}

@Test func aLooserToleranceForTime() {
    let time = ShapeTolerance(constantSpread: 3, linearStep: 1.1, logarithmicIncrease: 2)
    let points = curve([1, 2, 4, 8]) { [1: 40, 2: 95, 4: 100, 8: 110][$0]! }
    #expect(classify(points, tolerance: time) == .constant)
    #expect(classify(points) != .constant)
}

@Test func aVerdictHoldsWhenTheCurveGrowsNoFasterThanStated() {
    let line = curve(decades) { 720 + 22 * $0 }
    #expect(checkShape(line, stated: .linear).holds)
    #expect(checkShape(line, stated: .linear).summary == "linear, as stated")
    #expect(!checkShape(line, stated: .constant).holds)
    #expect(checkShape(line, stated: .constant).summary == "linear (stated: constant): violated")
    let flat = curve(decades) { _ in 700 }
    #expect(checkShape(flat, stated: .linear).holds)
    #expect(checkShape(flat, stated: .linear).summary == "constant (stated: linear)")
}

@Test func aFallingCurveIsConstant() {
    // Time per dispatch past the machine's cores: more threads take turns on them.
    let points = curve([2, 4, 8]) { [2: 859, 4: 486, 8: 222][$0]! }
    #expect(classify(points) == .constant)
}

@Test func aRiseAfterAFallCountsFromTheLowestPointBefore() {
    let points = curve([1, 10, 100]) { [1: 1_000, 10: 500, 100: 900][$0]! }
    #expect(classify(points) != .constant)
}
