// swift-tools-version: 6.3
// The library manifest: four library products, no package dependencies, so an app that picks one
// module pulls nothing else. The comparative benchmarks live in their own package in Benchmarks/.
import PackageDescription

// Existential types are spelled `any P` in the modules, public signatures included; the compiler
// holds them to it.
let library: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

let package = Package(
    name: "UnidirectionalFlow",
    // The floor of Swift concurrency; see README.md ("Minimum platforms").
    platforms: [
        .iOS(.v13),
        .macOS(.v10_15),
        .tvOS(.v13),
        .watchOS(.v6),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "ReactiveLite", targets: ["ReactiveLite"]),
        .library(name: "PrexCore", targets: ["PrexCore"]),
        .library(name: "VueFluxCore", targets: ["VueFluxCore"]),
        .library(name: "RxStateCore", targets: ["RxStateCore"]),
        // The shared harness: the same scenarios on all three architectures, for tests and benchmarks.
        .library(name: "ArchitectureHarness", targets: ["ArchitectureHarness"]),
        // Exhaustive test stores, one per module: link them from test targets only.
        .library(name: "PrexCoreTesting", targets: ["PrexCoreTesting"]),
        .library(name: "VueFluxCoreTesting", targets: ["VueFluxCoreTesting"]),
        .library(name: "RxStateCoreTesting", targets: ["RxStateCoreTesting"]),
    ],
    targets: [
        // The concurrency kernel under the four modules (lock, main-queue check, FIFO, observer
        // list, serial drainer); internal, not a product. Its C shim holds the few POSIX and C11
        // primitives it needs, spelled the same on every platform.
        .target(name: "FlowKernelShims"),
        .target(name: "FlowKernel", dependencies: ["FlowKernelShims"]),
        .target(name: "ReactiveLite", dependencies: ["FlowKernel"], swiftSettings: library),
        .target(name: "PrexCore", dependencies: ["FlowKernel"], swiftSettings: library),
        .target(name: "VueFluxCore", dependencies: ["ReactiveLite", "FlowKernel"], swiftSettings: library),
        .target(name: "RxStateCore", dependencies: ["ReactiveLite", "FlowKernel"], swiftSettings: library),
        .target(
            name: "ArchitectureHarness",
            dependencies: ["PrexCore", "VueFluxCore", "RxStateCore", "ReactiveLite"]
        ),
        // What the three test stores share (failure reporting, the state diff, the action log); not a
        // product: each testing product carries it.
        .target(name: "TestStoreSupport", dependencies: ["FlowKernel"]),
        .target(name: "PrexCoreTesting", dependencies: ["PrexCore", "FlowKernel", "TestStoreSupport"]),
        .target(
            name: "VueFluxCoreTesting",
            dependencies: ["VueFluxCore", "ReactiveLite", "FlowKernel", "TestStoreSupport"]),
        .target(
            name: "RxStateCoreTesting",
            dependencies: ["RxStateCore", "ReactiveLite", "FlowKernel", "TestStoreSupport"]),
        // Helpers shared by the test targets (recorders, dedicated-thread runners); not a product.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A deterministic executor for the tests of ReactiveLite and of the modules built on it.
        .target(
            name: "ReactiveLiteTestSupport", dependencies: ["ReactiveLite", "FlowKernel"],
            path: "Tests/ReactiveLiteTestSupport"),
        // Checks that every Swift block in docs/ and the DocC catalogs quotes compiled code.
        .testTarget(name: "DocsTests"),
        .testTarget(name: "FlowKernelTests", dependencies: ["FlowKernel", "TestSupport"]),
        .testTarget(
            name: "ReactiveLiteTests",
            dependencies: ["ReactiveLite", "FlowKernel", "TestSupport", "ReactiveLiteTestSupport"]),
        .testTarget(
            name: "PrexCoreTests",
            dependencies: ["PrexCore", "FlowKernel", "TestSupport", "ArchitectureHarness"]),
        .testTarget(
            name: "RxStateCoreTests",
            dependencies: ["RxStateCore", "ReactiveLite", "FlowKernel", "TestSupport", "ArchitectureHarness"]),
        .testTarget(
            name: "VueFluxCoreTests",
            dependencies: [
                "VueFluxCore", "ReactiveLite", "FlowKernel", "TestSupport", "ReactiveLiteTestSupport",
                "ArchitectureHarness",
            ]),
        .testTarget(
            name: "ArchitectureHarnessTests",
            dependencies: [
                "ArchitectureHarness", "TestSupport", "PrexCore", "PrexCoreTesting", "VueFluxCore",
                "VueFluxCoreTesting", "RxStateCore", "RxStateCoreTesting", "ReactiveLite", "FlowKernel",
            ]
        ),
        .testTarget(
            name: "PrexCoreTestingTests",
            dependencies: ["PrexCoreTesting", "PrexCore", "TestStoreSupport", "TestSupport"]),
        .testTarget(
            name: "VueFluxCoreTestingTests",
            dependencies: [
                "VueFluxCoreTesting", "VueFluxCore", "ReactiveLite", "TestStoreSupport", "TestSupport",
            ]
        ),
        .testTarget(
            name: "RxStateCoreTestingTests",
            dependencies: ["RxStateCoreTesting", "RxStateCore", "ReactiveLite", "TestStoreSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
