import Observation
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

// The VueFluxCore section of docs/swiftui.md: the state and the observable store a SwiftUI view
// keeps, compiled and tested here; the view itself is Apple-only and quoted in the page.

// snippet: swiftui-vueflux-model
enum TimerAction {
    case tick
    case rename(String)
}

final class TimerState: State {
    typealias Action = TimerAction
    typealias Mutations = TimerMutations

    fileprivate let seconds = Variable(0)
    fileprivate let title = Variable("Tea")
}

struct TimerMutations: Mutations {
    func commit(action: TimerAction, state: TimerState) {
        switch action {
        case .tick: state.seconds.value += 1
        case .rename(let title): state.title.value = title
        }
    }
}

extension Computed where State == TimerState {
    var seconds: Constant<Int> { state.seconds.constant }
    var title: Constant<String> { state.title.constant }
}

extension Actions where State == TimerState {
    func tick() { dispatch(action: .tick) }
}
// snippet-end: swiftui-vueflux-model

@Suite @MainActor struct VueFluxSwiftUIExampleTests {
    @Test func theClockIsUpdatedByTheSecondsAlone() async {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        // snippet: swiftui-vueflux-logic
        let store = ObservableStore(
            Store<TimerState>(state: TimerState(), mutations: TimerMutations(), executor: .mainThread))
        let clock = ObservationProbe { "\(store.seconds.value) s" }  // what the clock reads
        store.actions.tick()  // invalidated: `store.computed.seconds` changed
        store.actions.dispatch(action: .rename("Coffee"))  // not invalidated: the clock did not read it
        // snippet-end: swiftui-vueflux-logic
        // On the main thread with nothing pending both actions commit inline; a test running in
        // parallel that has main-queue work pending makes them queue behind it (the count is the
        // process's), so wait for the second to commit before looking.
        #expect(await eventuallyOnMain { store.title.value == "Coffee" })
        #expect(clock.invalidations == 1)
        #expect(clock.reads == ["0 s", "0 s"])
        #expect(store.title.value == "Coffee")
    }
}
