// swift-tools-version: 6.1
// The comparative benchmarks: a package of their own, so that the library manifest one directory up
// stays free of dependencies. Measured with ordo-one/package-benchmark.
import PackageDescription

import struct Foundation.URL

// A path dependency is named after its folder, which is whatever the clone was called.
let library = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: ".."),
        .package(
            url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Reads package-benchmark's export and writes the comparison table and chart into docs/.
        .executableTarget(
            name: "BenchmarkReport",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .executableTarget(
            name: "ArchitectureBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "PrexCore", package: library),
                .product(name: "VueFluxCore", package: library),
                .product(name: "RxStateCore", package: library),
                .product(name: "ReactiveLite", package: library),
                .product(name: "ArchitectureHarness", package: library),
            ],
            path: "Benchmarks/ArchitectureBenchmarks",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "package-benchmark")
            ]
        )
    ]
)
