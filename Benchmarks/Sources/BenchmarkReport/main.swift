import Foundation

// Turns package-benchmark's percentile export into the comparison: prints the table, writes
// docs/benchmarks.md and docs/benchmarks.svg, and writes the targets as package-benchmark static
// thresholds into the thresholds directory.
//
// Usage: BenchmarkReport <export-directory> <docs-directory> <thresholds-directory> <command> <machine>

let arguments = CommandLine.arguments
guard arguments.count == 6 else {
    print(
        "usage: BenchmarkReport <export-directory> <docs-directory> <thresholds-directory> <command> <machine>"
    )
    exit(64)
}
let export = URL(fileURLWithPath: arguments[1])
let docs = URL(fileURLWithPath: arguments[2])
let thresholdsDirectory = URL(fileURLWithPath: arguments[3])
let command = arguments[4]
let machine = arguments[5]

do {
    let results = try Results(directory: export)
    guard !results.metrics.isEmpty else {
        print("BenchmarkReport: no results in \(export.path)")
        exit(1)
    }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    let date = formatter.string(from: Date())
    print(consoleTable(results))
    try markdown(results, machine: machine, date: date, command: command)
        .write(to: docs.appendingPathComponent("benchmarks.md"), atomically: true, encoding: .utf8)
    try chart(results).write(
        to: docs.appendingPathComponent("benchmarks.svg"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(at: thresholdsDirectory, withIntermediateDirectories: true)
    for (name, json) in thresholds(results) {
        try json.write(
            to: thresholdsDirectory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    print("\nWrote \(docs.appendingPathComponent("benchmarks.md").path) and benchmarks.svg")
} catch {
    print("BenchmarkReport: \(error)")
    exit(1)
}
