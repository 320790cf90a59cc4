import CurveShape
import Foundation

// The scaling curves (issue 24): what each curve measures, the growth stated for each subject,
// the measured points (compare.sh's curve-points.tsv, curves.tsv and threads.tsv), their tables,
// charts and shape verdicts.

/// One subject of a curve and the growth the benchmarks state for it.
struct CurveSubject {
    /// The subject as the points name it: "PrexCore", "PrexCore+InPlace".
    let name: String
    /// How its cost grows with the curve's size.
    let stated: Growth
    /// Why: what the subject does per unit of the size.
    let why: String
}

/// One scaling curve: its dimension, its subjects and how their shapes are checked.
struct CurveDefinition {
    /// The curve's name in the points ("observers"), and its chart's file suffix.
    let id: String
    /// The section title: "Against the number of observers".
    let title: String
    /// What the sizes count: "observers".
    let sizeLabel: String
    /// The cost's unit: "instructions per dispatch".
    let unit: String
    let subjects: [CurveSubject]
    /// How far a measured curve may deviate from a growth class and still count as it.
    let tolerance: ShapeTolerance
    /// What the curve runs, for the page.
    let description: String
    /// The smallest size the shape check takes (the points below it are shown, not checked).
    var checkedFrom = 0

    /// The chart's file name, beside benchmarks.md.
    var chartFile: String { "benchmarks-\(id).svg" }
}

/// The curves, in the page's order.
let curveDefinitions: [CurveDefinition] = [
    CurveDefinition(
        id: "observers", title: "Against the number of observers", sizeLabel: "observers",
        unit: "instructions per dispatch",
        subjects: [
            CurveSubject(name: "Baseline", stated: .linear, why: "calls every observer"),
            CurveSubject(name: "PrexCore", stated: .linear, why: "calls every listener"),
            CurveSubject(
                name: "VueFluxCore", stated: .linear, why: "calls every observer of the computed value"),
            CurveSubject(name: "RxStateCore", stated: .linear, why: "calls every observer of the state"),
        ],
        tolerance: .instructions,
        description: """
            Workload 2's stores with 1 to 10,000 observers of the counter; one increment per
            dispatch, the cost of the whole dispatch (not per notification).
            """),
    CurveDefinition(
        id: "stateSize", title: "Against the size of the state", sizeLabel: "elements",
        unit: "instructions per dispatch",
        subjects: [
            CurveSubject(name: "Baseline", stated: .constant, why: "appends in place"),
            CurveSubject(
                name: "PrexCore", stated: .linear,
                why: "copies the list: `StateChange` keeps the old state next to the new"),
            CurveSubject(
                name: "PrexCore+InPlace", stated: .constant,
                why: "`Flux(mutatingInPlace:mutation:)` moves the state out and appends in place"),
            CurveSubject(
                name: "VueFluxCore", stated: .linear,
                why: "the mutation reads `items.value` out and writes it back: a copy"),
            CurveSubject(
                name: "VueFluxCore+InPlace", stated: .constant,
                why: "`Variable.append(_:)` appends to the variable's own storage"),
            CurveSubject(
                name: "RxStateCore", stated: .constant,
                why: "the typed reducer appends to the substate in place"),
        ],
        tolerance: .instructions,
        description: """
            Workload 4's stores with a list of 10 to 100,000 integers to start with, one append per
            dispatch, one observer. The list grows to twice its size and is then trimmed back (in
            O(1)), so a point's list holds between its size and twice it.
            """),
    CurveDefinition(
        id: "features", title: "Against the number of features", sizeLabel: "features",
        unit: "instructions per dispatch",
        subjects: [
            CurveSubject(
                name: "Baseline", stated: .linear,
                why: "one state of all features: calls every feature's observer"),
            CurveSubject(
                name: "PrexCore", stated: .linear,
                why: "one state of all features: calls every listener, copies the features array"),
            CurveSubject(
                name: "VueFluxCore", stated: .constant,
                why: "a store per feature: a dispatch reaches one store"),
            CurveSubject(
                name: "RxStateCore", stated: .linear,
                why: "every feature's `substateSignal` observation runs on every action"),
        ],
        tolerance: .instructions,
        description: """
            Workload 8's app with 1 to \(curveFeatureSizesText) features, one observer each, one
            action to one feature per dispatch (the features in turn): the baseline's and Prex's
            features in one state, VueFlux's a store each, RxState's a substate each of its own type
            (its type table grows with them).
            """),
    CurveDefinition(
        id: "threads", title: "Against the number of threads (time)", sizeLabel: "threads",
        unit: "ns per dispatch",
        subjects: [
            CurveSubject(
                name: "Baseline", stated: .constant,
                why: "one lock taken per dispatch, held for the mutation; a waiter retries before it sleeps, so no convoy")
        ]
            + ["PrexCore", "VueFluxCore", "RxStateCore"].map {
                CurveSubject(
                    name: $0, stated: .constant,
                    why: "one turn per dispatch (its gate and a few short lock round trips); a waiter retries before it sleeps, so no convoy")
            },
        tolerance: ShapeTolerance(
            constantSpread: contentionTimesOneThread, linearStep: 1.1, logarithmicIncrease: 2),
        description: """
            The thread contention's stores (one counter, one observer), the same number of
            dispatches shared by 1, 2, 4 and 8 dedicated threads, alternately in one process; the
            median wall time per dispatch. Time, not instructions: callgrind does not see a wait.
            The step from 1 thread to 2 is the price of contention itself (the lock's memory moving
            between cores), present for the floor as for the modules; the check starts at 2
            threads and holds that adding threads does not make a dispatch dearer (no convoy):
            constant means no point above \(format(ratio: contentionTimesOneThread)) a point with
            fewer threads (the thread contention's target), as time on a shared machine moves.
            """, checkedFrom: 2),
]

