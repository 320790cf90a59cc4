// swift-tools-version: 6.1
// The comparative benchmarks: a package of their own, so that the library manifest one directory up
// stays free of dependencies. Time and allocations are measured with ordo-one/benchmark,
// instructions with valgrind's callgrind (see compare.sh).
import PackageDescription

import struct Foundation.URL

// A path dependency is named after its folder, which is whatever the clone was called.
let library = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

/// The four products the workloads compare.
let libraries: [Target.Dependency] = ["PrexCore", "VueFluxCore", "RxStateCore", "ReactiveLite"].map {
    .product(name: $0, package: library)
}

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: ".."),
        // Only the malloc interposer: the allocation counts need it. The Swift 6.3 runtime
        // interposer (the package's other default trait) serves ARC metrics, which no workload uses.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The workloads, written once: each case sets up a store and returns its loop.
        .target(
            name: "Workloads",
            dependencies: libraries + [.product(name: "ArchitectureHarness", package: library)],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Time and allocations: every case as a package-benchmark benchmark.
        .executableTarget(
            name: "ArchitectureBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "Workloads",
            ],
            path: "Benchmarks/ArchitectureBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        // Instructions (one case N times, under callgrind) and the flood/victim runs.
        .executableTarget(
            name: "InstructionCounts",
            dependencies: ["Workloads"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The bytes of stack one link of a forwarding chain takes: a module of its own, so that
        // the optimizer does not merge its code with the workloads' (StackChain.swift).
        .executableTarget(
            name: "StackPerLink",
            dependencies: libraries,
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Reads the results and prints the comparison; with --update-docs compare.sh also copies
        // the page and charts it writes into docs/.
        .executableTarget(
            name: "BenchmarkReport",
            dependencies: ["CurveShape"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // The scaling curves' shape check (how a cost grows with a size), which the report applies.
        .target(
            name: "CurveShape",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Its unit tests: `swift test` in Benchmarks/ (compare.sh --smoke runs them).
        .testTarget(
            name: "CurveShapeTests",
            dependencies: ["CurveShape"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
