import Foundation

/// The percentiles of one metric of one benchmark, as package-benchmark exports them.
struct Percentiles {
    var values: [Int: Double] = [:]

    subscript(percentile: Int) -> Double? { values[percentile] }
}

/// One case's instruction count under callgrind: the two runs and the figure per operation.
struct InstructionCount {
    let perOperation: Double
    let smallIterations: Int
    let largeIterations: Int
}

/// One flood run (see Sources/Workloads/Flood.swift).
struct FloodFigures {
    let subject: String
    /// How many runs the subject had; the figures are those of its worst.
    var runs: Int
    let victimCalls: Int
    /// The median of the victim's calls, in milliseconds.
    let victimMedian: Double
    let victimMax: Double
    let flooded: Int
    let peakBacklog: Int
    let rssBefore: Double
    let rssPeak: Double
    let drain: Double
}

/// One subject's thread contention (see Sources/Workloads/Contention.swift): medians of its rounds.
struct ThreadContentionFigures {
    let subject: String
    let threads: Int
    let dispatchesPerRound: Int
    let rounds: Int
    let oneThread: Double
    let manyThreads: Double
    let switchesPerThousand: Double
    let lost: Int

    /// Nanoseconds per dispatch on `threads` threads over those on one.
    var ratio: Double? { oneThread > 0 ? manyThreads / oneThread : nil }
}

/// One subject's async contention (see Sources/Workloads/Contention.swift).
struct AsyncContentionFigures {
    let subject: String
    let tasks: Int
    let dispatchesPerTask: Int
    let rounds: Int
    let nanoseconds: Double
    let heartbeatMaxGap: Double
    let heartbeatTicks: Int
    let switchesPerThousand: Double
    let lost: Int
}

/// Everything one run of compare.sh measured.
struct Results {
    /// package-benchmark's percentiles, by benchmark name ("W1.PrexCore") and metric ("wallClock").
    var metrics: [String: [String: Percentiles]] = [:]
    /// Operations per iteration, by case name (from `InstructionCounts list`).
    var operations: [String: Int] = [:]
    var instructions: [String: InstructionCount] = [:]
    var floods: [FloodFigures] = []
    var threadContention: [ThreadContentionFigures] = []
    var asyncContention: [AsyncContentionFigures] = []
    /// Bytes of stack per link of a forwarding chain, by subject, in the order measured.
    var stackPerLink: [(subject: String, bytes: Int)] = []

    /// Reads the `histogramPercentiles` export of package-benchmark from `directory`.
    mutating func readTimes(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        for file in files where file.hasSuffix(".histogram.percentiles.tsv") {
            // <baseline>.<target>.<W>.<Arch>.<metric>.histogram.percentiles.tsv
            let parts = file.components(separatedBy: ".")
            guard parts.count >= 7 else { continue }
            let name = parts[2] + "." + parts[3]
            let metric = parts[4]
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            var percentiles = Percentiles()
            for line in text.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: "\t")
                if fields.count == 2, let percentile = Int(fields[0]), let value = Double(fields[1]) {
                    percentiles.values[percentile] = value
                }
            }
            metrics[name, default: [:]][metric] = percentiles
        }
    }

    /// Reads `InstructionCounts list`: name, operations per iteration, callgrind iterations.
    mutating func readCases(file: URL) throws {
        for fields in try tsv(file) where fields.count >= 2 {
            operations[fields[0]] = Int(fields[1])
        }
    }

    /// Reads compare.sh's callgrind table: name, small and large iterations, their instruction totals.
    mutating func readInstructions(file: URL) throws {
        for fields in try tsv(file) where fields.count == 5 {
            guard let small = Int(fields[1]), let large = Int(fields[2]), let smallTotal = Double(fields[3]),
                let largeTotal = Double(fields[4]), large > small
            else { continue }
            let perIteration = operations[fields[0]] ?? 1
            instructions[fields[0]] = InstructionCount(
                perOperation: (largeTotal - smallTotal) / Double((large - small) * perIteration),
                smallIterations: small, largeIterations: large)
        }
    }

    /// Reads the flood lines `InstructionCounts flood` printed, and keeps each subject's worst run
    /// (its slowest victim call): whether a victim is caught by the flood depends on timing.
    mutating func readFloods(file: URL) throws {
        var worst: [String: FloodFigures] = [:]
        var order: [String] = []
        for fields in try tsv(file) where fields.count == 9 {
            let numbers = fields.dropFirst().map { Double($0) ?? -1 }
            let run = FloodFigures(
                subject: fields[0], runs: 1, victimCalls: Int(numbers[0]), victimMedian: numbers[1],
                victimMax: numbers[2], flooded: Int(numbers[3]), peakBacklog: Int(numbers[4]),
                rssBefore: numbers[5], rssPeak: numbers[6], drain: numbers[7])
            guard let previous = worst[run.subject] else {
                worst[run.subject] = run
                order.append(run.subject)
                continue
            }
            var kept = run.victimMax > previous.victimMax ? run : previous
            kept.runs = previous.runs + 1
            worst[run.subject] = kept
        }
        floods = order.compactMap { worst[$0] }
    }

    /// Reads the lines `InstructionCounts contention` printed, one per subject.
    mutating func readThreadContention(file: URL) throws {
        for fields in try tsv(file) where fields.count == 8 {
            let numbers = fields.dropFirst().map { Double($0) ?? -1 }
            threadContention.append(
                ThreadContentionFigures(
                    subject: fields[0], threads: Int(numbers[0]), dispatchesPerRound: Int(numbers[1]),
                    rounds: Int(numbers[2]), oneThread: numbers[3], manyThreads: numbers[4],
                    switchesPerThousand: numbers[5], lost: Int(numbers[6])))
        }
    }

    /// Reads the lines `InstructionCounts async` printed, one per subject.
    mutating func readAsyncContention(file: URL) throws {
        for fields in try tsv(file) where fields.count == 9 {
            let numbers = fields.dropFirst().map { Double($0) ?? -1 }
            asyncContention.append(
                AsyncContentionFigures(
                    subject: fields[0], tasks: Int(numbers[0]), dispatchesPerTask: Int(numbers[1]),
                    rounds: Int(numbers[2]), nanoseconds: numbers[3], heartbeatMaxGap: numbers[4],
                    heartbeatTicks: Int(numbers[5]), switchesPerThousand: numbers[6], lost: Int(numbers[7])))
        }
    }

    /// Reads the lines `InstructionCounts stack` printed, one per subject.
    mutating func readStackPerLink(file: URL) throws {
        for fields in try tsv(file) where fields.count == 2 {
            if let bytes = Int(fields[1]) { stackPerLink.append((fields[0], bytes)) }
        }
    }

    /// A time-side figure per operation (nanoseconds, or a count for allocations).
    func value(_ name: String, _ metric: String, _ percentile: Int) -> Double? {
        metrics[name]?[metric]?[percentile].map { $0 / Double(operations[name] ?? 1) }
    }

    /// The most updates one sample lost (workload 5), if the benchmark reported it.
    func lostUpdates(_ name: String) -> Int? {
        metrics[name]?["Lost_updates"]?[100].map { Int($0) }
    }
}

private func tsv(_ file: URL) throws -> [[String]] {
    guard FileManager.default.fileExists(atPath: file.path) else { return [] }
    return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
}
