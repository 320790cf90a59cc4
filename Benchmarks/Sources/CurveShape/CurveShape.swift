import Foundation

// The shape check of the scaling curves (issue 24): how a measured cost grows with a size, and
// whether that is within what the benchmarks state for it. Pure functions on (size, cost) points,
// unit-tested in Tests/CurveShapeTests; BenchmarkReport applies them to each measured curve.

/// How a cost grows with a size, from the cheapest: each class includes the ones before it (a
/// constant curve is also at most logarithmic, at most linear).
public enum Growth: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    case constant
    case logarithmic
    case linear
    /// Faster than linear: always a finding.
    case superlinear

    /// Whether `left` grows slower than `right`.
    public static func < (left: Growth, right: Growth) -> Bool { left.rawValue < right.rawValue }

    /// The class in words, as the report prints it.
    public var description: String {
        switch self {
        case .constant: "constant"
        case .logarithmic: "logarithmic"
        case .linear: "linear"
        case .superlinear: "faster than linear"
        }
    }
}

/// One measured point: the size (observers, elements, features, threads) and the cost at it.
public struct CurvePoint: Equatable, Sendable {
    /// The size the cost was measured at.
    public let size: Double
    /// The cost: instructions or nanoseconds per dispatch.
    public let cost: Double

    /// A point; `size` and `cost` must be positive.
    public init(size: Double, cost: Double) {
        self.size = size
        self.cost = cost
    }
}

/// How much a curve may deviate from each growth class and still count as it.
public struct ShapeTolerance: Sendable {
    /// Constant: no point costs more than this many times a point of a smaller size, across the
    /// whole range.
    public var constantSpread: Double
    /// Linear: each step's cost ratio at most this many times its size ratio (1.1: 10 times the
    /// size costs at most 11 times as much).
    public var linearStep: Double
    /// Logarithmic: each step's increase per tenfold size at most this many times the first
    /// step's (or, when that is smaller, than the constant spread's share of the first cost): a
    /// logarithm adds the same amount per tenfold size, a line ten times more each time.
    public var logarithmicIncrease: Double

    /// A tolerance; every figure must be at least 1.
    public init(constantSpread: Double, linearStep: Double, logarithmicIncrease: Double) {
        self.constantSpread = constantSpread
        self.linearStep = linearStep
        self.logarithmicIncrease = logarithmicIncrease
    }

    /// For instruction counts, which are the same from run to run: constant within 1.5x across the
    /// range, linear within 1.1x of the size ratio per step.
    public static let instructions = ShapeTolerance(
        constantSpread: 1.5, linearStep: 1.1, logarithmicIncrease: 2)
}

/// The cheapest growth class whose bound `points` stay within (see ``ShapeTolerance``).
///
/// `points` are sorted by size here; fewer than two points, or any cost or size not positive,
/// classify as `.constant` (nothing to compare).
public func classify(_ points: [CurvePoint], tolerance: ShapeTolerance = .instructions) -> Growth {
    let sorted = points.sorted { $0.size < $1.size }
    guard sorted.count >= 2, sorted.allSatisfy({ $0.size > 0 && $0.cost > 0 }) else { return .constant }
    // Growth only: how much more a point costs than the cheapest point before it (a cost that
    // falls as the size grows, as time can past the machine's cores, is not growth).
    var cheapest = sorted[0].cost
    var largestRise = 1.0
    for point in sorted.dropFirst() {
        largestRise = max(largestRise, point.cost / cheapest)
        cheapest = min(cheapest, point.cost)
    }
    if largestRise <= tolerance.constantSpread {
        return .constant
    }
    let steps = zip(sorted, sorted.dropFirst()).filter { $0.size < $1.size }
    // The increase per tenfold size of each step.
    let increases = steps.map { ($1.cost - $0.cost) / log10($1.size / $0.size) }
    let allowance =
        tolerance.logarithmicIncrease
        * max(increases.first ?? 0, (tolerance.constantSpread - 1) * sorted[0].cost)
    if increases.allSatisfy({ $0 <= allowance }) {
        return .logarithmic
    }
    if steps.allSatisfy({ $1.cost / $0.cost <= tolerance.linearStep * ($1.size / $0.size) }) {
        return .linear
    }
    return .superlinear
}

/// A measured curve held against its stated growth.
public struct ShapeVerdict: Equatable, Sendable {
    /// The growth the benchmarks state for this subject.
    public let stated: Growth
    /// The growth the points show (``classify(_:tolerance:)``).
    public let measured: Growth

    /// Whether the curve grows no faster than stated (slower is allowed: a finding to note, not a
    /// failure).
    public var holds: Bool { measured <= stated }

    /// "linear, as stated", "constant (stated: linear)", "linear (stated: constant): violated".
    public var summary: String {
        if measured == stated { return "\(measured), as stated" }
        return holds ? "\(measured) (stated: \(stated))" : "\(measured) (stated: \(stated)): violated"
    }
}

/// Classifies `points` and compares the result with `stated`.
public func checkShape(
    _ points: [CurvePoint], stated: Growth, tolerance: ShapeTolerance = .instructions
) -> ShapeVerdict {
    ShapeVerdict(stated: stated, measured: classify(points, tolerance: tolerance))
}
