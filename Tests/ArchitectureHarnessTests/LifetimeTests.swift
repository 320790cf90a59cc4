import ArchitectureHarness
import TestSupport
import Testing

/// Each architecture releases what it created: stores, states, observers.
@Suite struct LifetimeTests {
    /// Something an observer captures, to see when the observer's closure is released.
    final class Token: Sendable {}

    // A weak `any ScenarioDriver<TodoModel>` needs iOS 16 / macOS 13 on Apple platforms.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(arguments: Architecture.allCases)
    func aDroppedDriverReleasesItsStoreAndItsObservers(_ architecture: Architecture) {
        var driver: (any ScenarioDriver<TodoModel>)? = TodoModel.makeDriver(architecture)
        var token: Token? = Token()
        // An observation never disposed of: it must not keep anything alive.
        let kept = driver?.observe { [token] _ in _ = token }
        let components = (driver?.components ?? []).map { WeakReference($0) }
        weak let weakToken = token
        weak let weakDriver = driver
        token = nil
        driver?.dispatch(.add(id: 1, title: "milk"))
        driver?.dispatch(.toggle(id: 1))
        #expect(driver?.state.todos.first?.isDone == true)
        #expect(!components.isEmpty)

        driver = nil
        #expect(weakDriver == nil)
        #expect(
            components.allSatisfy { $0.object == nil },
            "\(architecture) kept \(components.compactMap(\.object))")
        #expect(weakToken == nil, "\(architecture) kept an observer of a released store")
        kept?.dispose()
    }

    /// The app's several stores (VueFlux), its middleware (RxState) and its shared flux (Prex) go
    /// with the driver too, observation left undisposed.
    @Test(arguments: Architecture.allCases)
    func aDroppedAppReleasesEveryFeature(_ architecture: Architecture) {
        var driver: (any ScenarioDriver<AppModel>)? = AppModel.makeDriver(architecture)
        var token: Token? = Token()
        let kept = driver?.observe { [token] _ in _ = token }
        let components = (driver?.components ?? []).map { WeakReference($0) }
        weak let weakToken = token
        token = nil
        driver?.dispatch(.signIn(user: "ann"))
        driver?.dispatch(.toggleStar(id: 2))
        #expect(driver?.state.list.first { $0.id == 2 }?.isStarred == true)
        #expect(components.count >= 1)

        driver = nil
        #expect(
            components.allSatisfy { $0.object == nil },
            "\(architecture) kept \(components.compactMap(\.object))")
        #expect(weakToken == nil, "\(architecture) kept an observer of a released app")
        kept?.dispose()
    }

    @Test(arguments: Architecture.allCases)
    func disposingAnObservationReleasesTheObserverAtOnce(_ architecture: Architecture) {
        let driver = CounterModel.makeDriver(architecture)
        var token: Token? = Token()
        let observation = driver.observe { [token] _ in _ = token }
        weak let weakToken = token
        token = nil
        driver.dispatch(.increment)
        #expect(weakToken != nil)
        observation.dispose()
        #expect(weakToken == nil, "\(architecture) kept a disposed observer")
        driver.dispatch(.increment)
        #expect(driver.state.count == 2)
    }
}

/// A weak reference that can sit in an array.
struct WeakReference {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// A search screen, dropped with a request in flight, releases everything and cancels the request.
@MainActor
@Suite struct SearchLifetimeTests {
    @Test(arguments: Architecture.allCases)
    func aDroppedScreenReleasesEverythingAndCancelsItsRequest(_ architecture: Architecture) async {
        let client = FakeSearchClient(latency: .manual)
        var screen: (any SearchScreen)? = SearchModel.makeScreen(architecture, client: client)
        screen?.search("swift")
        #expect(await eventuallyOnMain { client.pendingRequests.count == 1 })
        let components = (screen?.components ?? []).map { WeakReference($0) }
        #expect(components.count >= 2)

        screen = nil
        #expect(
            await eventuallyOnMain { components.allSatisfy { $0.object == nil } },
            "\(architecture) kept \(components.compactMap(\.object))")
        #expect(
            await eventuallyOnMain {
                client.cancelledRequests == [SearchRequest(query: "swift", page: 1)]
            })
        #expect(client.pendingRequests.isEmpty)
    }
}
