import Foundation
import Testing

// Every measured ratio the docs quote ("3.40x": two decimals, the format docs/benchmarks.md writes)
// appears in docs/benchmarks.md, so a page cannot keep a figure from an older run. The originals'
// figures, quoted from the project's issues, are whole numbers ("49x") and are not checked here.
// docs/benchmarks.md itself is written by `bash Benchmarks/compare.sh --update-docs`: instructions
// first (the figure that holds across machines), then time on a named machine, then allocations.

/// The `N.NNx` ratios in a text.
func measuredRatios(in text: String) -> Set<String> {
    var ratios: Set<String> = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
        guard characters[index].isNumber,
            index == 0 || !(characters[index - 1].isNumber || characters[index - 1] == ".")
        else {
            index += 1
            continue
        }
        var end = index
        while end < characters.count, characters[end].isNumber { end += 1 }
        if end + 3 < characters.count, characters[end] == ".", characters[end + 1].isNumber,
            characters[end + 2].isNumber, characters[end + 3] == "x"
        {
            ratios.insert(String(characters[index...(end + 3)]))
        }
        index = end
    }
    return ratios
}

@Suite struct FigureTests {
    @Test func everyQuotedRatioComesFromTheBenchmarksPage() throws {
        let benchmarks = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/benchmarks.md"), encoding: .utf8)
        let measured = measuredRatios(in: benchmarks)
        #expect(!measured.isEmpty)
        var problems: [String] = []
        for file in try documentationFiles() where file.lastPathComponent != "benchmarks.md" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for ratio in measuredRatios(in: text).subtracting(measured) {
                problems.append(
                    "\(file.lastPathComponent) quotes \(ratio), which docs/benchmarks.md does not have "
                        + "(quote the current run's figure)")
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted().joined(separator: "\n"))")
    }

    @Test func benchmarksPageLeadsWithInstructionsAndNamesTheMachineOfItsTimes() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/benchmarks.md"), encoding: .utf8)
        let sections = [
            "## Instructions per operation", "## Time per operation", "## Allocations per operation",
            "## Targets",
            "## Flood and victim",
        ]
        let positions = sections.map { page.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "docs/benchmarks.md lacks one of \(sections)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "docs/benchmarks.md has its sections out of order")
        #expect(page.contains("- Time measured on: "))
        #expect(page.contains("bash Benchmarks/compare.sh --update-docs"))
        // Every store workload, and the paths users take, in the instructions table.
        let instructions = page.components(separatedBy: "## Time per operation").first ?? ""
        for row in [
            "W1 dispatch", "W1 via Presenter + View", "W1 via the README's MainReducer", "W2 fan-out",
            "W2 1,000 presenters", "W3 subscribe", "W4 large state", "W5 2 threads",
        ] {
            #expect(instructions.contains("| \(row)"), "no instructions row \(row)")
        }
    }

    @Test func ratioParsing() {
        #expect(measuredRatios(in: "3.40x and 12.31x, not 49x nor 1.5x nor v1.234x") == ["3.40x", "12.31x"])
    }
}
