import Foundation

// Turns package-benchmark's percentile export into the comparison: prints the table and writes
// docs/benchmarks.md and docs/benchmarks.svg.
//
// Usage: BenchmarkReport <export-directory> <docs-directory> <command> <machine>

let arguments = CommandLine.arguments
guard arguments.count == 5 else {
    print("usage: BenchmarkReport <export-directory> <docs-directory> <command> <machine>")
    exit(64)
}
let export = URL(fileURLWithPath: arguments[1])
let docs = URL(fileURLWithPath: arguments[2])
let command = arguments[3]
let machine = arguments[4]

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
    try chart(results).write(to: docs.appendingPathComponent("benchmarks.svg"), atomically: true, encoding: .utf8)
    print("\nWrote \(docs.appendingPathComponent("benchmarks.md").path) and benchmarks.svg")
} catch {
    print("BenchmarkReport: \(error)")
    exit(1)
}
