import Foundation

// Turns one run's results into the comparison: prints the tables and the targets, and writes
// benchmarks.md and benchmarks.svg into the output directory (compare.sh's results folder; with
// --update-docs, compare.sh copies them into docs/).
//
// Usage: BenchmarkReport <results-directory> <command> <machine> <valgrind>
//
// The results directory holds what compare.sh gathered: `time/` (package-benchmark's percentile
// export), `cases.tsv` (`InstructionCounts list`), `instructions.tsv` (the callgrind totals),
// `flood.tsv`, `contention.tsv`, `async.tsv` and `stack.tsv`, and the scaling curves'
// `curve-points.tsv`, `curves.tsv` and `threads.tsv`; whichever is missing is left out. It also writes each curve's
// chart (`benchmarks-observers.svg` ...) and exits with status 3 when a curve grows faster than
// stated (not in a smoke run, BENCHMARK_SMOKE set, whose tiny counts show only that they run).

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    print("usage: BenchmarkReport <results-directory> <command> <machine> <valgrind>")
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[1])
let command = arguments[2]
let machine = arguments[3]
let valgrind = arguments[4]

do {
    var results = Results()
    let time = directory.appendingPathComponent("time")
    if FileManager.default.fileExists(atPath: time.path) {
        try results.readTimes(directory: time)
    }
    try results.readCases(file: directory.appendingPathComponent("cases.tsv"))
    try results.readInstructions(file: directory.appendingPathComponent("instructions.tsv"))
    try results.readFloods(file: directory.appendingPathComponent("flood.tsv"))
    try results.readThreadContention(file: directory.appendingPathComponent("contention.tsv"))
    try results.readAsyncContention(file: directory.appendingPathComponent("async.tsv"))
    try results.readStackPerLink(file: directory.appendingPathComponent("stack.tsv"))
    var curves = CurveResults()
    curves.smoke = ProcessInfo.processInfo.environment["BENCHMARK_SMOKE"] != nil
    try curves.read(directory: directory)
    guard
        !curves.isEmpty || !results.metrics.isEmpty || !results.instructions.isEmpty
            || !results.floods.isEmpty
            || !results.threadContention.isEmpty || !results.asyncContention.isEmpty
    else {
        print("BenchmarkReport: no results in \(directory.path)")
        exit(1)
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let date = formatter.string(from: Date())
    print(console(results))
    let curveText = curvesConsole(curves)
    if !curveText.isEmpty { print("\n" + curveText) }
    try markdown(results, curves: curves, machine: machine, valgrind: valgrind, date: date, command: command)
        .write(to: directory.appendingPathComponent("benchmarks.md"), atomically: true, encoding: .utf8)
    try chart(results).write(
        to: directory.appendingPathComponent("benchmarks.svg"), atomically: true, encoding: .utf8)
    for curve in curveDefinitions {
        if let svg = curveChart(curve, curves) {
            try svg.write(
                to: directory.appendingPathComponent(curve.chartFile), atomically: true, encoding: .utf8)
        }
    }
    let violations = curves.violations
    if !violations.isEmpty {
        print("\nBenchmarkReport: \(violations.count) curve(s) grow faster than stated:")
        for violation in violations { print("- \(violation)") }
        exit(3)
    }
} catch {
    print("BenchmarkReport: \(error)")
    exit(1)
}
