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
    if !results.stackPerLink.isEmpty {
        parts.append("Stack per chain link:\n" + textTable(stackPerLinkHeader, stackPerLinkTable(results)))
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
        inheritance (taken with a try-lock first, retried up to 100 times, or 10 by a thread whose
        retries failed in the last 20 ms, then, for such a thread, up to 10 times after a yield,
        then a blocking lock, as the modules take theirs), a
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

        The project's performance targets: in instructions relative to the baseline's (so they hold on
        any x86_64 machine), in absolute instructions or relative to another case for the user paths
        (the README's `MainReducer` against the typed path, a forwarded dispatch against one
        dispatch), allocations per operation (package-benchmark, on this machine) and lost updates.
        A miss is a finding to fix or explain below, not a failure of the command.


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
    text += floodSection(results)
    text += threadContentionSection(results)
    text += asyncContentionSection(results)
    text += stackPerLinkSection(results)
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
          a dispatch like workload 1's, with the lock round trips the opt-in adds or saves (each
          miss below counts them), plus the append.
        - **Workload 5** under callgrind runs the two threads one at a time (valgrind serializes
          threads), so its instruction count is close to the uncontended cost, but not reproducible:
          it moves from run to run with how valgrind interleaves the threads (VueFluxCore measured
          from 2.8x to 5.7x the baseline over three runs, the others by 5 to 15%). Its time shows the
          contention: the baseline's lock makes the two threads take turns for every dispatch, and a
          thread that finds it taken retries it, yields if it waited recently, and sleeps in the
          kernel only after that.
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
