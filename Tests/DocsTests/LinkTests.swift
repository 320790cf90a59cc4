import Foundation
import Testing

// Every relative link in README.md, docs/ and the DocC catalogs points at a file that exists, and
// every `#anchor` into a Markdown page names one of its headings (GitHub's anchor rules: lowercase,
// spaces to hyphens, punctuation dropped).

/// The `[text](target)` links of a Markdown text, outside code blocks.
func links(in text: String) -> [String] {
    var result: [String] = []
    var inCode = false
    for line in text.components(separatedBy: "\n") {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
            inCode.toggle()
            continue
        }
        if inCode { continue }
        var rest = Substring(line)
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            result.append(String(after[..<close]))
            rest = after[close...]
        }
    }
    return result
}

/// GitHub's anchor for a heading.
func anchor(of heading: String) -> String {
    heading.lowercased()
        .replacingOccurrences(of: " ", with: "-")
        .filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
}

func anchors(in text: String) -> Set<String> {
    var result: Set<String> = []
    var inCode = false
    for line in text.components(separatedBy: "\n") {
        if line.hasPrefix("```") { inCode.toggle() }
        if !inCode, line.hasPrefix("#") {
            result.insert(anchor(of: line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)))
        }
    }
    return result
}

@Suite struct LinkTests {
    @Test func everyRelativeLinkResolves() throws {
        var problems: [String] = []
        for file in try documentationFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            for link in links(in: text) {
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") {
                    continue
                }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let target =
                    parts[0].isEmpty
                    ? file
                    : file.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: target.path) else {
                    problems.append("\(name): broken link \(link)")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md" {
                    let targetText = try String(contentsOf: target, encoding: .utf8)
                    if !anchors(in: targetText).contains(parts[1]) {
                        problems.append(
                            "\(name): no heading for #\(parts[1]) in \(parts[0].isEmpty ? name : parts[0])")
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func linkAndAnchorParsing() {
        #expect(
            links(in: "see [a](b.md) and [c](https://x.y/z)\n```\n[d](e)\n```") == ["b.md", "https://x.y/z"])
        #expect(anchor(of: "Compared with VueFlux 1.6") == "compared-with-vueflux-16")
        #expect(anchor(of: "Time travel: `RecorderMiddleware`") == "time-travel-recordermiddleware")
    }
}
