import SearchServer

// Top-level code runs on the main actor, where the screen lives. A scripted session with the real
// clock: the search waits 300 ms after the last keystroke, and the server answers in 200 ms. The
// session is a function marked `@available`, called inside `if #available`: `Clock` needs macOS 13,
// and a top-level `guard #available` covers no later statement of top-level code.

if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
    try await searchSession()
} else {
    fatalError("needs Clock: macOS 13")
}

// snippet: vueflux-search-main
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
func searchSession() async throws {
    let clock = ContinuousClock()
    let server = SearchServer(clock: clock, latency: .milliseconds(200))
    let dependencies = SearchDependencies(search: { try await server.search($0) }, clock: clock)
    var screen: SearchScreen? = SearchScreen(dependencies: dependencies)

    // Three keystrokes, one request: the first two are cancelled while they wait.
    screen?.queryChanged("s")
    screen?.queryChanged("sw")
    screen?.queryChanged("swift")
    try await screen?.settle()  // "loading...", "results: swift/one, swift/two"

    // The error path.
    screen?.queryChanged("error")
    try await screen?.settle()  // "loading...", "error: offline"

    // A stale request cancelled: a newer query arrives while "rx" is in flight.
    screen?.queryChanged("rx")
    await server.waitUntilAsked("rx")
    screen?.queryChanged("rxswift")
    try await screen?.settle()  // "rx" never shows its results

    // The screen goes while its request is in flight, and its store: the request is cancelled.
    screen?.queryChanged("flux")
    await server.waitUntilAsked("flux")
    screen = nil
    await server.waitUntilCancelled("flux")
    print("asked: \(await server.asked.joined(separator: ", "))")
    print("cancelled: \(await server.cancelled.joined(separator: ", "))")
}
// snippet-end: vueflux-search-main
