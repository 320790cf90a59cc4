/// The architectures, in the order the tables show them; the baseline comes first.
let architectures = ["Baseline", "PrexCore", "VueFluxCore", "RxStateCore"]

/// One row of the tables: a workload, or one of the paths users take on it ("View" for Prex's
/// Presenter + View, "MainReducer" for RxState's untyped reducer), shown in its architecture's column.
struct Row {
    let workload: String
    let path: String?
    let title: String
    /// What one reported operation is.
    let unit: String
    /// Whether the baseline takes this row's path too (the forwarded dispatch), so that the ratios
    /// are against the baseline's case on the same path rather than the workload's own.
    var baselineTakesThePath = false

    /// The case name for `architecture` on this row: "W1.PrexCore" or "W1.PrexCore+View".
    func name(_ architecture: String) -> String {
        "\(workload).\(architecture)" + (path.map { "+\($0)" } ?? "")
    }

    /// The baseline's case for the ratios: the workload's own, or the baseline's on this path.
    var baseline: String { baselineTakesThePath ? name("Baseline") : "\(workload).Baseline" }
}

let rows: [Row] = [
    Row(workload: "W1", path: nil, title: "W1 dispatch, 1 observer", unit: "dispatch"),
    Row(workload: "W1", path: "View", title: "W1 via Presenter + View", unit: "dispatch"),
    Row(workload: "W1", path: "MainReducer", title: "W1 via the README's MainReducer", unit: "dispatch"),
    Row(
        workload: "W1", path: "Forwarded", title: "W1 forwarded: A's observer dispatches into B",
        unit: "dispatch into A", baselineTakesThePath: true),
    Row(workload: "W2", path: nil, title: "W2 fan-out, 1,000 observers", unit: "notification"),
    Row(workload: "W2", path: "View", title: "W2 1,000 presenters, one flux", unit: "notification"),
    Row(workload: "W3", path: nil, title: "W3 subscribe + unsubscribe", unit: "pair"),
    Row(workload: "W4", path: nil, title: "W4 large state, one append", unit: "dispatch"),
    Row(workload: "W4", path: "InPlace", title: "W4 via the in-place opt-in", unit: "dispatch"),
    Row(workload: "W5", path: nil, title: "W5 2 threads dispatching", unit: "dispatch"),
    Row(workload: "W6", path: nil, title: "W6 search end to end", unit: "search"),
    Row(workload: "W7", path: nil, title: "W7 app: cross-feature star toggle, 400 observers", unit: "toggle"),
    Row(workload: "W8", path: nil, title: "W8 app: 100 features, 1 observer each", unit: "dispatch"),
]

/// What a target bounds.
enum Bound {
    /// Instructions per operation at most this many times the workload's baseline.
    case timesBaseline(Double)
    /// Instructions per operation at most this many.
    case instructions(Double)
    /// Instructions per operation at most this many times another case's.
    case timesCase(String, Double)
    /// No allocation per operation (package-benchmark's median).
    case noAllocation
    /// No update lost (workload 5).
    case noLostUpdate
}

/// A performance target of the project, on one case.
struct Target {
    let name: String
    let bound: Bound
}