/// "1,000", or however many features the curve reached (set once the points are read).
nonisolated(unsafe) var curveFeatureSizesText = "1,000"

/// The measured curves: points by curve id, then subject, sorted by size.
struct CurveResults {
    var points: [String: [String: [CurveShape.CurvePoint]]] = [:]
    /// The sizes each curve was measured at, ascending.
    var sizes: [String: [Int]] = [:]
    /// Whether the run was a smoke run (tiny counts: shapes shown, not checked).
    var smoke = false

    /// Reads compare.sh's curve files from `directory`; missing files leave their curves out.
    mutating func read(directory: URL) throws {
        var meta: [String: (curve: String, subject: String, size: Int)] = [:]
        for fields in try tsvLines(directory.appendingPathComponent("curve-points.tsv"))
        where fields.count == 5 {
            if let size = Int(fields[3]) { meta[fields[0]] = (fields[1], fields[2], size) }
        }
        for fields in try tsvLines(directory.appendingPathComponent("curves.tsv")) where fields.count == 5 {
            guard let point = meta[fields[0]], let small = Int(fields[1]), let large = Int(fields[2]),
                let smallTotal = Double(fields[3]), let largeTotal = Double(fields[4]), large > small
            else { continue }
            add(point.curve, point.subject, point.size, (largeTotal - smallTotal) / Double(large - small))
        }
        for fields in try tsvLines(directory.appendingPathComponent("threads.tsv")) where fields.count == 6 {
            guard let threads = Int(fields[1]), let nanoseconds = Double(fields[4]) else { continue }
            add("threads", fields[0], threads, nanoseconds)
        }
        if let features = sizes["features"]?.last {
            curveFeatureSizesText = format(count: Double(features))
        }
    }

