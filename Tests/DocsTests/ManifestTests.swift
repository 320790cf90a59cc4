import Foundation
import Testing

// The install instructions in README.md and docs/ cannot be compiled (they name the package by its
// URL), so they are checked here: one URL and one version rule everywhere, and every product they
// name is a library product of Package.swift.

/// The package reference the docs tell an app to write. While the version is 0.x a minor release may
/// break the API, so the rule stops before the next minor version.
let canonicalPackageLine =
    #".package(url: "https://github.com/unidirectional-flow/unidirectional-flow", .upToNextMinor(from: "0.1.0")),"#

/// The local-clone forms getting-started.md shows next to the URL form: a clone named as the
/// package, and one in another folder with the package's name given.
let localPackageLines: Set<String> = [
    #".package(path: "../unidirectional-flow"),"#,
    #".package(name: "unidirectional-flow", path: "../project"),"#,
]

/// The library products declared in a manifest's text (`.library(name: "X"`).
func libraryProducts(inManifest text: String) -> Set<String> {
    values(after: #".library(name: ""#, in: text)
}

/// The products a Markdown text tells an app to depend on (`.product(name: "X", package: ...)`).
func productsNamed(in text: String) -> Set<String> {
    values(after: #".product(name: ""#, in: text)
}

/// Each quoted value that follows `prefix` in `text`.
func values(after prefix: String, in text: String) -> Set<String> {
    var result: Set<String> = []
    var rest = Substring(text)
    while let start = rest.range(of: prefix) {
        let after = rest[start.upperBound...]
        guard let close = after.firstIndex(of: "\"") else { break }
        result.insert(String(after[..<close]))
        rest = after[close...]
    }
    return result
}

@Suite struct ManifestTests {
    @Test func everyPackageReferenceUsesTheOneURLAndVersion() throws {
        var problems: [String] = []
        var found = 0
        for file in try documentationFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.components(separatedBy: "\n") where line.contains(".package(") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if localPackageLines.contains(trimmed) { continue }
                found += 1
                if trimmed != canonicalPackageLine {
                    problems.append("\(file.lastPathComponent): \(trimmed)")
                }
            }
        }
        #expect(found >= 2, "README.md and docs/getting-started.md show the package reference")
        #expect(problems.isEmpty, "write \(canonicalPackageLine)\n\(problems.joined(separator: "\n"))")
    }

    @Test func everyProductTheDocsNameIsALibraryOfThePackage() throws {
        let manifest = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = libraryProducts(inManifest: manifest)
        #expect(products.isSuperset(of: ["ReactiveLite", "PrexCore", "VueFluxCore", "RxStateCore"]))
        var problems: [String] = []
        for file in try documentationFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            for product in productsNamed(in: text).subtracting(products) {
                problems.append(
                    "\(file.lastPathComponent) names the product \(product), which Package.swift does not declare"
                )
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted().joined(separator: "\n"))")
    }

    @Test func theTestingProductsTheDocsNameAreLibrariesOfThePackage() throws {
        let manifest = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let guide = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/getting-started.md"), encoding: .utf8)
        let testing: Set = ["PrexCoreTesting", "VueFluxCoreTesting", "RxStateCoreTesting"]
        #expect(libraryProducts(inManifest: manifest).isSuperset(of: testing))
        #expect(productsNamed(in: guide).isSuperset(of: testing))
    }

    @Test func quotedValuesAreFound() {
        let sample =
            #"a .product(name: "PrexCore", package: "p") and .product(name: "ReactiveLite", package: "p")"#
        #expect(productsNamed(in: sample) == ["PrexCore", "ReactiveLite"])
        #expect(libraryProducts(inManifest: #".library(name: "X", targets: ["X"])"#) == ["X"])
    }
}
