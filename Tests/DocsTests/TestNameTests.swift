import Foundation
import Testing

// Every test a page names as `SuiteTests.testName` (README.md, docs/, the DocC catalogs, the
// changelog) is a function of that suite in Tests/ or Examples/: a renamed or moved test makes the
// page that cites it as evidence fail here, instead of pointing at nothing.

/// The functions declared in the files that declare (or extend) each `…Tests` type, by type name.
func testFunctionsBySuite() throws -> [String: Set<String>] {
    let suitePattern = try NSRegularExpression(pattern: #"\b(?:struct|class|extension)\s+(\w+Tests)\b"#)
    let functionPattern = try NSRegularExpression(pattern: #"\bfunc\s+(\w+)"#)
    var result: [String: Set<String>] = [:]
    let manager = FileManager.default
    for folder in ["Tests", "Examples"] {
        let root = repositoryRoot.appendingPathComponent(folder)
        guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in walker {
            if url.lastPathComponent == ".build" {
                walker.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            let functions = Set(captures(of: functionPattern, in: text).map { $0[0] })
            for suite in captures(of: suitePattern, in: text).map({ $0[0] }) {
                result[suite, default: []].formUnion(functions)
            }
        }
    }
    return result
}

/// The capture groups of every match of `pattern` in `text`.
func captures(of pattern: NSRegularExpression, in text: String) -> [[String]] {
    let whole = NSRange(text.startIndex..., in: text)
    return pattern.matches(in: text, range: whole).map { match in
        (1..<match.numberOfRanges).compactMap { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
    }
}

/// The `SuiteTests.testName` references of `text` that name no function of that suite (a file
/// name such as `StoreTests.swift` is not a reference).
func unknownTestReferences(in text: String, suites: [String: Set<String>]) throws -> [String] {
    let reference = try NSRegularExpression(pattern: #"\b([A-Z]\w*Tests)\.([a-z]\w*)"#)
    return captures(of: reference, in: text).compactMap { parts -> String? in
        let (suite, name) = (parts[0], parts[1])
        if name == "swift" { return nil }
        guard let functions = suites[suite] else { return "\(suite).\(name): no suite \(suite)" }
        return functions.contains(name) ? nil : "\(suite).\(name): no test \(name) in \(suite)"
    }
}

@Suite struct TestNameTests {
    @Test func everyTestAPageNamesExists() throws {
        let suites = try testFunctionsBySuite()
        var problems: [String] = []
        var references = 0
        let files = try documentationFiles() + [repositoryRoot.appendingPathComponent("CHANGELOG.md")]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            references += try unknownTestReferences(in: text, suites: [:]).count
            problems += try unknownTestReferences(in: text, suites: suites).map { "\(name): \($0)" }
        }
        #expect(references > 100, "the pages cite tests by name; the scan found \(references)")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func referenceParsing() throws {
        let suites = ["TurnTests": Set(["aCallReturns"])]
        let text = """
            (`TurnTests.aCallReturns`, `TurnTests.aCallVanished`, `GoneTests.anything`),
            Tests/FlowKernelTests/TurnTests.swift, `TurnTests`.
            """
        #expect(
            try unknownTestReferences(in: text, suites: suites) == [
                "TurnTests.aCallVanished: no test aCallVanished in TurnTests",
                "GoneTests.anything: no suite GoneTests",
            ])
    }
}
