import Foundation
import Workloads

// Runs one case of the catalog a given number of iterations, for callgrind to count; or floods one
// store while a victim thread dispatches. compare.sh drives it:
//
//   InstructionCounts list                       the case names, one a line
//   InstructionCounts run <case> <iterations>    sets the case up, runs it, tears it down
//   InstructionCounts count <case> <iterations>  the same with N iterations, a phase boundary, 2N
//                                                more and another boundary: compare.sh's callgrind
//                                                run (see `phaseBoundary`)
//   InstructionCounts flood <subject> <seconds>  prints one tab-separated line of figures
//   InstructionCounts contention <subject> <threads> <dispatches per thread> <rounds>
//   InstructionCounts async <subject> <tasks> <dispatches per task> <rounds>
//                                                the time-based contention workloads (Contention.swift),
//                                                one tab-separated line each
//   InstructionCounts curve-points               the scaling curves' points (Curves.swift): name, curve,
//                                                subject, size, callgrind iterations; `run` runs one
//   InstructionCounts threads <subject> <dispatches> <rounds> <thread counts, comma-separated>
//                                                the threads curve, in time: one line per thread count
//
// Under callgrind, compare.sh runs each case once with `count`: the instructions counted between
// the two phase boundaries (iterations N+1 to 3N) divided by their operations, so start-up, set-up
// and teardown drop out.

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("InstructionCounts: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.count) {
case ("list", 1):
    for item in catalog {
        print("\(item.name)\t\(item.operationsPerIteration)\t\(item.callgrindIterations)")
    }
case ("curve-points", 1):
    for point in curvePoints {
        print("\(point.name)\t\(point.curve)\t\(point.subject)\t\(point.size)\t\(point.callgrindIterations)")
    }
case ("run", 3), ("count", 3):
    let name = arguments[arguments.startIndex + 1]
    guard let iterations = Int(arguments[arguments.startIndex + 2]), iterations >= 0 else {
        fail("the iteration count must be a whole number")
    }
    // `count`: N iterations, a phase boundary, 2N more, another boundary (compare.sh's one callgrind
    // run per case); `run`: N iterations.
    let phases = arguments.first == "count" ? [iterations, 2 * iterations] : [iterations]
    runCase(named: name, phases: phases, boundaries: arguments.first == "count")
case ("flood", 3):
    let name = arguments[arguments.startIndex + 1]
    guard let subject = floodSubjects.first(where: { $0.name == name }) else {
        fail("no flood subject \(name)")
    }
    guard let seconds = Double(arguments[arguments.startIndex + 2]), seconds > 0 else {
        fail("the duration must be a positive number of seconds")
    }
    // A warm-up flood first, unmeasured: a process's first calls on a path pay one-time costs
    // (the runtime instantiating generic metadata and caching conformances, first allocations),
    // which measured up to 4.4 ms for a forwarding victim's first call and nothing after it. The
    // figures are the steady state, for every subject alike, the baseline included.
    _ = flood(subject, seconds: min(0.3, seconds))
    print(flood(subject, seconds: seconds).line(subject: name))
case ("flood-subjects", 1):
    for subject in floodSubjects { print(subject.name) }
case ("contention-subjects", 1):
    for subject in contentionSubjects { print(subject.name) }
case ("contention", 5), ("async", 5):
    let name = arguments[arguments.startIndex + 1]
    guard let subject = contentionSubjects.first(where: { $0.name == name }) else {
        fail("no contention subject \(name)")
    }
    let numbers = arguments.dropFirst(2).compactMap { Int($0) }.filter { $0 > 0 }
    guard numbers.count == 3 else { fail("the counts must be positive whole numbers") }
    if arguments.first == "contention" {
        let result = threadContention(
            subject, threads: numbers[0], dispatchesPerThread: numbers[1], rounds: numbers[2])
        print(result.line(subject: name))
        if result.lost != 0 { fail("\(name): \(result.lost) lost updates") }
    } else {
        // The tasks run on Swift's cooperative pool; the main thread only waits for them.
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task.detached {
            box.result = await asyncContention(
                subject, tasks: numbers[0], dispatchesPerTask: numbers[1], rounds: numbers[2])
            done.signal()
        }
        done.wait()
        let result = box.result!
        print(result.line(subject: name))
        if result.lost != 0 { fail("\(name): \(result.lost) lost updates") }
    }
case ("threads", 5):
    let name = arguments[arguments.startIndex + 1]
    guard let subject = contentionSubjects.first(where: { $0.name == name }) else {
        fail("no contention subject \(name)")
    }
    guard let dispatches = Int(arguments[arguments.startIndex + 2]), dispatches > 0,
        let rounds = Int(arguments[arguments.startIndex + 3]), rounds > 0
    else { fail("the counts must be positive whole numbers") }
    let threadCounts = arguments[arguments.startIndex + 4].split(separator: ",").compactMap { Int($0) }
    guard !threadCounts.isEmpty, threadCounts.allSatisfy({ $0 > 0 }) else {
        fail("the thread counts must be positive whole numbers, comma-separated")
    }
    let points = threadScaling(subject, threadCounts: threadCounts, dispatches: dispatches, rounds: rounds)
    for point in points {
        print(point.line(subject: name))
        if point.lost != 0 { fail("\(name): \(point.lost) lost updates on \(point.threads) threads") }
    }
default:
    fail(
        "usage: InstructionCounts list | run <case> <iterations> | flood <subject> <seconds> | flood-subjects"
            + " | contention <subject> <threads> <dispatches> <rounds>"
            + " | async <subject> <tasks> <dispatches> <rounds> | contention-subjects | curve-points"
            + " | threads <subject> <dispatches> <rounds> <thread counts>"
    )
}