    private mutating func add(_ curve: String, _ subject: String, _ size: Int, _ cost: Double) {
        points[curve, default: [:]][subject, default: []].append(
            CurveShape.CurvePoint(size: Double(size), cost: cost))
        points[curve]![subject]!.sort { $0.size < $1.size }
        if !(sizes[curve] ?? []).contains(size) {
            sizes[curve, default: []].append(size)
            sizes[curve]!.sort()
        }
    }

    var isEmpty: Bool { points.isEmpty }

    /// The verdict of `subject` on `curve`, or nil when it was not measured (or in a smoke run).
    func verdict(_ curve: CurveDefinition, _ subject: CurveSubject) -> ShapeVerdict? {
        guard !smoke, let measured = points[curve.id]?[subject.name], measured.count >= 2 else { return nil }
        let checked = measured.filter { $0.size >= Double(curve.checkedFrom) }
        guard checked.count >= 2 else { return nil }
        return checkShape(checked, stated: subject.stated, tolerance: curve.tolerance)
    }

    /// Every measured subject whose curve grows faster than stated: "observers.PrexCore: ...".
    var violations: [String] {
        curveDefinitions.flatMap { curve in
            curve.subjects.compactMap { subject in
                guard let verdict = verdict(curve, subject), !verdict.holds else { return nil }
                return "\(curve.id).\(subject.name): \(verdict.summary)"
            }
        }
    }

    /// One curve's table: a line per measured subject, the cost at each size, the stated growth and
    /// the verdict.
    func table(_ curve: CurveDefinition) -> (header: [String], lines: [[String]]) {
        let sizes = sizes[curve.id] ?? []
        let header = ["Subject"] + sizes.map { format(count: Double($0)) } + ["Stated growth", "Measured"]
        let lines = curve.subjects.compactMap { subject -> [String]? in
            guard let measured = points[curve.id]?[subject.name] else { return nil }
            let cells = sizes.map { size in
                measured.first { $0.size == Double(size) }.map { format(count: $0.cost) } ?? "n/a"
            }
            let verdict = verdict(curve, subject)
            let word =
                verdict.map { $0.holds ? $0.summary : "**\($0.summary)**" }
                ?? (smoke ? "not checked (smoke)" : "n/a")
            return [subject.name] + cells + ["\(subject.stated): \(subject.why)", word]
        }
        return (header, lines)
    }
}

/// The curves' section of the console output.
func curvesConsole(_ curves: CurveResults) -> String {
    curveDefinitions.compactMap { curve -> String? in
        let table = curves.table(curve)
        guard !table.lines.isEmpty else { return nil }
        return "Scaling curve: \(curve.title.lowercased()), \(curve.unit):\n"
            + textTable(
                table.header, table.lines.map { $0.map { $0.replacingOccurrences(of: "**", with: "") } })
    }.joined(separator: "\n\n")
}

/// The curves' section of benchmarks.md.
func curvesSection(_ curves: CurveResults) -> String {
    guard !curves.isEmpty else { return "" }
    var text = """

        ## Scaling curves

        How the cost of one dispatch grows with one dimension of the workload, against the floor.
        Each point is measured like the instruction column (callgrind, iterations N+1 to 3N of one run,
        per dispatch); the threads curve in time. Each subject states how its
        cost grows (constant, logarithmic, linear) and why; the report classifies each measured curve
        and compares: constant means no point costs more than 1.5x a smaller size's,
        linear that each tenfold size costs at most 11 times as much, logarithmic that each tenfold
        size adds no more than twice the larger of what the first step added and half the first
        point's cost. A curve that grows faster than stated
        fails the run (`Benchmarks/Sources/CurveShape`, tested by `swift test` in `Benchmarks/`).
        Slower than stated is shown, not failed. The charts are log-log.

        """
    for curve in curveDefinitions {
        let table = curves.table(curve)
        guard !table.lines.isEmpty else { continue }
        text += """

            ### \(curve.title)

            \(curve.description.replacingOccurrences(of: "\n", with: " "))

            ![\(curve.title), \(curve.unit)](\(curve.chartFile))


            """
        text += markdownTable(table.header, table.lines)
    }
    return text
}

