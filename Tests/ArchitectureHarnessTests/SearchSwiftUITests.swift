import Observation
import TestSupport
import Testing

@testable import ArchitectureHarness

/// The search screen's SwiftUI models (quoted by docs/side-by-side.md) driven through a search,
/// as a SwiftUI view would drive them: the status line is recomputed exactly when what it read
/// changed.
@MainActor
@Suite(timeLimit(minutes: 1)) struct SearchSwiftUITests {
    /// One architecture's model behind the same three intents and the status line.
    struct Screen {
        let status: @MainActor () -> String
        let search: @MainActor (String) -> Void
        let cancel: @MainActor () -> Void
        let model: AnyObject
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func makeScreen(_ architecture: Architecture, client: FakeSearchClient) -> Screen {
        switch architecture {
        case .prex:
            let model = PrexSearchModel(client: client)
            return Screen(
                status: { model.status }, search: { model.presenter.search($0) },
                cancel: { model.presenter.cancel() }, model: model)
        case .vueFlux:
            let model = VueFluxSearchModel(client: client)
            return Screen(
                status: { model.status }, search: { model.controller.search($0) },
                cancel: { model.controller.cancel() }, model: model)
        case .rxState:
            let model = RxStateSearchModel(client: client)
            return Screen(
                status: { model.status }, search: { model.dispatch(.search($0)) },
                cancel: { model.dispatch(.cancel) }, model: model)
        }
    }

    @Test(arguments: Architecture.allCases)
    func theStatusLineFollowsASearchAndNothingElse(_ architecture: Architecture) async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let client = FakeSearchClient(latency: .manual, pageSize: 4)
        let screen = makeScreen(architecture, client: client)
        let status = ObservationProbe(rearmsOnChange: false) { screen.status() }
        #expect(status.reads == ["0 repositories"])

        screen.search("swift")
        #expect(status.invalidations == 1)
        #expect(screen.status() == "Searching…")
        status.rearm()

        #expect(await eventuallyOnMain { client.pendingRequests.count == 1 })
        client.respond()
        #expect(await eventuallyOnMain { screen.status() == "4 repositories" })
        #expect(status.invalidations == 2)
        status.rearm()

        // Cancelling when nothing is loading changes nothing the status line read.
        screen.cancel()
        #expect(status.invalidations == 2)
        #expect(status.reads == ["0 repositories", "Searching…", "4 repositories"])
        #expect(status.offMainInvalidations.value == 0)
        withExtendedLifetime(screen.model) {}
    }
}
