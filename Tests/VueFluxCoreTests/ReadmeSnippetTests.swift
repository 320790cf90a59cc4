import Dispatch
import ReactiveLite
import TestSupport
import Testing
import VueFluxCore

// The VueFlux README's code, as written there (UIKit swapped for FakeLabel and plain methods), in
// one file as the README intends: the state's `fileprivate` properties are reachable from the
// mutations and the Computed extension here, and from nowhere else. A change that breaks a call
// shape users type fails to compile here.

final class CounterState: State {
    typealias Action = CounterAction
    typealias Mutations = CounterMutations

    fileprivate let count = Variable(0)
}

enum CounterAction {
    case increment, decrement
}

extension Actions where State == CounterState {
    func increment() {
        dispatch(action: .increment)
    }

    func decrement() {
        dispatch(action: .decrement)
    }
}

struct CounterMutations: Mutations {
    func commit(action: CounterAction, state: CounterState) {
        switch action {
        case .increment:
            state.count.value += 1

        case .decrement:
            state.count.value -= 1
        }
    }
}

extension Computed where State == CounterState {
    var countTextValues: Signal<String> {
        return state.count.signal.map { String($0) }
    }

    // The README reads `store.computed.count.value` and observes `store.computed.valueSignal`.
    var count: Constant<Int> {
        return state.count.constant
    }

    var valueSignal: Signal<Int> {
        return state.count.signal
    }
}

@MainActor
final class CounterViewController {
    let counterLabel = FakeLabel()

    private let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .queue(.global()))

    func viewDidLoad() {
        store.computed.countTextValues.bind(to: counterLabel, \.text)
    }

    func incrementButtonTapped() {
        store.actions.increment()  // Store<CounterState>.actions.increment()
    }

    func decrementButtonTapped() {
        store.actions.decrement()  // Store<CounterState>.actions.decrement()
    }
}

final class CounterStore: Store<CounterState> {
    static let shared = CounterStore()

    private init() {
        super.init(state: .init(), mutations: .init(), executor: .queue(.global()))
    }
}

// Serialized: the global-dispatch snippet reaches every CounterState store, and only this suite
// makes them.
@Suite(.serialized) struct ReadmeSnippetTests {
    @MainActor
    @Test func counterFlowUpdatesTheLabel() async {
        let controller = CounterViewController()
        controller.viewDidLoad()
        #expect(controller.counterLabel.text == "0")

        controller.incrementButtonTapped()
        controller.incrementButtonTapped()
        #expect(await eventuallyOnMain { controller.counterLabel.text == "2" })

        controller.decrementButtonTapped()
        #expect(await eventuallyOnMain { controller.counterLabel.text == "1" })
    }

    @Test func globalDispatchSnippet() {
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)

        #expect(store.computed.count.value == 0)

        Store<CounterState>.actions.increment()

        #expect(store.computed.count.value == 1)
    }

    @Test func observingOnAnExecutor() async {
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .queue(.global()))
        let seen = Recorder<Int>()
        let label = DispatchSpecificKey<UInt8>()
        let background = DispatchQueue(label: "background")
        background.setSpecific(key: label, value: 1)

        store.computed.valueSignal
            .observe(on: .queue(background))
            .observe { value in
                // Executed on the background queue
                if DispatchQueue.getSpecific(key: label) == 1 {
                    seen.append(value)
                }
            }
        store.actions.increment()

        #expect(await eventually { seen.values == [0, 1] })
    }

    // docs/vueflux.md, "Testing your store".
    @Test func incrementTwice() {
        let store = Store<CounterState>(state: .init(), mutations: .init(), executor: .immediate)
        store.actions.increment()
        store.actions.increment()
        #expect(store.computed.count.value == 2)
    }

    @MainActor
    @Test func sharedStoreSubclass() async {
        let shared = CounterStore.shared
        #expect(shared === CounterStore.shared)
        let before = shared.computed.count.value

        shared.actions.increment()

        #expect(await eventually { shared.computed.count.value > before })
    }
}