/// The SVG chart of one curve: a line per subject, cost against size, both axes logarithmic.
func curveChart(_ curve: CurveDefinition, _ curves: CurveResults) -> String? {
    guard let bySubject = curves.points[curve.id], !bySubject.isEmpty else { return nil }
    let colors = [
        "Baseline": "#000000", "PrexCore": "#4C78A8", "PrexCore+InPlace": "#9ECAE9", "VueFluxCore": "#59A14F",
        "VueFluxCore+InPlace": "#A6D98E", "RxStateCore": "#E15759",
    ]
    let series = curve.subjects.compactMap { subject in bySubject[subject.name].map { (subject.name, $0) } }
    let all = series.flatMap(\.1)
    let left = 80.0
    let top = 40.0
    let plotWidth = 480.0
    let plotHeight = 300.0
    let width = left + plotWidth + 200
    let height = top + plotHeight + 60
    let minX = log10(all.map(\.size).min()!)
    let maxX = max(log10(all.map(\.size).max()!), minX + 1)
    let minY = floor(log10(max(all.map(\.cost).min()!, 1)))
    let maxY = max(ceil(log10(max(all.map(\.cost).max()!, 1))), minY + 1)
    func x(_ size: Double) -> Double { left + (log10(size) - minX) / (maxX - minX) * plotWidth }
    func y(_ cost: Double) -> Double {
        top + plotHeight - (log10(max(cost, 1)) - minY) / (maxY - minY) * plotHeight
    }
    var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(left)" y="20" font-size="14" font-weight="bold">Cost per dispatch against \(curve.sizeLabel): \(curve.unit) (log-log; lower is better)</text>

        """
    var exponent = minY
    while exponent <= maxY {
        let position = y(pow(10, exponent))
        svg +=
            "<line x1=\"\(left)\" y1=\"\(position)\" x2=\"\(left + plotWidth)\" y2=\"\(position)\" stroke=\"#ddd\"/>\n"
        svg +=
            "<text x=\"\(left - 6)\" y=\"\(position + 4)\" text-anchor=\"end\">\(format(count: pow(10, exponent)))</text>\n"
        exponent += 1
    }
    for size in curves.sizes[curve.id] ?? [] {
        let position = x(Double(size))
        svg +=
            "<line x1=\"\(position)\" y1=\"\(top)\" x2=\"\(position)\" y2=\"\(top + plotHeight)\" stroke=\"#eee\"/>\n"
        svg +=
            "<text x=\"\(position)\" y=\"\(top + plotHeight + 18)\" text-anchor=\"middle\">\(format(count: Double(size)))</text>\n"
    }
    svg +=
        "<text x=\"\(left + plotWidth / 2)\" y=\"\(top + plotHeight + 40)\" text-anchor=\"middle\">\(curve.sizeLabel)</text>\n"
    for (offset, (name, points)) in series.enumerated() {
        let color = colors[name] ?? "#999"
        let path = points.map { "\(x($0.size)),\(y($0.cost))" }.joined(separator: " ")
        svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>\n"
        for point in points {
            svg += "<circle cx=\"\(x(point.size))\" cy=\"\(y(point.cost))\" r=\"3\" fill=\"\(color)\"/>\n"
        }
        let legendY = top + 10 + Double(offset) * 18
        svg +=
            "<rect x=\"\(left + plotWidth + 20)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>\n"
        svg += "<text x=\"\(left + plotWidth + 34)\" y=\"\(legendY)\">\(name)</text>\n"
    }
    svg += "</svg>\n"
    return svg
}

/// The fields of each line of a tab-separated file; no lines when it does not exist.
private func tsvLines(_ file: URL) throws -> [[String]] {
    guard FileManager.default.fileExists(atPath: file.path) else { return [] }
    return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
}
