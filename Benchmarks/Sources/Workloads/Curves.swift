// The scaling curves (issue 24): the cost of one dispatch as one dimension of the workload grows,
// each point a set-up store and a loop that InstructionCounts runs under callgrind, like a case.
// The report (BenchmarkReport/Curves.swift) states each subject's growth and checks the measured
// shape against it. The fourth curve, against threads, is in time (Contention.swift's
// `threadScaling`): callgrind does not see a wait.

/// One point of a scaling curve: a subject at one size. One iteration is one dispatch.
package struct CurvePoint: Sendable {
    /// The curve: "observers", "stateSize" or "features".
    package let curve: String
    /// The subject: an architecture, or its path after a "+" ("PrexCore+InPlace").
    package let subject: String
    /// The point's size: observers, elements of the state, or features.
    package let size: Int
    /// Iterations of the small run under callgrind (the large run does three times as many): a few
    /// million instructions, so that the points with 10,000 observers or 100,000 elements stay
    /// cheap to count.
    package let callgrindIterations: Int
    /// Sets the point's store up and returns its loop.
    package let make: @Sendable () -> Loop

    /// "observers.PrexCore.1000": InstructionCounts' argument.
    package var name: String { "\(curve).\(subject).\(size)" }
}

/// Every point of the three instruction curves, curve by curve, subject by subject, size ascending.
package let curvePoints: [CurvePoint] = observersCurve + stateSizeCurve + featuresCurve

/// The point named `name` ("observers.PrexCore.1000").
package func findCurvePoint(_ name: String) -> CurvePoint? {
    curvePoints.first { $0.name == name }
}

/// The sizes of each curve.
enum CurveSizes {
    static let observers = [1, 10, 100, 1_000, 10_000]
    static let stateSize = [10, 100, 1_000, 10_000, 100_000]
    static let features = [1, 10, 100, 1_000]
    /// Up to the RxState feature types there are (W8Features.swift, 100): each feature is a type
    /// of its own, and 1,000 of them, each specialized, took the release build of the benchmarks
    /// past the time compare.sh has (about 3 more minutes on two cores).
    static let rxFeatures = features.filter { $0 <= ManyFeatures.allRxFeatures.count }
}

/// Iterations for a point whose dispatch costs about `estimate` instructions: about 3 million
/// instructions in the small run, between 2 and 5,000 iterations.
func curveIterations(estimate: Int) -> Int {
    min(5_000, max(2, 3_000_000 / max(estimate, 1)))
}

/// A point of `curve` for each of `sizes`, its iterations from `estimate(size)`.
private func points(
    _ curve: String, _ subject: String, _ sizes: [Int], estimate: (Int) -> Int,
    make: @escaping @Sendable (Int) -> Loop
) -> [CurvePoint] {
    sizes.map { size in
        CurvePoint(
            curve: curve, subject: subject, size: size,
            callgrindIterations: curveIterations(estimate: estimate(size)),
            make: { make(size) })
    }
}

/// Cost per dispatch against the number of observers (W2's stores, 1 to 10,000 observers).
let observersCurve: [CurvePoint] = {
    let sizes = CurveSizes.observers
    let estimate = { (observers: Int) in 2_500 + 60 * observers }
    return points("observers", "Baseline", sizes, estimate: estimate) { fanOutOnBaseline(observers: $0) }
        + points("observers", "PrexCore", sizes, estimate: estimate) { fanOutOnPrex(observers: $0) }
        + points("observers", "VueFluxCore", sizes, estimate: estimate) { fanOutOnVueFlux(observers: $0) }
        + points("observers", "RxStateCore", sizes, estimate: estimate) { fanOutOnRxState(observers: $0) }
}()

/// Cost per dispatch against the state's size (W4's list of 10 to 100,000 elements, one append per
/// dispatch), on the default path and on the in-place opt-ins (RxStateCore's typed reducers
/// mutate in place already).
let stateSizeCurve: [CurvePoint] = {
    let sizes = CurveSizes.stateSize
    let copying = { (size: Int) in 2_000 + 10 * size }
    let inPlace = { (_: Int) in 3_000 }
    return points("stateSize", "Baseline", sizes, estimate: inPlace) { largeStateOnBaseline(size: $0) }
        + points("stateSize", "PrexCore", sizes, estimate: copying) {
            largeStateOnPrex(size: $0, inPlace: false)
        }
        + points("stateSize", "PrexCore+InPlace", sizes, estimate: inPlace) {
            largeStateOnPrex(size: $0, inPlace: true)
        }
        + points("stateSize", "VueFluxCore", sizes, estimate: copying) { largeStateOnVueFlux(size: $0) }
        + points("stateSize", "VueFluxCore+InPlace", sizes, estimate: inPlace) {
            largeStateOnVueFluxInPlace(size: $0)
        }
        + points("stateSize", "RxStateCore", sizes, estimate: inPlace) { largeStateOnRxState(size: $0) }
}()

/// Cost per dispatch against the number of features (W8's app, 1 to 1,000 features with one
/// observer each, one action to one feature per dispatch): the baseline's and Prex's features in
/// one state, VueFlux's a store each, RxState's a substate each (its type table grows with them).
let featuresCurve: [CurvePoint] = {
    let sizes = CurveSizes.features
    let perFeature = { (features: Int) in 2_000 + 400 * features }
    return points("features", "Baseline", sizes, estimate: perFeature) {
        manyFeaturesOnBaseline(features: $0)
    }
        + points("features", "PrexCore", sizes, estimate: perFeature) { manyFeaturesOnPrex(features: $0) }
        + points("features", "VueFluxCore", sizes, estimate: { _ in 1_500 }) {
            manyFeaturesOnVueFlux(features: $0)
        }
        + points("features", "RxStateCore", CurveSizes.rxFeatures, estimate: perFeature) {
            manyFeaturesOnRxState(features: $0)
        }
}()
