// Thread and async contention in the report: targets, tables and sections of docs/benchmarks.md.

import Foundation

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

/// The thread contention's section of docs/benchmarks.md.
func threadContentionSection(_ results: Results) -> String {
    guard let first = results.threadContention.first else { return "" }
    var text = """

        ## Thread contention: 8 threads against 1

        One thread dispatches increments into a store with one observer; then \(first.threads)
        dedicated threads, released together, dispatch as many into a fresh store of the same kind,
        \(format(count: Double(first.dispatchesPerRound))) dispatches per round in all, alternately for
        \(first.rounds) rounds in one process. The figures are the medians of the wall time per
        dispatch. This is time, not instructions: callgrind runs one thread at a time and does not
        see a wait. A convoy (every contended dispatch a sleep and a wake-up) shows as about one
        voluntary context switch per dispatch. Target, per module: \(first.threads) threads at most
        \(format(ratio: contentionTimesOneThread)) one thread's time per dispatch, with the baseline's own
        ratio beside it; every round checks the store's final count (0 lost). This machine has
        \(ProcessInfo.processInfo.activeProcessorCount) cores, so at most that many of the threads run at once.

        The figures move between runs, by process more than by round, and from one machine to
        another. On an AMD EPYC machine with 2 cores, in 18 runs of PrexCore's contention in separate
        processes, one thread took 93 to 117 ns per dispatch in 15 and 162 to 168 ns in 3, and 8
        threads 204 to 339 ns, so the ratio ranged from 1.8x to 3.1x; in 6 runs of RxStateCore's, it
        ranged from 1.6x to 2.1x, and the baseline's was about 3.5x (a contending waiter then tried a
        taken lock 100 times before it yielded). On an Intel Xeon machine with 2 cores (2026-11-26), with 100
        tries the ratio ranged from 2.6x to 5.4x for PrexCore and RxStateCore, 2.5x to 3.4x for
        VueFluxCore and 5.7x to 7.1x for the baseline; with 10 tries, as now, in 6 to 17 runs of each,
        from 1.3x to 2.6x for the three modules and 2.8x to 4.0x for the baseline. A failed try takes
        the lock's cache line away from the holder's core (docs/threading.md), and 100 of them made
        the holder miss through most of its turn. The context switches, 0 to 5
        per 1,000 dispatches, show no convoy.


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
