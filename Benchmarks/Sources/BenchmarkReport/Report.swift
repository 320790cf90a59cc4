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

/// The flood targets for one subject: a plain flood's victim within an absolute bound; a module's
/// victim under the forwarding flood within `forwardingVictimTimesBaseline` the baseline's plain
/// flood victim, and under the low-priority flood within `lowPriorityVictimTimesBaseline` the
/// baseline's own low-priority flood victim, both in the same run (the baseline's own forwarding and
/// low-priority runs are shown with their memory target only); memory flat.
func floodVerdicts(_ flood: FloodFigures, in results: Results) -> [Verdict] {
    let growth = flood.rssPeak - flood.rssBefore
    var verdicts: [Verdict] = []
    let measured = String(format: "%.2f ms", flood.victimMax)
    /// The victim's slowest call against `reference`'s, times `factor`.
    func againstBaseline(_ reference: String, _ factor: Double, _ what: String) {
        guard !flood.subject.hasPrefix("Baseline"),
            let baseline = results.floods.first(where: { $0.subject == reference })
        else { return }
        verdicts.append(
            Verdict(
                name: "flood.\(flood.subject)",
                target: "victim's slowest call at most \(format(ratio: factor)) the "
                    + String(format: "baseline's \(what) (%.2f ms)", baseline.victimMax),
                measured: measured + " (\(format(ratio: flood.victimMax / baseline.victimMax)))",
                met: flood.victimMax <= factor * baseline.victimMax))
    }
    if flood.subject.hasSuffix("+Forwarding") {
        againstBaseline("Baseline", forwardingVictimTimesBaseline, "flood victim")
    } else if flood.subject.hasSuffix("+LowPriority") {
        againstBaseline("Baseline+LowPriority", lowPriorityVictimTimesBaseline, "low-priority flood victim")
    } else {
        verdicts.append(
            Verdict(
                name: "flood.\(flood.subject)",
                target: "victim's slowest call at most \(Int(floodMaxMilliseconds)) ms",
                measured: measured, met: flood.victimMax <= floodMaxMilliseconds))
    }
    verdicts.append(
        Verdict(
            name: "flood.\(flood.subject)",
            target: "memory flat (at most \(Int(floodMemoryGrowthMiB)) MiB growth)",
            measured: String(format: "+%.0f MiB", growth), met: growth <= floodMemoryGrowthMiB))
    return verdicts
}

func floodTable(_ results: Results) -> [[String]] {
    results.floods.map { flood in
        [
            flood.subject, String(flood.victimCalls), String(format: "%.3f ms", flood.victimMedian),
            String(format: "%.2f ms", flood.victimMax), format(count: Double(flood.flooded)),
            format(count: Double(flood.peakBacklog)),
            String(format: "%.0f -> %.0f MiB", flood.rssBefore, flood.rssPeak),
            flood.drain < 0 ? "not within 20 s" : String(format: "%.0f ms", flood.drain),
        ]
    }
}

// MARK: - Contention

/// The thread contention's targets: each module within `contentionTimesOneThread` of its own one
/// thread, with the baseline's ratio beside it; no lost update on any subject.
func threadContentionVerdicts(_ results: Results) -> [Verdict] {
    let baseline = results.threadContention.first { $0.subject == "Baseline" }
    return results.threadContention.flatMap { figures -> [Verdict] in
        var verdicts: [Verdict] = []
        let name = "contention.\(figures.subject)"
        if figures.subject != "Baseline" {
            let beside = baseline.map { "; baseline \(format(ratio: $0.ratio))" } ?? ""
            verdicts.append(
                Verdict(
                    name: name,
                    target:
                        "\(figures.threads) threads at most \(format(ratio: contentionTimesOneThread)) one "
                        + "thread's time per dispatch",
                    measured: "\(format(ratio: figures.ratio))\(beside)",
                    met: figures.ratio.map { $0 <= contentionTimesOneThread }))
        }
        verdicts.append(
            Verdict(
                name: name, target: "0 lost updates", measured: String(figures.lost), met: figures.lost == 0))
        return verdicts
    }
}

func threadContentionTable(_ results: Results) -> [[String]] {
    results.threadContention.map { figures in
        [
            figures.subject, format(nanoseconds: figures.oneThread), format(nanoseconds: figures.manyThreads),
            format(ratio: figures.ratio), String(format: "%.1f", figures.switchesPerThousand),
            String(figures.lost),
        ]
    }
}

let threadContentionHeader = [
    "Subject", "1 thread, per dispatch", "8 threads, per dispatch", "8 threads / 1 thread",
    "context switches per 1,000 dispatches (8 threads)", "lost updates",
]

