import SearchServer

// Top-level code runs on the main actor, where a Prex view lives. A scripted session with the real
// clock: the search waits 300 ms after the last keystroke, and the server answers in 200 ms. The
// session is a function marked `@available`, called inside `if #available`: `Clock` needs macOS 13,
// and a top-level `guard #available` covers no later statement of top-level code.

if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
    try await searchSession()
} else {
    fatalError("needs Clock: macOS 13")
}

// snippet: prex-search-main
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@MainActor
func searchSession() async throws {
    let clock = ContinuousClock()
    let server = SearchServer(clock: clock, latency: .milliseconds(200))
    let dependencies = SearchDependencies(search: { try await server.search($0) }, clock: clock)
    let view = ConsoleSearchView()  // keep the view: the presenter holds it weakly
    var presenter: SearchPresenter? = SearchPresenter(view: view, dependencies: dependencies)
    let flux = presenter!.flux

    // Waits until the search has nothing in flight: a console program's stand-in for watching the
    // screen.
    func settle() async throws {
        while !flux.effectsInFlight.isEmpty {
            try await clock.sleep(for: .milliseconds(5))
        }
    }

    // Three keystrokes, one request: the first two are cancelled while they wait.
    presenter?.queryChanged("s")
    presenter?.queryChanged("sw")
    presenter?.queryChanged("swift")
    try await settle()  // "loading...", "results: swift/one, swift/two"

    // The error path.
    presenter?.queryChanged("error")
    try await settle()  // "loading...", "error: offline"

    // A stale request cancelled: a newer query arrives while "rx" is in flight.
    presenter?.queryChanged("rx")
    await server.waitUntilAsked("rx")
    presenter?.queryChanged("rxswift")
    try await settle()  // "rx" never shows its results

    // The screen goes while its request is in flight: its presenter cancels the request.
    presenter?.queryChanged("flux")
    await server.waitUntilAsked("flux")
    presenter = nil
    try await settle()
    print("asked: \(await server.asked.joined(separator: ", "))")
    print("cancelled: \(await server.cancelled.joined(separator: ", "))")
}
// snippet-end: prex-search-main
