import Foundation
import Testing

// Every Swift code block in docs/ and in the DocC catalogs quotes a region of a file that the build
// compiles, so no snippet in the docs can drift from code that compiles.
//
// In Markdown, the line before a ```swift block names its source:
//     <!-- snippet: Tests/PrexCoreTests/ReadmeXCTests.swift#counter-state -->
// In that Swift file, the region sits between `// snippet: counter-state` and
// `// snippet-end: counter-state` lines (markers themselves excluded, common indentation removed).
//
// After changing a quoted region, rewrite the blocks with:
//     UPDATE_SNIPPETS=1 swift test --filter DocsTests

/// The repository root, found from this file's path (Tests/DocsTests/SnippetTests.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The Markdown files whose Swift blocks must be quoted from compiled files.
func documentationFiles() throws -> [URL] {
    var files: [URL] = []
    let manager = FileManager.default
    for folder in ["docs", "Sources"] {
        let root = repositoryRoot.appendingPathComponent(folder)
        guard let walker = manager.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
        for case let url as URL in walker where url.pathExtension == "md" {
            if folder == "docs" || url.path.contains(".docc/") {
                files.append(url)
            }
        }
    }
    files.append(repositoryRoot.appendingPathComponent("README.md"))
    return files.sorted { $0.path < $1.path }
}

struct SnippetError: Error, CustomStringConvertible {
    let description: String
}

/// The lines between `// snippet: name` and `// snippet-end: name` in `path`, dedented.
func region(_ name: String, in path: String) throws -> [String] {
    // Examples/ is the getting-started package, which CI builds and runs (`.ci/run`).
    let compiledFolders = ["Sources/", "Tests/", "Benchmarks/", "Examples/"]
    guard compiledFolders.contains(where: { path.hasPrefix($0) }) else {
        throw SnippetError(
            description:
                "\(path) is not under Sources/, Tests/, Benchmarks/ or Examples/, so no build compiles it")
    }
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
    let lines = text.components(separatedBy: "\n")
    let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
    guard let start = trimmed.firstIndex(of: "// snippet: \(name)"),
        let end = trimmed[start...].firstIndex(of: "// snippet-end: \(name)")
    else {
        throw SnippetError(description: "no region '\(name)' in \(path)")
    }
    let body = Array(lines[(start + 1)..<end])
    let indent =
        body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        .map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return body.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
}

/// Checks (or, with `update`, rewrites) the Swift blocks of one Markdown file; returns the problems.
func checkBlocks(in file: URL, update: Bool) throws -> [String] {
    let text = try String(contentsOf: file, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    var problems: [String] = []
    let name = file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
    var index = 0
    while index < lines.count {
        guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else {
            index += 1
            continue
        }
        let open = index
        guard
            let close = lines[(open + 1)...].firstIndex(where: {
                $0.trimmingCharacters(in: .whitespaces) == "```"
            })
        else {
            problems.append("\(name):\(open + 1): unclosed ```swift block")
            break
        }
        let marker = open > 0 ? lines[open - 1].trimmingCharacters(in: .whitespaces) : ""
        guard marker.hasPrefix("<!-- snippet: "), marker.hasSuffix(" -->") else {
            problems.append(
                "\(name):\(open + 1): a ```swift block without a `<!-- snippet: path#region -->` line before it"
            )
            index = close + 1
            continue
        }
        let reference = marker.dropFirst("<!-- snippet: ".count).dropLast(" -->".count)
        let parts = reference.split(separator: "#", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            problems.append("\(name):\(open): malformed snippet marker '\(marker)'")
            index = close + 1
            continue
        }
        do {
            let source = try region(parts[1], in: parts[0])
            let quoted = Array(lines[(open + 1)..<close])
            if quoted != source {
                if update {
                    lines.replaceSubrange((open + 1)..<close, with: source)
                } else {
                    problems.append(
                        "\(name):\(open + 1): differs from \(reference); run UPDATE_SNIPPETS=1 swift test --filter DocsTests"
                    )
                }
            }
        } catch {
            problems.append("\(name):\(open + 1): \(error)")
        }
        index =
            (lines[(open + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" } ?? close)
            + 1
    }
    let rewritten = lines.joined(separator: "\n")
    if update && rewritten != text {
        try rewritten.write(to: file, atomically: true, encoding: .utf8)
    }
    return problems
}

@Suite struct SnippetTests {
    @Test func everySwiftBlockInTheDocsQuotesCompiledCode() throws {
        let update = ProcessInfo.processInfo.environment["UPDATE_SNIPPETS"] != nil
        let files = try documentationFiles()
        #expect(files.count > 1)
        var problems: [String] = []
        for file in files {
            problems += try checkBlocks(in: file, update: update)
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func regionsAreFoundAndDedented() throws {
        // This file's own region, so the extraction itself is checked.
        // snippet: self-check
        let sample = [1, 2, 3]
        // snippet-end: self-check
        #expect(
            try region("self-check", in: "Tests/DocsTests/SnippetTests.swift") == ["let sample = [1, 2, 3]"])
        #expect(sample.count == 3)
        #expect(throws: SnippetError.self) {
            try region("no-such-region", in: "Tests/DocsTests/SnippetTests.swift")
        }
        #expect(throws: SnippetError.self) { try region("self-check", in: "docs/README.md") }
        #expect(
            try region("counter-server", in: "Examples/Sources/CounterServer/CounterServer.swift").first
                == "/// Stands for a network API: it answers after a delay, and a cancelled request stops at once."
        )
    }
}