/// The async contention's targets: each module within `asyncTimesBaseline` of the baseline's time
/// per dispatch; on every subject, the heartbeat's largest gap and no lost update.
func asyncContentionVerdicts(_ results: Results) -> [Verdict] {
    let baseline = results.asyncContention.first { $0.subject == "Baseline" }
    return results.asyncContention.flatMap { figures -> [Verdict] in
        var verdicts: [Verdict] = []
        let name = "async.\(figures.subject)"
        if figures.subject != "Baseline", let baseline {
            let ratio = baseline.nanoseconds > 0 ? figures.nanoseconds / baseline.nanoseconds : nil
            verdicts.append(
                Verdict(
                    name: name,
                    target: "time per dispatch at most \(format(ratio: asyncTimesBaseline)) the baseline's",
                    measured: "\(format(ratio: ratio)) (\(format(nanoseconds: figures.nanoseconds)))",
                    met: ratio.map { $0 <= asyncTimesBaseline }))
        }
        verdicts.append(
            Verdict(
                name: name,
                target: "heartbeat gap at most \(Int(asyncHeartbeatMaxGapMilliseconds)) ms",
                measured: String(format: "%.1f ms", figures.heartbeatMaxGap),
                met: figures.heartbeatMaxGap <= asyncHeartbeatMaxGapMilliseconds))
        verdicts.append(
            Verdict(
                name: name, target: "0 lost updates", measured: String(figures.lost), met: figures.lost == 0))
        return verdicts
    }
}

func asyncContentionTable(_ results: Results) -> [[String]] {
    let baseline = results.asyncContention.first { $0.subject == "Baseline" }
    return results.asyncContention.map { figures in
        let ratio = baseline.flatMap { $0.nanoseconds > 0 ? figures.nanoseconds / $0.nanoseconds : nil }
        return [
            figures.subject, "\(format(nanoseconds: figures.nanoseconds)) (\(format(ratio: ratio)))",
            String(format: "%.2f ms", figures.heartbeatMaxGap), String(figures.heartbeatTicks),
            String(format: "%.1f", figures.switchesPerThousand), String(figures.lost),
        ]
    }
}

let asyncContentionHeader = [
    "Subject", "per dispatch (ratio to the baseline)", "heartbeat's largest gap", "heartbeat ticks",
    "context switches per 1,000 dispatches", "lost updates",
]

/// Every time-based verdict: the floods and both contentions.
func timeVerdicts(_ results: Results) -> [Verdict] {
    results.floods.flatMap { floodVerdicts($0, in: results) } + threadContentionVerdicts(results)
        + asyncContentionVerdicts(results)
}

/// A verdict table in markdown, the subject's prefix ("flood.") dropped.
func markdownVerdicts(_ verdicts: [Verdict], prefix: String) -> String {
    markdownTable(
        ["Subject", "Target", "Measured", "Verdict"],
        verdicts.map {
            [
                String($0.name.dropFirst(prefix.count)), $0.target, $0.measured,
                $0.met == false ? "**missed**" : $0.word,
            ]
        })
}

let floodHeader = [
    "Subject", "victim calls", "victim median", "victim max", "flooder's actions", "peak backlog",
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
    let all = verdicts(results).filter { $0.met != nil } + timeVerdicts(results)
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
    if !results.threadContention.isEmpty {
        parts.append(
            "Thread contention (medians of \(results.threadContention[0].rounds) round(s)):\n"
                + textTable(threadContentionHeader, threadContentionTable(results)))
    }
    if !results.asyncContention.isEmpty {
        parts.append(
            "Async contention (median of \(results.asyncContention[0].rounds) round(s)):\n"
                + textTable(asyncContentionHeader, asyncContentionTable(results)))
    }
    return parts.joined(separator: "\n\n")
}

// MARK: - docs/benchmarks.md

func markdownTable(_ header: [String], _ lines: [[String]]) -> String {
    let all = [header, header.map { _ in "---" }] + lines
    return all.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n") + "\n"
}

