import Foundation

/// One architecture's figures on one workload, per operation.
struct Row {
    let p50: Double
    let p90: Double
    let allocations: Double
    let ratio: Double?
    let lost: Int?
}

func rows(_ results: Results, _ workload: Workload) -> [String: Row] {
    let baseline = results.value(workload, "Baseline", "wallClock", 50)
    var rows: [String: Row] = [:]
    for architecture in architectures {
        guard let p50 = results.value(workload, architecture, "wallClock", 50),
            let p90 = results.value(workload, architecture, "wallClock", 90)
        else { continue }
        let allocations = results.value(workload, architecture, "mallocCountTotal", 50) ?? 0
        let ratio = baseline.flatMap { $0 > 0 ? p50 / $0 : nil }
        rows[architecture] = Row(
            p50: p50, p90: p90, allocations: allocations, ratio: ratio,
            lost: results.lostUpdates(workload, architecture))
    }
    return rows
}

func format(_ nanoseconds: Double) -> String {
    if nanoseconds >= 10_000 { return String(format: "%.1f µs", nanoseconds / 1_000) }
    if nanoseconds >= 100 { return String(format: "%.0f ns", nanoseconds) }
    return String(format: "%.1f ns", nanoseconds)
}

func format(ratio: Double?) -> String {
    ratio.map { String(format: "%.2fx", $0) } ?? "n/a"
}

func format(allocations: Double) -> String {
    allocations == allocations.rounded() ? String(Int(allocations)) : String(format: "%.2f", allocations)
}

/// Whether an architecture met its target on a workload, and what to say about it.
func verdict(_ workload: Workload, _ architecture: String, _ row: Row) -> (met: Bool, text: String)? {
    var failures: [String] = []
    var checks: [String] = []
    if let target = workload.targetRatio[architecture] {
        checks.append("within \(format(ratio: target))")
        if let ratio = row.ratio, ratio > target {
            failures.append("time \(format(ratio: ratio))")
        }
    }
    if workload.zeroAllocation.contains(architecture) {
        checks.append("0 allocations")
        if row.allocations > 0 {
            failures.append("\(format(allocations: row.allocations)) allocations")
        }
    }
    if let lost = row.lost {
        checks.append("no lost update")
        if lost > 0 { failures.append("\(lost) lost updates") }
    }
    guard !checks.isEmpty else { return nil }
    if failures.isEmpty {
        return (true, "met (\(checks.joined(separator: ", ")))")
    }
    let note = workload.notes[architecture].map { ": \($0)" } ?? ""
    return (
        false,
        "**missed**: \(failures.joined(separator: ", ")) against \(checks.joined(separator: ", "))\(note)"
    )
}

/// The console table: one line per workload, one column per architecture.
func consoleTable(_ results: Results) -> String {
    var lines: [String] = []
    let header =
        "Workload".padding(toLength: 50, withPad: " ", startingAt: 0)
        + architectures.map { $0.padding(toLength: 22, withPad: " ", startingAt: 0) }.joined()
    lines.append(header)
    lines.append(String(repeating: "-", count: header.count))
    for workload in workloads {
        let table = rows(results, workload)
        guard !table.isEmpty else { continue }
        var line = "\(workload.id) \(workload.short), per \(workload.unit)".padding(
            toLength: 50, withPad: " ", startingAt: 0)
        for architecture in architectures {
            let cell = table[architecture].map { "\(format($0.p50)) \(format(ratio: $0.ratio))" } ?? "-"
            line += cell.padding(toLength: 22, withPad: " ", startingAt: 0)
        }
        lines.append(line)
    }
    return lines.joined(separator: "\n")
}

