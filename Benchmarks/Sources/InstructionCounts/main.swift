import Foundation
import Workloads

// Runs one case of the catalog a given number of iterations, for callgrind to count; or floods one
// store while a victim thread dispatches. compare.sh drives it:
//
//   InstructionCounts list                       the case names, one a line
//   InstructionCounts run <case> <iterations>    sets the case up, runs it, tears it down
//   InstructionCounts flood <subject> <seconds>  prints one tab-separated line of figures
//
// Under callgrind, compare.sh runs each case at a small and a large iteration count and divides
// the difference in instructions by the difference in operations, so start-up and set-up drop out.

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
case ("run", 3):
    let name = arguments[arguments.startIndex + 1]
    guard let item = findCase(name) else { fail("no case named \(name)") }
    guard let iterations = Int(arguments[arguments.startIndex + 2]), iterations >= 0 else {
        fail("the iteration count must be a whole number")
    }
    let outcome: Outcome
    switch item.body {
    case .anyThread(let make):
        let loop = make()
        loop.run(iterations)
        outcome = loop.finish()
    case .mainActor(let make):
        // Top-level code runs on the main actor, on the main thread and queue: a Prex view is
        // reflected inline there.
        let loop = make()
        loop.run(iterations)
        outcome = loop.finish()
    case .mainActorAsync(let make):
        // Not an asynchronous main: that one ends the main thread under dispatchMain, which
        // valgrind does not survive. The main run loop serves the main queue, and so the main actor.
        let loop = make()
        var finished = false
        Task { @MainActor in
            await loop.run(iterations)
            finished = true
        }
        while !finished {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        outcome = loop.finish()
    }
    if let problem = outcome.problem { fail("\(name): \(problem)") }
    if let lost = outcome.lostUpdates, lost != 0 { fail("\(name): \(lost) lost updates") }
case ("flood", 3):
    let name = arguments[arguments.startIndex + 1]
    guard let subject = floodSubjects.first(where: { $0.name == name }) else {
        fail("no flood subject \(name)")
    }
    guard let seconds = Double(arguments[arguments.startIndex + 2]), seconds > 0 else {
        fail("the duration must be a positive number of seconds")
    }
    print(flood(subject, seconds: seconds).line(subject: name))
case ("flood-subjects", 1):
    for subject in floodSubjects { print(subject.name) }
default:
    fail(
        "usage: InstructionCounts list | run <case> <iterations> | flood <subject> <seconds> | flood-subjects"
    )
}