/// Carries the async run's result to the main thread. `@unchecked Sendable`: written once by the
/// task before it signals the semaphore, read by the main thread after the wait.
final class ResultBox: @unchecked Sendable {
    var result: AsyncContentionResult?
}

/// Where compare.sh's callgrind run splits its count: `valgrind --tool=callgrind
/// --dump-before=instruction_counts_phase_boundary` writes the instructions counted since the last
/// dump each time this is entered, so the second dump holds exactly the iterations between the two
/// boundaries, with start-up, set-up and teardown outside it. A symbol name of its own, never
/// inlined, and a result the caller uses, so that every call stays a call.
@_silgen_name("instruction_counts_phase_boundary") @inline(never)
func phaseBoundary(_ marker: Int) -> Int {
    marker &+ 1
}

/// Sets up the case or curve point `name`, runs each phase's iterations in turn (a phase boundary
/// after each, with `boundaries`), and tears it down; stops the process on a broken claim. On the
/// main actor, as top-level code is: a Prex view is reflected inline there.
@MainActor
func runCase(named name: String, phases: [Int], boundaries: Bool) {
    var marker = 0
    /// Runs each phase's iterations, with a boundary after each (with `boundaries`).
    func runPhases(_ run: (Int) -> Void) {
        for iterations in phases {
            run(iterations)
            if boundaries { marker = phaseBoundary(marker) }
        }
    }
    if findCase(name) == nil {
        guard let point = findCurvePoint(name) else { fail("no case or curve point named \(name)") }
        let loop = point.make()
        runPhases { loop.run($0) }
        if let problem = loop.finish().problem { fail("\(name): \(problem)") }
        blackHole(marker)
        return
    }
    let item = findCase(name)!
    let outcome: Outcome
    switch item.body {
    case .anyThread(let make):
        let loop = make()
        runPhases { loop.run($0) }
        outcome = loop.finish()
    case .mainActor(let make):
        let loop = make()
        runPhases { loop.run($0) }
        outcome = loop.finish()
    case .mainActorAsync(let make):
        // Not an asynchronous main: that one ends the main thread under dispatchMain, which
        // valgrind does not survive. The main run loop serves the main queue, and so the main actor.
        let loop = make()
        runPhases { iterations in
            var finished = false
            Task { @MainActor in
                await loop.run(iterations)
                finished = true
            }
            while !finished {
                _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
            }
        }
        outcome = loop.finish()
    }
    if let problem = outcome.problem { fail("\(name): \(problem)") }
    if let lost = outcome.lostUpdates, lost != 0 { fail("\(name): \(lost) lost updates") }
    blackHole(marker)
}