let targets: [Target] = {
    var targets: [Target] = []
    let modules = ["PrexCore", "VueFluxCore", "RxStateCore"]
    for module in modules {
        targets.append(Target(name: "W1.\(module)", bound: .timesBaseline(3)))
    }
    targets.append(Target(name: "W1.PrexCore+View", bound: .instructions(1_500)))
    targets.append(Target(name: "W1.RxStateCore+MainReducer", bound: .timesCase("W1.RxStateCore", 2)))
    // A dispatch from inside another store's delivery (an observer forwarding) costs what a
    // dispatch from outside does: the forwarded case pays for two, so at most 2.1 times W1.
    for module in modules {
        targets.append(Target(name: "W1.\(module)+Forwarded", bound: .timesCase("W1.\(module)", 2.1)))
    }
    for module in modules {
        targets.append(Target(name: "W2.\(module)", bound: .timesBaseline(1.5)))
    }
    targets.append(Target(name: "W2.PrexCore+View", bound: .instructions(300)))
    // Issue 24: subscribe and cancel within 3x the floor in all three, or the profile of what the
    // contract costs (a replay of the current value, a handle that outlives its store safely).
    for module in modules {
        targets.append(Target(name: "W3.\(module)", bound: .timesBaseline(3)))
    }
    targets.append(Target(name: "W4.RxStateCore", bound: .timesBaseline(3)))
    // PrexCore's `Flux(mutatingInPlace:mutation:)` and ReactiveLite's `Variable.append(_:)`.
    targets.append(Target(name: "W4.PrexCore+InPlace", bound: .timesBaseline(3)))
    targets.append(Target(name: "W4.VueFluxCore+InPlace", bound: .timesBaseline(3)))
    for module in modules {
        targets.append(Target(name: "W5.\(module)", bound: .timesBaseline(4)))
        targets.append(Target(name: "W5.\(module)", bound: .noLostUpdate))
    }
    // The app-scale workloads (issue 25) are fan-outs over features: like W2, each module at most
    // 1.5x the baseline, which calls every observer of the one state with it.
    for module in modules {
        targets.append(Target(name: "W7.\(module)", bound: .timesBaseline(1.5)))
    }
    for module in modules {
        targets.append(Target(name: "W8.\(module)", bound: .timesBaseline(1.5)))
    }
    for name in [
        "W1.PrexCore", "W1.VueFluxCore", "W1.RxStateCore", "W1.PrexCore+View", "W1.RxStateCore+MainReducer",
        "W1.PrexCore+Forwarded", "W1.VueFluxCore+Forwarded", "W1.RxStateCore+Forwarded",
        "W2.PrexCore", "W2.VueFluxCore", "W2.RxStateCore", "W2.PrexCore+View", "W4.RxStateCore",
        "W4.PrexCore+InPlace", "W4.VueFluxCore+InPlace",
    ] {
        targets.append(Target(name: name, bound: .noAllocation))
    }
    return targets
}()

/// The flood/victim targets: the victim's slowest call, and memory that stays flat.
let floodMaxMilliseconds = 10.0
let floodMemoryGrowthMiB = 32.0

/// The forwarding flood's target: each module's victim's slowest call at most this many times the
/// baseline's flood victim's, in the same run (issue 22).
let forwardingVictimTimesBaseline = 2.0

/// The low-priority flood's target: each module's victim's slowest call, with the flooding thread at
/// nice 19, at most this many times the baseline's victim's under the same flood, in the same run
/// (issue 22).
let lowPriorityVictimTimesBaseline = 2.0

/// The thread contention's target: nanoseconds per dispatch on 8 threads at most this many times
/// those on one thread, per module (issue 22).
let contentionTimesOneThread = 3.0

/// The async contention's targets (issue 26): time per dispatch at most this many times the
/// baseline's under the same tasks, and no heartbeat gap over this many milliseconds.
let asyncTimesBaseline = 3.0
let asyncHeartbeatMaxGapMilliseconds = 10.0

/// Where and when the originals were measured (../shared/ANCHORS.md).
let originalsMachine = "2026-11-25, an AMD EPYC machine with 2 cores, Linux x86_64, Swift 6.3.1"

/// The columns of the originals' table.
let originalsHeader = [
    "Workload", "Floor", "Prex", "VueFlux", "RxState", "ReSwift", "PrexCore", "VueFluxCore", "RxStateCore",
]

/// What the originals reached, in instructions per operation, quoted from ../shared/ANCHORS.md
/// (measured there, with this project's modules at commit 8451fc3; not measured by this run).
let originalsRows: [[String]] = [
    ["W1 dispatch, 1 observer", "205", "10,468", "4,801", "26,314", "14,489", "319", "442", "1,075"],
    ["W1 Presenter + View", "-", "11,280", "-", "-", "-", "824", "-", "-"],
    ["W1 README `MainReducer`", "-", "-", "-", "26,314", "-", "-", "-", "2,680"],
    [
        "W2 per notification, 1,000 observers", "44.1", "569", "326", "10,906", "2,462", "25.3", "26.4",
        "54.0",
    ],
    ["W2 1,000 presenters on one flux", "-", "1,530", "-", "-", "-", "296", "-", "-"],
    [
        "W3 subscribe + unsubscribe", "290", "3,719", "28,260", "62,676", "407,948 to 740,914", "1,379",
        "1,448", "1,291",
    ],
    [
        "W4 append to 10,000 elements", "279", "99,323", "93,719", "115,147", "104,509",
        "89,211 (in place 574)",
        "89,290 (in place 647)", "1,127",
    ],
]