func markdown(
    _ results: Results, curves: CurveResults, machine: String, valgrind: String, date: String, command: String
) -> String {
    let header = ["Workload"] + architectures
    var text = """
        # Benchmarks

        <!-- Written by `\(command)`; do not edit by hand: run it again. -->

        The same workloads on PrexCore, VueFluxCore, RxStateCore and a hand-written baseline, and on
        the paths users take: a Prex `Presenter` with its `View`, an RxState store reduced by the
        README's `MainReducer`, and a dispatch forwarded from another store's observer (W1
        forwarded: one operation is a dispatch into store A whose observer dispatches into store B,
        so it pays for two, the second from inside A's delivery). The workloads are in
        `Benchmarks/Sources/Workloads/`, one file each.

        The baseline is the floor: the cheapest correct thread-safe store, with the lock the modules
        use on Linux (`Baseline.swift`): a final class with an error-checking POSIX mutex with priority
        inheritance (taken with a try-lock first, retried up to 100 times, then, for a thread that
        waited in the last 20 ms, up to 10 times after a yield, then a blocking lock, as the modules
        take theirs), a
        struct state and an array of observer closures. A dispatch mutates the state in place under
        the lock, copies out the state and the observer array, and calls the observers outside the
        lock; a subscription appends and returns a handle that cancels. A module's ratio to it is
        what the module adds around the same lock, and the floor omits all of it
        ([threading.md](threading.md)): no turn (the mutation runs under the lock, so no reentrancy
        queue, no first-in first-out order of actions across threads, no forwarded work applied by
        its own thread), no priority-donating turn wait, no main-thread delivery or executor, no
        lifetime management of observers beyond the handle (dropping it keeps the observer; no
        active flag, so an observer cancelled during a delivery may be called once more), no replay
        to a new observer, no old state next to the new, no action type or reducer lookup, no
        middleware, no diagnostics, and no in-place move of the state out of the store while a
        mutation runs.

        The primary figure is **instructions per operation**, counted by `valgrind --tool=callgrind` in
        a release build: each case runs N iterations, then 2N more that callgrind counts on their own
        (it dumps its counters at a phase boundary before and after them), divided by their
        operations, which leaves start-up, set-up and teardown out. The count
        is the same from run to run and from one x86_64 machine to another (bar the C library's
        CPU-specific `memcpy`, which workload 4's copies use), so the ratios and the targets below
        hold anywhere. Time and allocations come from
        [package-benchmark](https://github.com/ordo-one/benchmark) (medians, p50, of the samples each
        case takes in 1 s after 10 warm-up iterations) and are secondary: they are this machine's, and
        on a shared machine they move by 10 to 20% between runs.

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

        What the original libraries reached on the same workloads: instructions per operation, as
        measured in one release package holding a floor, the originals (Prex 0.3.0, VueFlux 1.6.0 with
        VueFluxReactive, RxState 0.6.0 on RxSwift 5.1.1, ReSwift 6.1.1, built in Swift 5 mode with only
        mechanical Linux changes) and this project's modules at commit 8451fc3, on \(originalsMachine).
        These figures are quoted from that measurement (the project's `ANCHORS.md`), not measured by
        this run; its floor is a final class with one heap pthread mutex, a struct state and a closure
        array. RxState's only reducer path is the untyped `MainReducer`.


        """
    text += markdownTable(originalsHeader, originalsRows)
    text += "\n"
    text += """
        The same measurement, in time and in allocations: the originals took 366 to 1,661 ns per W1
        dispatch where the floor took 23.1 (VueFlux 366, Prex 629, ReSwift 918, RxState 1,661), and
        allocated 0 to 9 times per dispatch (Prex 0, VueFlux 1, RxState 2, ReSwift 9). Two threads
        dispatching 100,000 increments each into one store: RxState lost 4,774 to 75,982 of the
        200,000 over 25 runs, and ReSwift stopped with its concurrent-mutation error in 3 runs of 3;
        Prex and VueFlux lost none.


        """
    text += curvesSection(curves)
    text += missesSection(results)
    text += beforeKernelSection(results)
    text += """

        ## Flood and victim

        One thread dispatches increments in a tight loop for a fixed time (a sync loop, a socket);
        meanwhile the main thread dispatches once every 25 ms with one trivial observer subscribed
        (it counts deliveries). Figures: the victim's dispatch latency (its median call and its slowest), how
        many actions the flooder dispatched, the peak backlog (actions dispatched minus actions the
        observer has seen, sampled every 2 ms), the resident memory before the flood and at its peak,
        and how long delivery took to catch up once the flood stopped. ReactiveLite is
        `variable.value += 1`. Whether the victim is caught as the drainer of the flooder's stream
        depends on timing, so each subject is flooded \(results.floods.first?.runs ?? 1) time(s) and the
        table shows its worst run (its slowest victim call). Each run follows an unmeasured 0.3 s
        warm-up flood of the same subject in the same process: a process's first calls on a path pay
        one-time costs (the runtime instantiating generic types and caching conformances, first
        allocations), which made a forwarding victim's first call take 0.5 to 4.4 ms and none of its
        later calls more than 0.13 ms. Targets: the slowest victim call at most
        \(Int(floodMaxMilliseconds)) ms, and memory flat (at most \(Int(floodMemoryGrowthMiB)) MiB of
        growth). These are times on this machine.

        The **forwarding** rows (`+Forwarding`) flood store A, whose observer dispatches each change
        into store B; the victim dispatches into B, and the counting observer is B's. The flooder's
        stream reaches B from inside A's turn: the kernel must have the flooding thread apply it, not
        B's turn holder (the victim). Target, per module: the victim's slowest call at most
        \(format(ratio: forwardingVictimTimesBaseline)) the baseline's plain flood victim's in the same
        run (an absolute bound fails on a loaded machine even for the baseline), and memory flat. The
        baseline's victim never waits longer than one increment under its lock; a module's victim
        that finds B's turn taken waits on the turn's gate until the holder's turn ends: it tries the
        gate again for a few microseconds (a turn here lasts a few hundred nanoseconds), and only
        then sleeps on it, so that it rarely pays a sleep and a wake-up.

        The **low-priority** rows (`+LowPriority`) are the plain flood with the flooding thread at
        nice 19, the lowest priority of a time-shared thread (a background sync), and the victim at
        the default nice 0. Target, per module: the victim's slowest call at most
        \(format(ratio: lowPriorityVictimTimesBaseline)) the baseline's victim's under the same flood,
        in the same run, and memory flat. A victim that finds the turn held by the low-priority
        flooder waits for that one turn, on the turn's gate, which records its owner; it never waits
        for the stream. The flooder is inside a turn for most of its
        loop, about a microsecond per action, where the baseline's is under its lock for a few dozen
        nanoseconds; so a victim that preempts the flooder on its core (nice 0 against 19) finds the
        turn held far more often than the baseline's victim finds the lock held, and its holder is
        then not running: the victim sleeps on the gate until the flooder runs again and ends its
        turn, tens of microseconds. Measured while writing this, 3 to 6 runs of each: the baseline's
        slowest call 0.008 to 0.4 ms, each module's 0.013 to 0.06 ms, except one VueFluxCore run at
        0.73 ms (the table below has this page's run).

        On this shared 2-core machine the slowest of 80 calls is set by rare events (a preemption, a
        wake-up), for the baseline as for the modules. Six rounds of this page's procedure (each
        subject flooded 3 times, its worst run kept), the subjects interleaved, on 2026-11-26: the
        baseline's plain flood victim took 0.011 to 0.035 ms in three rounds and 0.7 to 5.2 ms in the
        other three; the forwarding victims took 0.056 to 2.2 ms (PrexCore), 0.066 to 0.23 ms
        (VueFluxCore) and 0.09 to 0.98 ms (RxStateCore). The 2x target was met by all three modules in
        the three rounds where the baseline had an outlier, and missed by all three in the others
        (2.3x to 6.7x, one RxStateCore round at 89x). The median column shows the typical call: in
        three runs of each, logged call by call on 2026-11-26, the baseline's plain flood victim's
        median was 3.3 to 6.8 µs and its slowest 7 to 56 µs; the forwarding victims' medians were 6.6
        to 14 µs (PrexCore), 6.5 to 20 µs (VueFluxCore) and 22 to 27 µs (RxStateCore), their slowest
        44 to 134 µs. A forwarding victim's own call is longer than the baseline's (B's turn, its
        reducer or mutation and its observer, while the flooder works on the same stores from the
        other core), so its slowest of 240 calls is rarely within 2x of a baseline round without an
        outlier. Measured against the baseline's own forwarding flood instead (`Baseline+Forwarding`,
        the same topology), four rounds on the same day gave the same picture: the baseline's
        slowest 0.03 to 4.4 ms, all three modules within 2x in two rounds, not in the other two. So
        the 2x verdict follows the baseline's luck more than the code; it is kept as the issue states
        it, and read with the table. The same
        holds for the 10 ms bound: one call in a run can take milliseconds for any subject, the
        baseline included (seen while tuning the lock's waits: the baseline 4.4 to 6.5 ms,
        ReactiveLite 8.7 and 14.4 ms, each in about one run of 3 to 5).


        """
    text += markdownTable(floodHeader, floodTable(results))
    text += "\n"
    text += markdownVerdicts(results.floods.flatMap { floodVerdicts($0, in: results) }, prefix: "flood.")
    text += threadContentionSection(results)
    text += asyncContentionSection(results)
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
        - **Workloads 7 and 8** are the harness's app-scale scenario (issue 25), its features split
          the way each architecture's app there splits them (`AppFixtures.swift`: one flux of feature
          states, one store per feature, one store of feature substates with an intercepting
          middleware). Workload 7 signs in, puts 100 observers on each of the 4 features (session,
          repositories, settings, navigation) and toggles a star: one repositories change, per
          toggle delivered to every observer the architecture calls. Workload 8 holds 100 features
          with one observer each and sends each dispatch to one feature, in turn. The baseline holds
          the features as one state struct in one `BaselineStore` and calls every observer with it
          (400 and 100 calls): it omits what the architectures add around the features: no per-feature
          change filter (VueFlux's per-feature stores call only the changed feature's observers, and
          come in under the baseline for that reason; RxState's `substateSignal` skips unchanged
          substates but runs every observation to find out), no action type or reducer lookup, no
          middleware (the session's rule is a guard in its mutation), no old state next to the new, and
          none of the store's guarantees (reentrancy queue, delivery order across threads,
          subscriptions that cancel on release). Prex's state holds workload 8's features in one array,
          which it copies on each action (the old state is kept for `StateChange`).

        """
    return text
}

/// The thread contention's section of docs/benchmarks.md.
func threadContentionSection(_ results: Results) -> String {
    guard let first = results.threadContention.first else { return "" }
    var text = """

        ## Thread contention: 8 threads against 1

        \(first.threads) dedicated threads, released together, dispatch increments into one store with
        one observer, \(format(count: Double(first.dispatchesPerRound))) dispatches per round in all;
        then one thread dispatches as many into a fresh store of the same kind, alternately for
        \(first.rounds) rounds in one process. The figures are the medians of the wall time per
        dispatch. This is time, not instructions: callgrind runs one thread at a time and does not
        see a wait. A convoy (every contended dispatch a sleep and a wake-up) shows as about one
        voluntary context switch per dispatch. Target, per module: \(first.threads) threads at most
        \(format(ratio: contentionTimesOneThread)) one thread's time per dispatch, with the baseline's own
        ratio beside it; every round checks the store's final count (0 lost). This machine has
        \(ProcessInfo.processInfo.activeProcessorCount) cores, so at most that many of the threads run at once.

        The figures move between runs, by process more than by round, and the one-thread figure
        most: in 18 runs of PrexCore's contention in separate processes on this machine, one thread
        took 93 to 117 ns per dispatch in 15 and 162 to 168 ns in 3, and 8 threads 204 to 339 ns, so
        the ratio ranged from 1.8x to 3.1x; in 6 runs of RxStateCore's, one thread took 169 to
        313 ns and the ratio ranged from 1.6x to 2.1x. The context switches, about 0.1 per 1,000
        dispatches, show no convoy.


        """
    text += markdownTable(threadContentionHeader, threadContentionTable(results))
    text += "\n"
    text += markdownVerdicts(threadContentionVerdicts(results), prefix: "contention.")
    return text
}

/// The async contention's section of docs/benchmarks.md.
func asyncContentionSection(_ results: Results) -> String {
    guard let first = results.asyncContention.first else { return "" }
    var text = """

        ## Async contention: \(first.tasks) tasks through the suspending dispatch

        \(first.tasks) tasks on Swift's cooperative pool each dispatch
        \(format(count: Double(first.dispatchesPerTask))) increments into one store with one observer
        through the suspending dispatch (`dispatchAsync` on a Prex `Dispatcher`, on VueFlux `Actions`
        and on an RxStateCore `Store`), with `await Task.yield()` between dispatches. The baseline's
        `dispatchAsync` takes its lock on the task's thread: its lock is held only for the mutation,
        so no task waits for it longer than one mutation. Meanwhile a heartbeat task on the same pool
        sleeps 1 ms at a time and records its largest gap between ticks: a pool whose threads sit in a
        store's wait stops it. Figures: the wall time per dispatch (the median of \(first.rounds)
        round(s), a fresh store each), the heartbeat's largest gap over every round, its ticks in the
        median round, and the voluntary context switches. Targets, per module: at most
        \(format(ratio: asyncTimesBaseline)) the baseline's time per dispatch, a heartbeat gap of at most
        \(Int(asyncHeartbeatMaxGapMilliseconds)) ms, and the exact final count.


        """
    text += markdownTable(asyncContentionHeader, asyncContentionTable(results))
    text += "\n"
    text += markdownVerdicts(asyncContentionVerdicts(results), prefix: "async.")
    return text
}
