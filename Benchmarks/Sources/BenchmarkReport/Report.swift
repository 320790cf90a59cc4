import Foundation

// MARK: - Formatting

func format(nanoseconds: Double) -> String {
    if nanoseconds >= 10_000 { return String(format: "%.1f µs", nanoseconds / 1_000) }
    if nanoseconds >= 100 { return String(format: "%.0f ns", nanoseconds) }
    return String(format: "%.1f ns", nanoseconds)
}

func format(ratio: Double?) -> String {
    ratio.map { String(format: "%.2fx", $0) } ?? "n/a"
}

func format(count: Double) -> String {
    if count < 100 { return count == count.rounded() ? String(Int(count)) : String(format: "%.1f", count) }
    let digits = String(Int(count.rounded()))
    var grouped = ""
    for (index, character) in digits.reversed().enumerated() {
        if index > 0 && index % 3 == 0 { grouped.append(",") }
        grouped.append(character)
    }
    return String(grouped.reversed())
}

func format(allocations: Double) -> String {
    allocations == allocations.rounded() ? String(Int(allocations)) : String(format: "%.2f", allocations)
}

// MARK: - Figures

extension Results {
    func instructions(_ name: String) -> Double? { instructions[name]?.perOperation }

    func instructionRatio(_ row: Row, _ architecture: String) -> Double? {
        guard let value = instructions(row.name(architecture)), let base = instructions(row.baseline),
            base > 0
        else { return nil }
        return value / base
    }

    func time(_ name: String) -> Double? { value(name, "wallClock", 50) }

    func timeRatio(_ row: Row, _ architecture: String) -> Double? {
        guard let value = time(row.name(architecture)), let base = time(row.baseline), base > 0 else {
            return nil
        }
        return value / base
    }

    func allocations(_ name: String) -> Double? { value(name, "mallocCountTotal", 50) }

    /// Whether the rows have anything for `architecture`, on any side.
    func has(_ row: Row, _ architecture: String) -> Bool {
        let name = row.name(architecture)
        return instructions[name] != nil || metrics[name] != nil
    }

    func instructionCell(_ row: Row, _ architecture: String) -> String? {
        guard let value = instructions(row.name(architecture)) else { return nil }
        return "\(format(count: value)) (\(format(ratio: instructionRatio(row, architecture))))"
    }

    func timeCell(_ row: Row, _ architecture: String) -> String? {
        guard let value = time(row.name(architecture)) else { return nil }
        return "\(format(nanoseconds: value)) (\(format(ratio: timeRatio(row, architecture))))"
    }

    func allocationCell(_ row: Row, _ architecture: String) -> String? {
        allocations(row.name(architecture)).map(format(allocations:))
    }

    /// A matrix: one line per row that has figures, one column per architecture.
    func matrix(_ cell: (Row, String) -> String?) -> [[String]] {
        rows.compactMap { row in
            let cells = architectures.map { architecture in
                has(row, architecture) ? (cell(row, architecture) ?? "n/a") : "-"
            }
            return cells.allSatisfy { $0 == "-" } ? nil : ["\(row.title), per \(row.unit)"] + cells
        }
    }
}

// MARK: - Targets

/// A target's verdict: `met` is nil when the figure was not measured in this run.
struct Verdict {
    let name: String
    let target: String
    let measured: String
    let met: Bool?

    var word: String {
        switch met {
        case .some(true): "met"
        case .some(false): "missed"
        case .none: "not measured"
        }
    }
}

func verdicts(_ results: Results) -> [Verdict] {
    targets.map { target in
        let name = target.name
        let workload = String(name.prefix { $0 != "." })
        let own = results.instructions(name)
        switch target.bound {
        case .timesBaseline(let bound):
            let base = results.instructions("\(workload).Baseline")
            let ratio = own.flatMap { value in base.map { value / $0 } }
            return Verdict(
                name: name, target: "instructions at most \(format(ratio: bound)) the baseline",
                measured: ratio.map { "\(format(ratio: $0)) (\(format(count: own!)))" } ?? "n/a",
                met: ratio.map { $0 <= bound })
        case .instructions(let bound):
            return Verdict(
                name: name, target: "at most \(format(count: bound)) instructions",
                measured: own.map { format(count: $0) } ?? "n/a", met: own.map { $0 <= bound })
        case .timesCase(let other, let bound):
            let base = results.instructions(other)
            let ratio = own.flatMap { value in base.map { value / $0 } }
            return Verdict(
                name: name, target: "instructions at most \(format(ratio: bound)) \(other)",
                measured: ratio.map { "\(format(ratio: $0)) (\(format(count: own!)))" } ?? "n/a",
                met: ratio.map { $0 <= bound })
        case .noAllocation:
            let allocations = results.allocations(name)
            return Verdict(
                name: name, target: "0 allocations", measured: allocations.map(format(allocations:)) ?? "n/a",
                met: allocations.map { $0 == 0 })
        case .noLostUpdate:
            let lost = results.lostUpdates(name)
            return Verdict(
                name: name, target: "0 lost updates", measured: lost.map(String.init) ?? "n/a",
                met: lost.map { $0 == 0 })
        }
    }
}