/// docs/benchmarks.md.
func markdown(_ results: Results, machine: String, date: String, command: String) -> String {
    var text = """
        # Benchmarks

        <!-- Written by `\(command)`; do not edit by hand: run it again. -->

        The same six workloads on PrexCore, VueFluxCore, RxStateCore and a hand-written baseline (a final
        class with one lock around a struct state and an array of observer closures: the floor a
        thread-safe store cannot beat by much). Figures are medians (p50) per operation unless marked;
        a ratio is the architecture's p50 divided by the baseline's on the same workload. Measured with
        [package-benchmark](https://github.com/ordo-one/package-benchmark) in a release build; the
        workloads are in `Benchmarks/Benchmarks/ArchitectureBenchmarks/`.

        - Command: `\(command)`
        - Date: \(date)
        - Machine: \(machine)

        ![Ratio to the baseline per workload](benchmarks.svg)

        ## Time per operation, ratio to the baseline

        | Workload | Baseline | PrexCore | VueFluxCore | RxStateCore |
        | --- | --- | --- | --- | --- |

        """
    for workload in workloads {
        let table = rows(results, workload)
        guard !table.isEmpty else { continue }
        let cells = architectures.map { architecture in
            table[architecture].map { "\(format($0.p50)) (\(format(ratio: $0.ratio)))" } ?? "n/a"
        }
        text += "| \(workload.title), per \(workload.unit) | \(cells.joined(separator: " | ")) |\n"
    }
    text += """

        ## Detail: p50, p90 and allocations per operation

        | Workload | Architecture | p50 | p90 | allocations | ratio (p50) |
        | --- | --- | --- | --- | --- | --- |

        """
    for workload in workloads {
        let table = rows(results, workload)
        for architecture in architectures {
            guard let row = table[architecture] else { continue }
            text +=
                "| \(workload.id) | \(architecture) | \(format(row.p50)) | \(format(row.p90)) | "
                + "\(format(allocations: row.allocations)) | \(format(ratio: row.ratio)) |\n"
        }
    }
    text += """

        ## Targets

        Each target is a ratio to the baseline on this machine; the originals' column is the ratio the
        original libraries reached on the same workload (from the benchmarks issue). The verdicts below
        compare medians. The same targets are also held as package-benchmark static thresholds: the
        command writes `Benchmarks/Thresholds/*.p90.json` (the baseline's p90 times the target, and
        zero allocations where that is the target) and runs `swift package benchmark thresholds check`
        on the same run, which compares p90s and prints what it finds at the end of the command.

        | Workload | Architecture | Result | Originals |
        | --- | --- | --- | --- |

        """
    for workload in workloads {
        let table = rows(results, workload)
        for architecture in architectures.dropFirst() {
            if let row = table[architecture], let verdict = verdict(workload, architecture, row) {
                text += "| \(workload.id) | \(architecture) | \(verdict.text) | \(workload.originals) |\n"
            } else if let note = workload.notes[architecture], workload.targetRatio[architecture] == nil {
                text += "| \(workload.id) | \(architecture) | \(note) | \(workload.originals) |\n"
            }
        }
    }
    text += """

        ## Reading the figures

        - **Medians of one run.** Each figure is the p50 of many samples of one run; p90 is in the detail
          table. Run-to-run differences of 10 to 20% are common on a shared two-core machine, more on
          workloads 5 and 6.
        - **Workload 2** divides the time of one dispatch by the 1,000 observers it notifies.
        - **Workload 3** on VueFluxCore and RxStateCore includes delivering the current value to the new
          observer, which their replay contract requires and the baseline does not do.
        - **Workload 4** on PrexCore copies the array on every action by design: `StateChange` hands the
          view the old state next to the new one, so the old array is still referenced when the mutation
          appends (docs/prex.md, trade-offs, says how to avoid it). On VueFluxCore the mutation's
          `state.items.value.append(x)` reads the `Variable` (a second reference) and writes it back, so
          the append copies too.
        - **Workload 5** is where the baseline is not a floor: under contention its lock makes the two
          threads take turns for every dispatch, and a thread that finds the lock taken sleeps in the
          kernel. The three stores hand a busy store's actions to the thread already applying them, so
          one thread drains while the other only enqueues. Every architecture lost 0 updates.
        - **Workload 6** is dominated by task scheduling: each search hops between the main actor and a
          task twice, so the figures vary by several times from run to run and say little about the
          architectures; it has no target. It shows that the full loop (intent, side effect, response,
          view) works on each of them with a real asynchronous client interface.

        """
    return text
}

/// package-benchmark static thresholds for the targets: for each architecture with a target on a
/// workload, `ArchitectureBenchmarks.<benchmark>.p90.json` holding the baseline's p90 times the
/// target ratio (in package-benchmark's raw units: nanoseconds per sample) and, where the target is
/// no allocation, a malloc count of zero. `swift package benchmark thresholds check <baseline>`
/// then judges a run against them.
func thresholds(_ results: Results) -> [String: String] {
    var files: [String: String] = [:]
    for workload in workloads {
        guard let baseline = results.value(workload, "Baseline", "wallClock", 90) else { continue }
        for architecture in architectures.dropFirst() {
            var entries: [String] = []
            if let target = workload.targetRatio[architecture] {
                let raw = baseline * workload.divisor * workload.scaling * target
                entries.append("  \"wallClock\" : \(Int(raw.rounded(.up)))")
            }
            if workload.zeroAllocation.contains(architecture) {
                entries.append("  \"mallocCountTotal\" : 0")
            }
            guard !entries.isEmpty else { continue }
            files["ArchitectureBenchmarks.\(workload.id).\(architecture).p90.json"] =
                "{\n" + entries.sorted().joined(separator: ",\n") + "\n}\n"
        }
    }
    return files
}
