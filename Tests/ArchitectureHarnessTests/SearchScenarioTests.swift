import ArchitectureHarness
import TestSupport
import Testing

/// Repository search end to end, through each architecture's asynchronous side effect against the
/// fake client: query, paging, loading flag, errors, cancel, and the cancel of a stale query.
@MainActor
@Suite(timeLimit(minutes: 1)) struct SearchScenarioTests {
    /// Follows the screen with the reference model: what the screen must show after each input.
    struct Expectation {
        var inputs: [SearchModel.Action] = []

        var trace: Trace<SearchModel.State> {
            Harness.referenceTrace(SearchModel.self, inputs: inputs)
        }

        var state: SearchModel.State {
            trace.finalState ?? SearchModel.initialState
        }
    }

    /// Waits until the screen is in `expected` and its view has been shown that state.
    func settle(_ screen: any SearchScreen, at expected: SearchModel.State) async -> Bool {
        await eventuallyOnMain { screen.state == expected && screen.shown.last == expected }
    }

    @Test(arguments: Architecture.allCases)
    func searchPagesFailsAndCancelsAsTheModelSays(_ architecture: Architecture) async {
        let client = FakeSearchClient(latency: .manual, pageSize: 4)
        let screen = SearchModel.makeScreen(architecture, client: client)
        var expected = Expectation()
        let swift1 = SearchRequest(query: "swift", page: 1)
        let swiftUI = (1...3).map { SearchRequest(query: "swiftui", page: $0) }

        // A search starts loading and requests page 1.
        screen.search("swift")
        expected.inputs.append(.search("swift"))
        #expect(await settle(screen, at: expected.state))
        #expect(screen.state.isLoading)
        #expect(await eventuallyOnMain { client.pendingRequests == [swift1] })

        // A new query cancels the stale request.
        screen.search("swiftui")
        expected.inputs.append(.search("swiftui"))
        #expect(await settle(screen, at: expected.state))
        #expect(await eventuallyOnMain { client.pendingRequests == [swiftUI[0]] })
        #expect(client.cancelledRequests == [swift1])

        // Page 1 arrives.
        #expect(client.respond() == swiftUI[0])
        expected.inputs.append(.received(swiftUI[0], client.outcome(for: swiftUI[0])))
        #expect(await settle(screen, at: expected.state))
        #expect(screen.state.repositories.count == 4)
        #expect(screen.state.hasMore)
        #expect(!screen.state.isLoading)

        // Page 2 is appended.
        screen.loadNextPage()
        expected.inputs.append(.loadNextPage)
        #expect(await eventuallyOnMain { client.pendingRequests == [swiftUI[1]] })
        #expect(client.respond() == swiftUI[1])
        expected.inputs.append(.received(swiftUI[1], client.outcome(for: swiftUI[1])))
        #expect(await settle(screen, at: expected.state))
        #expect(screen.state.repositories.map(\.fullName) == (1...8).map { "swiftui/\($0)" })

        // Page 3 fails: the error shows and loading stops.
        client.failing = [swiftUI[2]]
        screen.loadNextPage()
        expected.inputs.append(.loadNextPage)
        #expect(await eventuallyOnMain { client.pendingRequests == [swiftUI[2]] })
        #expect(client.respond() == swiftUI[2])
        expected.inputs.append(.received(swiftUI[2], .failure(.offline)))
        #expect(await settle(screen, at: expected.state))
        #expect(screen.state.error == .offline)
        #expect(screen.state.repositories.count == 8)

        // A cancel stops loading and cancels the request.
        screen.search("rx")
        expected.inputs.append(.search("rx"))
        #expect(await eventuallyOnMain { client.pendingRequests.count == 1 })
        screen.cancel()
        expected.inputs.append(.cancel)
        #expect(await settle(screen, at: expected.state))
        #expect(await eventuallyOnMain { client.pendingRequests.isEmpty })
        #expect(client.cancelledRequests == [swift1, SearchRequest(query: "rx", page: 1)])
        #expect(!screen.state.isLoading)

        // The view was shown the model's states, in the model's order.
        #expect(screen.shown == expected.trace.announcements)
        #expect(client.requests == [swift1] + swiftUI + [SearchRequest(query: "rx", page: 1)])
    }

    @Test(arguments: Architecture.allCases)
    func anEmptyQueryClearsWithoutARequest(_ architecture: Architecture) async {
        let client = FakeSearchClient(latency: .none)
        let screen = SearchModel.makeScreen(architecture, client: client)
        screen.search("vue")
        var expected = SearchModel.initialState
        SearchModel.reduce(&expected, .search("vue"))
        let request = SearchRequest(query: "vue", page: 1)
        SearchModel.reduce(&expected, .received(request, client.outcome(for: request)))
        #expect(await settle(screen, at: expected))
        #expect(screen.state.repositories.count == 3)
        #expect(screen.state.hasMore)

        screen.search("")
        #expect(await settle(screen, at: SearchModel.initialState))
        screen.loadNextPage()  // nothing to load for an empty query
        #expect(client.requests == [request])
    }

    @Test(arguments: Architecture.allCases)
    func zeroLatencySearchLoadsEveryPage(_ architecture: Architecture) async {
        let client = FakeSearchClient(latency: .none, pageSize: 2)
        let screen = SearchModel.makeScreen(architecture, client: client)
        screen.search("swift")  // 10 results: 5 pages of 2
        for page in 1...5 {
            #expect(
                await eventuallyOnMain { screen.state.page == page && !screen.state.isLoading })
            screen.loadNextPage()
        }
        #expect(screen.state.repositories.count == 10)
        #expect(!screen.state.hasMore)
        #expect(client.requests.map(\.page) == [1, 2, 3, 4, 5])
    }
}
