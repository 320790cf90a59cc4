// The flood and its victim in the report: targets, table and section of docs/benchmarks.md.

import Foundation

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

let floodHeader = [
    "Subject", "victim calls", "victim median", "victim max", "flooder's actions", "peak backlog",
    "resident memory",
    "caught up after",
]

/// The flood's section of docs/benchmarks.md: what is measured, the targets, the table and the
/// verdicts.
func floodSection(_ results: Results) -> String {
    var text = """

        ## Flood and victim

        One thread dispatches increments in a tight loop for a fixed time (a sync loop, a socket);
        meanwhile the main thread dispatches once every 25 ms with one trivial observer subscribed
        (it counts deliveries). Figures: the victim's dispatch latency (its median call and its
        slowest), how many actions the flooder dispatched, the peak backlog (actions dispatched minus
        actions the observer has seen, sampled every 2 ms), the resident memory before the flood and at
        its peak, and how long delivery took to catch up once the flood stopped. ReactiveLite is
        `variable.value += 1`. Whether the victim is caught as the drainer of the flooder's stream
        depends on timing, so each subject is flooded \(results.floods.first?.runs ?? 1) time(s) and the
        table shows its worst run (its slowest victim call). Each run follows an unmeasured 0.3 s
        warm-up flood of the same subject in the same process: a process's first calls on a path pay
        one-time costs (the runtime instantiating generic types and caching conformances, first
        allocations), which made a forwarding victim's first call take 0.5 to 4.4 ms where its later calls
        took at most 0.13 ms in the same measurement (2026-11-25). Targets: the slowest victim call at most
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
        0.73 ms (the table below has this page's run). After a contending waiter's tries of a taken
        lock went from 100 to 10 (2026-11-26, docs/threading.md), 6 runs of each: the baseline's
        0.005 to 0.091 ms (0.005 or 0.006 ms in four), PrexCore's 0.027 to 0.079 ms, VueFluxCore's
        0.028 to 0.101 ms and RxStateCore's 0.033 to 0.099 ms. The baseline's victim, whose call is
        one increment under a lock, seldom meets an outlier, and a module's victim, whose call is a
        turn with its observer, is within 2x of it only in a run where it does.

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
        slowest 0.03 to 4.4 ms, all three modules within 2x in two rounds, not in the other two. After
        the lock change of 2026-11-26 (docs/threading.md), eight more rounds of this page's procedure,
        run on their own: the baseline's plain flood victim's slowest 0.006 to 0.11 ms, the
        forwarding victims' 0.021 to 0.125 ms, all three within 2x in the two rounds where the
        baseline's was 0.051 and 0.11 ms, not in the other six. So the 2x verdict follows the
        baseline's luck more than the code; it is kept as the issue states it, and read with the
        table. The same
        holds for the 10 ms bound: one call in a run can take milliseconds for any subject, the
        baseline included (seen while tuning the lock's waits: the baseline 4.4 to 6.5 ms,
        ReactiveLite 8.7 and 14.4 ms, each in about one run of 3 to 5).


        """
    text += markdownTable(floodHeader, floodTable(results))
    text += "\n"
    text += markdownVerdicts(results.floods.flatMap { floodVerdicts($0, in: results) }, prefix: "flood.")
    return text
}
