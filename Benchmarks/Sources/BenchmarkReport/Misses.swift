/// Instructions per operation of the code before the concurrency kernel (commit d8d134e, the
/// modules' own locks and drain loops), measured once with this package's InstructionCounts on
/// that commit's sources. The kernel's issue asks that no workload grow by more than 5%; the
/// report compares each with today's figure.
let beforeKernel: [(name: String, instructions: Double)] = [
    ("W1.PrexCore", 461),
    ("W1.PrexCore+View", 12_182),
    ("W1.VueFluxCore", 859),
    ("W1.RxStateCore", 2_362),
    ("W1.RxStateCore+MainReducer", 4_101),
    ("W2.PrexCore+View", 6_698),
    ("W3.PrexCore", 1_353),
    ("W3.VueFluxCore", 5_973),
    ("W3.RxStateCore", 1_562),
]

/// Why a case misses its target: where its instructions go (callgrind, per operation, on the code
/// measured) and what in the contract or the API needs them. Keyed by case name; the report prints
/// the entry of every missed target, and says so where a miss has none.
let missExplanations: [String: String] = [:]

/// Why some cases grew against the code before the kernel, keyed by case name.
let growthExplanations: [String: String] = [:]

/// The section comparing today's figures with the code before the kernel.
func beforeKernelSection(_ results: Results) -> String {
    var text = """

        ## Against the code before the kernel

        Instructions per operation before the concurrency kernel (commit d8d134e, each module with its
        own lock and drain loop, measured once with this package on that commit) and now. Where a case
        grew by more than 5%, the note says what the growth buys.


        """
    let lines: [[String]] = beforeKernel.map { entry in
        guard let now = results.instructions(entry.name) else {
            return [entry.name, format(count: entry.instructions), "n/a", "", ""]
        }
        let change = (now / entry.instructions - 1) * 100
        let changeText = change >= 0 ? "+\(Int(change.rounded()))%" : "\(Int(change.rounded()))%"
        return [
            entry.name, format(count: entry.instructions), format(count: now), changeText,
            change > 5 ? (growthExplanations[entry.name] ?? "**not explained**") : "",
        ]
    }
    text += markdownTable(["Case", "Before the kernel", "Now", "Change", "Why"], lines)
    return text
}

/// The section explaining each missed target.
func missesSection(_ results: Results) -> String {
    let missed = verdicts(results).filter { $0.met == false }
    guard !missed.isEmpty else { return "" }
    var text = """

        ## Why each miss

        Every target missed above, with where its instructions go (callgrind, per operation) and why
        the contract or the API needs them.


        """
    var explained: Set<String> = []
    for verdict in missed where !explained.contains(verdict.name) {
        explained.insert(verdict.name)
        text += "- **\(verdict.name)** (\(verdict.target); measured \(verdict.measured)): "
        text += (missExplanations[verdict.name] ?? "**no profile recorded yet.**") + "\n"
    }
    return text
}
