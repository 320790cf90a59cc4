import ArchitectureHarness
import TestSupport
import Testing

/// The app-scale scenario, scripted: signing in, a star toggled on the detail screen and seen in
/// the list, a sort order set in the settings and seen in the list, and signing out clearing every
/// feature reach the model's states on every architecture.
@Suite struct AppScenarioTests {
    typealias Repository = AppModel.Repository

    static let inputs: [AppModel.Action] = [
        .toggleStar(id: 1),  // signed out: ignored
        .signIn(user: " "),  // blank: ignored
        .signIn(user: "ann"),
        .signIn(user: "bob"),  // signed in already: ignored
        .open(id: 2),
        .toggleStar(id: 2),
        .open(id: 9),  // not in the list: ignored
        .back,
        .openSettings,
        .setSortOrder(.stars),
        .back,
        .back,  // on the list already: ignored
        .toggleStar(id: 5),
        .signOut,
        .signIn(user: "bob"),
    ]

    @Test func theModelSharesStateAcrossFeatures() {
        let states = Harness.referenceTrace(AppModel.self, inputs: Self.inputs).states
        #expect(states[1] == AppModel.initialState)
        // Signed in: the list in name order, on the list screen.
        #expect(states[2].user == "ann")
        #expect(states[2].screen == .list)
        #expect(states[2].list.map(\.name) == ["ann/alpha", "ann/core", "ann/docs", "ann/kit", "ann/zeta"])
        #expect(states[3] == states[2])
        // The detail's star shows in the list too.
        let starred = Repository(id: 2, name: "ann/alpha", stars: 41, isStarred: true)
        #expect(states[5].detail == starred)
        #expect(states[5].list.first == starred)
        #expect(states[6] == states[5])
        // The setting reaches the list: most stars first, ties by name.
        #expect(states[9].list.map(\.name) == ["ann/alpha", "ann/docs", "ann/core", "ann/kit", "ann/zeta"])
        #expect(states[10].screen == .list)
        #expect(states[11] == states[10])
        // Signing out clears every feature, the setting included.
        #expect(states[13] == AppModel.initialState)
        #expect(states[14].user == "bob")
        #expect(states[14].sortOrder == .name)
        #expect(states[14].list.allSatisfy { !$0.isStarred })
    }

    @Test(arguments: Architecture.allCases)
    func reachesTheModelsStatesAndAnnouncesEachOfThem(_ architecture: Architecture) {
        let trace = Harness.trace(of: AppModel.makeDriver(architecture), inputs: Self.inputs)
        let expected = Harness.referenceTrace(AppModel.self, inputs: Self.inputs)
        #expect(trace.states == expected.states)
        let divergence = Harness.compare(AppModel.self, inputs: Self.inputs, on: [architecture])
        #expect(divergence.isEmpty, "\(divergence)")
        // Ten inputs change the state; every architecture announces at least those states.
        #expect(expected.announcements.count == 10)
        #expect(trace.announcements.count >= 10)
    }

    @Test func prexAndRxStateChangeTheAppAtOnceWhileVueFluxStoresChangeInTurn() {
        let signIn: [AppModel.Action] = [.signIn(user: "ann")]
        for architecture in [Architecture.prex, .rxState] {
            let trace = Harness.trace(of: AppModel.makeDriver(architecture), inputs: signIn)
            #expect(trace.announcements.count == 1, "\(architecture)")
        }
        // Session, repositories, navigation: three stores, three announcements.
        let trace = Harness.trace(of: AppModel.makeDriver(.vueFlux), inputs: signIn)
        #expect(trace.announcements.count == 3)
        #expect(trace.announcements.first?.user == "ann")
        #expect(trace.announcements.first?.list == [])
    }

    @Test func intermediateAnnouncementsPassOnlyWithEveryModelStateInOrder() {
        let a = AppModel.State(user: "a")
        let b = AppModel.State(user: "b")
        let c = AppModel.State(user: "c")
        let inputs: [AppModel.Action] = [.signOut, .signOut]
        func divergence(_ announced: [AppModel.State]) -> Divergence<AppModel>? {
            Divergence(
                architecture: .vueFlux, seed: nil, inputs: inputs,
                expected: Trace(states: [a, b], announcements: [a, b]),
                actual: Trace(states: [a, b], announcements: announced))
        }
        #expect(divergence([a, b]) == nil)
        #expect(divergence([a, c, b]) == nil)  // a state between: accepted for this model
        #expect(divergence([c, b]) != nil)  // a model state missing
        #expect(divergence([b, a]) != nil)  // out of order
        #expect(divergence([a, b, c]) != nil)  // ends elsewhere
        // A model that does not allow states between keeps requiring the very same announcements.
        let exact = Divergence<TodoModel>(
            architecture: .vueFlux, seed: nil, inputs: [],
            expected: Trace(states: [], announcements: [TodoModel.initialState]),
            actual: Trace(
                states: [], announcements: [TodoModel.State(filter: .active), TodoModel.initialState]))
        #expect(exact != nil)
    }

    /// 8 threads toggle stars while they also navigate and change the sort order: no toggle is
    /// lost, and with one state for the whole app (Prex, RxState) every announced state is whole:
    /// the list is in its order, the detail is the list's item. VueFlux's projection reads four
    /// stores one after another, so under concurrent dispatch it may mix moments: only its final
    /// state is checked.
    @Test(timeLimit(minutes: 2), arguments: Architecture.allCases)
    func concurrentFeaturesLoseNoUpdate(_ architecture: Architecture) async {
        let driver = AppModel.makeDriver(architecture)
        driver.dispatch(.signIn(user: "ann"))
        let inconsistent = Recorder<AppModel.State>()
        let announcements = Counter()
        let observation = driver.observe { state in
            announcements.increment()
            guard architecture != .vueFlux else { return }
            var whole = state.list == state.sortOrder.sorted(state.list)
            if case .detail(let id) = state.screen {
                whole = whole && state.detail?.id == id && state.list.contains { $0 == state.detail }
            }
            if !whole {
                inconsistent.append(state)
            }
        }
        let toggles = 301  // odd: a repository toggled by one thread ends starred, by two not
        let finished = await finishes(within: 90) {
            await runOnThreads(8) { thread in
                let id = thread % AppCatalog.defaultSize + 1
                for index in 0..<toggles {
                    driver.dispatch(.toggleStar(id: id))
                    switch index % 4 {
                    case 0: driver.dispatch(.open(id: id))
                    case 1: driver.dispatch(.back)
                    case 2: driver.dispatch(.setSortOrder(thread % 2 == 0 ? .name : .stars))
                    default: _ = driver.state
                    }
                }
            }
        }
        observation.dispose()
        #expect(finished, "\(architecture) deadlocked")
        let catalog = AppCatalog.repositories(of: "ann")
        let final = driver.state
        #expect(final.list.count == catalog.count)
        for original in catalog {
            let repository = final.list.first { $0.id == original.id }
            // Threads 0...7 toggle ids 1, 2, 3, 4, 5, 1, 2, 3.
            let threads = original.id <= 3 ? 2 : 1
            let starred = threads * toggles % 2 == 1
            #expect(repository?.isStarred == starred, "\(architecture) id \(original.id)")
            #expect(
                repository?.stars == original.stars + (starred ? 1 : 0), "\(architecture) id \(original.id)")
        }
        #expect(inconsistent.values.isEmpty, "\(architecture): \(inconsistent.values.prefix(2))")
        #expect(announcements.value >= 8 * toggles)
    }
}