/// The flood targets for one subject.
func floodVerdicts(_ flood: FloodFigures) -> [Verdict] {
    let growth = flood.rssPeak - flood.rssBefore
    return [
        Verdict(
            name: "flood.\(flood.subject)",
            target: "victim's slowest call at most \(Int(floodMaxMilliseconds)) ms",
            measured: String(format: "%.1f ms", flood.victimMax), met: flood.victimMax <= floodMaxMilliseconds
        ),
        Verdict(
            name: "flood.\(flood.subject)",
            target: "memory flat (at most \(Int(floodMemoryGrowthMiB)) MiB growth)",
            measured: String(format: "+%.0f MiB", growth), met: growth <= floodMemoryGrowthMiB),
    ]
}

func floodTable(_ results: Results) -> [[String]] {
    results.floods.map { flood in
        [
            flood.subject, String(flood.victimCalls), String(format: "%.2f ms", flood.victimP99),
            String(format: "%.2f ms", flood.victimMax), format(count: Double(flood.flooded)),
            format(count: Double(flood.peakBacklog)),
            String(format: "%.0f -> %.0f MiB", flood.rssBefore, flood.rssPeak),
            flood.drain < 0 ? "not within 20 s" : String(format: "%.0f ms", flood.drain),
        ]
    }
}

let floodHeader = [
    "Subject", "victim calls", "victim p99", "victim max", "flooder's actions", "peak backlog",
    "resident memory",
    "caught up after",
]

// MARK: - Console

