// swift-tools-version: 6.1
// The getting-started examples of docs/getting-started.md: one runnable counter per architecture,
// each with one asynchronous side effect, and one debounced repository search per architecture,
// the walkthrough of the chapters (docs/prex.md, docs/vueflux.md, docs/rxstate.md). From this folder:
//
//     swift run PrexCounter
//     swift run VueFluxCounter
//     swift run RxStateCounter
//     swift run PrexSearch
//     swift run VueFluxSearch
//     swift run RxStateSearch
//
// Their tests (`swift test`) show how to test state, side effects and cancellation in each; the
// searches' tests use each module's test store and test clock.
//
// An app depends on the package by its URL (see docs/getting-started.md); these examples use the
// checkout they sit in, under the same package name.
import PackageDescription

let package = Package(
    name: "Examples",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    dependencies: [
        .package(name: "unidirectional-flow", path: "..")
    ],
    targets: [
        // Stands for a network API: the one side effect every counter performs.
        .target(name: "CounterServer"),
        .executableTarget(
            name: "PrexCounter",
            dependencies: [
                "CounterServer",
                .product(name: "PrexCore", package: "unidirectional-flow"),
            ]
        ),
        .executableTarget(
            name: "VueFluxCounter",
            dependencies: [
                "CounterServer",
                .product(name: "VueFluxCore", package: "unidirectional-flow"),
                .product(name: "ReactiveLite", package: "unidirectional-flow"),
            ]
        ),
        .executableTarget(
            name: "RxStateCounter",
            dependencies: [
                "CounterServer",
                .product(name: "RxStateCore", package: "unidirectional-flow"),
                .product(name: "ReactiveLite", package: "unidirectional-flow"),
            ]
        ),
        // Stands for a repository-search API: the one side effect every search performs.
        .target(name: "SearchServer"),
        .executableTarget(
            name: "PrexSearch",
            dependencies: [
                "SearchServer",
                .product(name: "PrexCore", package: "unidirectional-flow"),
            ]
        ),
        .executableTarget(
            name: "VueFluxSearch",
            dependencies: [
                "SearchServer",
                .product(name: "VueFluxCore", package: "unidirectional-flow"),
                .product(name: "ReactiveLite", package: "unidirectional-flow"),
            ]
        ),
        .executableTarget(
            name: "RxStateSearch",
            dependencies: [
                "SearchServer",
                .product(name: "RxStateCore", package: "unidirectional-flow"),
                .product(name: "ReactiveLite", package: "unidirectional-flow"),
            ]
        ),
        .testTarget(name: "PrexCounterTests", dependencies: ["PrexCounter", "CounterServer"]),
        .testTarget(name: "VueFluxCounterTests", dependencies: ["VueFluxCounter", "CounterServer"]),
        .testTarget(name: "RxStateCounterTests", dependencies: ["RxStateCounter", "CounterServer"]),
        // The search's tests use the module's test store and test clock.
        .testTarget(
            name: "PrexSearchTests",
            dependencies: [
                "PrexSearch", "SearchServer",
                .product(name: "PrexCoreTesting", package: "unidirectional-flow"),
            ]
        ),
        .testTarget(
            name: "VueFluxSearchTests",
            dependencies: [
                "VueFluxSearch", "SearchServer",
                .product(name: "VueFluxCoreTesting", package: "unidirectional-flow"),
            ]
        ),
        .testTarget(
            name: "RxStateSearchTests",
            dependencies: [
                "RxStateSearch", "SearchServer",
                .product(name: "RxStateCoreTesting", package: "unidirectional-flow"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