/// A plain-text table whose columns are as wide as their widest cell.
func textTable(_ header: [String], _ lines: [[String]]) -> String {
    var widths = header.map(\.count)
    for line in lines {
        for (index, cell) in line.enumerated() where index < widths.count {
            widths[index] = max(widths[index], cell.count)
        }
    }
    func render(_ cells: [String]) -> String {
        cells.enumerated().map { index, cell in
            cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
        }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([render(header), rule] + lines.map(render)).joined(separator: "\n")
}

func console(_ results: Results) -> String {
    var parts: [String] = []
    let header = ["Workload"] + architectures
    if !results.instructions.isEmpty {
        parts.append(
            "Instructions per operation (ratio to the baseline), callgrind:\n"
                + textTable(header, results.matrix(results.instructionCell)))
    }
    if !results.metrics.isEmpty {
        parts.append(
            "Time per operation, p50 (ratio to the baseline):\n"
                + textTable(header, results.matrix(results.timeCell)))
        parts.append(
            "Allocations per operation, p50:\n" + textTable(header, results.matrix(results.allocationCell)))
    }
    let all = verdicts(results).filter { $0.met != nil } + results.floods.flatMap(floodVerdicts)
    if !all.isEmpty {
        parts.append(
            "Targets (a miss is a finding, not a failure of the command):\n"
                + textTable(
                    ["Case", "Target", "Measured", "Verdict"],
                    all.map { [$0.name, $0.target, $0.measured, $0.word] }))
    }
    if !results.floods.isEmpty {
        parts.append(
            "Flood and victim (each subject's worst of \(results.floods[0].runs) run(s)):\n"
                + textTable(floodHeader, floodTable(results)))
    }
    return parts.joined(separator: "\n\n")
}

// MARK: - docs/benchmarks.md

func markdownTable(_ header: [String], _ lines: [[String]]) -> String {
    let all = [header, header.map { _ in "---" }] + lines
    return all.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
}

func markdown(_ results: Results, machine: String, valgrind: String, date: String, command: String) -> String
{
    let header = ["Workload"] + architectures
    var text = """
        # Benchmarks

        <!-- Written by `\(command)`; do not edit by hand: run it again. -->

        The same workloads on PrexCore, VueFluxCore, RxStateCore and a hand-written baseline (a final
        class with one lock around a struct state and an array of observer closures: the floor a
        thread-safe store cannot beat by much), and on the paths users take: a Prex `Presenter` with its
        `View`, and an RxState store reduced by the README's `MainReducer`. The workloads are in
        `Benchmarks/Sources/Workloads/`, one file each.

        The primary figure is **instructions per operation**, counted by `valgrind --tool=callgrind` in
        a release build: each case runs at a small and a large iteration count, and the difference in
        instructions divided by the difference in operations leaves start-up and set-up out. The count
        is the same from run to run and from one x86_64 machine to another (bar the C library's
        CPU-specific `memcpy`, which workload 4's copies use), so the ratios and the targets below
        hold anywhere. Time and allocations come from
        [package-benchmark](https://github.com/ordo-one/benchmark) (medians, p50) and are secondary:
        they are this machine's, and on a shared machine they move by 10 to 20% between runs.

        - Command: `\(command)`
        - Date: \(date)
        - Instructions: \(valgrind), x86_64
        - Time measured on: \(machine)

        ![Instructions per operation, ratio to the baseline](benchmarks.svg)

        ## Instructions per operation, ratio to the baseline


        """
    text += markdownTable(header, results.matrix(results.instructionCell))
    text += """

        ## Time per operation (this machine), ratio to the baseline


        """
    text += markdownTable(header, results.matrix(results.timeCell))
    text += """

        ## Allocations per operation


        """
    text += markdownTable(header, results.matrix(results.allocationCell))
    text += """

        ## Targets

        The project's performance targets, in instructions relative to the baseline's (so they hold on
        any x86_64 machine), or in absolute instructions for the user paths. A miss is a finding to fix
        or explain below, not a failure of the command.


        """
    text += markdownTable(
        ["Case", "Target", "Measured", "Verdict"],
        verdicts(results).map { [$0.name, $0.target, $0.measured, $0.met == false ? "**missed**" : $0.word] })
    text += """

        What the original libraries reached on the same workloads, in time, measured once on a machine of
        the same kind, for context:


        """
    text += markdownTable(
        ["Workload", "Originals"], originals.sorted { $0.key < $1.key }.map { [$0.key, $0.value] })
    text += missesSection(results)
    text += beforeKernelSection(results)
    text += """

        ## Flood and victim

        One thread dispatches increments in a tight loop for a fixed time (a sync loop, a socket);
        meanwhile the main thread dispatches once every 25 ms with one trivial observer subscribed
        (it counts deliveries). Figures: the victim's dispatch latency (p99 and the slowest call), how
        many actions the flooder dispatched, the peak backlog (actions dispatched minus actions the
        observer has seen, sampled every 2 ms), the resident memory before the flood and at its peak,
        and how long delivery took to catch up once the flood stopped. ReactiveLite is
        `variable.value += 1`. Whether the victim is caught as the drainer of the flooder's stream
        depends on timing, so each subject is flooded \(results.floods.first?.runs ?? 1) time(s) and the
        table shows its worst run (its slowest victim call). Targets: the slowest victim call at most
        \(Int(floodMaxMilliseconds)) ms, and memory flat (at most \(Int(floodMemoryGrowthMiB)) MiB of
        growth). These are times on this machine.


        """
    text += markdownTable(floodHeader, floodTable(results))
    text += "\n"
    text += markdownTable(
        ["Subject", "Target", "Measured", "Verdict"],
        results.floods.flatMap(floodVerdicts).map {
            [
                String($0.name.dropFirst("flood.".count)), $0.target, $0.measured,
                $0.met == false ? "**missed**" : $0.word,
            ]
        })
    text += """

        ## Reading the figures

        - **Workload 2** divides the cost of one dispatch by the 1,000 observers it notifies; with 1,000
          presenters, by the 1,000 views reflected.
        - **The Presenter + View rows** run on the main actor, where a dispatch with nothing pending
          reflects the view inline, before `dispatch` returns; each run checks that every change
          reached its view that way.
        - **Workload 3** on VueFluxCore and RxStateCore includes delivering the current value to the new
          observer, which their replay contract requires and the baseline does not do.
        - **Workload 4** on PrexCore copies the array on every action by design: `StateChange` hands the
          view the old state next to the new one, and readers may read the current state while the
          mutation runs, so the old array is still referenced when the mutation appends. On VueFluxCore
          the mutation's `state.items.value.append(x)` reads the `Variable` (a second reference) and
          writes it back, so the append copies too. The **in-place row** takes each module's opt-in
          (docs/prex.md and docs/vueflux.md say what it costs): `Flux(mutatingInPlace:mutation:)` moves
          the state out of the store while the mutation runs, so listeners get no old state and readers
          on other threads wait for the mutation; `Variable.append(_:)` appends to the variable's own
          storage under its lock, which runs no user code. Neither copies the array; what remains is
          the module's dispatch (its workload 1 figure) plus the append.
        - **Workload 5** under callgrind runs the two threads one at a time (valgrind serializes
          threads), so its instruction count is close to the uncontended cost, but not reproducible:
          it moves from run to run with how valgrind interleaves the threads (VueFluxCore measured
          from 2.8x to 5.7x the baseline over three runs, the others by 5 to 15%). Its time shows the
          contention: the baseline's lock makes the two threads take turns for every dispatch, and a
          thread that finds it taken sleeps in the kernel.
        - **Workload 6** is dominated by task scheduling: each search hops between the main actor and a
          task twice, so its figures vary from run to run and say little about the architectures; it
          has no target, and no instruction count: it waits for each page by yielding the main actor
          while another thread answers, and under callgrind (one thread at a time) how often it yields
          depends on the scheduling. It shows that the full loop (intent, side effect, response, view) works on each
          of them with a real asynchronous client interface.

        """
    return text
}
